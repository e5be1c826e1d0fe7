"""Features of each evidence sentence for the rationale ranker fitted on SciFact train.

Position in the abstract and sentence length were tried and left out: SciFact's rationales
sit late in abstracts, Citation-Integrity's first, so position learns one corpus's layout.

Within one work, a claim word every sentence shares (the paper's topic) cannot tell its
sentences apart: `local_coverage` weighs each claim word by its IDF times its rarity among
this work's own sentences, so the sentence that alone carries the claim's specific words stands
out (docs/BENCHMARKS.md, Groundedness).

Neighbours: the better coverage of the claim by the two adjacent sentences. Sentences that
restate the topic (background, methods) come in runs, while the finding stands apart from its
neighbours, so the fitted weight is negative; chosen by cross-validation on SciFact train
(docs/BENCHMARKS.md, Groundedness, fourth round).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from itertools import pairwise
from typing import Protocol

from cite_sentinel.core.ground.evidence_words import PREFIX, EvidenceWords, evidence_words
from cite_sentinel.core.ground.tokens import numbers, words

_K1 = 1.2
_B = 0.75

FEATURE_NAMES = (
    "coverage",
    "prefix_coverage",
    "bm25",
    "bigram_overlap",
    "number_overlap",
    "result_words",
    "statistics",
    "coverage_below_best",
    "prefix_coverage_below_best",
    "local_coverage",
    "local_coverage_below_best",
    "neighbour_prefix_coverage",
    "neighbour_local_coverage",
)


class Weights(Protocol):
    """IDF weights of words (relevance.Idf)."""

    def __call__(self, word: str) -> float: ...


def sentence_features(
    claim: str, sentences: EvidenceWords | Sequence[str], idf: Weights
) -> list[tuple[float, ...]]:
    """One feature row per sentence, in FEATURE_NAMES order."""
    evidence = evidence_words(sentences).sentences
    claim_words = list(dict.fromkeys(words(claim)))
    mass = sum(idf(word) for word in claim_words) or 1.0
    prefixes: dict[str, float] = {}
    for word in claim_words:
        prefixes[word[:PREFIX]] = max(prefixes.get(word[:PREFIX], 0.0), idf(word))
    prefix_mass = sum(prefixes.values()) or 1.0
    lengths = [len(sentence.tokens) for sentence in evidence]
    average = (sum(lengths) / len(lengths)) if lengths else 1.0
    claim_bigrams = set(pairwise(words(claim)))
    claim_numbers = numbers(claim)
    rows: list[list[float]] = []
    for sentence in evidence:
        present = sentence.present
        coverage = sum(idf(word) for word in claim_words if word in present) / mass
        prefix = (
            sum(value for key, value in prefixes.items() if key in sentence.prefixes) / prefix_mass
        )
        bm25 = _bm25(claim_words, sentence.counts, len(sentence.tokens), average or 1.0, idf)
        bigrams = len(claim_bigrams & sentence.bigrams) / len(claim_bigrams or {0})
        shared_numbers = len(claim_numbers & sentence.numbers) / len(claim_numbers or {0})
        rows.append(
            [
                coverage,
                prefix,
                bm25 / mass,
                bigrams,
                shared_numbers,
                sentence.result_share,
                sentence.statistics,
            ]
        )
    best = max((row[0] for row in rows), default=0.0)
    best_prefix = max((row[1] for row in rows), default=0.0)
    local = _local_coverage(claim_words, [sentence.present for sentence in evidence], idf)
    best_local = max(local, default=0.0)
    near_prefix = _neighbours([row[1] for row in rows])
    near_local = _neighbours(local)
    return [
        (*row, row[0] - best, row[1] - best_prefix, value, value - best_local, *near)
        for row, value, *near in zip(rows, local, near_prefix, near_local, strict=True)
    ]


def _neighbours(values: list[float]) -> list[float]:
    """For each sentence, the larger value of the sentences just before and after it."""
    padded = [0.0, *values, 0.0]
    return [max(padded[index], padded[index + 2]) for index in range(len(values))]


def _local_coverage(
    claim_words: list[str], present: list[frozenset[str]], idf: Weights
) -> list[float]:
    """Coverage of the claim with each word weighed by IDF and its rarity among these sentences."""
    count = len(present)
    wanted = set(claim_words)
    frequency = Counter(word for words_of in present for word in words_of & wanted)
    weight = {
        word: idf(word) * math.log(1 + (count - frequency[word] + 0.5) / (frequency[word] + 0.5))
        for word in claim_words
    }
    mass = sum(weight.values()) or 1.0
    return [
        sum(weight[word] for word in claim_words if word in words_of) / mass for words_of in present
    ]


def _bm25(
    claim_words: list[str], counts: Mapping[str, int], length: int, average: float, idf: Weights
) -> float:
    score = 0.0
    for word in claim_words:
        tf = counts.get(word, 0)
        if tf:
            norm = tf + _K1 * (1 - _B + _B * length / average)
            score += idf(word) * tf * (_K1 + 1) / norm
    return score
