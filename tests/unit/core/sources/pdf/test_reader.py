"""A PDF's reference list read as every manuscript's is: entries, keys, fields, places."""

from __future__ import annotations

import pytest
from cite_sentinel.core.findings import Code
from cite_sentinel.core.model import Severity
from cite_sentinel.core.sources.pdf import read_pdf

from tests.support.pdf_papers import typeset

BIB = """
@inproceedings{okonkwo2019,
  author = {Okonkwo, Adaeze and Varga, Bence},
  title = {Sparse Graph Inference for Robust Representation Learning},
  booktitle = {Proceedings of the AAAI Conference on Artificial Intelligence},
  year = {2019},
  pages = {1201--1208},
  doi = {10.1609/aaai.v33i01.33011201},
}
@article{lindqvist2021,
  author = {Lindqvist, Ingrid and Tanaka, Haruto and Moreau, Camille},
  title = {Adaptive Signal Estimation with Stochastic Baselines},
  journal = {Journal of Machine Learning Research},
  year = {2021},
  volume = {22},
  pages = {1--34},
}
@inproceedings{haddad2017,
  author = {Haddad, Rami},
  title = {Semantic Benchmarks for Visual Language Models},
  booktitle = {Advances in Neural Information Processing Systems},
  year = {2017},
  pages = {410--418},
}
"""
TEXT = (
    "We study sparse graphs in depth, as others did @okonkwo2019. Stochastic baselines are "
    "known to help @lindqvist2021. Semantic benchmarks remain rare @haddad2017."
)


def _paper(
    style: str, *, columns: int = 1, text: str = TEXT, title: str = "auto", lines: bool = False
) -> bytes:
    source = (
        f'#set page(paper: "a5", columns: {columns}, numbering: "1")\n'
        + ('#set par.line(numbering: "1")\n' if lines else "")
        + f"= Introduction\n{text}\n"
        f'#bibliography("refs.bib", style: "{style}", title: {title})\n'
    )
    return typeset(source, {"refs.bib": BIB})


def test_a_numbered_list_gives_each_entry_its_printed_number_and_fields() -> None:
    read = read_pdf(_paper("ieee"), "paper.pdf")
    assert [ref.key for ref in read.references] == ["1", "2", "3"]
    first = read.references[0]
    assert first.title == "Sparse Graph Inference for Robust Representation Learning"
    assert [person.family for person in first.people] == ["Okonkwo", "Varga"]
    assert first.year == 2019
    assert first.identifiers.doi == "10.1609/aaai.v33i01.33011201"


@pytest.mark.parametrize("style", ["bmj", "the-lancet", "sist02"])
def test_numbers_printed_bare_or_spaced_label_their_entries(style: str) -> None:
    """BMJ and The Lancet print "1 Okonkwo A, …", SIST 02 "( 1) Okonkwo, Adaeze, …"."""
    read = read_pdf(_paper(style), "paper.pdf")
    assert [ref.key for ref in read.references] == ["1", "2", "3"]
    titles = {ref.title for ref in read.references}
    assert "Sparse Graph Inference for Robust Representation Learning" in titles
    assert "Adaptive Signal Estimation with Stochastic Baselines" in titles
    assert all(
        ref.people and ref.people[0].family in {"Okonkwo", "Lindqvist", "Haddad"}
        for ref in read.references
    )


@pytest.mark.parametrize(("style", "columns"), [("ieee", 1), ("ieee", 2), ("apa", 2), ("bmj", 1)])
def test_a_manuscripts_line_numbers_stay_out_of_its_references(style: str, columns: int) -> None:
    """A manuscript under review numbers every line in the margin."""
    read = read_pdf(_paper(style, columns=columns, lines=True), "paper.pdf")
    assert len(read.references) == 3
    titles = [ref.title for ref in read.references]
    assert "Adaptive Signal Estimation with Stochastic Baselines" in titles
    assert "Semantic Benchmarks for Visual Language Models" in titles
    families = {ref.people[0].family for ref in read.references if ref.people}
    assert families == {"Okonkwo", "Lindqvist", "Haddad"}


def test_an_author_year_list_keys_entries_by_first_author_and_year() -> None:
    read = read_pdf(_paper("apa"), "paper.pdf")
    assert sorted(ref.key for ref in read.references) == [
        "haddad2017",
        "lindqvist2021",
        "okonkwo2019",
    ]
    titles = {ref.key: ref.title for ref in read.references}
    assert titles["haddad2017"] == "Semantic Benchmarks for Visual Language Models"


def test_each_reference_is_located_by_page_and_printed_label() -> None:
    read = read_pdf(_paper("ieee"), "paper.pdf")
    where = read.references[1].location
    assert where.page == 1
    assert where.label == "[2]"
    assert str(where) == "paper.pdf:p1:[2]"


def test_an_unnumbered_entry_is_labelled_by_its_first_words() -> None:
    read = read_pdf(_paper("apa"), "paper.pdf")
    haddad = next(ref for ref in read.references if ref.key == "haddad2017")
    assert haddad.location.label.startswith("Haddad, R.")
    assert haddad.raw.startswith("Haddad, R. (2017). Semantic Benchmarks")


def test_numbered_markers_in_the_text_cite_their_entries() -> None:
    read = read_pdf(_paper("ieee"), "paper.pdf")
    assert [cit.key for cit in read.citations] == ["1", "2", "3"]
    assert "sparse graphs" in read.citations[0].sentence
    assert read.citations[0].location.label == "cited [1]"


def test_author_year_mentions_cite_their_entries() -> None:
    read = read_pdf(_paper("apa"), "paper.pdf")
    assert sorted(cit.key for cit in read.citations) == [
        "haddad2017",
        "lindqvist2021",
        "okonkwo2019",
    ]


def test_superscript_markers_cite_their_entries() -> None:
    read = read_pdf(_paper("nature"), "paper.pdf")
    assert sorted(cit.key for cit in read.citations) == ["1", "2", "3"]


def test_a_marker_beyond_the_list_is_an_error_naming_where_the_list_ends() -> None:
    read = read_pdf(_paper("ieee", text=TEXT + " A result without support \\[7\\]."), "paper.pdf")
    (dangling,) = [f for f in read.findings if f.code == Code.UNDEFINED_KEY]
    assert dangling.severity is Severity.ERROR
    assert "cited as [7] but the reference list ends at [3]" in dangling.message
    assert dangling.location.label == "cited [7]"


def test_an_author_year_citation_of_no_entry_is_reported() -> None:
    text = TEXT + " Nothing supports this (Whitfield et al., 2020)."
    read = read_pdf(_paper("apa", text=text), "paper.pdf")
    (dangling,) = [f for f in read.findings if f.code == Code.UNDEFINED_KEY]
    assert "Whitfield et al. 2020" in dangling.message


@pytest.mark.parametrize("heading", ["Literaturverzeichnis", "Références", "REFERENCES"])
def test_the_list_is_found_under_a_heading_in_other_languages(heading: str) -> None:
    read = read_pdf(_paper("ieee", title=f'"{heading}"'), "paper.pdf")
    assert len(read.references) == 3


def test_a_numbered_list_without_a_heading_is_found_at_the_end() -> None:
    read = read_pdf(_paper("ieee", title="none"), "paper.pdf")
    assert [ref.key for ref in read.references] == ["1", "2", "3"]


def test_two_columns_are_read_column_by_column() -> None:
    text = " ".join([TEXT] * 12)
    read = read_pdf(_paper("ieee", columns=2, text=text), "paper.pdf")
    assert [ref.key for ref in read.references] == ["1", "2", "3"]
    assert read.references[2].title == "Semantic Benchmarks for Visual Language Models"


def test_a_pdf_without_a_reference_list_says_so_and_checks_nothing() -> None:
    pdf = typeset('#set page(paper: "a5")\n= Notes\nNothing is cited here at all.\n')
    read = read_pdf(pdf, "notes.pdf")
    assert read.references == ()
    (finding,) = read.findings
    assert finding.severity is Severity.WARNING
    assert "no reference list found" in finding.message


def test_a_doi_link_is_the_identifier_where_the_printed_doi_is_cut() -> None:
    pdf = typeset(
        '#set page(paper: "a5")\n= Introduction\nAs shown before [1].\n= References\n'
        "[1] A. Okonkwo and B. Varga, “Sparse graph inference for robust representation "
        "learning,” _Journal of Machine Learning Research_, vol. 20, pp. 1–9, 2019, "
        '#link("https://doi.org/10.5555/jmlr.2019.00123")[doi:10.5555/jmlr…].\n'
        "\n[2] H. Tanaka, “Visual benchmarks revisited,” in _Proc. AAAI_, 2018, pp. 1–8.\n"
    )
    read = read_pdf(pdf, "paper.pdf")
    assert read.references[0].identifiers.doi == "10.5555/jmlr.2019.00123"
    assert read.references[1].title == "Visual benchmarks revisited"


_FAMILIES = ("Okonkwo", "Varga", "Lindqvist", "Tanaka", "Moreau", "Haddad", "Novak")


def test_running_heads_and_page_numbers_stay_out_of_entries_that_cross_pages() -> None:
    entries = "".join(
        f"@article{{w{n}, author = {{{_FAMILIES[n % len(_FAMILIES)]}, Alice and Other, Bob}}, "
        f"title = {{A Long Title Number {n} About {' '.join(['Stochastic'] * (n % 4))} Graph "
        f"Inference and Baselines}}, "
        f"journal = {{Journal of Machine Learning Research}}, year = {{2019}}, "
        f"pages = {{{n}--{n + 9}}}}}\n"
        for n in range(1, 31)
    )
    source = (
        '#set page(paper: "a6", numbering: "1", header: [Proceedings of Nothing 2024])\n'
        '= Introduction\nEverything is cited. #bibliography("refs.bib", style: "ieee", '
        "full: true)\n"
    )
    read = read_pdf(typeset(source, {"refs.bib": entries}), "paper.pdf")
    assert [ref.key for ref in read.references] == [str(n) for n in range(1, 31)]
    assert not any("Proceedings of Nothing" in ref.raw for ref in read.references)
    assert {ref.location.page for ref in read.references} != {1}
    assert all(ref.title.startswith("A Long Title Number") for ref in read.references)


def test_letters_beyond_the_basic_plane_are_read_as_whole_characters() -> None:
    """PDFium gives "𝓁" (U+1D4C1) as two UTF-16 halves, which no report or cache can write."""
    bib = (
        "@article{a, author = {Okonkwo, Adaeze}, year = {2019},"
        " title = {Sparse 𝓁1-norm Recovery of Signals over 𝔽 Fields},"
        " journal = {Journal of Machine Learning Research}}"
    )
    source = '#set page(paper: "a5")\n= Intro\nText @a.\n#bibliography("refs.bib", style: "ieee")\n'
    (reference,) = read_pdf(typeset(source, {"refs.bib": bib}), "paper.pdf").references
    assert reference.title == "Sparse 𝓁1-norm Recovery of Signals over 𝔽 Fields"
    reference.raw.encode("utf-8")  # no lone surrogate left
