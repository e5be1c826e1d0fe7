"""Which manuscripts a batch finds in a folder or a manifest."""

from __future__ import annotations

from pathlib import Path

import pytest
from cite_sentinel.core.batch.manuscripts import manuscripts_in
from cite_sentinel.core.errors import InputError


def test_each_subfolder_and_each_readable_top_file_is_one_manuscript(tmp_path: Path) -> None:
    (tmp_path / "alpha" / "sections").mkdir(parents=True)
    (tmp_path / "alpha" / "paper.tex").write_text("\\cite{a}", encoding="utf-8")
    (tmp_path / "alpha" / "sections" / "refs.bib").write_text("@misc{a}", encoding="utf-8")
    (tmp_path / "alpha" / "figure.png").write_bytes(b"\x89PNG")
    (tmp_path / "beta.bib").write_text("@misc{b}", encoding="utf-8")
    (tmp_path / "notes.docx").write_bytes(b"PK")
    (tmp_path / ".hidden").mkdir()
    found = manuscripts_in(tmp_path)
    assert [m.name for m in found] == ["alpha", "beta.bib"]
    assert [name for name, _ in found[0].files] == ["paper.tex", "sections/refs.bib"]


def test_a_manifest_names_manuscripts_relative_to_itself_and_a_wrong_line_is_located(
    tmp_path: Path,
) -> None:
    (tmp_path / "one.bib").write_text("@misc{a}", encoding="utf-8")
    manifest = tmp_path / "list.txt"
    manifest.write_text("# screened for PC 12\none.bib\n\n", encoding="utf-8")
    assert [m.name for m in manuscripts_in(manifest)] == ["one.bib"]
    manifest.write_text("one.bib\nmissing/paper.md\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"list.txt:2:1: error: missing/paper.md: no such file"):
        manuscripts_in(manifest)


def test_a_changed_file_changes_the_manuscripts_digest(tmp_path: Path) -> None:
    (tmp_path / "a.bib").write_text("@misc{a}", encoding="utf-8")
    before = manuscripts_in(tmp_path)[0].digest
    (tmp_path / "a.bib").write_text("@misc{b}", encoding="utf-8")
    assert manuscripts_in(tmp_path)[0].digest != before
