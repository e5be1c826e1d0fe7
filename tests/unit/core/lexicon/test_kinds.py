"""One enum of kinds of work: every vocabulary maps onto it, and the places that read a kind
agree on what each type is."""

from __future__ import annotations

import pytest
from cite_sentinel.core.lexicon.kinds import (
    Kind,
    bibtex_type,
    csl_type,
    kind_of_bibtex,
    kind_of_csl,
    kind_of_index_type,
    kind_of_reference,
)
from cite_sentinel.core.model import Location, Person, Reference
from cite_sentinel.core.styles import apa_entry
from cite_sentinel.core.styles.ieee import work_kind

HERE = Location.point("refs.json", 1, 1)


@pytest.mark.parametrize(
    ("index_type", "kind"),
    [
        ("journal-article", Kind.ARTICLE),  # Crossref
        ("proceedings-article", Kind.PAPER),
        ("posted-content", Kind.PREPRINT),
        ("book-chapter", Kind.CHAPTER),
        ("dissertation", Kind.THESIS),  # OpenAlex, Crossref
        ("preprint", Kind.PREPRINT),  # OpenAlex, arXiv
        ("JournalArticle,Review", Kind.ARTICLE),  # Semantic Scholar's list
        ("Conference", Kind.PAPER),
        ("conferencepaper", Kind.PAPER),  # DataCite's resourceTypeGeneral, lower case
        ("paratext", Kind.OTHER),
        ("", Kind.UNKNOWN),
    ],
)
def test_each_indexs_type_names_a_kind(index_type: str, kind: Kind) -> None:
    assert kind_of_index_type(index_type) is kind


def test_every_kind_written_as_an_index_type_reads_back_as_itself() -> None:
    for kind in Kind:
        assert kind_of_index_type(str(kind)) is kind


def test_bibtex_and_csl_types_go_both_ways_through_the_kind() -> None:
    for entry_type in ("article", "inproceedings", "incollection", "book", "techreport"):
        assert bibtex_type(kind_of_bibtex(entry_type)) == entry_type
    for item_type in ("article-journal", "paper-conference", "chapter", "thesis", "dataset"):
        assert csl_type(kind_of_csl(item_type)) == item_type
    assert bibtex_type(Kind.PREPRINT) == bibtex_type(Kind.DATASET) == "misc"
    assert kind_of_bibtex("phdthesis") is kind_of_csl("thesis") is Kind.THESIS


def test_article_is_a_journal_article_in_bibtex_and_a_preprint_in_csl() -> None:
    bib = Reference(key="k", location=HERE, kind="article", source_format="bibtex")
    csl = Reference(key="k", location=HERE, kind="article", source_format="csl-json")
    read = Reference(key="k", location=HERE, kind="article", source_format="reflist")
    assert kind_of_reference(bib) is Kind.ARTICLE
    assert kind_of_reference(csl) is kind_of_reference(read) is Kind.PREPRINT
    odd = Reference(key="k", location=HERE, kind="inproceedings", source_format="csl-json")
    assert kind_of_reference(odd) is Kind.PAPER  # the other vocabulary where its own has none


def test_ieee_and_apa_both_render_a_csl_article_as_a_preprint() -> None:
    preprint = Reference(
        key="k",
        location=HERE,
        kind="article",
        source_format="csl-json",
        title="Scaling laws",
        people=(Person(family="Verma", given="Priya"),),
        year=2023,
        publisher="arXiv",
    )
    assert work_kind(preprint) == "preprint"
    rendered = apa_entry(preprint)
    assert rendered.markdown.startswith("Verma, P. (2023). *Scaling laws*. arXiv.")
