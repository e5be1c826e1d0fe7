"""Local full texts: Zotero/Better BibTeX `file` fields, a --fulltext folder, PDF and Word."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from cite_sentinel.core.ground.fulltext import (
    file_field_paths,
    file_paths,
    full_text,
    read_document,
)
from cite_sentinel.core.model import Identifiers, Location, Reference

PAGE_TEXT = "Aspirin lowered stroke risk by a third"


def _pdf(path: Path, text: str) -> Path:
    """A one-page PDF with `text` in Helvetica, written by hand (offsets computed)."""
    stream = f"BT /F1 12 Tf 72 720 Td ({text}) Tj ET".encode("latin-1")
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] "
        b"/Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
        b"<< /Length %d >>\nstream\n%s\nendstream" % (len(stream), stream),
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1,
        xref,
    )
    path.write_bytes(bytes(out))
    return path


def _reference(bib: Path, file_field: str = "", doi: str = "") -> Reference:
    fields = (("file", file_field),) if file_field else ()
    return Reference(
        key="smith2020",
        location=Location.point(str(bib), 1, 1),
        fields=fields,
        identifiers=Identifiers(doi=doi),
    )


def test_zotero_file_field_lists_every_attachment_relative_to_the_bib(tmp_path: Path) -> None:
    value = "Full Text:files/12/x.pdf:application/pdf;Snapshot:files/12/y.html:text/html"
    assert file_field_paths(value, tmp_path) == (
        tmp_path / "files/12/x.pdf",
        tmp_path / "files/12/y.html",
    )


def test_better_bibtex_file_field_and_escaped_windows_paths(tmp_path: Path) -> None:
    assert file_field_paths(":papers/a.pdf:application/pdf", tmp_path) == (
        tmp_path / "papers/a.pdf",
    )
    (windows,) = file_field_paths(r"PDF:C\:/Users/me/a.pdf:application/pdf", tmp_path)
    assert str(windows).endswith("Users/me/a.pdf") and "C:" in str(windows)
    assert file_field_paths("plain.pdf", tmp_path) == (tmp_path / "plain.pdf",)


def test_the_pdf_named_by_the_file_field_is_read(tmp_path: Path) -> None:
    (tmp_path / "files").mkdir()
    _pdf(tmp_path / "files" / "x.pdf", PAGE_TEXT)
    found = full_text(_reference(tmp_path / "refs.bib", "Full Text:files/x.pdf:application/pdf"))
    assert found is not None
    assert PAGE_TEXT in found.text
    assert found.path.endswith("x.pdf")


def test_a_fulltext_folder_is_searched_by_doi_with_slashes_as_underscores(tmp_path: Path) -> None:
    folder = tmp_path / "texts"
    folder.mkdir()
    (folder / "10.1000_xyz.txt").write_text("The full text of the work.", encoding="utf-8")
    found = full_text(_reference(tmp_path / "refs.bib", doi="10.1000/xyz"), folder)
    assert found is not None and found.text == "The full text of the work."


def test_a_word_document_named_by_key_is_read(tmp_path: Path) -> None:
    from docx import Document

    document = Document()
    document.add_paragraph("Statins reduce cardiovascular events.")
    document.save(str(tmp_path / "smith2020.docx"))
    found = full_text(_reference(tmp_path / "refs.bib"), tmp_path)
    assert found is not None and "Statins reduce" in found.text


def test_a_damaged_pdf_gives_no_text_rather_than_an_error(tmp_path: Path) -> None:
    broken = tmp_path / "smith2020.pdf"
    broken.write_bytes(b"%PDF-1.4 this is not a pdf")
    assert read_document(broken) == ""
    assert full_text(_reference(tmp_path / "refs.bib"), tmp_path) is None


def test_an_unreadable_pdf_is_named_with_the_reason_in_a_warning(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    broken = tmp_path / "smith2021.pdf"
    broken.write_bytes(b"%PDF-1.4 this is not a pdf either")
    with caplog.at_level(logging.WARNING):
        assert read_document(broken) == ""
    (said,) = [r.getMessage() for r in caplog.records if str(broken) in r.getMessage()]
    assert "no full text:" in said and "using the abstract instead" in said


def test_no_file_field_and_no_folder_means_no_full_text(tmp_path: Path) -> None:
    assert full_text(_reference(tmp_path / "refs.bib")) is None


def _read_bib(bib: Path, file_field: str) -> Reference:
    from cite_sentinel.core.sources.bibtex import read_bibtex

    text = "@article{smith2020,\n  title = {T},\n  file = {" + file_field + "}\n}\n"
    bib.write_text(text, encoding="utf-8")
    (reference,) = read_bibtex(text, str(bib)).references
    return reference


def test_a_file_field_read_from_a_bib_keeps_the_path_as_zotero_wrote_it(tmp_path: Path) -> None:
    # Zotero and Better BibTeX escape only \ ; : in the file field, never LaTeX: a name with
    # "--", "~" or an apostrophe is the file's real name, not an en dash, a space or an accent.
    (tmp_path / "files" / "12").mkdir(parents=True)
    name = "Smith et al. - 2020 - Aspirin--a ~review, it's ``new''; really.pdf"
    _pdf(tmp_path / "files" / "12" / name, PAGE_TEXT)
    value = f"Full Text:files/12/{name.replace(';', chr(92) + ';')}:application/pdf"
    found = full_text(_read_bib(tmp_path / "refs.bib", value))
    assert found is not None and PAGE_TEXT in found.text
    assert found.path.endswith(name)


def test_an_escaped_windows_path_in_a_bib_keeps_its_drive_and_folders(tmp_path: Path) -> None:
    value = r"Full Text PDF:C\:\\Users\\me\\Zotero\\storage\\AB12\\x.pdf:application/pdf"
    (path,) = file_paths(_read_bib(tmp_path / "refs.bib", value))
    assert str(path).endswith(r"C:\Users\me\Zotero\storage\AB12\x.pdf")


def test_an_unescaped_windows_path_keeps_its_backslashes(tmp_path: Path) -> None:
    (path,) = file_paths(_read_bib(tmp_path / "refs.bib", r":C:\Users\me\x.pdf:PDF"))
    assert str(path).endswith(r"C:\Users\me\x.pdf")
