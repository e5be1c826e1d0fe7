"""Which free-text titles may be misread, so that nothing is called fabricated on them."""

from __future__ import annotations

import pytest
from cite_sentinel.core.matching.misread import misread_title
from cite_sentinel.core.model import Location, Reference


def _reference(title: str, source_format: str = "reflist", raw: str = "") -> Reference:
    location = Location.point("refs.txt", 1, 1)
    return Reference(key="k", location=location, title=title, source_format=source_format, raw=raw)


@pytest.mark.parametrize(
    "title",
    [
        "Fertility and sterility 2015, 104, 964-971",  # a journal and its locator
        "Physica C: Superconductivity 1997, 282-287",
        "Human immunology 2001, 62, 1064",
        "Journal of Magnetic Resonance",  # the journal, its series taken for the venue
        "Journal of Materials Science: Materials",
        "U.; Sohn",  # a piece of a name list
        "A. Belkadi et al.",
        "R. Chinnuswami",
        "A. B.",
        "Data",
    ],
)
def test_a_locator_or_a_piece_of_a_name_list_is_no_title(title: str) -> None:
    assert misread_title(_reference(title))


@pytest.mark.parametrize(
    "title",
    [
        "Results of the 2019 survey, part 2",
        "COVID-19 in 2020: a review",
        "The 2008 financial crisis and its aftermath",
        "Attention",
        "CRISPR",
        "Deep learning",
        "J. S. Bach and the mathematics of the fugue",
    ],
)
def test_titles_with_years_or_one_word_are_titles(title: str) -> None:
    assert not misread_title(_reference(title))


def test_a_title_that_runs_into_an_aps_volume_is_no_title() -> None:
    raw = "[161] K. Upson, S. Sathyanarayana, Fertility and sterility 104, 964 (2015)."
    assert misread_title(_reference("Fertility and sterility 104", raw=raw))
    titled = "[3] A. Doe, Results of the 2019 survey, part 2, Nature 12, 1 (2020)."
    assert not misread_title(_reference("Results of the 2019 survey, part 2", raw=titled))


def test_only_free_text_is_doubted() -> None:
    assert not misread_title(_reference("Human immunology 2001, 62, 1064", "bibtex"))
