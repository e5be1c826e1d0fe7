"""Paths in CI reports name the file as the repository does, whatever folder the job ran in."""

from __future__ import annotations

from pathlib import Path

import pytest
from cite_sentinel.core.report.paths import repository_path


def test_a_leading_dot_folder_is_dropped() -> None:
    assert repository_path("./chap/refs.bib") == "chap/refs.bib"


def test_a_path_from_a_job_in_a_subfolder_is_made_relative_to_the_repository(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "paper").mkdir()
    monkeypatch.chdir(tmp_path / "paper")
    assert repository_path("refs.bib", tmp_path) == "paper/refs.bib"
    assert repository_path("../shared/refs.bib", tmp_path) == "shared/refs.bib"


def test_absolute_paths_under_the_root_become_relative_and_others_stay_whole(
    tmp_path: Path,
) -> None:
    assert repository_path(str(tmp_path / "a" / "refs.bib"), tmp_path) == "a/refs.bib"
    outside = tmp_path.parent / "elsewhere.bib"
    assert repository_path(str(outside), tmp_path) == outside.as_posix()
