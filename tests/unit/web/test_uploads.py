"""Uploads become files under names the server makes, within the count and size limits."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from cite_sentinel.web.limits import Limits
from cite_sentinel.web.names import UploadError, free_name, safe_name
from cite_sentinel.web.uploads import PASTED_NAME, Upload, store

BIB = b"@article{a, title = {A}, author = {B, C}, year = {2020}}\n"


@pytest.mark.parametrize(
    ("given", "made"),
    [
        ("refs.bib", "refs.bib"),
        ("../../etc/passwd.bib", "passwd.bib"),
        ("C:\\Users\\me\\paper.pdf", "paper.pdf"),
        (".hidden.bib", "hidden.bib"),
        ("..", "upload"),
        ("", "upload"),
        ("ré sumé;$(rm -rf).md", "ré sumé_rm -rf_.md"),
    ],
)
def test_a_stored_name_is_a_plain_name_made_from_the_last_part_of_what_was_sent(
    given: str, made: str
) -> None:
    assert safe_name(given) == made


def test_a_long_name_is_cut_keeping_its_suffix() -> None:
    name = safe_name("x" * 300 + ".bib")
    assert len(name) <= 100
    assert name.endswith(".bib")


def test_a_second_file_of_a_name_is_numbered(tmp_path: Path) -> None:
    (tmp_path / "refs.bib").write_bytes(b"")
    assert free_name(tmp_path, "refs.bib") == tmp_path / "refs-2.bib"


def test_files_and_pasted_text_are_stored_inside_the_folder(tmp_path: Path) -> None:
    folder = tmp_path / "check"
    uploads = [Upload("../../refs.bib", BIB), Upload("refs.bib", BIB), Upload("a.exe", b"MZ")]
    stored = store(uploads, "Smith, J. (2020). A title. Journal, 1, 2-3.", folder, Limits())
    assert [p.name for p in stored.inputs] == ["refs.bib", "refs-2.bib", PASTED_NAME]
    assert all(p.parent == folder for p in stored.inputs)
    assert stored.notes == (stored.notes[0],)
    assert stored.notes[0].startswith("left out a.exe: cite-sentinel reads .bib")
    assert {p.name for p in tmp_path.rglob("*") if p.is_file()} == {
        "refs.bib",
        "refs-2.bib",
        PASTED_NAME,
    }


def test_a_bundle_becomes_a_folder_of_its_own(tmp_path: Path) -> None:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as bundle:
        bundle.writestr("paper/refs.bib", BIB)
    stored = store([Upload("source.zip", buffer.getvalue())], "", tmp_path / "c", Limits())
    assert stored.inputs == (tmp_path / "c" / "source",)
    assert (tmp_path / "c" / "source" / "paper" / "refs.bib").read_bytes() == BIB


def test_a_bundle_with_nothing_readable_is_left_out_with_a_note(tmp_path: Path) -> None:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as bundle:
        bundle.writestr("figure.png", b"x")
    stored = store([Upload("figures.zip", buffer.getvalue())], "", tmp_path / "c", Limits())
    assert stored.empty
    assert stored.notes[0].startswith("left out figures.zip: it holds no file")


@pytest.mark.parametrize(
    ("uploads", "pasted", "said"),
    [
        ([Upload(f"{n}.bib", BIB) for n in range(4)], "", "4 files is more than the 3"),
        ([Upload("big.bib", b"%" * 1200)], "", "big.bib is larger than"),
        ([Upload("a.bib", b"%" * 900), Upload("b.bib", b"%" * 900)], "", "the files add up to"),
        ([], "x" * 5000, "the pasted text is longer than 4,000 characters"),
    ],
)
def test_an_upload_beyond_a_limit_is_refused_before_anything_is_written(
    tmp_path: Path, uploads: list[Upload], pasted: str, said: str
) -> None:
    limits = Limits(files=3, file_bytes=1000, upload_bytes=1500, pasted_chars=4000)
    with pytest.raises(UploadError, match=said):
        store(uploads, pasted, tmp_path / "check", limits)
    assert not (tmp_path / "check").exists()


def test_a_folder_chosen_in_the_browser_keeps_its_layout_without_hidden_or_unread_files(
    tmp_path: Path,
) -> None:
    uploads = [
        Upload("subs/p1/refs.bib", BIB),
        Upload("subs/p1/figure.png", b"\x89PNG"),
        Upload("subs/.git/refs.bib", BIB),
        Upload("subs/p2/paper.md", b"See [@a].\n"),
        Upload("subs/p2/../../../escape.bib", BIB),
    ]
    stored = store(uploads, "", tmp_path / "c", Limits())
    assert stored.inputs == (tmp_path / "c" / "subs", tmp_path / "c" / "escape.bib")
    files = {p.relative_to(tmp_path / "c").as_posix() for p in tmp_path.rglob("*") if p.is_file()}
    assert files == {"subs/p1/refs.bib", "subs/p2/paper.md", "escape.bib"}
