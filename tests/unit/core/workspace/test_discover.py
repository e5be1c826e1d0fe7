"""Discovery: which files of a folder a check reads."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from cite_sentinel.core.workspace.discover import discover, is_excluded


def _tree(root: Path, *names: str) -> None:
    for name in names:
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text("", encoding="utf-8")


def test_a_pattern_ending_in_a_slash_excludes_that_folder_and_all_below(tmp_path: Path) -> None:
    _tree(tmp_path, "paper.md", "drafts/old.md", "drafts/deep/older.bib", "notdrafts/x.md")
    files, _ = discover([str(tmp_path)], ["drafts/"])
    found = sorted(Path(name).relative_to(tmp_path).as_posix() for name in files)
    assert found == ["notdrafts/x.md", "paper.md"]


def test_a_folder_pattern_matches_relative_paths_and_globs() -> None:
    assert is_excluded("drafts/a.bib", ["drafts/"])
    assert is_excluded("chapters/old-1/a.md", ["old-*/"])
    assert not is_excluded("drafts.md", ["drafts/"])
    assert not is_excluded("a/b.md", ["/"])


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes need a POSIX system")
def test_a_named_pipe_called_md_is_not_taken_from_a_folder(tmp_path: Path) -> None:
    _tree(tmp_path, "paper.md")
    os.mkfifo(tmp_path / "pipe.md")
    files, _ = discover([str(tmp_path)])
    assert [Path(name).name for name in files] == ["paper.md"]
