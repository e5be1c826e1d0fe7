"""The terminal report: compiler-like lines grouped by file, then the counts."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from itertools import groupby

from cite_sentinel.core.findings import Code
from cite_sentinel.core.model import Finding, Severity, SourceStatus, Verdict
from cite_sentinel.core.report.summary import (
    NOT_VERIFIED,
    Summary,
    failing_sources,
    order,
    settled_by_catalog,
    summarize,
    unavailable,
)
from cite_sentinel.core.result import CheckResult

# Plain ANSI rather than rich markup: messages carry user text full of [brackets].
_COLORS = {
    Severity.ERROR: "\x1b[1;31m",
    Severity.WARNING: "\x1b[1;33m",
    Severity.INFO: "\x1b[1;36m",
    Severity.HINT: "\x1b[1;34m",
}
_REPEATED = 4  # references unverified for one cause from which it is said once
_NAMED = 5  # their keys named on that line
# How core.matching words a verdict left unverified only because sources failed.
_FAILED_CAUSES = ("not every index could be asked", "no index answered")
_BOLD = "\x1b[1m"
_DIM = "\x1b[2m"
_RESET = "\x1b[0m"


def render_text(result: CheckResult, *, color: bool = False) -> str:
    """`path:line:col: severity: message [code]` per finding, an indented hint, a count line;
    references unverified for one same cause are one line with their count."""
    lines: list[str] = []
    findings = sorted(_repeated_said_once(result.findings, result), key=order)
    for _, group in groupby(findings, key=lambda finding: finding.location.path):
        if lines:
            lines.append("")
        for finding in group:
            lines.extend(finding_lines(finding, color=color))
    if lines:
        lines.append("")
    lines.extend(_closing(result, summarize(result)))
    return "\n".join(lines) + "\n"


def finding_lines(finding: Finding, *, color: bool = False) -> list[str]:
    """One finding as the report shows it: its line, and its hint indented below."""
    where = str(finding.location)
    severity = finding.severity.value
    code = f"[{finding.code}]"
    if color:
        where = f"{_BOLD}{where}{_RESET}"
        severity = f"{_COLORS[finding.severity]}{severity}{_RESET}"
        code = f"{_DIM}{code}{_RESET}"
    lines = [f"{where}: {severity}: {finding.message} {code}"]
    if finding.hint and finding.hint not in finding.message:
        lines.append(f"    {finding.hint}")
    return lines


def _repeated_said_once(findings: Sequence[Finding], result: CheckResult) -> list[Finding]:
    """Each cause of `unverified` shared by more than a few references of a file (the indexes
    offline for all of them) said once: a count, the first keys, at the first of them."""
    verdicts = {verdict.key: verdict for verdict in result.verdicts}
    groups: dict[tuple[str, str, str], list[Finding]] = {}
    kept: list[Finding] = []
    for finding in findings:
        prefix = f"{finding.key}: "
        if finding.code != Code.UNVERIFIED or not finding.message.startswith(prefix):
            kept.append(finding)
            continue
        cause = _failure(verdicts.get(finding.key)) or finding.message.removeprefix(prefix)
        groups.setdefault((finding.location.path, cause, finding.hint), []).append(finding)
    for (_, cause, _), group in groups.items():
        if len(group) < _REPEATED:
            kept.extend(group)
            continue
        first = min(group, key=order)
        keys = [f.key for f in sorted(group, key=order)]
        more = f" and {len(keys) - _NAMED} more" if len(keys) > _NAMED else ""
        named = ", ".join(keys[:_NAMED]) + more
        kept.append(replace(first, message=f"{len(group)} references {cause} ({named})", key=""))
    return kept


def _failure(verdict: Verdict | None) -> str:
    """An unverified verdict's cause where it is only that sources failed, in words that do
    not depend on which indexes happened to be asked (the closing lines name them); "" for
    any other cause."""
    if verdict is None or not verdict.reason.startswith(_FAILED_CAUSES):
        return ""
    failed = [s for s in verdict.sources if s.status is SourceStatus.FAILED]
    if not failed:
        return ""
    reasons = sorted({s.reason or "failed" for s in failed})
    return f"not verified because indexes could not be asked: {'; '.join(reasons)}"


def _closing(result: CheckResult, summary: Summary) -> list[str]:
    files = len(result.files)
    counts = ", ".join(
        _plural(count, word)
        for count, word in (
            (summary.errors, "error"),
            (summary.warnings, "warning"),
            (summary.infos, "info"),
            (summary.hints, "hint"),
        )
    )
    lines = [
        f"{_plural(summary.total, 'reference')} and {_plural(len(result.citations), 'citation')}"
        f" in {_plural(files, 'file')}: {counts}"
    ]
    if summary.judged:
        lines.append(
            f"verdicts: {summary.verified} verified, {summary.miscited} miscited, "
            f"{summary.fabricated} fabricated, {summary.unverified} unverified, "
            f"{summary.retracted} retracted"
            + (f", {summary.accepted} accepted" if summary.accepted else "")
        )
    elif summary.total:
        lines.append(NOT_VERIFIED)
    catalog = settled_by_catalog(result)
    if catalog:
        lines.append(f"judged without asking any online index: {'; '.join(catalog)}")
    if result.supports:
        lines.append(_groundedness(result))
    failing = failing_sources(result)
    unchecked = unavailable(result)
    if unchecked:
        lines.append(
            f"not checked: {unchecked} of {_plural(summary.total, 'reference')}, because"
            " sources failed (with --max-unavailable SHARE a check fails, exit 3, when more"
            " than that share is not checked; by default half)"
        )
    if failing:
        offline = all(_OFFLINE in line for line in failing)
        again = "without --offline to ask them" if offline else "again when they answer"
        lines.append(
            f"{'; '.join(failing)}: the references they would have settled are"
            f" unverified, not fabricated; run the check {again}"
        )
    if result.unreadable:
        lines.append(f"could not read: {', '.join(result.unreadable)}")
    return lines


def _groundedness(result: CheckResult) -> str:
    """`check --ground`'s badges counted per citation, and who judged them."""
    badges = Counter(support.judgement.badge.value for support in result.supports)
    scorers = sorted({support.judgement.scorer for support in result.supports} - {""})
    counted = ", ".join(f"{badges[colour]} {colour}" for colour in _BADGE_ORDER)
    by = f" by {', '.join(scorers)}" if scorers else ""
    cited = _plural(len(result.supports), "citation")
    return f"groundedness: {cited} judged{by}: {counted}"


_BADGE_ORDER = ("green", "yellow", "red", "grey")  # the Badge values, best first
_OFFLINE = "(offline: "  # how an --offline run's cache misses read (core.http)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"
