"""A common entry is read by one pattern; what the full reader reads otherwise is left to it."""

from __future__ import annotations

import pytest
from cite_sentinel.core.sources.bibtex_scan import scan_entry

TEXT = frozenset({"title", "author", "year"})
VALUES = frozenset({"doi", "eprint"})


def test_a_common_entry_gives_its_key_place_and_the_fields_asked_for() -> None:
    piece = "@Article{smith2020,\n  Author = {Smith, A},\n  Title = {Deep},\n  DOI = {10.1/x},\n}\n"
    scan = scan_entry(piece, TEXT, VALUES)
    assert scan is not None
    assert (scan.kind, scan.key, piece[scan.key_start :].startswith("smith2020")) == (
        "article",
        "smith2020",
        True,
    )
    assert piece[scan.start : scan.end] == piece.rstrip("\n")
    assert scan.present == {"author", "title"}
    assert scan.values == {"doi": "10.1/x"}


def test_the_first_of_repeated_fields_counts() -> None:
    scan = scan_entry("@misc{k, doi = {10.1/a}, doi = {10.1/b}}", TEXT, VALUES)
    assert scan is not None and scan.values == {"doi": "10.1/a"}


def test_a_field_that_decodes_to_nothing_is_not_present() -> None:
    scan = scan_entry("@misc{k, title = {{\\relax}}, author = {  }, year = 2001}", TEXT, VALUES)
    assert scan is not None and scan.present == {"year"}


def test_a_month_name_is_read_and_a_parent_is_noticed() -> None:
    scan = scan_entry("@misc{k, month = jan, crossref = {p}}", TEXT, VALUES)
    assert scan is not None and scan.parent


@pytest.mark.parametrize(
    "piece",
    [
        "@misc{k, journal = jnl}",  # a macro: the full reader says whether it is defined
        "@misc{k, title = {A} # {B}}",  # concatenation
        "@misc{k, title = {A}, % a comment\n year = 2001}",
        "@misc{k, title = {{{{deep}}}}}",  # braces deeper than the pattern follows
        "@misc(k, title = {A})",
        "@misc{k, title = {A} year = 2001}",  # a comma missing
        "@misc{k, title = {A}",  # never closed
        "@misc{k, title = {A}} and @misc{j, title = {B}}",  # a second entry on the line
        "@comment{k, title = {A}}",
        "@string{k = {A}}",
        "% only a comment\n",
    ],
)
def test_what_the_pattern_cannot_read_exactly_is_left_to_the_full_reader(piece: str) -> None:
    assert scan_entry(piece, TEXT, VALUES) is None
