"""A .bib read in pieces, before and after edits, says exactly what the full reader says."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest
from cite_sentinel.core.model import Finding, Location, Reference
from cite_sentinel.core.sources.bibtex import read_bibtex
from cite_sentinel.core.sources.bibtex_incremental import (
    BibSnapshot,
    Entries,
    advance,
    complete,
    fresh_references,
)
from cite_sentinel.core.workspace.local_checks import ENTRY_CHECKS, finish, own_findings
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
CROSSING = [
    '@string{jn = "Journal of Things"}\n',
    "@book{parent, title = {P}, author = {A}, year = 2000}\n@inbook{child, crossref = {parent}}\n",
]

View = tuple[list[Finding], list[tuple[str, Location, Location | None]]]


def _full(text: str) -> tuple[View, tuple[Reference, ...]]:
    """The oracle: the full reader and lint's own findings of the file, its references."""
    read = read_bibtex(text, PATH)
    keys = [(r.key, r.location, r.key_location) for r in read.references]
    return (finish(own_findings(read), {}), keys), read.references


def _pieces(snapshot: BibSnapshot, entries: Entries) -> tuple[View, tuple[Reference, ...]]:
    keys = [(k.key, k.location, k.key_location) for k in snapshot.key_references()]
    findings = entries.read.findings if snapshot.crossing else snapshot.findings
    return (finish(findings, {}), keys if not snapshot.crossing else []), entries.read.references


def _both(text: str, before: str | None = None) -> None:
    """The pieces of `text` (advanced from `before`, completed reusing its entries) against the
    full reader."""
    previous = entries = None
    if before is not None:
        previous = advance(None, before, PATH, ENTRY_CHECKS)
        entries = complete(previous, None, ENTRY_CHECKS)
    snapshot = advance(previous, text, PATH, ENTRY_CHECKS)
    view, references = _pieces(snapshot, complete(snapshot, entries, ENTRY_CHECKS))
    full_view, full_references = _full(text)
    if snapshot.crossing:
        full_view = (full_view[0], [])
    assert view == full_view
    assert references == full_references


# The failure matrix (STYLE.md section 2), at a fraction of the cases: each snippet between
# good entries, followed by three others in turn, and repeated later in the file.
MATRIX = [
    (s, SNIPPETS[(n + step) % len(SNIPPETS)]) for n, s in enumerate(SNIPPETS) for step in (1, 9, 18)
]


@pytest.mark.parametrize(("before", "after"), MATRIX)
def test_each_snippet_among_others_reads_as_the_full_reader_reads_it(
    before: str, after: str
) -> None:
    _both(GOOD.format(n=1) + before + after + GOOD.format(n=2) + before)


@settings(max_examples=120, deadline=None)
@given(
    st.lists(st.sampled_from(SNIPPETS + CROSSING), max_size=8),
    st.sampled_from(["", "\n", "  ", "x"]),
)
def test_any_file_of_such_entries_reads_as_the_full_reader_reads_it(
    chosen: list[str], tail: str
) -> None:
    _both("".join(chosen) + tail)


@pytest.mark.parametrize("name", ["contextlab_cdl.bib", "scipy-1.0_references.bib"])
def test_a_real_bibliography_reads_as_the_full_reader_reads_it(data: Path, name: str) -> None:
    _both((data / "real-bibs" / name).read_text(encoding="utf-8"))


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
    ("Title 2}", "Title 2\n@home and away}"),  # a line of a value starting with an @
    ("Title 4},", "Title 4},\n@book{k4b,"),  # an entry opened inside another
    ("% notes\n", CROSSING[0]),  # a macro defined: read whole
    (BASE, ""),  # everything deleted
]


@pytest.mark.parametrize(("old", "new"), EDITS)
def test_an_edit_reads_like_a_fresh_reading_of_the_new_text(old: str, new: str) -> None:
    _both(BASE.replace(old, new, 1), before=BASE)


_EDIT_TEXT = st.sampled_from(["", "{", "}", "\n", "@article{x,", "\n@misc{y, title = {Y}}\n", "a"])


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(st.floats(0, 1), st.integers(0, 40), _EDIT_TEXT), min_size=1, max_size=4))
def test_generated_edits_read_like_fresh_readings_after_each_one(
    edits: list[tuple[float, int, str]],
) -> None:
    text = BASE + SNIPPETS[13] + SNIPPETS[14] + GOOD.format(n=9)
    snapshot = advance(None, text, PATH, ENTRY_CHECKS)
    entries = complete(snapshot, None, ENTRY_CHECKS)
    for where, removed, inserted in edits:
        at = int(where * len(text))
        text = text[:at] + inserted + text[at + removed :]
        snapshot = advance(snapshot, text, PATH, ENTRY_CHECKS)
        entries = complete(snapshot, entries, ENTRY_CHECKS)
        view, references = _pieces(snapshot, entries)
        full_view, full_references = _full(text)
        assert view == (full_view if not snapshot.crossing else (full_view[0], []))
        assert references == full_references


def test_entries_above_an_edit_are_kept_and_those_below_move_down() -> None:
    first = advance(None, BASE, PATH, ENTRY_CHECKS)
    before = first.key_references()
    entries = complete(first, None, ENTRY_CHECKS)
    text = BASE.replace("Title 3}", "Title 3},\n  note = {new line}")
    after = advance(first, text, PATH, ENTRY_CHECKS)
    keys = after.key_references()
    assert keys[0] is before[0]  # untouched above: the same reading, not a new one
    assert [k.location.line for k in keys[5:]] == [k.location.line + 1 for k in before[5:]]
    again = complete(after, entries, ENTRY_CHECKS)
    assert again.read.references[0] is entries.read.references[0]


@pytest.mark.parametrize(("old", "new"), EDITS[:-2])
def test_each_key_is_found_at_its_place_and_by_its_name_after_an_edit(old: str, new: str) -> None:
    snapshot = advance(
        advance(None, BASE, PATH, ENTRY_CHECKS), BASE.replace(old, new, 1), PATH, ENTRY_CHECKS
    )
    for key in snapshot.key_references():
        where = key.key_location
        assert where is not None
        for column in (where.column, where.end_column):
            found = snapshot.at(where.line, column)
            assert found is not None and (found.key, found.key_location) == (key.key, where)
        assert any(
            place[0] == key.key for piece, _ in snapshot.holding(key.key) for place in piece.places
        )
    assert snapshot.at(1, 1) is None  # the notes line holds no key
    assert snapshot.holding("absent") == []


def test_while_a_completion_is_pending_a_key_is_where_the_text_has_it_with_its_fields() -> None:
    first = advance(None, BASE, PATH, ENTRY_CHECKS)
    entries = complete(first, None, ENTRY_CHECKS)
    text = "% a new line\n" + BASE.replace("Title 4", "Title 4, renamed")
    typed = advance(first, text, PATH, ENTRY_CHECKS)
    full = read_bibtex(text, PATH).references
    for reference in full:
        (found,) = fresh_references(typed, entries, reference.key)
        assert found == reference


def test_a_key_written_twice_points_back_to_the_first() -> None:
    text = BASE.replace("@article{k5", "@article{k1")
    snapshot = advance(None, text, PATH, ENTRY_CHECKS)
    (duplicate,) = [f for f in snapshot.findings if f.code == "duplicate-key"]
    assert duplicate.key == "k1"
    assert duplicate.related[0].line == BASE.count("\n", 0, BASE.index("@article{k1")) + 1
    assert len(snapshot.holding("k1")) == 2


def test_reading_never_switches_the_garbage_collector(monkeypatch: pytest.MonkeyPatch) -> None:
    def refused() -> None:
        raise AssertionError("a reader switched the process's garbage collector")

    monkeypatch.setattr(gc, "disable", refused)
    monkeypatch.setattr(gc, "freeze", refused)
    text = BASE + CROSSING[0]
    complete(advance(None, BASE, PATH, ENTRY_CHECKS), None, ENTRY_CHECKS)
    complete(advance(None, text, PATH, ENTRY_CHECKS), None, ENTRY_CHECKS)


def test_a_completion_in_another_thread_reads_the_snapshot_it_was_handed() -> None:
    from concurrent.futures import ThreadPoolExecutor

    text = BASE * 40
    snapshot = advance(None, text, PATH, ENTRY_CHECKS)
    findings = snapshot.findings
    with ThreadPoolExecutor(1) as pool:
        reading = pool.submit(complete, snapshot, None, ENTRY_CHECKS)
        typed = snapshot
        for n in range(30):  # keystrokes read meanwhile, on this thread
            at = len(text) * n // 30
            typed = advance(typed, text[:at] + "x" + text[at:], PATH, ENTRY_CHECKS)
        entries = reading.result()
    assert entries.snapshot is snapshot and snapshot.findings == findings
    assert entries.read.references == read_bibtex(text, PATH).references
