"""`cite-sentinel batch` as a program: worker processes, a resumable local queue, a shared
PostgreSQL queue that survives a killed worker, one report per manuscript and a summary."""

from __future__ import annotations

import csv
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from cite_sentinel.core.batch.local_queue import LocalQueue
from cite_sentinel.core.batch.manuscripts import manuscripts_in
from cite_sentinel.core.batch.postgres_queue import PostgresQueue

from tests.fakeapi import FakeApi

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
pytestmark = pytest.mark.slow


def _batch(*args: str) -> subprocess.Popen[str]:
    environment = {k: v for k, v in os.environ.items() if k not in {"FORCE_COLOR", "CI"}}
    return subprocess.Popen(
        [sys.executable, "-m", "cite_sentinel", "batch", *args],
        cwd=ROOT, env=environment, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip


def _finish(process: subprocess.Popen[str]) -> tuple[int, str, str]:
    out, err = process.communicate(timeout=300)
    return process.returncode, out, err


@pytest.fixture
def manuscripts(tmp_path: Path) -> Path:
    """Four manuscripts: a Markdown paper with its .bib, a LaTeX one, a list, a lone .bib."""
    folder = tmp_path / "submissions"
    for name, document in (("paper-7", "paper.md"), ("paper-9", "paper.tex")):
        (folder / name).mkdir(parents=True)
        (folder / name / document).write_bytes((EXAMPLES / document).read_bytes())
        (folder / name / "refs.bib").write_bytes((EXAMPLES / "refs.bib").read_bytes())
    (folder / "paper-11.txt").write_bytes((EXAMPLES / "references-apa.txt").read_bytes())
    (folder / "paper-12.bib").write_bytes((EXAMPLES / "grounded.bib").read_bytes())
    return folder


def test_a_batch_reports_every_manuscript_once_and_a_rerun_screens_nothing_again(
    fake_api: FakeApi, manuscripts: Path, tmp_path: Path
) -> None:
    output = tmp_path / "report"
    code, _, err = _finish(_batch(str(manuscripts), "--output", str(output), "--workers", "2"))
    assert code == 1, err  # the examples hold fabricated references
    assert "4 manuscripts in" in err and "4 to screen" in err
    rows = list(csv.DictReader((output / "summary.csv").open(encoding="utf-8")))
    assert [r["manuscript"] for r in rows] == ["paper-11.txt", "paper-12.bib", "paper-7", "paper-9"]
    assert all(int(r["references"]) > 0 and r["attempts"] == "1" for r in rows), (rows, err)
    assert int(rows[2]["fabricated"]) >= 1
    report = (output / "reports" / "paper-7.json").read_text(encoding="utf-8")
    assert '"path": "paper.md"' in report or '"path": "refs.bib"' in report
    assert 'href="reports/paper-9.md"' in (output / "index.html").read_text(encoding="utf-8")
    asked = fake_api.stats().total
    code, _, err = _finish(_batch(str(manuscripts), "--output", str(output)))
    assert "0 to screen" in err and fake_api.stats().total == asked
    assert list(csv.DictReader((output / "summary.csv").open(encoding="utf-8"))) == rows


def test_a_resumed_batch_says_what_is_left_and_the_page_names_flagged_and_unread_files(
    fake_api: FakeApi, manuscripts: Path, tmp_path: Path
) -> None:
    (manuscripts / "paper-13").mkdir()
    (manuscripts / "paper-13" / "paper.md").write_text(
        "---\nbibliography: gone.bib\n---\nAs shown [@x].\n", encoding="utf-8"
    )
    output = tmp_path / "report"
    queue = LocalQueue(output / "batch.sqlite")  # a run stopped before any worker finished
    queue.enqueue(manuscripts_in(manuscripts))
    queue.close()
    code, _, err = _finish(_batch(str(manuscripts), "--output", str(output), "--workers", "2"))
    assert code == 1, err
    assert "5 manuscripts in" in err
    assert "5 to screen (5 left unfinished by an earlier run)" in err
    rows = {r["manuscript"]: r for r in csv.DictReader((output / "summary.csv").open())}
    assert "okafor2021 (fabricated)" in rows["paper-7"]["flagged"]
    assert "back1993 (miscited)" in rows["paper-7"]["flagged"]
    assert "gone.bib" in rows["paper-13"]["unreadable"]
    page = (output / "index.html").read_text(encoding="utf-8")
    assert "okafor2021 (fabricated)" in page
    assert '<tr class="unreadable"><td>paper-13</td>' in page and "could not read: " in page


def test_a_killed_workers_manuscript_is_finished_by_the_others_exactly_once(
    fake_api: FakeApi, manuscripts: Path, tmp_path: Path, postgres_url: str
) -> None:
    queue = PostgresQueue(postgres_url, "submissions")
    queue.enqueue(manuscripts_in(manuscripts))
    holder = subprocess.Popen([sys.executable, "-c", _HOLD, postgres_url], stdout=subprocess.PIPE,
                              text=True)  # fmt: skip
    output = tmp_path / "report"
    batch = None
    try:
        assert holder.stdout is not None
        held = holder.stdout.readline().strip()  # a worker on another machine took one and hangs
        batch = _batch(str(manuscripts), "--queue", postgres_url, "--output", str(output),
                       "--workers", "2")  # fmt: skip
        deadline = time.monotonic() + 240
        while len(queue.results()) < 3 and time.monotonic() < deadline:
            time.sleep(0.2)
        assert len(queue.results()) == 3 and batch.poll() is None  # the others wait for it
        holder.kill()
        holder.wait(timeout=30)
        code, _, err = _finish(batch)
    finally:
        for process in (holder, batch):
            if process is not None and process.poll() is None:
                process.kill()
    assert code == 1, err
    rows = {r["manuscript"]: r for r in csv.DictReader((output / "summary.csv").open())}
    assert sorted(rows) == ["paper-11.txt", "paper-12.bib", "paper-7", "paper-9"]
    assert rows[held]["attempts"] == "2" and int(rows[held]["references"]) > 0
    assert all(r["attempts"] == "1" for name, r in rows.items() if name != held)
    queue.close()


_HOLD = """
import sys, time
from cite_sentinel.core.batch.postgres_queue import PostgresQueue
queue = PostgresQueue(sys.argv[1], "submissions")  # kept: its open transaction holds the claim
claim = queue.claim("elsewhere:1")
print(claim.manuscript.name, flush=True)
time.sleep(600)
"""
