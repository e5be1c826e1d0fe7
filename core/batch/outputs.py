"""A batch's reports on disk: one JSON and one Markdown report per manuscript, and the summary
as CSV, JSON and a static HTML page (core.batch.summary_page)."""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path

from cite_sentinel.core.batch.jobs import Screened
from cite_sentinel.core.batch.summary_page import render_page
from cite_sentinel.core.workspace.atomic import write_atomically

COLUMNS = (
    "manuscript", "references", "verified", "miscited", "fabricated", "unverified", "retracted",
    "accepted", "errors", "warnings", "seconds", "attempts", "failure", "report", "flagged",
    "unreadable",
)  # fmt: skip
COUNTED = COLUMNS[1:10]  # the columns that add up over the batch, "references" to "warnings"


def write_outputs(results: Sequence[Screened], folder: Path) -> Path:
    """Write every report and the summaries under `folder`; the HTML page's path."""
    reports = folder / "reports"
    reports.mkdir(parents=True, exist_ok=True)
    links = _report_names(results)
    for screened in results:
        stem = links[screened.name]
        if screened.report_json:
            _write(reports / f"{stem}.json", screened.report_json)
            _write(reports / f"{stem}.md", screened.report_markdown)
    rows = [_row(screened, f"reports/{links[screened.name]}") for screened in results]
    _write(folder / "summary.csv", _csv(rows))
    totals = {name: sum(int(getattr(r, name)) for r in results) for name in COUNTED}
    summary = {"version": 1, "manuscripts": len(rows), "totals": totals, "rows": rows}
    _write(folder / "summary.json", json.dumps(summary, indent=2, ensure_ascii=False) + "\n")
    page = folder / "index.html"
    _write(page, render_page(rows, totals))
    return page


def _report_names(results: Sequence[Screened]) -> dict[str, str]:
    """A file name per manuscript: its name made safe, numbered where two would collide."""
    names: dict[str, str] = {}
    used: set[str] = set()
    for screened in results:
        stem = re.sub(r"[^A-Za-z0-9._-]+", "_", screened.name).strip("._") or "manuscript"
        candidate, number = stem, 1
        while candidate.lower() in used:
            number += 1
            candidate = f"{stem}-{number}"
        used.add(candidate.lower())
        names[screened.name] = candidate
    return names


def _row(screened: Screened, report: str) -> dict[str, object]:
    data = asdict(screened)
    row: dict[str, object] = {name: data.get(name, "") for name in COLUMNS}
    row["manuscript"] = screened.name
    row["report"] = report if screened.report_json else ""
    row["flagged"] = "; ".join(screened.flagged)
    row["unreadable"] = "; ".join(screened.unreadable)
    return row


def _csv(rows: Sequence[dict[str, object]]) -> str:
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=COLUMNS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return buffer.getvalue()


def _write(path: Path, text: str) -> None:
    write_atomically(path, text.encode("utf-8"), backup=False)
