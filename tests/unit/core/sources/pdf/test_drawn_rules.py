"""A same-author entry printed with a drawn rule in place of the names (econ.bst, Chicago's
3-em dash drawn as a line): it starts an entry of its own and takes the names before it; a rule
under or inside text is no such entry."""

from __future__ import annotations

from cite_sentinel.core.sources.pdf import read_pdf

from tests.support.pdf_papers import typeset

_RULE = "#box(line(length: 2.6em, stroke: 0.5pt), baseline: -0.3em)"
_PROSE = (
    "We study how sparse graphs behave under noise, and we compare the estimates of several "
    "baselines with those of the method proposed here. "
) * 6
_WORKS = [
    ("Okonkwo, Ada and Bernd Varga", 2001, "Sparse graph inference in practice"),
    ("", 2004, "Adaptive signal estimation revisited"),
    ("", 2009, "Stochastic baselines for semantic benchmarks"),
    ("Lindqvist, Maja", 1998, "Robust representation learning"),
    ("", 2003, "Visual language models at scale"),
    ("Tanaka, Hiro and Lena Moreau", 2012, "Global error bounds for local features"),
]


def _list(names: str) -> str:
    entries = []
    for number, (authors, year, title) in enumerate(_WORKS):
        who = authors or names
        entries.append(
            f"#par(hanging-indent: 2em)[{who} ({year}) “{title},” Journal of Applied "
            f"Inference, {number + 3} (2), {100 + number}–{120 + number}.]"
        )
    return "\n".join(entries)


def _read(names: str) -> list[tuple[str, ...]]:
    pdf = typeset(f"{_PROSE}\n\n= References\n\n{_list(names)}\n")
    return [
        tuple(person.family for person in reference.people)
        for reference in read_pdf(pdf, "paper.pdf").references
    ]


def test_a_drawn_rule_for_the_same_authors_starts_an_entry_that_takes_their_names() -> None:
    authors = _read(_RULE)
    assert len(authors) == len(_WORKS)
    assert authors[1] == authors[2] == authors[0] == ("Okonkwo", "Varga")
    assert authors[4] == authors[3] == ("Lindqvist",)


def test_an_underlined_name_is_no_rule_standing_for_names() -> None:
    underlined = "#underline[Okonkwo, Ada]"
    authors = _read(underlined)
    assert len(authors) == len(_WORKS)
    assert authors[1] == ("Okonkwo",)  # the underlined name is read, not taken from before
