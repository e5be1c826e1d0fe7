"""Entries written from records: the right BibTeX type, a usual key, fields that read back."""

from __future__ import annotations

from cite_sentinel.core import Identifiers, Person, Record
from cite_sentinel.core.sources.bibtex import read_bibtex
from cite_sentinel.mcp.entries import citation_key, record_entry

PAPER = Record(
    source="openalex",
    id="W1",
    title="Über {Graphs} & Networks: 50% Faster",
    people=(Person(family="Müller", given="Jörg"), Person(family="Smith", given="Ann")),
    year=2021,
    venue="Proceedings of the AAAI Conference on Artificial Intelligence",
    pages="10-20",
    kind="article",
    identifiers=Identifiers(doi="10.1609/aaai.v35i1.1"),
    url="https://doi.org/10.1609/AAAI.v35i1.1",
)


def test_an_entry_from_a_record_reads_back_as_the_record() -> None:
    (entry,) = read_bibtex(record_entry("muller2021uber", PAPER), "x.bib").references
    assert entry.kind == "inproceedings"  # OpenAlex's "article" in proceedings
    assert entry.title == PAPER.title
    assert [p.family for p in entry.people] == ["Müller", "Smith"]
    assert (entry.year, entry.venue, entry.identifiers.doi) == (
        2021,
        PAPER.venue,
        PAPER.identifiers.doi,
    )
    assert "  doi = {10.1609/AAAI.v35i1.1}," in record_entry(
        "k", PAPER
    )  # as the registry prints it


def test_a_preprint_is_a_misc_entry() -> None:
    preprint = Record(source="arxiv", id="2101.00001", title="A Preprint", is_preprint=True)
    assert record_entry("k", preprint).startswith("@misc{k,")


def test_a_key_is_family_year_and_first_word() -> None:
    assert citation_key(PAPER) == "muller2021uber"
    assert citation_key(Record(source="crossref", id="10.1/x", title="The Art")) == "art"
