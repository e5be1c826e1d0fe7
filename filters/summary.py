"""What the filter tells the person building: pandoc-style warnings, and whether to fail."""

from __future__ import annotations

from collections.abc import Collection

from cite_sentinel.core import CheckResult, Finding, Severity, failures
from cite_sentinel.core.report import failing_sources, summarize
from cite_sentinel.filters.bibliography import INLINE
from cite_sentinel.filters.collect import DOCUMENT
from cite_sentinel.filters.settings import PREFIX

TAG = "cite-sentinel"


def summary_lines(result: CheckResult, *, offline: bool = False) -> list[str]:
    """`[WARNING] cite-sentinel: …` per distinct error or warning, a `[WARNING]` naming the
    indexes that could not be asked and why, then one `[INFO]` of counts.

    A reference cited 20 times gives one line, not 21: the first place it is said (the
    bibliography entry, with its line) speaks for the citations that repeat it.
    """
    lines: list[str] = []
    said: set[tuple[Severity, str]] = set()
    for finding in result.findings:
        if finding.severity not in (Severity.ERROR, Severity.WARNING):
            continue
        body = finding.message + (
            f"; {finding.hint}" if finding.hint and finding.hint not in finding.message else ""
        )
        if (finding.severity, body) not in said:
            said.add((finding.severity, body))
            lines.append(f"[{_level(finding)}] {TAG}: {_where(finding)}{body}")
    failing = failing_sources(result)
    if failing:
        again = (
            f"unset CITE_SENTINEL_OFFLINE and {PREFIX}offline to ask them"
            if offline
            else "build again when they answer"
        )
        lines.append(
            f"[WARNING] {TAG}: {'; '.join(failing)}: the references they would "
            f"have settled are unverified, not fabricated; {again}"
        )
    counts = summarize(result)
    if counts.judged:
        told = (
            f"{counts.total} references: {counts.verified} verified, {counts.miscited} miscited, "
            f"{counts.fabricated} fabricated, {counts.unverified} unverified"
            + (f", {counts.retracted} retracted" if counts.retracted else "")
            + (f", {counts.accepted} accepted" if counts.accepted else "")
        )
    else:
        told = f"{counts.total} references, none verified"
    lines.append(f"[INFO] {TAG}: {told}")
    return lines


def failed_keys(result: CheckResult, fail_on: Collection[str]) -> list[str]:
    """Keys whose verdict `cite-sentinel-fail-on` names, as `key (verdict)`; none the
    author accepted (core.failing decides, as for the CLI)."""
    return [
        f"{failure.verdict.key} ({', '.join(failure.words)})"
        for failure in failures(result, fail_on)
    ]


def failure_message(
    failed: list[str], fail_on: Collection[str], named_by: str = f"{PREFIX}fail-on"
) -> str:
    """The one line that explains a failed build and how to let it pass; `named_by` is where
    the verdicts were named (the metadata, else the configuration's `fail-on`)."""
    return (
        f"[ERROR] {TAG}: build failed: {len(failed)} reference(s) with a verdict named by "
        f"{named_by} ({', '.join(sorted(fail_on))}): {', '.join(failed)}; "
        f"fix them, or remove the verdict from {named_by}"
    )


def _level(finding: Finding) -> str:
    return "ERROR" if finding.severity is Severity.ERROR else "WARNING"


def _where(finding: Finding) -> str:
    """Bibliography files have lines worth naming; the piped document has none."""
    if finding.location.path == DOCUMENT:
        return ""
    if finding.location.path == INLINE:
        return f"{INLINE}, item {finding.location.line}: "
    return f"{finding.location}: "
