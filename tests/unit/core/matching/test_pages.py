"""Page ranges compare as a reader reads them: a missing last page is no other page."""

from __future__ import annotations

from cite_sentinel.core.matching.pages import (
    PageRange,
    completes,
    doi_in_pages,
    other_pages,
    page_range,
)


def test_a_record_with_only_the_first_page_names_no_other_pages() -> None:
    assert not other_pages("341--359", "341")
    assert not other_pages("13040--13045", "13040")
    assert not other_pages("341", "341-359")


def test_other_first_or_last_pages_are_other_pages() -> None:
    assert other_pages("341--359", "342-359")
    assert other_pages("341--359", "341-360")
    assert other_pages("e1003", "e1004")


def test_abbreviated_last_pages_and_labels_are_read_as_written_out() -> None:
    assert page_range("pp. 341-59") == PageRange("341", "359")
    assert not other_pages("341–359", "341-59")
    assert page_range("1973–1973") == PageRange("1973", "")


def test_a_doi_in_the_pages_is_no_page_and_is_found() -> None:
    pages = "e0123, doi:10.1371/journal.pone.0000123."
    assert page_range(pages) == PageRange("e0123", "")
    assert doi_in_pages(pages) == "10.1371/journal.pone.0000123"
    assert page_range("https://doi.org/10.1/x") == PageRange()


def test_pages_without_a_readable_page_never_differ() -> None:
    assert not other_pages("12:1--12:20", "1-20")
    assert not other_pages("", "1-20")


def test_a_cited_first_page_is_completed_by_a_range_starting_there() -> None:
    assert completes("341", "341-359")
    assert not completes("341-359", "341-360")
    assert not completes("340", "341-359")
