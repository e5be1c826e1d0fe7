"""Identifiers are found wherever people write them and spelled one way for the indexes."""

from __future__ import annotations

import pytest
from cite_sentinel.core.model import Identifiers
from cite_sentinel.core.sources.identifiers import (
    arxiv_problem,
    arxiv_version,
    doi_problem,
    find_identifiers,
    find_identifiers_in_text,
    isbn_problem,
    normalise_arxiv,
    normalise_doi,
    normalise_isbn,
    normalise_pmcid,
    normalise_pmid,
)


@pytest.mark.parametrize(
    ("written", "doi"),
    [
        ("10.1038/nature14539", "10.1038/nature14539"),
        ("doi:10.1038/NATURE14539", "10.1038/nature14539"),
        ("DOI: 10.1038/nature14539.", "10.1038/nature14539"),
        ("https://doi.org/10.1038/nature14539", "10.1038/nature14539"),
        ("http://dx.doi.org/10.1038/nature14539", "10.1038/nature14539"),
        ("https://doi.org/10.1038%2Fnature14539", "10.1038/nature14539"),
        ("<https://doi.org/10.1038/nature14539>", "10.1038/nature14539"),
        ("https://doi.org/10.1016/S0140-6736(20)30183-5", "10.1016/s0140-6736(20)30183-5"),
        ("(see 10.1016/S0140-6736(20)30183-5).", "10.1016/s0140-6736(20)30183-5"),
        ("[doi:10.1000/abc]", "10.1000/abc"),
        (
            "https://link.springer.com/article/10.1007/s11263-015-0816-y",
            "10.1007/s11263-015-0816-y",
        ),
        (
            "https://onlinelibrary.wiley.com/doi/10.1111/j.1365-2958.2006.05172.x/full",
            "10.1111/j.1365-2958.2006.05172.x",
        ),
        (
            "https://journals.plos.org/plosone/article?id=10.1371/journal.pone.0001234",
            "10.1371/journal.pone.0001234",
        ),
        (
            "10.1002/(SICI)1097-4636(199706)35:4<443::AID-JBM4>3.0.CO;2-F",
            "10.1002/(sici)1097-4636(199706)35:4<443::aid-jbm4>3.0.co;2-f",
        ),
        ("10.48550/arXiv.1706.03762", "10.48550/arxiv.1706.03762"),
        ("no identifier here", ""),
        ("10.12/too-short", ""),
        ("", ""),
    ],
)
def test_a_doi_is_found_and_normalised_however_it_is_written(written: str, doi: str) -> None:
    assert normalise_doi(written) == doi


@pytest.mark.parametrize(
    ("written", "arxiv", "version"),
    [
        ("2101.00001", "2101.00001", ""),
        ("1706.03762v5", "1706.03762", "v5"),
        ("arXiv:1706.03762v5", "1706.03762", "v5"),
        ("arXiv preprint arXiv:1706.03762", "1706.03762", ""),
        ("https://arxiv.org/abs/1706.03762v2", "1706.03762", "v2"),
        ("https://arxiv.org/pdf/2101.00001v1.pdf", "2101.00001", "v1"),
        ("10.48550/arXiv.1706.03762", "1706.03762", ""),
        ("hep-th/9901001", "hep-th/9901001", ""),
        ("arXiv:hep-th/9901001v3", "hep-th/9901001", "v3"),
        ("math.GT/0309136", "math/0309136", ""),
        ("pages 1234.5678 of a book", "", ""),
        ("", "", ""),
    ],
)
def test_an_arxiv_id_is_found_without_its_version(written: str, arxiv: str, version: str) -> None:
    assert normalise_arxiv(written) == arxiv
    assert arxiv_version(written) == version


@pytest.mark.parametrize(
    ("written", "isbn"),
    [
        ("978-0-306-40615-7", "9780306406157"),
        ("0-306-40615-2", "9780306406157"),
        ("ISBN 0-8044-2957-X", "9780804429573"),
        ("ISBN-13: 978 0 306 40615 7", "9780306406157"),
        ("978-0-262-03384-8, 0262033844", "9780262033848"),
        ("0-306-40615-3", ""),
        ("12345", ""),
    ],
)
def test_an_isbn_becomes_thirteen_digits_when_its_check_digit_holds(
    written: str, isbn: str
) -> None:
    assert normalise_isbn(written) == isbn


def test_pubmed_ids_are_read_bare_prefixed_or_from_links() -> None:
    assert normalise_pmid("PMID: 0012345") == "12345"
    assert normalise_pmid("https://pubmed.ncbi.nlm.nih.gov/31452104/") == "31452104"
    assert normalise_pmid("not one") == ""
    assert normalise_pmcid("PMC6613453") == "PMC6613453"
    assert normalise_pmcid("6613453") == "PMC6613453"
    assert normalise_pmcid("https://www.ncbi.nlm.nih.gov/pmc/articles/PMC6613453/") == "PMC6613453"


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        ({"doi": "https://doi.org/10.1000/ABC"}, Identifiers(doi="10.1000/abc")),
        (
            {"url": "https://doi.org/10.1000/abc"},
            Identifiers(doi="10.1000/abc", url="https://doi.org/10.1000/abc"),
        ),
        ({"note": "doi: 10.1000/abc."}, Identifiers(doi="10.1000/abc")),
        ({"eprint": "1706.03762v5", "archiveprefix": "arXiv"}, Identifiers(arxiv="1706.03762")),
        ({"eprint": "1706.03762", "eprinttype": "arxiv"}, Identifiers(arxiv="1706.03762")),
        ({"journal": "arXiv preprint arXiv:1706.03762"}, Identifiers(arxiv="1706.03762")),
        ({"eprint": "31452104", "eprinttype": "pubmed"}, Identifiers(pmid="31452104")),
        (
            {"pmid": "31452104", "pmcid": "PMC6613453"},
            Identifiers(pmid="31452104", pmcid="PMC6613453"),
        ),
        ({"isbn": "0-306-40615-2", "issn": "0028-0836"}, Identifiers(isbn="9780306406157")),
        (
            {"howpublished": "\\url{https://example.org/a}"},
            Identifiers(url="https://example.org/a"),
        ),
        ({"title": "On 10.1000/abc"}, Identifiers()),
    ],
)
def test_identifiers_are_found_in_the_fields_people_put_them_in(
    fields: dict[str, str], expected: Identifiers
) -> None:
    assert find_identifiers(fields) == expected


def test_identifiers_are_found_in_a_free_text_reference() -> None:
    text = (
        "Smith, J. (2020). Deep nets. Nature, 521(7553), 436–444. "
        "https://doi.org/10.1038/nature14539. PMID: 26017442; PMCID: PMC1234567. arXiv:1706.03762."
    )
    found = find_identifiers_in_text(text)
    assert found == Identifiers(
        doi="10.1038/nature14539",
        arxiv="1706.03762",
        pmid="26017442",
        pmcid="PMC1234567",
        url="https://doi.org/10.1038/nature14539",
    )


def test_a_book_reference_in_free_text_gives_its_isbn() -> None:
    found = find_identifiers_in_text(
        "Knuth, D. (1997). The Art. Addison-Wesley. ISBN 0-201-89683-4."
    )
    assert found.isbn == "9780201896831"


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("10.12/abc", 'registrant code "12"'),
        ("10.1000", 'no "/"'),
        ("https://example.org/paper", "is not a DOI"),
        ("10.1000/ab c", "contains a space"),
    ],
)
def test_a_malformed_doi_is_explained_naming_the_value(value: str, words: str) -> None:
    problem = doi_problem(value)
    assert words in problem
    assert value in problem


@pytest.mark.parametrize(
    "value", ["10.1038/nature14539", "https://doi.org/10.1038/nature14539", "doi:10.1000/x", ""]
)
def test_a_well_formed_doi_has_no_problem(value: str) -> None:
    assert doi_problem(value) == ""


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("1713.00001", "month 13"),
        ("1501.0001", "4-digit number"),
        ("0612.0001", "before new-style ids"),
        ("hep-th/9913001", "month 13"),
        ("hep-th/1201001", "old-style ids run from 1991 to 2007"),
        ("see the website", "not an arXiv identifier"),
    ],
)
def test_a_malformed_arxiv_id_is_explained_naming_the_value(value: str, words: str) -> None:
    problem = arxiv_problem(value)
    assert words in problem
    assert value in problem


@pytest.mark.parametrize(
    "value", ["1706.03762v5", "0704.0001", "hep-th/9901001", "arXiv:2101.00001"]
)
def test_a_well_formed_arxiv_id_has_no_problem(value: str) -> None:
    assert arxiv_problem(value) == ""


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("0-306-40615-3", "check digit 3, expected 2"),
        ("978-0-306-40615-8", "check digit 8, expected 7"),
        ("12345", "has 5 digits"),
        ("123-0-306-40615-7", "starts with 123"),
        ("0-306-4061S-2", "contains 'S'"),
    ],
)
def test_a_malformed_isbn_is_explained_naming_the_value(value: str, words: str) -> None:
    problem = isbn_problem(value)
    assert words in problem
    assert value in problem


def test_a_field_with_two_valid_isbns_has_no_problem() -> None:
    assert isbn_problem("978-0-262-03384-8, 0262033844") == ""


def test_an_arxiv_doi_with_a_version_is_the_papers_registered_doi() -> None:
    assert normalise_doi("10.48550/arXiv.2101.00001v2") == "10.48550/arxiv.2101.00001"
    assert normalise_doi("https://doi.org/10.48550/arXiv.2101.00001v12") == (
        "10.48550/arxiv.2101.00001"
    )
    assert normalise_doi("10.1000/journal.v2") == "10.1000/journal.v2"  # only arXiv's


def test_a_biorxiv_doi_with_a_version_is_the_papers_registered_doi() -> None:
    assert normalise_doi("10.1101/2023.12.12.569610v1") == "10.1101/2023.12.12.569610"
    assert normalise_doi("https://doi.org/10.1101/123456v3") == "10.1101/123456"
    assert normalise_doi("10.1101/gr.123456v1") == "10.1101/gr.123456v1"  # a journal's DOI
