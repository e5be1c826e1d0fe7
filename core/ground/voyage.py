"""The Citation Sentinel design (`--scorer voyage`): voyage-3 embeddings, then rerank-2.

For each claim, the evidence passages (abstract sentences or full-text chunks) are embedded
with voyage-3, the 20 closest by cosine are reranked by rerank-2 against the claim, and the
top 5 are the evidence shown; the best rerank score is the relevance. Reranking measures
whether a passage is about the claim, not whether it agrees, so this scorer gives no verdict
and no `support`, and, its scores not being calibrated here, never paints a citation red.
The claim and the evidence go to Voyage AI (VOYAGE_API_KEY).
"""

from __future__ import annotations

import asyncio
import logging
import math
from collections.abc import Awaitable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, TypeVar

from cite_sentinel.core.errors import ConfigError
from cite_sentinel.core.ground.api_keys import api_key
from cite_sentinel.core.ground.badges import badge
from cite_sentinel.core.ground.claim_scope import scoped_claim
from cite_sentinel.core.ground.local import LocalScorer
from cite_sentinel.core.ground.scorer import Judgement, Pair, Passage

if TYPE_CHECKING:
    from voyageai.client_async import AsyncClient

log = logging.getLogger(__name__)

T = TypeVar("T")

KEY_VARIABLE = "VOYAGE_API_KEY"
URL_VARIABLE = "CITE_SENTINEL_VOYAGE_URL"  # another endpoint (a proxy, a gateway)
EMBED_MODEL = "voyage-3"
RERANK_MODEL = "rerank-2"
CANDIDATES = 20  # passages kept by cosine for the reranker
SHOWN = 5  # passages the reranker returns, best first
EMBED_BATCH = 128  # texts per embeddings request (the API takes up to 1000)
CONCURRENCY = 4  # rerank requests in flight at once


def make_scorer(environ: Mapping[str, str], *, local: LocalScorer | None = None) -> VoyageScorer:
    """The scorer with the key of the environment; clear errors when it or the SDK is absent."""
    key = api_key(environ, KEY_VARIABLE, "voyage")
    try:
        from voyageai.client_async import AsyncClient
    except ImportError as error:
        raise ConfigError(
            "the voyage scorer needs the voyageai SDK, which is not installed; "
            "install it with `pip install 'cite-sentinel[voyage]'` or use --scorer local"
        ) from error
    client = AsyncClient(
        api_key=key, max_retries=3, timeout=60.0, base_url=environ.get(URL_VARIABLE) or None
    )
    return VoyageScorer(client, local=local)


class VoyageScorer:
    """Embeddings to shortlist the evidence, a reranker to order it; relevance only."""

    def __init__(
        self,
        client: AsyncClient,
        *,
        local: LocalScorer | None = None,
        concurrency: int = CONCURRENCY,
    ) -> None:
        self._client = client
        self._local = local if local is not None else LocalScorer()
        self._limit = asyncio.Semaphore(concurrency)

    @property
    def name(self) -> str:
        return "voyage"

    @property
    def verdict_capable(self) -> bool:
        return False

    async def score(self, pairs: Sequence[Pair]) -> tuple[Judgement, ...]:
        """One judgement per pair: one embeddings pass for all texts, one rerank per pair."""
        judged = [pair for pair in pairs if pair.evidence.judgeable]
        claims = list(dict.fromkeys(scoped_claim(pair.claim.text) for pair in judged))
        passages = list(dict.fromkeys(p for pair in judged for p in pair.evidence.passages))
        import voyageai.error

        try:
            claim_vectors = dict(zip(claims, await self._embed(claims, "query"), strict=True))
            passage_vectors = dict(
                zip(passages, await self._embed(passages, "document"), strict=True)
            )
        except voyageai.error.VoyageError as error:
            return tuple(self._fallback(pair, error) for pair in pairs)
        try:
            async with asyncio.TaskGroup() as group:
                tasks = [
                    group.create_task(self._judge(pair, claim_vectors, passage_vectors))
                    for pair in pairs
                ]
        except* ConfigError as failed:
            raise failed.exceptions[0] from None
        return tuple(task.result() for task in tasks)

    async def _embed(self, texts: list[str], input_type: str) -> list[list[float]]:
        vectors: list[list[float]] = []
        for start in range(0, len(texts), EMBED_BATCH):
            batch = texts[start : start + EMBED_BATCH]
            async with self._limit:
                answer = await _call(
                    self._client.embed(batch, model=EMBED_MODEL, input_type=input_type)
                )
            vectors += [[float(x) for x in vector] for vector in answer.embeddings]
        return vectors

    async def _judge(
        self,
        pair: Pair,
        claim_vectors: Mapping[str, list[float]],
        passage_vectors: Mapping[str, list[float]],
    ) -> Judgement:
        evidence = pair.evidence
        if not evidence.judgeable:
            return Judgement(
                relevance=0.0,
                badge=badge(kind=evidence.kind, relevance=0.0, verdict=None),
                evidence_kind=evidence.kind,
                scorer=self.name,
                note=f"unverifiable: evidence is {evidence.kind.value}",
            )
        clause = scoped_claim(pair.claim.text)  # what this work is cited for, markers gone
        query = claim_vectors[clause]
        closest = sorted(
            range(len(evidence.passages)),
            key=lambda index: -_cosine(query, passage_vectors[evidence.passages[index]]),
        )[:CANDIDATES]
        import voyageai.error

        try:
            async with self._limit:
                ranked = await _call(
                    self._client.rerank(
                        clause,
                        [evidence.passages[index] for index in closest],
                        model=RERANK_MODEL,
                        top_k=SHOWN,
                    )
                )
        except voyageai.error.VoyageError as error:
            return self._fallback(pair, error)
        shown = tuple(
            Passage(
                closest[result.index],
                evidence.passages[closest[result.index]],
                round(result.relevance_score, 4),
            )
            for result in sorted(ranked.results, key=lambda result: -result.relevance_score)
        )
        relevance = min(1.0, max(0.0, shown[0].score)) if shown else 0.0
        return Judgement(
            relevance=relevance,
            confidence=relevance,
            badge=badge(kind=evidence.kind, relevance=relevance, verdict=None, unrelated_below=0.0),
            evidence=shown,
            evidence_kind=evidence.kind,
            scorer=self.name,
        )

    def _fallback(self, pair: Pair, error: Exception) -> Judgement:
        """The local scorer's judgement, saying that Voyage AI did not answer."""
        log.warning("voyage: %s: local relevance instead (%s)", pair.key or "pair", error)
        judgement = self._local.judge(pair)
        if not pair.evidence.judgeable:
            return judgement
        why = f"Voyage AI did not answer ({type(error).__name__}); relevance from the local scorer"
        return replace(judgement, note=why)


async def _call(request: Awaitable[T]) -> T:
    """The SDK's answer; a refused key becomes one sentence naming the variable."""
    import voyageai.error

    try:
        return await request
    except voyageai.error.AuthenticationError as error:
        raise ConfigError(
            f"Voyage AI refused the key in {KEY_VARIABLE} ({error}); "
            f"check {KEY_VARIABLE} or use --scorer local"
        ) from error


def _cosine(a: Sequence[float], b: Sequence[float]) -> float:
    norm = math.sqrt(sum(x * x for x in a)) * math.sqrt(sum(y * y for y in b))
    return sum(x * y for x, y in zip(a, b, strict=True)) / norm if norm else 0.0
