"""`cite-sentinel batch` refuses what would start no work or overwrite a summary, saying why."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cite_sentinel.commands import run_command
from cite_sentinel.core.batch.manuscripts import manuscripts_in
from cite_sentinel.core.batch.postgres_queue import PostgresQueue

from tests.conftest import ROOT


@pytest.fixture
def submissions(tmp_path: Path) -> Path:
    folder = tmp_path / "submissions"
    folder.mkdir()
    (folder / "paper-1.bib").write_bytes((ROOT / "examples" / "refs.bib").read_bytes())
    return folder


@pytest.mark.parametrize("workers", ["-3", "-1"])
def test_a_negative_number_of_workers_is_refused_before_anything_is_queued(
    submissions: Path, tmp_path: Path, workers: str, capsys: pytest.CaptureFixture[str]
) -> None:
    output = tmp_path / "report"
    status = run_command(["batch", str(submissions), "--output", str(output), "--workers", workers])
    assert status == 2
    assert f"--workers {workers}: give the number of worker processes, 1 or more" in (
        capsys.readouterr().err
    )
    assert not output.exists()


def test_a_queue_that_is_not_postgresql_is_refused_and_makes_no_folder(
    submissions: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    monkeypatch.chdir(tmp_path)
    status = run_command(["batch", str(submissions), "--queue", "sqlite:///x"])
    assert status == 2
    assert "--queue sqlite:///x: give a postgresql:// URL" in capsys.readouterr().err
    assert not (tmp_path / "sqlite:").exists()


def test_a_mistyped_batch_name_is_refused_and_the_summary_is_kept(
    submissions: Path, tmp_path: Path, postgres_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    queue = PostgresQueue(postgres_url, "submissions")
    queue.enqueue(manuscripts_in(submissions))
    queue.close()
    output = tmp_path / "report"
    output.mkdir()
    summary = json.dumps({"version": 1, "manuscripts": 1, "rows": ["kept"]})
    (output / "summary.json").write_text(summary, encoding="utf-8")
    status = run_command(
        ["batch", "--queue", postgres_url, "--name", "submisions", "--output", str(output)]
    )
    assert status == 2
    assert "--name submisions: the queue" in capsys.readouterr().err
    assert (output / "summary.json").read_text(encoding="utf-8") == summary
