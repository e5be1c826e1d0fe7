"""The batch summary as one static HTML page: counts per verdict, a sortable table, links."""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence

_SHOWN = ("references", "verified", "miscited", "fabricated", "unverified", "retracted",
          "accepted", "errors", "warnings")  # fmt: skip
# Clicking a column head sorts by it (numbers as numbers); a second click reverses.
_SCRIPT = """
document.querySelectorAll("th").forEach((head, column) => head.addEventListener("click", () => {
  const body = head.closest("table").tBodies[0];
  const down = head.dataset.order !== "down";
  head.dataset.order = down ? "down" : "up";
  const key = row => row.cells[column].dataset.value ?? row.cells[column].textContent;
  const rows = Array.from(body.rows).sort((a, b) => {
    const x = key(a), y = key(b);
    const order = isNaN(x) || isNaN(y) ? x.localeCompare(y) : Number(x) - Number(y);
    return down ? -order : order;
  });
  rows.forEach(row => body.appendChild(row));
}));
"""
_STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em; }
table { border-collapse: collapse; }
th, td { padding: .3em .7em; border-bottom: 1px solid #ddd; text-align: right; }
th { cursor: pointer; background: #f4f4f4; }
td:first-child, th:first-child { text-align: left; }
.fabricated { color: #b00020; font-weight: bold; }
.counts span { margin-right: 1.5em; }
td.flagged { text-align: left; font-size: .9em; max-width: 40em; }
tr.unreadable td:first-child::after { content: " ⚠ a file could not be read"; color: #b00020; }
tr.failed td:first-child::after { content: " ⚠ not screened"; color: #b00020; }
.unreadable-note { color: #b00020; }
"""


def render_page(rows: Sequence[Mapping[str, object]], totals: Mapping[str, int]) -> str:
    """The page; every value from the manuscripts is escaped."""
    counts = "".join(
        f'<span class="{name}">{name}: <b>{totals.get(name, 0):,}</b></span>' for name in _SHOWN
    )
    heads = "".join(f"<th>{name}</th>" for name in ("manuscript", *_SHOWN, "flagged", "report"))
    body = "\n".join(_row(row) for row in rows)
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        "<title>cite-sentinel batch summary</title>"
        f"<style>{_STYLE}</style></head><body>\n"
        f"<h1>Reference check of {len(rows):,} manuscripts</h1>\n"
        f'<p class="counts">{counts}</p>\n'
        f"<table><thead><tr>{heads}</tr></thead><tbody>\n{body}\n</tbody></table>\n"
        f"<script>{_SCRIPT}</script></body></html>\n"
    )


def _row(row: Mapping[str, object]) -> str:
    name = html.escape(str(row["manuscript"]))
    cells = [f"<td>{name}</td>"]
    for column in _SHOWN:
        value = int(str(row.get(column) or 0))
        marked = ' class="fabricated"' if column == "fabricated" and value else ""
        cells.append(f'<td data-value="{value}"{marked}>{value}</td>')
    flagged = str(row.get("flagged") or "")
    cells.append(f'<td class="flagged">{html.escape(flagged)}</td>')
    unreadable = str(row.get("unreadable") or "")
    note = (
        f'<br><span class="unreadable-note">could not read: {html.escape(unreadable)}</span>'
        if unreadable
        else ""
    )
    report = str(row.get("report") or "")
    if report:
        link = html.escape(report, quote=True)
        cells.append(
            f'<td><a href="{link}.md">report</a> · <a href="{link}.json">json</a>{note}</td>'
        )
    else:
        failure = html.escape(str(row.get("failure") or "not screened"))
        cells.append(f"<td>{failure}{note}</td>")
    marked = (
        ' class="unreadable"' if unreadable else ' class="failed"' if row.get("failure") else ""
    )
    return f"<tr{marked}>" + "".join(cells) + "</tr>"
