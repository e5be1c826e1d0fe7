"""A session's scorer judges each distinct pair once: an edit re-judges only what it changed."""

from __future__ import annotations

from collections.abc import Sequence

from cite_sentinel.core import CheckSession, Config
from cite_sentinel.core.ground import LocalScorer, RememberedScorer
from cite_sentinel.core.ground.scorer import Claim, Evidence, EvidenceKind, Judgement, Pair

EVIDENCE = Evidence(EvidenceKind.ABSTRACT, ("Cats sleep less after play.",))


class _Counting:
    def __init__(self) -> None:
        self.asked: list[Pair] = []

    @property
    def name(self) -> str:
        return "counting"

    @property
    def verdict_capable(self) -> bool:
        return False

    async def score(self, pairs: Sequence[Pair]) -> tuple[Judgement, ...]:
        self.asked.extend(pairs)
        return tuple(Judgement(relevance=len(p.claim.text) / 100) for p in pairs)


async def test_each_distinct_pair_is_judged_once_across_runs() -> None:
    scorer = _Counting()
    remembered = RememberedScorer(scorer)
    first, second = Pair(Claim("a claim"), EVIDENCE), Pair(Claim("another claim"), EVIDENCE)
    once = await remembered.score([first, first])
    again = await remembered.score([second, first])
    assert scorer.asked == [first, second]
    assert again[1] == once[0] and again[0].relevance == len("another claim") / 100


async def test_the_oldest_judgements_are_forgotten_beyond_the_limit() -> None:
    scorer = _Counting()
    remembered = RememberedScorer(scorer, limit=2)
    pairs = [Pair(Claim(f"claim {n}"), EVIDENCE) for n in range(3)]
    await remembered.score(pairs)
    await remembered.score(pairs[:1])
    assert scorer.asked == [*pairs, pairs[0]]


def test_the_session_keeps_one_scorer_until_its_choice_changes() -> None:
    session = CheckSession(Config(scorer="local"), {"VOYAGE_API_KEY": "key-for-tests"})
    scorer = session.scorer()
    assert session.scorer() is scorer and scorer.name == "local"
    session.reconfigure(Config(scorer="local", fail_on=("fabricated",)))
    assert session.scorer() is scorer
    session.reconfigure(Config(scorer="voyage"))
    assert session.scorer() is not scorer and session.scorer().name.startswith("voyage")


def test_a_remote_scorer_is_no_work_for_this_machine_to_do_off_the_loop() -> None:
    assert not RememberedScorer(_Counting()).computes
    assert RememberedScorer(LocalScorer()).computes
