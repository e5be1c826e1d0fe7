"""Which verdicts fail a check: decided once, in core, for the CLI, the filter and the reports."""

from __future__ import annotations

from cite_sentinel.core import (
    CheckResult,
    Flag,
    Status,
    Verdict,
    counted_as_accepted,
    failures,
)

GHOST = Verdict(key="ghost", status=Status.FABRICATED)
WRONG_YEAR = Verdict(key="wrong", status=Status.MISCITED, flags=(Flag.RETRACTED,))
GOOD = Verdict(key="good", status=Status.VERIFIED)


def test_fail_on_names_a_verdict_word_or_the_retracted_flag() -> None:
    result = CheckResult(verdicts=(GHOST, WRONG_YEAR, GOOD))
    assert [(f.verdict.key, f.words) for f in failures(result, {"fabricated"})] == [
        ("ghost", ("fabricated",))
    ]
    named = failures(result, {"miscited", "retracted"})
    assert [(f.verdict.key, f.words) for f in named] == [("wrong", ("miscited", "retracted"))]
    assert failures(result, ()) == ()


def test_an_accepted_reference_fails_nothing_whatever_fail_on_names() -> None:
    result = CheckResult(verdicts=(GHOST, WRONG_YEAR, GOOD), accepted=frozenset({"ghost", "wrong"}))
    assert failures(result, {"fabricated", "miscited", "retracted", "unverified"}) == ()


def test_only_an_accepted_reference_with_something_wrong_counts_as_accepted() -> None:
    retracted = Verdict(key="gone", status=Status.VERIFIED, flags=(Flag.RETRACTED,))
    result = CheckResult(
        verdicts=(GHOST, GOOD, retracted), accepted=frozenset({"ghost", "good", "gone"})
    )
    assert counted_as_accepted(result, GHOST)
    assert counted_as_accepted(result, retracted)
    assert not counted_as_accepted(result, GOOD)  # verified: there was nothing to accept
    assert not counted_as_accepted(CheckResult(verdicts=(GHOST,)), GHOST)
