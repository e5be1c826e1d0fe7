"""The per-manuscript table of a batch: a row per manuscript, the worst first, Markdown and CSV."""

from __future__ import annotations

import csv
import dataclasses
import io

from cite_sentinel.core import CheckResult, Citation, Location, Status, Verdict
from cite_sentinel.core.report.summary import (
    manuscript_rows,
    render_summary_csv,
    render_summary_markdown,
)


def _batch() -> CheckResult:
    """Two submissions: a.md cites a verified work, b.md a fabricated one twice."""
    citations = (
        Citation(key="good", location=Location.point("a/a.md", 3, 1)),
        Citation(key="ghost", location=Location.point("b/b.md", 2, 1)),
        Citation(key="ghost", location=Location.point("b/b.md", 5, 1)),
    )
    verdicts = (
        Verdict(key="good", status=Status.VERIFIED),
        Verdict(key="ghost", status=Status.FABRICATED),
    )
    return CheckResult(files=("a/a.md", "b/b.md"), citations=citations, verdicts=verdicts)


def test_the_manuscript_with_a_fabricated_reference_comes_first() -> None:
    rows = manuscript_rows(_batch())
    assert [row.path for row in rows] == ["b/b.md", "a/a.md"]
    assert (rows[0].citations, rows[0].references, rows[0].fabricated) == (2, 1, 1)
    assert (rows[1].verified, rows[1].fabricated) == (1, 0)


def test_csv_reads_back_with_a_header() -> None:
    rows = list(csv.DictReader(io.StringIO(render_summary_csv(_batch()))))
    assert [row["path"] for row in rows] == ["b/b.md", "a/a.md"]
    assert rows[0]["fabricated"] == "1" and rows[1]["verified"] == "1"


def test_markdown_has_a_header_and_a_row_per_manuscript() -> None:
    lines = render_summary_markdown(_batch()).splitlines()
    assert lines[0].startswith("| path | citations |")
    assert lines[2].startswith("| `b/b.md` | 2 | 1 | 0 | 0 | 1 |")
    assert len(lines) == 4


def test_without_manuscripts_each_file_gets_a_row(judged: CheckResult) -> None:
    bib_only = CheckResult(files=("refs.bib",), references=judged.references)
    assert [row.path for row in manuscript_rows(bib_only)] == ["refs.bib"]


def test_an_accepted_fabrication_does_not_put_its_manuscript_first() -> None:
    accepted = dataclasses.replace(_batch(), accepted=frozenset({"ghost"}))
    rows = manuscript_rows(accepted)
    assert [row.path for row in rows] == ["a/a.md", "b/b.md"]
    assert (rows[1].references, rows[1].fabricated) == (1, 0)
