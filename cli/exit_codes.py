"""The command's exit codes, and the one decision of which a check ends with."""

from __future__ import annotations

from collections.abc import Collection
from enum import IntEnum

from cite_sentinel.core import CheckResult, Flag, Severity, SourceStatus, Status

# The verdict words (and the retracted flag) that `--fail-on` accepts.
FAIL_ON_CHOICES = ("fabricated", "miscited", "retracted", "unverified")

DEFAULT_MAX_UNAVAILABLE = 0.5


class ExitCode(IntEnum):
    """What the command's exit status means; `--help` lists these."""

    CLEAN = 0
    FINDINGS = 1
    INPUT = 2
    UNAVAILABLE = 3
    INTERNAL = 4
    INTERRUPTED = 130


DESCRIPTIONS = {
    ExitCode.CLEAN: "clean: no errors or warnings",
    ExitCode.FINDINGS: "findings: errors or warnings, or a verdict named by --fail-on",
    ExitCode.INPUT: "usage mistake, bad configuration, or an input that cannot be read",
    ExitCode.UNAVAILABLE: "too many sources unavailable to judge (see --max-unavailable)",
    ExitCode.INTERNAL: "a bug in cite-sentinel (the traceback is shown)",
    ExitCode.INTERRUPTED: "interrupted (Ctrl-C, or the reader of the report went away)",
}


def exit_code(
    result: CheckResult,
    *,
    fail_on: Collection[str] = (),
    max_unavailable: float = DEFAULT_MAX_UNAVAILABLE,
) -> ExitCode:
    """How a check ends: unreadable input, then unavailable sources, then findings."""
    if result.unreadable:
        return ExitCode.INPUT
    if unavailable_share(result) > max_unavailable:
        return ExitCode.UNAVAILABLE
    if any(f.severity in (Severity.ERROR, Severity.WARNING) for f in result.findings):
        return ExitCode.FINDINGS
    for verdict in result.verdicts:
        if verdict.status.value in fail_on or (
            "retracted" in fail_on and Flag.RETRACTED in verdict.flags
        ):
            return ExitCode.FINDINGS
    return ExitCode.CLEAN


def unavailable_share(result: CheckResult) -> float:
    """The share of verdicts left unverified because a source failed (0 when none were made)."""
    if not result.verdicts:
        return 0.0
    unavailable = sum(
        1
        for verdict in result.verdicts
        if verdict.status is Status.UNVERIFIED
        and any(source.status is SourceStatus.FAILED for source in verdict.sources)
    )
    return unavailable / len(result.verdicts)
