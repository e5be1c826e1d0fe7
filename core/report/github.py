"""GitHub Actions workflow commands, so findings show as annotations on the pull request."""

from __future__ import annotations

from pathlib import Path

from cite_sentinel.core.model import Finding, Severity
from cite_sentinel.core.report.paths import repository_path
from cite_sentinel.core.report.summary import (
    accepted_note,
    order,
    render_summary_markdown,
    summarize,
)
from cite_sentinel.core.result import CheckResult

_COMMANDS = {
    Severity.ERROR: "error",
    Severity.WARNING: "warning",
    Severity.INFO: "notice",
    Severity.HINT: "notice",
}


def render_github(result: CheckResult, *, root: Path | None = None) -> str:
    """One `::error file=…,line=…,col=…,title=…::message` line per finding, in file order.

    Files are named relative to `root`, the repository ($GITHUB_WORKSPACE; default: the
    working folder).
    """
    return "".join(annotation(f, root) + "\n" for f in sorted(result.findings, key=order))


def annotation(finding: Finding, root: Path | None = None) -> str:
    """The workflow command for one finding (properties and message escaped as GitHub asks)."""
    where = finding.location
    properties = [
        ("file", repository_path(where.path, root)),
        ("line", str(where.line)),
        ("col", str(where.column)),
    ]
    if where.end_line > where.line:
        properties.append(("endLine", str(where.end_line)))
    elif where.end_line == where.line and where.end_column > where.column:
        properties.append(("endColumn", str(where.end_column)))
    title = f"cite-sentinel {finding.code}" + (f": {finding.key}" if finding.key else "")
    properties.append(("title", title))
    message = finding.message
    if finding.hint and finding.hint not in message:
        message = f"{message}; {finding.hint}"
    if where.page:  # a PDF: its lines are no place a person can find; the page and label are
        message = f"{where.place}: {message}"
    joined = ",".join(f"{name}={_escape_property(value)}" for name, value in properties)
    return f"::{_COMMANDS[finding.severity]} {joined}::{_escape_data(message)}"


def render_step_summary(result: CheckResult) -> str:
    """The Markdown a job appends to $GITHUB_STEP_SUMMARY: counts, then each manuscript."""
    summary = summarize(result)
    lines = [
        "## cite-sentinel",
        "",
        "| references | verified | miscited | fabricated | unverified | retracted "
        "| errors | warnings |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|",
        f"| {summary.total} | {summary.verified} | {summary.miscited} | {summary.fabricated} "
        f"| {summary.unverified} | {summary.retracted} | {summary.errors} | {summary.warnings} |",
        "",
        *accepted_note(summary),
    ]
    return "\n".join(lines) + render_summary_markdown(result)


def _escape_data(value: str) -> str:
    return value.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(value: str) -> str:
    return _escape_data(value).replace(":", "%3A").replace(",", "%2C")
