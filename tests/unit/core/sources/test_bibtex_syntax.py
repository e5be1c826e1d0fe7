"""The syntax wave: what a large bibliography shows before its full reading."""

from __future__ import annotations

from cite_sentinel.core import Location
from cite_sentinel.core.sources.bibtex_syntax import syntax_findings

GOOD = "@article{a,\n  title = {One {DNA} Title},\n}\n\n@book{b, title = {Two}}\n"


def test_a_well_formed_file_has_no_syntax_findings() -> None:
    assert syntax_findings(GOOD, "refs.bib") == ()


def test_an_entry_with_an_unclosed_brace_is_an_error_on_its_key() -> None:
    text = GOOD.replace("{DNA}", "{DNA")
    (found,) = syntax_findings(text, "refs.bib")
    assert (found.code, found.severity, found.key) == ("parse-error", "error", "a")
    assert found.location == Location("refs.bib", 1, 10, 1, 11)
    assert "opens 3 braces and closes 2" in found.message


def test_a_key_written_twice_points_to_the_first_copy() -> None:
    text = GOOD + "\n  @misc{a, title = {Again}}\n"
    (found,) = syntax_findings(text, "refs.bib")
    assert found.code == "duplicate-key"
    assert found.location == Location("refs.bib", 7, 9, 7, 10)
    assert found.related == (Location("refs.bib", 1, 10, 1, 11),)


def test_comments_and_macros_are_not_entries() -> None:
    text = "@comment{a}\n@string{a = {x}}\n" + GOOD
    assert syntax_findings(text, "refs.bib") == ()
