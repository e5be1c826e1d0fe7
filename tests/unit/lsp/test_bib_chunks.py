"""An edited bibliography reads the same as a fresh reading, re-reading only what changed."""

from __future__ import annotations

import pytest
from cite_sentinel.core.sources.bibtex import read_bibtex
from cite_sentinel.lsp.bib_chunks import BibRead, BibReader

ENTRY = (
    "@article{{k{n},\n  title = {{Title {n}}},\n  author = {{Smith, A}},\n"
    "  year = {{2001}},\n}}\n\n"
)
BIB = "% notes\n" + "".join(ENTRY.format(n=n) for n in range(6))


def _view(reading: BibRead) -> tuple[object, ...]:
    return (
        [(r.key, r.location, r.key_location, r.title) for r in reading.read.references],
        sorted((f.code, str(f.location), f.message) for f in reading.findings),
        [(k.key, k.location) for k in reading.keys],
    )


def _edited(before: str, old: str, new: str) -> str:
    assert old in before
    return before.replace(old, new, 1)


EDITS = [
    ("Title 2}", "Title 2 and more}"),  # typing inside a value
    ("  year = {2001},\n}\n\n@article{k3", "  year = {2001},\n\n\n}\n\n@article{k3"),  # new lines
    (ENTRY.format(n=1), ""),  # an entry deleted
    ("@article{k4", "@book{new,\n  title = {New},\n  year = 1999,\n}\n\n@article{k4"),  # added
    (
        "  author = {Smith, A},\n  year = {2001},\n}\n\n@article{k5",
        "}\n\n@article{k5",
    ),  # fields gone
    ("Title 0}", "Title 0"),  # a brace lost
    ("Title 2}", "Title 2\n@home and away}"),  # a line of a value starting with an @
    ("Title 4},", "Title 4},\n@book{k4b,"),  # an entry opened inside another
]


@pytest.mark.parametrize(("old", "new"), EDITS)
def test_an_edit_reads_like_a_fresh_reading_of_the_new_text(old: str, new: str) -> None:
    reader = BibReader()
    reader.read(BIB, "refs.bib")
    text = _edited(BIB, old, new)
    assert _view(reader.read(text, "refs.bib")) == _view(BibReader().read(text, "refs.bib"))


def test_an_entry_left_open_at_the_end_reads_the_same_once_another_is_typed_after_it() -> None:
    reader = BibReader()
    left_open = BIB + "@article{new,\n  title = {Open},\n"
    reader.read(left_open, "refs.bib")
    text = left_open + "@book{next,\n  title = {Next},\n  year = 2001,\n}\n"
    again = reader.read(text, "refs.bib")
    assert _view(again) == _view(BibReader().read(text, "refs.bib"))
    assert any("not closed before the next entry" in f.message for f in again.findings)


def test_entries_below_an_added_line_move_down_by_one() -> None:
    reader = BibReader()
    before = reader.read(BIB, "refs.bib").read.references
    after = reader.read(BIB.replace("Title 1},", "Title 1},\n"), "refs.bib").read.references
    assert [r.location.line for r in after[2:]] == [r.location.line + 1 for r in before[2:]]
    assert after[0] is before[0]  # untouched above: the same reading, not a new one


def test_a_file_with_string_macros_is_read_whole() -> None:
    text = '@string{jn = "Journal of Things"}\n' + BIB.replace("year", "journal = jn,\n  year")
    reading = BibReader().read(text, "refs.bib")
    assert {r.venue for r in reading.read.references} == {"Journal of Things"}


def test_a_field_missing_in_one_entry_is_found_after_an_edit_elsewhere() -> None:
    reader = BibReader()
    text = BIB.replace("  author = {Smith, A},\n", "", 1)
    reader.read(text, "refs.bib")
    reading = reader.read(text.replace("Title 5", "Title Five"), "refs.bib")
    assert [(f.code, f.key) for f in reading.findings] == [("missing-field", "k0")]


def test_an_unchanged_entry_keeps_its_fields_at_its_new_place_and_a_changed_one_is_read() -> None:
    reader = BibReader()
    reader.read(BIB, "refs.bib")
    text = "% a new line\n" + BIB.replace("Title 4", "Title 4, renamed")
    fresh = read_bibtex(text, "refs.bib").references
    for reference in fresh:
        start = text.index(f"@article{{{reference.key},")
        piece = text[start : text.find("\n@", start) + 1 or len(text)]
        last = text.find("\n@", start) < 0
        line = text.count("\n", 0, start)
        (found,) = reader.entries(piece, last, line, "refs.bib")
        assert found.title == reference.title
        assert (found.location, found.key_location) == (reference.location, reference.key_location)
