"""The command's exit codes, and the one decision of which a check ends with."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace
from enum import IntEnum

from cite_sentinel.core import FAIL_ON, VERDICT_CODES, CheckResult, Severity, failures
from cite_sentinel.core.report import unavailable

# The verdict words (and the retracted flag) that `--fail-on` accepts.
FAIL_ON_CHOICES = FAIL_ON

DEFAULT_MAX_UNAVAILABLE = 0.5


class ExitCode(IntEnum):
    """What the command's exit status means; `--help` lists these."""

    CLEAN = 0
    FINDINGS = 1
    INPUT = 2
    UNAVAILABLE = 3
    INTERNAL = 4
    INTERRUPTED = 130


_BUG = "a bug in cite-sentinel (the traceback is shown)"
_INTERRUPTED = "interrupted (Ctrl-C, or the reader of the output went away)"

# What each command's exit status means: its `--help` lists its own table, nothing else's.
EXIT_CODES: dict[str, dict[ExitCode, str]] = {
    "check": {
        ExitCode.CLEAN: "clean: no errors or warnings",
        ExitCode.FINDINGS: "findings: errors or warnings, or a verdict named by --fail-on",
        ExitCode.INPUT: "usage mistake, bad configuration, or an input that cannot be read",
        ExitCode.UNAVAILABLE: "too many sources unavailable to judge (see --max-unavailable)",
        ExitCode.INTERNAL: _BUG,
        ExitCode.INTERRUPTED: _INTERRUPTED,
    },
    "fix": {
        ExitCode.CLEAN: "nothing to fix for certain, or the fixes were written",
        ExitCode.FINDINGS: "the diff shows something to fix (--dry-run, the default in CI)",
        ExitCode.INPUT: "usage mistake, bad configuration, or a file fix cannot read or edit",
        ExitCode.UNAVAILABLE: "the indexes did not answer for most entries: nothing can be "
        "said to need no fix",
        ExitCode.INTERNAL: _BUG,
        ExitCode.INTERRUPTED: _INTERRUPTED,
    },
    "format": {
        ExitCode.CLEAN: "the reference list was printed",
        ExitCode.INPUT: "usage mistake, or a file that is not a readable bibliography",
        ExitCode.INTERNAL: _BUG,
        ExitCode.INTERRUPTED: _INTERRUPTED,
    },
    "parse": {
        ExitCode.CLEAN: "the references were written",
        ExitCode.INPUT: "usage mistake, or a file with no reference list that can be read",
        ExitCode.INTERNAL: _BUG,
        ExitCode.INTERRUPTED: _INTERRUPTED,
    },
    "ground": {
        ExitCode.CLEAN: "every line was scored",
        ExitCode.INPUT: "a line could not be read (the others were scored), a usage mistake, "
        "or a scorer that cannot run (missing extra or key)",
        ExitCode.INTERNAL: _BUG,
        ExitCode.INTERRUPTED: _INTERRUPTED,
    },
    "lsp": {
        ExitCode.CLEAN: "the editor asked the server to shut down and exit, or closed stdin",
        ExitCode.FINDINGS: "the editor asked the server to exit without shutting it down (as "
        "the Language Server Protocol says)",
        ExitCode.INPUT: "usage mistake",
        ExitCode.INTERNAL: _BUG,
    },
    "mcp": {
        ExitCode.CLEAN: "the client closed the connection (stdio), or the server was stopped",
        ExitCode.INPUT: "usage mistake, bad configuration, or the MCP extra is not installed",
        ExitCode.INTERNAL: _BUG,
        ExitCode.INTERRUPTED: _INTERRUPTED,
    },
    "catalog": {
        ExitCode.CLEAN: "the import, status, search or drop was done",
        ExitCode.INPUT: "usage mistake, a dump that cannot be read (what came before it is "
        "kept; the same command resumes), or a catalog that cannot be opened",
        ExitCode.INTERNAL: _BUG,
        ExitCode.INTERRUPTED: _INTERRUPTED + "; the same command resumes the import",
    },
    "batch": {
        ExitCode.CLEAN: "every manuscript was screened and none has findings",
        ExitCode.FINDINGS: "some manuscript has a fabricated or miscited reference, an error "
        "or a warning (see the summary)",
        ExitCode.INPUT: "usage mistake, or a manifest or queue that cannot be read",
        ExitCode.UNAVAILABLE: "some manuscripts are not finished; the same command resumes",
        ExitCode.INTERNAL: _BUG,
        ExitCode.INTERRUPTED: _INTERRUPTED + "; the same command resumes",
    },
    "serve": {
        ExitCode.CLEAN: "the server was stopped (Ctrl-C or SIGTERM)",
        ExitCode.INPUT: "usage mistake, bad configuration, a port that cannot be listened on, "
        "or the web extra is not installed",
        ExitCode.INTERNAL: _BUG,
    },
    "config": {
        ExitCode.CLEAN: "the configuration was printed",
        ExitCode.FINDINGS: "the configuration file has warnings (unknown settings), "
        "shown on stderr as check shows them",
        ExitCode.INPUT: "usage mistake, or a configuration that cannot be read or is wrong",
        ExitCode.INTERNAL: _BUG,
    },
}


def exit_code(
    result: CheckResult,
    *,
    fail_on: Collection[str] = (),
    max_unavailable: float = DEFAULT_MAX_UNAVAILABLE,
) -> ExitCode:
    """How a check ends: unreadable input, then local findings (a broken entry is broken
    whether or not the indexes answer), then unavailable sources, then the verdicts' findings
    and those `fail_on` names (core.failing: none of a reference the author accepted)."""
    if result.unreadable:
        return ExitCode.INPUT
    serious = [f for f in result.findings if f.severity in (Severity.ERROR, Severity.WARNING)]
    if any(finding.code not in VERDICT_CODES for finding in serious):
        return ExitCode.FINDINGS
    accepted = result.accepted  # whether the indexes answered for these does not matter
    judged = replace(result, verdicts=tuple(v for v in result.verdicts if v.key not in accepted))
    if unavailable_share(judged) > max_unavailable:
        return ExitCode.UNAVAILABLE
    if serious or failures(result, fail_on):
        return ExitCode.FINDINGS
    return ExitCode.CLEAN


def unavailable_share(result: CheckResult) -> float:
    """The share of verdicts left unverified because a source failed (0 when none were made)."""
    if not result.verdicts:
        return 0.0
    return unavailable(result) / len(result.verdicts)
