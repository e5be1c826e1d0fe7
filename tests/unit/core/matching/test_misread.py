"""Which free-text titles may be misread, so that nothing is called fabricated on them: the
reader says how sure it was of the title; a title it doubted, too short to name a work or made
of a journal's abbreviations, is never grounds for "fabricated"."""

from __future__ import annotations

import pytest
from cite_sentinel.core.matching.misread import SURE_TITLE, misread_title
from cite_sentinel.core.model import Location, Reference


def _reference(title: str, certainty: float = 0.99, source_format: str = "reflist") -> Reference:
    return Reference(
        key="k",
        location=Location.point("refs.txt", 1, 1),
        title=title,
        source_format=source_format,
        confidence=(("title", certainty),),
    )


@pytest.mark.parametrize("certainty", [0.2, 0.6, SURE_TITLE - 0.01])
def test_a_title_its_reader_doubted_is_misread(certainty: float) -> None:
    assert misread_title(_reference("Fertility and sterility 104", certainty))


@pytest.mark.parametrize(
    "title",
    [
        "Results of the 2019 survey, part 2",
        "COVID-19 in 2020: a review",
        "Attention",
        "CRISPR",
        "Deep learning",
        "J. S. Bach and the mathematics of the fugue",
    ],
)
def test_a_title_read_with_confidence_is_a_title(title: str) -> None:
    assert not misread_title(_reference(title))


@pytest.mark.parametrize("title", ["A. B.", "Data", "U.; Sohn"])
def test_a_title_too_short_to_name_a_work_is_misread_however_sure(title: str) -> None:
    assert misread_title(_reference(title))


def test_only_free_text_is_doubted() -> None:
    assert not misread_title(_reference("Human immunology 2001, 62, 1064", 0.1, "bibtex"))


def test_a_reader_that_states_no_confidence_is_trusted() -> None:
    reference = Reference(
        key="k", location=Location.point("r.txt", 1, 1), title="A study", source_format="reflist"
    )
    assert reference.certainty("title") == 1.0
    assert not misread_title(reference)


@pytest.mark.parametrize(
    "title",
    [
        "Am. j. orthod. dentofac. orthop.: off. publ. Am. Assoc. Orthod. const. soc",
        "Proc. Natl. Acad. Sci",
        "J. Am. Chem. Soc",
    ],
)
def test_a_journals_abbreviated_name_read_as_the_title_is_misread(title: str) -> None:
    assert misread_title(_reference(title))


@pytest.mark.parametrize(
    "title",
    ["The U.S. economy after 2008", "Vitamin D. status in adults, a review", "Dr. Strangelove"],
)
def test_a_title_with_a_few_abbreviations_is_a_title(title: str) -> None:
    assert not misread_title(_reference(title))
