"""Report renderers, one per output format, and the counts every report shares."""

from typing import TYPE_CHECKING

from cite_sentinel.core.exports import lazy

if TYPE_CHECKING:
    from cite_sentinel.core.report.github import render_github, render_step_summary
    from cite_sentinel.core.report.gitlab import render_gitlab
    from cite_sentinel.core.report.json import render_json
    from cite_sentinel.core.report.junit import render_junit
    from cite_sentinel.core.report.markdown import render_markdown
    from cite_sentinel.core.report.sarif import render_sarif
    from cite_sentinel.core.report.summary import (
        failing_sources,
        local_findings,
        render_summary_csv,
        render_summary_markdown,
        summarize,
        unavailable,
    )
    from cite_sentinel.core.report.text import finding_lines, render_text

__all__ = [
    "failing_sources",
    "finding_lines",
    "local_findings",
    "render_github",
    "render_gitlab",
    "render_json",
    "render_junit",
    "render_markdown",
    "render_sarif",
    "render_step_summary",
    "render_summary_csv",
    "render_summary_markdown",
    "render_text",
    "summarize",
    "unavailable",
]
__getattr__, __dir__ = lazy(
    __name__,
    {
        "github": ("render_github", "render_step_summary"),
        "gitlab": ("render_gitlab",),
        "json": ("render_json",),
        "junit": ("render_junit",),
        "markdown": ("render_markdown",),
        "sarif": ("render_sarif",),
        "summary": (
            "failing_sources",
            "local_findings",
            "render_summary_csv",
            "render_summary_markdown",
            "summarize",
            "unavailable",
        ),
        "text": ("finding_lines", "render_text"),
    },
)
