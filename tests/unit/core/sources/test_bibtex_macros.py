"""@string macros expand within bounds: a doubling file costs its own findings, not the machine."""

from __future__ import annotations

from cite_sentinel.core.findings import Code
from cite_sentinel.core.sources.bibtex import read_bibtex
from cite_sentinel.core.sources.bibtex_macros import MAX_EXPANDED, MAX_VALUE


def _doubling(times: int) -> str:
    lines = ["@string{m0 = {ab}}"]
    lines += [f"@string{{m{i} = m{i - 1} # m{i - 1}}}" for i in range(1, times + 1)]
    return "\n".join(lines) + "\n"


def test_doubling_macros_are_cut_with_one_finding_where_the_limit_is_first_reached() -> None:
    text = _doubling(38) + "@article{bomb, title = m38, year = 2020}\n@article{next, title = {T}}\n"
    read = read_bibtex(text, "bomb.bib")
    limits = [f for f in read.findings if f.code == Code.INPUT_LIMIT]
    assert len(limits) == 1
    first_cut = next(i for i in range(40) if 2 * 2**i > MAX_VALUE)  # m{i} holds 2 * 2**i chars
    assert limits[0].location.line == first_cut + 1
    assert f"'m{first_cut}'" in limits[0].message
    assert "write the value out" in (limits[0].hint or "")
    bomb, after = read.references
    assert len(bomb.title) == MAX_VALUE
    assert (after.key, after.title) == ("next", "T")


def test_a_field_that_joins_long_macros_is_cut_and_named_by_its_entry() -> None:
    half = "x" * (MAX_VALUE // 2 + 1)
    text = f"@string{{half = {{{half}}}}}\n@article{{long, title = half # half}}\n"
    read = read_bibtex(text, "long.bib")
    (finding,) = [f for f in read.findings if f.code == Code.INPUT_LIMIT]
    assert "entry 'long'" in finding.message
    assert finding.key == "long"
    assert finding.location.line == 2
    assert len(read.references[0].title) == MAX_VALUE


def test_expansions_stop_for_the_whole_file_once_its_budget_is_spent() -> None:
    big = "y" * (MAX_VALUE - 10)
    entries = MAX_EXPANDED // len(big) + 5
    text = f"@string{{big = {{{big}}}}}\n" + "".join(
        f"@misc{{e{i}, note = big}}\n" for i in range(entries)
    )
    read = read_bibtex(text, "many.bib")
    (finding,) = [f for f in read.findings if f.code == Code.INPUT_LIMIT]
    assert "in all" in finding.message
    notes = [reference.field("note") for reference in read.references]
    assert notes[0] == big
    assert notes[-1] == "big"  # past the budget a macro stands for its name
    assert sum(len(note) for note in notes) <= MAX_EXPANDED + len(notes) * 3


def test_ordinary_macros_and_undefined_ones_read_as_before() -> None:
    text = "@string{j = {Nature}}\n@article{a, journal = j # { Physics}, publisher = nope}\n"
    read = read_bibtex(text, "ok.bib")
    assert read.references[0].venue == "Nature Physics"
    assert [f.code for f in read.findings] == [Code.UNDEFINED_STRING]
