"""Quick-fix edits are written by core.fix: whole values, the entry's layout, LaTeX escaped."""

from __future__ import annotations

from cite_sentinel.core import Location, Person, Reference
from cite_sentinel.core.fix import Change, FixField
from cite_sentinel.core.sources.bibtex import read_bibtex
from cite_sentinel.core.workspace import ACCEPT_MARK
from cite_sentinel.lsp.features.bib_edits import accept_comment, newline_of, set_fields
from lsprotocol import types

BIB = """% a comment
@article{wrapped,
  title = {A Title Written
           Over Two Lines},
  journal = "J" # " of Things",
  year = 2019,
}
"""


def _points(location: Location) -> types.Range:
    return types.Range(
        start=types.Position(line=location.line - 1, character=location.column - 1),
        end=types.Position(line=location.end_line - 1, character=location.end_column - 1),
    )


def _apply(text: str, edit: types.TextEdit) -> str:
    lines = text.splitlines(keepends=True)
    start, end = edit.range.start, edit.range.end
    offset_start = sum(len(line) for line in lines[: start.line]) + start.character
    offset_end = sum(len(line) for line in lines[: end.line]) + end.character
    return text[:offset_start] + edit.new_text + text[offset_end:]


def _entry(text: str = BIB) -> Reference:
    (reference,) = read_bibtex(text, "refs.bib").references
    return reference


def _set(text: str, *changes: Change) -> str:
    edit = set_fields(_entry(text), _points, changes)
    assert edit is not None
    return _apply(text, edit)


def test_a_title_over_two_lines_is_replaced_whole() -> None:
    result = _set(BIB, Change(FixField.TITLE, "The Real Title"))
    assert "  title = {The Real Title},\n  journal" in result
    assert "Over Two Lines" not in result
    assert _entry(result).title == "The Real Title"


def test_a_concatenated_value_is_replaced_with_all_its_parts() -> None:
    result = _set(BIB, Change(FixField.VENUE, "Journal of Things"))
    assert "  journal = {Journal of Things},\n" in result
    assert _entry(result).venue == "Journal of Things"


def test_a_bare_number_stays_bare_and_the_rest_of_the_entry_is_kept() -> None:
    assert _set(BIB, Change(FixField.YEAR, "2020")) == BIB.replace("year = 2019", "year = 2020")


def test_a_missing_field_is_added_in_the_entrys_layout() -> None:
    result = _set(BIB, Change(FixField.DOI, "10.1000/xyz"))
    assert result == BIB.replace("  year = 2019,\n", "  year = 2019,\n  doi = {10.1000/xyz},\n")
    assert _entry(result).identifiers.doi == "10.1000/xyz"


def test_a_title_with_latex_specials_is_escaped_and_reads_back_the_same() -> None:
    """Written raw, `100% of R&D_costs` would comment out the rest of the line in LaTeX."""
    result = _set(BIB, Change(FixField.TITLE, "100% of R&D_costs"))
    assert "  title = {100\\% of R\\&D\\_costs},\n" in result
    assert _entry(result).title == "100% of R&D_costs"


def test_verified_authors_are_written_in_the_form_the_entry_uses() -> None:
    text = "@article{k,\n  author = {A Smith},\n  title = {T}\n}\n"
    result = _set(text, Change(FixField.AUTHORS, "", (Person(family="Garg", given="Jugal"),)))
    assert result == text.replace("A Smith", "J Garg")


CRLF = BIB.replace("\n", "\r\n")


def test_a_field_added_to_a_crlf_file_ends_with_crlf_like_its_lines() -> None:
    edited = _set(CRLF, Change(FixField.DOI, "10.1/x"))
    assert "  doi = {10.1/x},\r\n" in edited
    assert "\n" not in edited.replace("\r\n", "")


def test_the_accept_comment_in_a_crlf_file_ends_with_crlf() -> None:
    (entry,) = read_bibtex(CRLF, "refs.bib").references
    lines = CRLF.splitlines(keepends=True)
    edited = _apply(CRLF, accept_comment(entry, _points, newline_of(lines)))
    assert f"% {ACCEPT_MARK}\r\n@article{{wrapped," in edited
    assert "\n" not in edited.replace("\r\n", "")
