"""A work's evidence sentences tokenised once, so every claim asked of them reuses the words.

The local scorer asks one work about a claim and, when a citation marks its own clause, about
that clause too; the rationale ranker and the relatedness features read the same sentences.
Tokenising them once per work instead of once per question halves the scorer's cost on
scoped pairs (docs/BENCHMARKS.md, Groundedness).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise

from cite_sentinel.core.ground.tokens import numbers, raw_words, vocabulary, words

PREFIX = 5  # characters a word and its variants share (a crude lemma: "regulat", "inhibi")
_RESULT_WORDS = vocabulary(
    "significantly significant increased decreased reduced associated found observed showed "
    "demonstrate demonstrated revealed indicate indicates conclusion conclude results compared "
    "higher lower risk odds ratio ci p"
)


@dataclass(frozen=True, slots=True, kw_only=True)
class SentenceWords:
    """One evidence sentence as the lexical features read it."""

    text: str
    tokens: tuple[str, ...]  # content words, stemmed, in order
    present: frozenset[str]
    prefixes: frozenset[str]  # the tokens' first PREFIX characters
    counts: Mapping[str, int]
    bigrams: frozenset[tuple[str, str]]
    numbers: frozenset[str]
    result_share: float  # share of its words that report a result ("significantly", "odds")
    statistics: float  # 1.0 when it reports a statistic (a percentage, a p value)


@dataclass(frozen=True, slots=True)
class EvidenceWords:
    """A work's sentences, each tokenised once."""

    sentences: tuple[SentenceWords, ...]


def evidence_words(sentences: EvidenceWords | Sequence[str]) -> EvidenceWords:
    """The sentences tokenised (already tokenised ones are returned as they are)."""
    if isinstance(sentences, EvidenceWords):
        return sentences
    return EvidenceWords(tuple(_sentence_words(text) for text in sentences))


def _sentence_words(text: str) -> SentenceWords:
    tokens = tuple(words(text))
    raw = raw_words(text)
    compact = text.replace(" ", "").lower()
    return SentenceWords(
        text=text,
        tokens=tokens,
        present=frozenset(tokens),
        prefixes=frozenset(token[:PREFIX] for token in tokens),
        counts=Counter(tokens),
        bigrams=frozenset(pairwise(tokens)),
        numbers=frozenset(numbers(text)),
        result_share=sum(1 for word in raw if word in _RESULT_WORDS) / (len(raw) or 1),
        statistics=float("%" in text or "p<" in compact or "p=" in compact),
    )
