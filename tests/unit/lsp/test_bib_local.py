"""A large bibliography's local findings, read in pieces, are exactly the full reader's."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from cite_sentinel.core import Code, Config, Finding, Location
from cite_sentinel.core.check import Document
from cite_sentinel.core.lint import lint
from cite_sentinel.core.sources.bibtex import read_bibtex
from cite_sentinel.lsp.bib_local import LocalRead, LocalReader
from hypothesis import given, settings
from hypothesis import strategies as st

PATH = "refs.bib"
GOOD = "@article{{k{n},\n  title = {{Title {n}}},\n  author = {{Smith, A}},\n  year = {n}\n}}\n\n"

# Entries the quick pattern reads, and entries only the full reader reads (or finds fault with).
SNIPPETS = [
    "@article{plain,\n  author = {Doe, J},\n  title = {A {B}ig {\\'E}t{\\'e}},\n  year = 2001}\n",
    "@Book{caps,\n\tAuthor = {Doe, J},\n\tTitle = {Caps},\n\tYear = {2001},\n\tMonth = jan}\n",
    '@misc{quoted, author = "Roe, R", title = "Quoted", date = "2020-01"}\n',
    "@article{nodoi,\n  author = {A, B},\n  title = {T},\n  year = {2001},\n  doi = {11.5/x},\n}\n",
    "@article{gooddoi, author = {A, B}, title = {T}, year = {2001}, doi = {10.1000/xyz}}\n",
    "@book{isbn, author = {A, B}, title = {T}, year = {2001}, isbn = {978-0-00-000000-1}}\n",
    "@misc{arx, author = {A}, title = {T}, year = 2001, eprint = {99.1}, eprinttype = {arXiv}}\n",
    "@article{notitle,\n  author = {Doe, J},\n  year = {2001},\n}\n",
    "@article{emptytitle, author = {Doe}, title = {{}}, year = {2001}}\n",
    "@article{accentonly, author = {\\'{E}mile}, title = {\\relax}, year = {2001}}\n",
    "@book{edited, editor = {Ed, E}, title = {T}, year = {2001}}\n",
    "@misc{corp, organization = {ACME}, title = {T}, year = {2001}}\n",
    "@article{macro, author = {A}, title = {T}, journal = jnl, year = {2001}}\n",
    "@article{hash, author = {A}, title = {T} # { more}, year = {2001}}\n",
    "@article{open, author = {A}, title = {T, year = {2001}}\n",
    "@article{nocomma author = {A}, title = {T}}\n",
    "@article{missingcomma, author = {A} title = {T}, year = {2001}}\n",
    "@article(paren, author = {A}, title = {T}, year = {2001})\n",
    "@article{deep, author = {A}, title = {{{{Deep}}}}, year = {2001}}\n",
    "@article{comment, author = {A}, % a note\n title = {T}, year = {2001}}\n",
    "@comment{not an entry}\n",
    '@preamble{ "\\newcommand{\\x}{y}" }\n',
    "% notes between entries with an e-mail: someone@example.org\n",
    "@article{dup, author = {A}, title = {T}, year = {2001}}\n",
    "@article{trailing, author = {A}, title = {T}, year = {2001}} text after @ it\n",
    "@article{, author = {A}, title = {T}, year = {2001}}\n",
    "@article{unclosed, author = {A},\n  title = {T},\n",
]


def _full(text: str) -> tuple[list[Finding], list[tuple[str, Location, Location | None]]]:
    """What the full reader and lint say: every local finding but the cross-file ones."""
    read = read_bibtex(text, PATH)
    cross = (Code.UNDEFINED_KEY, Code.UNUSED_ENTRY)
    found = [f for f in lint([Document(PATH, read)], Config(unused_entries=False))]
    keys = [(r.key, r.location, r.key_location) for r in read.references]
    return [f for f in found if f.code not in cross], keys


def _local(
    reading: LocalRead | None,
) -> tuple[list[Finding], list[tuple[str, Location, Location | None]]]:
    assert reading is not None
    keys = [(k.key, k.location, k.key_location) for k in reading.keys()]  # noqa: SIM118 (a method, not a dict)
    return list(reading.findings), keys


@pytest.mark.parametrize(("before", "after"), list(itertools.product(SNIPPETS, SNIPPETS)))
def test_each_pair_of_entries_gives_the_full_readers_findings_and_places(
    before: str, after: str
) -> None:
    text = GOOD.format(n=1) + before + after + GOOD.format(n=2) + before
    assert _local(LocalReader().read(text, PATH)) == _full(text)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(SNIPPETS), max_size=8), st.sampled_from(["", "\n", "  ", "x"]))
def test_any_file_of_such_entries_gives_the_full_readers_findings(
    chosen: list[str], tail: str
) -> None:
    text = "".join(chosen) + tail
    assert _local(LocalReader().read(text, PATH)) == _full(text)


@pytest.mark.parametrize("name", ["contextlab_cdl.bib", "scipy-1.0_references.bib"])
def test_a_real_bibliography_gives_the_full_readers_findings(data: Path, name: str) -> None:
    text = (data / "real-bibs" / name).read_text(encoding="utf-8")
    assert _local(LocalReader().read(text, PATH)) == _full(text)


BASE = "% notes\n" + "".join(GOOD.format(n=n) for n in range(6)) + SNIPPETS[7] + SNIPPETS[3]
EDITS = [
    ("Title 2}", "Title 2 and more}"),  # typing inside a value
    ("  year = 3\n}\n", "  year = 3\n\n\n}\n"),  # lines added
    (GOOD.format(n=1), ""),  # an entry deleted
    ("@article{k4", "@book{new,\n  title = {New},\n  year = 1999,\n}\n\n@article{k4"),  # added
    ("Title 0}", "Title 0"),  # a brace lost
    ("@article{k5", "@article{k1"),  # a key written twice
    (SNIPPETS[3], ""),  # the last entry deleted
    (SNIPPETS[3], SNIPPETS[3] + SNIPPETS[-1]),  # an unclosed entry at the end
    (BASE, ""),  # everything deleted
]


@pytest.mark.parametrize(("old", "new"), EDITS)
def test_an_edit_reads_like_a_fresh_reading_of_the_new_text(old: str, new: str) -> None:
    reader = LocalReader()
    reader.read(BASE, PATH)
    text = BASE.replace(old, new, 1)
    assert _local(reader.read(text, PATH)) == _full(text)


def test_a_key_written_twice_points_back_to_the_first() -> None:
    text = BASE.replace("@article{k5", "@article{k1")
    reading = LocalReader().read(text, PATH)
    assert reading is not None
    (duplicate,) = [f for f in reading.findings if f.code == Code.DUPLICATE_KEY]
    assert duplicate.key == "k1"
    assert duplicate.related[0].line == BASE.count("\n", 0, BASE.index("@article{k1")) + 1


def test_a_file_with_string_macros_or_parents_is_left_to_the_full_reader() -> None:
    assert LocalReader().read('@string{jn = "J"}\n' + BASE, PATH) is None
    parent = "@book{p, title = {P}, author = {A}, year = 2000}\n"
    child = "@inbook{c, crossref = {p}, title = {C}}\n"
    assert LocalReader().read(BASE + parent + child, PATH) is None


def test_keys_above_an_added_line_are_reused_and_those_below_move_down() -> None:
    reader = LocalReader()
    first = reader.read(BASE, PATH)
    assert first is not None
    before = first.keys()
    text = BASE.replace("Title 3}", "Title 3},\n  note = {new line}")
    after = reader.read(text, PATH)
    assert after is not None
    keys = after.keys()
    assert keys[:3] == before[:3] and keys[0] is before[0]
    assert [k.location.line for k in keys[5:]] == [k.location.line + 1 for k in before[5:]]
    assert _local(after) == _full(text)


@pytest.mark.parametrize(("old", "new"), EDITS)
def test_each_key_is_found_at_its_place_and_by_its_name_after_an_edit(old: str, new: str) -> None:
    reader = LocalReader()
    reader.read(BASE, PATH)
    reading = reader.read(BASE.replace(old, new, 1), PATH)
    assert reading is not None
    for key in reading.keys():  # noqa: SIM118 (a method, not a dict)
        where = key.key_location
        assert where is not None
        for column in (where.column, where.end_column):
            found = reading.at(where.line, column)
            assert found is not None and (found.key, found.key_location) == (key.key, where)
        assert any(
            place[0] == key.key for piece, _ in reading.holding(key.key) for place in piece.places
        )
    assert reading.at(1, 1) is None  # the notes line holds no key
    assert reading.holding("absent") == []


def test_a_key_written_twice_is_held_by_both_pieces() -> None:
    reading = LocalReader().read(BASE.replace("@article{k5", "@article{k1"), PATH)
    assert reading is not None
    assert len(reading.holding("k1")) == 2
