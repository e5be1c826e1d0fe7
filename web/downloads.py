"""What a finished check gives to download, each made by core: the reports by
`core.report`'s renderers, a corrected bibliography by `core.fix`, the allow list of the
references accepted on the page."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import PurePath

from cite_sentinel import __version__
from cite_sentinel.core import CheckResult
from cite_sentinel.core.fix import allow_table, plan_fixes, rewrite
from cite_sentinel.core.report import (
    render_json,
    render_markdown,
    render_sarif,
    render_summary_csv,
)
from cite_sentinel.web.jobs import Check, KeptFile

ACCEPTED_HERE = "accepted on the cite-sentinel page"
UPLOAD_ROOT = "the folder the checked files were uploaded from"


@dataclass(frozen=True, slots=True)
class Download:
    """A file to send: its name and media type, and its text."""

    name: str
    media_type: str
    text: str


_MEDIA_TYPES = {
    "json": "application/json",
    "csv": "text/csv",
    "md": "text/markdown",
    "sarif": "application/sarif+json",
}
REPORT_SUFFIXES = frozenset(_MEDIA_TYPES)


def report(check: Check, suffix: str) -> Download:
    """The report in the format of `suffix` (json, csv, md, sarif), its files named as they
    were uploaded rather than by the server's temporary folder."""
    result = check.judged()
    if suffix == "sarif":
        text = _sarif(result, check)
    else:
        render = {"json": render_json, "csv": render_summary_csv, "md": render_markdown}[suffix]
        text = render(result).replace(f"{check.folder}/", "")
    return Download(f"cite-sentinel-report.{suffix}", _MEDIA_TYPES[suffix], text)


def _sarif(result: CheckResult, check: Check) -> str:
    """The SARIF log with paths relative to the upload; where the upload lay on the server is
    left unsaid (SARIF lets a reader supply %SRCROOT% itself)."""
    log = json.loads(render_sarif(result, version=__version__, root=check.folder))
    for run in log["runs"]:
        run["originalUriBaseIds"] = {"%SRCROOT%": {"description": {"text": UPLOAD_ROOT}}}
    return json.dumps(log, indent=2) + "\n"


def corrected(check: Check, kept: KeptFile) -> Download:
    """The bibliography with the repairs `cite-sentinel fix --write` would make to it."""
    result = check.judged()
    references = [ref for ref in result.references if ref.location.path == kept.path]
    fixes, _ = plan_fixes(references, result.verdicts, findings=result.findings)
    text = rewrite(kept.text, kept.path, fixes)
    suffix = PurePath(kept.name).suffix.lower()
    media_type = "application/x-bibtex" if suffix == ".bib" else "application/json"
    return Download(PurePath(kept.name).name, media_type, text)


def allow_list(check: Check) -> Download:
    """An `[[allow]]` table for each reference accepted on the page."""
    text = "".join(allow_table(key, ACCEPTED_HERE) for key in sorted(check.accepted))
    return Download("allow.toml", "application/toml", text)
