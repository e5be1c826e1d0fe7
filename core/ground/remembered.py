"""A scorer that judges each distinct pair once for as long as a session holds it: an edit in
the editor, or a page checked again, re-judges only the sentences and works that changed."""

from __future__ import annotations

from collections.abc import Sequence

from cite_sentinel.core.ground.local import LocalScorer
from cite_sentinel.core.ground.scorer import Judgement, Pair, Scorer

REMEMBERED_PAIRS = 20_000  # the oldest judgements are forgotten first


class RememberedScorer:
    """`scorer`'s judgements, each distinct pair asked once (the rest in one batch)."""

    def __init__(self, scorer: Scorer, *, limit: int = REMEMBERED_PAIRS) -> None:
        self._scorer = scorer
        self._limit = limit
        self._judged: dict[Pair, Judgement] = {}

    @property
    def name(self) -> str:
        return self._scorer.name

    @property
    def verdict_capable(self) -> bool:
        return self._scorer.verdict_capable

    @property
    def computes(self) -> bool:
        """Whether judging is work on this machine's processor (the local scorer), which a
        server does off its event loop, rather than a wait on the network."""
        return isinstance(self._scorer, LocalScorer)

    async def score(self, pairs: Sequence[Pair]) -> tuple[Judgement, ...]:
        """The remembered judgements, the others asked of the scorer in one batch."""
        judged = self._judged
        fresh = list(dict.fromkeys(pair for pair in pairs if pair not in judged))
        if fresh:
            for pair, judgement in zip(fresh, await self._scorer.score(fresh), strict=True):
                judged[pair] = judgement
        answer = tuple(judged[pair] for pair in pairs)
        while len(judged) > self._limit:  # after answering: a batch may be larger than the limit
            del judged[next(iter(judged))]
        return answer
