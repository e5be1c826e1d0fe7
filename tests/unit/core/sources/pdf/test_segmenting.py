"""Where a PDF's reference list is and where each entry starts, in the shapes papers take:
line numbers and an appendix after the list, a collaboration's author list after it, grant
codes in the acknowledgements, captions, two columns of author–year entries by the same
authors, alpha labels across pages, bare numbers."""

from __future__ import annotations

import pytest
from cite_sentinel.core.sources.pdf import read_pdf

from tests.support.pdf_papers import typeset

_FAMILIES = (
    "Okonkwo", "Varga", "Lindqvist", "Tanaka", "Moreau", "Haddad", "Castellano", "Novak",
    "Brennan", "Ferreira", "Kowalczyk", "Ishikawa", "Dubois", "Halvorsen",
)  # fmt: skip
_TOPICS = ("sparse graph inference", "adaptive signal estimation", "stochastic baselines",
           "semantic benchmarks", "robust representation learning", "visual language models",
           "scalable local features", "global error bounds")  # fmt: skip
_PROSE = (
    "We study how sparse graphs behave under noise, and we compare the estimates of several "
    "baselines with those of the method proposed here. The results show that the bound holds "
    "in every setting we tried, and that the error falls as the data grow. "
)


def _entry(number: int, *, style: str = "numbered") -> str:
    family = _FAMILIES[number % len(_FAMILIES)]
    other = _FAMILIES[(number * 5 + 3) % len(_FAMILIES)]
    topic = _TOPICS[number % len(_TOPICS)]
    year = 1990 + number % 30
    if style == "author-year":
        return (
            f"{family}, A., and {other}, B. ({year}). On {topic} in practice. Journal of "
            f"Applied Inference, {number + 3}(2), {100 + number}–{110 + number}."
        )
    return (
        f"{family[0]}. {family} and B. {other}, “On {topic} in practice,” Journal of Applied "
        f"Inference, vol. {number + 3}, pp. {100 + number}–{110 + number}, {year}."
    )


def _body(paragraphs: int) -> str:
    return "\n\n".join(_PROSE * 2 for _ in range(paragraphs))


def _numbered(count: int) -> str:
    rows = ", ".join(f"[[{n}]], [{_entry(n)}]" for n in range(1, count + 1))
    return f"#grid(columns: (auto, 1fr), column-gutter: 0.6em, row-gutter: 0.65em, {rows})\n"


def _keys(pdf: bytes) -> list[str]:
    return [reference.key for reference in read_pdf(pdf, "paper.pdf").references]


@pytest.mark.parametrize("heading", ["= REFERENCES", ""])
def test_a_submission_with_line_numbers_and_an_appendix_after_its_references(heading: str) -> None:
    """An author–year list under review: every line numbered, the appendix straight after it,
    its heading where a reader may not see it as one."""
    listed = "\n\n".join(
        f"#par(hanging-indent: 1em)[{_entry(n, style='author-year')}]" for n in range(19)
    )
    source = (
        '#set page(paper: "us-letter", numbering: "1")\n#set par(justify: true)\n'
        '#set par.line(numbering: "1")\n= INTRODUCTION\n'
        f"{_body(4)}\n{heading}\n{listed}\n= A APPENDIX\n{_body(3)}\n"
        "#block[Figure 4. The bound against the size of the data, for each baseline.]\n"
    )
    read = read_pdf(typeset(source), "paper.pdf")
    assert len(read.references) == 19
    assert not any("bound holds" in reference.raw for reference in read.references)


def test_a_collaborations_author_list_after_the_references_is_not_read_as_entries() -> None:
    """As some PDFs give it: the list's heading in the text's own type, affiliation marks as
    plain numbers after the names, the affiliations numbered like a list."""
    people = ", ".join(
        f"{chr(65 + n % 26)}.{chr(66 + n % 20)}. {_FAMILIES[n % len(_FAMILIES)]} {n % 60 + 1}"
        for n in range(140)
    )
    places = "\n\n".join(
        f"{n} Department of Physics, University of {city}, {city}, {country}"
        for n, (city, country) in enumerate(
            [
                ("Adelaide", "Australia"),
                ("Bonn", "Germany"),
                ("Genova", "Italy"),
                ("Lisboa", "Portugal"),
                ("Tokyo", "Japan"),
                ("Santiago", "Chile"),
            ]
            * 10,
            start=1,
        )
    )
    source = (
        '#set page(paper: "a4", numbering: "1")\n#set par(justify: true)\n= Introduction\n'
        f"{_body(3)}\n= Acknowledgments\nWe thank the staff of the laboratory. This work was "
        "supported by the National Science Foundation under grant No. PHY-1912578 and by the "
        "Department of Energy under contract DE-AC02-05CH11231.\n"
        f"= References\n{_numbered(36)}\nThe Nothing Collaboration\n\n{people}\n\n{places}\n"
    )
    read = read_pdf(typeset(source), "paper.pdf")
    assert [reference.key for reference in read.references] == [str(n) for n in range(1, 37)]
    raws = " ".join(reference.raw for reference in read.references)
    assert "University of" not in raws
    assert "PHY-1912578" not in raws


def test_two_columns_of_author_year_entries_by_the_same_first_authors_stay_apart() -> None:
    entries = sorted(_entry(n, style="author-year") for n in range(60))
    listed = "\n".join(f"#par(hanging-indent: 1em)[{entry}]" for entry in entries)
    source = (
        '#set page(paper: "a4", columns: 2, numbering: "1")\n#set text(size: 9pt)\n'
        f"#set par(justify: true)\n= INTRODUCTION\n{_body(4)}\n= REFERENCES\n"
        "#set text(size: 8pt)\n#set par(spacing: 0.65em)\n"  # no space between entries
        f"{listed}\n"
    )
    read = read_pdf(typeset(source), "paper.pdf")
    assert len(read.references) == 60
    assert sorted(reference.raw.split(",")[0] for reference in read.references) == sorted(
        entry.split(",")[0] for entry in entries
    )


def test_figure_captions_beside_the_references_are_not_entries() -> None:
    source = (
        '#set page(paper: "a5", numbering: "1")\n= Introduction\n'
        f"{_body(2)}\n#align(center)[#rect(width: 60%, height: 3em)]\n"
        "Fig. 2. Error against the size of the data for every baseline (Okonkwo et al., 2019).\n"
        f"= References\n{_numbered(8)}\n"
        "#align(center)[#rect(width: 60%, height: 3em)]\n"
        "Table 3. Estimates of the bound, 1990–2019, for each of the eight baselines.\n"
    )
    read = read_pdf(typeset(source), "paper.pdf")
    assert [reference.key for reference in read.references] == [str(n) for n in range(1, 9)]
    assert not any("Estimates of the bound" in ref.raw for ref in read.references)


def test_alpha_labels_across_pages_each_start_an_entry() -> None:
    labels = [f"{_FAMILIES[n % len(_FAMILIES)][:3]}{(90 + n) % 100:02d}" for n in range(50)]
    rows = ", ".join(f"[\\[{label}\\]], [{_entry(n)}]" for n, label in enumerate(labels))
    source = (
        '#set page(paper: "a5", numbering: "1")\n= Introduction\n'
        f"{_body(2)}\n= References\n"
        f"#grid(columns: (auto, 1fr), column-gutter: 0.6em, row-gutter: 0.65em, {rows})\n"
    )
    assert _keys(typeset(source)) == labels


@pytest.mark.parametrize("count", [9, 31])
def test_bare_numbers_label_their_entries(count: int) -> None:
    entries = "\n\n".join(f"{n} {_entry(n)}" for n in range(1, count + 1))
    source = (
        '#set page(paper: "a4", numbering: "1")\n= Introduction\n'
        f"{_body(2)}\n= References\n#set par(hanging-indent: 1.2em)\n{entries}\n"
    )
    assert _keys(typeset(source)) == [str(n) for n in range(1, count + 1)]


def test_a_short_list_of_sigla_just_before_the_references_is_not_part_of_them() -> None:
    """A humanities book's sigla (`KpV Kant, Immanuel: …`) run straight into its heading
    "References": the list begins at its heading."""
    sigla = "\n".join(
        f"#par(hanging-indent: 4em)[{siglum} Kant, Immanuel: {title}, in: Kants Werke, "
        f"Bd. 5, Berlin 1968.]"
        for siglum, title in (
            ("GMS", "Grundlegung zur Metaphysik der Sitten"),
            ("KpV", "Kritik der praktischen Vernunft"),
            ("KU", "Kritik der Urtheilskraft"),
        )
    )
    entries = "\n".join(
        f"#par(hanging-indent: 1em)[{_entry(n, style='author-year')}]" for n in range(6)
    )
    pdf = typeset(f"{_body(2)}\n\n{sigla}\n\n= References\n\n{entries}\n")
    references = read_pdf(pdf, "paper.pdf").references
    assert len(references) == 6
    assert all("Kant" not in reference.raw for reference in references)


def test_a_list_in_two_columns_above_a_one_column_appendix_on_its_page_is_read_by_column() -> None:
    """The page holds the list's last entries in two columns, then an appendix across the
    page: the appendix's lines set the page in one column, the list's part is still two."""
    source = (
        '#set page(paper: "a4", numbering: "1")\n#set text(size: 9pt)\n'
        f"= Introduction\n{_body(2)}\n#pagebreak()\n"
        f"= References\n#columns(2)[{_grid(1, 4)}#colbreak(){_grid(5, 8)}]\n"
        f"= Appendix A. Proofs\n{_body(8)}\n"
    )
    read = read_pdf(typeset(source), "paper.pdf")
    assert [reference.key for reference in read.references] == [str(n) for n in range(1, 9)]
    for number, reference in enumerate(read.references, start=1):
        assert reference.raw.count("Journal of Applied Inference") == 1, reference.raw
        assert f"vol. {number + 3}," in reference.raw, reference.raw


def _grid(first: int, last: int) -> str:
    rows = ", ".join(f"[[{n}]], [{_entry(n)}]" for n in range(first, last + 1))
    return f"#grid(columns: (auto, 1fr), column-gutter: 0.6em, row-gutter: 0.65em, {rows})\n"
