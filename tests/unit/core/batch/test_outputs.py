"""A batch's summary: CSV, JSON and a sortable HTML page linking each manuscript's reports."""

from __future__ import annotations

import csv
import json
from pathlib import Path

from cite_sentinel.core.batch.jobs import Screened
from cite_sentinel.core.batch.outputs import write_outputs


def test_the_summary_counts_verdicts_and_links_every_report(tmp_path: Path) -> None:
    results = [
        Screened(name="<script>x</script>", references=3, verified=2, fabricated=1,
                 report_json="{}", report_markdown="# Reference check\n"),
        Screened(name="b/paper", references=5, verified=4, accepted=1, report_json="{}",
                 report_markdown="# ok\n", attempts=2),
        Screened(name="broken", failure="internal error: ValueError"),
    ]  # fmt: skip
    page = write_outputs(results, tmp_path)
    rows = list(csv.DictReader((tmp_path / "summary.csv").open(encoding="utf-8")))
    assert [(r["manuscript"], r["fabricated"], r["accepted"], r["attempts"]) for r in rows] == [
        ("<script>x</script>", "1", "0", "1"), ("b/paper", "0", "1", "2"),
        ("broken", "0", "0", "1"),
    ]  # fmt: skip
    summary = json.loads((tmp_path / "summary.json").read_text(encoding="utf-8"))
    assert summary["totals"]["references"] == 8 and summary["totals"]["fabricated"] == 1
    assert summary["totals"]["accepted"] == 1
    assert (tmp_path / "reports" / "b_paper.md").read_text(encoding="utf-8") == "# ok\n"
    html = page.read_text(encoding="utf-8")
    assert "&lt;script&gt;x&lt;/script&gt;" in html and "<script>x" not in html
    assert 'href="reports/b_paper.md"' in html and "internal error: ValueError" in html
    assert "fabricated: <b>1</b>" in html and 'addEventListener("click"' in html
