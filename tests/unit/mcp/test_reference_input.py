"""What a tool is given becomes one Reference, or a sentence saying what to give instead."""

from __future__ import annotations

import pytest
from cite_sentinel.core import InputError
from cite_sentinel.mcp.reference_input import query_reference, read_reference


@pytest.mark.parametrize(
    "text",
    [
        "doi:10.1162/NECO.1992.4.4.473",
        " 10.1162/neco.1992.4.4.473\n",
        "https://doi.org/10.1162/neco.1992.4.4.473",
    ],
)
def test_a_bare_doi_is_a_reference_citing_that_doi_and_nothing_else(text: str) -> None:
    reference, _ = read_reference(text)
    assert reference.identifiers.doi == "10.1162/neco.1992.4.4.473"
    assert (reference.title, reference.people, reference.year) == ("", (), None)


@pytest.mark.parametrize("text", ["arXiv:2101.00001v2", "2101.00001"])
def test_a_bare_arxiv_id_is_a_reference_citing_that_id(text: str) -> None:
    reference, _ = read_reference(text)
    assert reference.identifiers.arxiv == "2101.00001"


def test_the_form_is_told_by_the_first_character() -> None:
    bibtex, _ = read_reference("@article{k, title = {A Title}, year = 2020}")
    csl, _ = read_reference('{"id": "k", "title": "A Title", "issued": {"date-parts": [[2020]]}}')
    assert (bibtex.source_format, csl.source_format) == ("bibtex", "csl-json")


def test_a_title_alone_is_no_reference() -> None:
    with pytest.raises(InputError, match="no reference could be read"):
        read_reference("Attention is all you need")


def test_a_query_names_its_authors_as_people() -> None:
    query = query_reference(title="A Title", authors=["Lovelace, Ada", "Charles Babbage"])
    assert [p.family for p in query.people] == ["Lovelace", "Babbage"]


@pytest.mark.parametrize(
    ("given", "said"),
    [({"doi": "not a doi"}, "is not a DOI"), ({"authors": ["Hinton"]}, "give a title")],
)
def test_a_query_that_cannot_be_searched_says_why(given: dict[str, object], said: str) -> None:
    with pytest.raises(InputError, match=said):
        query_reference(**given)  # type: ignore[arg-type]
