"""Which verdicts fail a check: the words `fail-on` names, on references nobody accepted.

The one rule every face applies: the CLI's exit status, the filter's failed build, and the
counts every report shows. A reference the author accepted (an allow-list entry or an accept
comment, core.workspace.acceptance) fails nothing and is counted as accepted, not under the
word its verdict has; its verdict stays in the result for anyone who looks.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from cite_sentinel.core.model import Flag, Status, Verdict
from cite_sentinel.core.result import CheckResult


@dataclass(frozen=True, slots=True)
class Failure:
    """A verdict that fails the check, and the `fail-on` words it meets."""

    verdict: Verdict
    words: tuple[str, ...]


def verdict_words(verdict: Verdict) -> tuple[str, ...]:
    """The words `fail-on` may name that a verdict meets: its status, then retracted."""
    retracted = ("retracted",) if Flag.RETRACTED in verdict.flags else ()
    return (verdict.status.value, *retracted)


def failures(result: CheckResult, fail_on: Collection[str]) -> tuple[Failure, ...]:
    """The verdicts whose words `fail_on` names, in the result's order; none of an accepted
    reference."""
    found = []
    for verdict in result.verdicts:
        if verdict.key in result.accepted:
            continue
        named = tuple(word for word in verdict_words(verdict) if word in fail_on)
        if named:
            found.append(Failure(verdict, named))
    return tuple(found)


def counted_as_accepted(result: CheckResult, verdict: Verdict) -> bool:
    """Whether a verdict is counted as accepted rather than under its word: the author
    accepted its reference and it says something is wrong (not verified, or retracted).
    An accepted reference that was plainly verified is simply verified."""
    return verdict.key in result.accepted and (
        verdict.status is not Status.VERIFIED or Flag.RETRACTED in verdict.flags
    )
