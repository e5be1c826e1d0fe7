"""A numbered list as its numbers count, whatever the segmenter made of a line or two: it
starts at its 1, and the next number starts an entry the model left out."""

from __future__ import annotations

from cite_sentinel.core.sources.pdf.counting import between_numbers, counted
from cite_sentinel.core.sources.segment import ListLine, Role

_O, _F, _M = Role.OTHER, Role.FIRST, Role.MORE


def _lines(*rows: tuple[str, float | None]) -> list[ListLine]:
    return [ListLine(text=text, indent=0.0, shortfall=0.0, gap=gap) for text, gap in rows]


def _texts(block: list[list[int]], lines: list[ListLine]) -> list[str]:
    return [" ".join(lines[index].text for index in run) for run in block]


def test_footnotes_above_a_list_that_counts_from_one_are_not_entries() -> None:
    lines = _lines(
        ("a) Footnote to the title of the article.", 1.0),
        ("b) Also at the Physics Department.", 1.0),
        ("1 R. P. Feynman, Phys. Rev. 94, 262 (1954).", 1.0),
        ("2 E. Witten, (2001), hep-th/0106109.", 1.0),
        ("3 A. Einstein, Yu. Podolsky, and N. Rosen, Phys. Rev. 47,", 1.0),
        ("777 (1935).", 1.0),
    )
    block = counted([[0], [1], [2], [3], [4, 5]], [_F, _F, _F, _F, _F, _M], lines)
    assert _texts(block, lines)[0].startswith("1 R. P. Feynman")
    assert len(block) == 3


def test_a_line_the_model_left_out_that_carries_the_next_number_is_an_entry() -> None:
    lines = _lines(
        ("31 C. D. Sofield and R. A. Andersen, Acta Crystallogr. C 60,", 1.0),
        ("m572 (2004).", 1.0),
        ("32 Proceedings of the 21st international conference on coordination", 1.3),
        ("chemistry (Toulouse, France) (1980).", 1.0),
        ("33 A. J. C. Wilson and E. Prince, eds., International tables (1992).", None),
    )
    block = counted([[0, 1], [4]], [_F, _M, _O, _O, _F], lines)
    assert [text[:2] for text in _texts(block, lines)] == ["31", "32", "33"]
    assert _texts(block, lines)[1].endswith("(Toulouse, France) (1980).")


def test_the_last_entry_the_model_left_out_ends_where_the_list_does() -> None:
    lines = _lines(
        ("[37] TUG 2017. Institutional members of the TeX Users Group.", 1.0),
        ("[38] B. Veytsman. 2017. acmart: class for typesetting publications.", 1.0),
        ("A RESEARCH METHODS", 2.6),
        ("Lorem ipsum dolor sit amet, consectetur adipiscing elit.", 1.2),
    )
    block = counted([[0]], [_F, _O, _O, _O], lines)
    assert _texts(block, lines) == [lines[0].text, lines[1].text]


def test_an_unnumbered_entry_after_the_last_number_is_the_last_entry_or_none() -> None:
    """After "[31]": the rest of entry 31 over the page is kept in it; an appendix's heading
    in other type that the model took for an entry is none of the list's."""
    lines = [
        ListLine(
            text="[30] Churchill, W. S. The Gathering Storm. 1948.",
            indent=0.0,
            shortfall=0.0,
            gap=1.0,
            size=1.0,
        ),
        ListLine(
            text="[31] Kirk, J. T. Decline and Fall of the Romulan",
            indent=0.0,
            shortfall=0.0,
            gap=1.0,
            size=1.0,
        ),
        ListLine(
            text="Empire. Vulcan Free Press, T'Paal (2288).",
            indent=0.0,
            shortfall=0.0,
            gap=None,
            size=1.0,
        ),
        ListLine(
            text="APPENDIX A. THE VECTOR PRODUCT", indent=0.0, shortfall=0.2, gap=4.4, size=0.66
        ),
    ]
    block = counted([[0], [1], [2], [3]], [_F, _F, _F, _F], lines)
    assert _texts(block, lines) == [lines[0].text, f"{lines[1].text} {lines[2].text}"]


def test_a_number_that_does_not_go_on_with_the_count_starts_nothing() -> None:
    """A wrapped line that starts with a number, or a gap in the count the model saw right."""
    lines = _lines(
        ("[4] A. Author, Title of the work, Journal 12,", 1.0),
        ("7 (2019).", 1.0),
        ("[5] B. Author, Another work, Journal 13, 8 (2020).", 1.0),
        ("[9] C. Author, A third work, Journal 14, 9 (2021).", 1.0),
    )
    block = counted([[0, 1], [2], [3]], [_F, _O, _F, _F], lines)
    assert block == [[0, 1], [2], [3]]


def test_a_list_without_numbers_is_left_as_the_model_cut_it() -> None:
    lines = _lines(
        ("Okonkwo, A. (2019). Sparse graph inference. Journal 12, 1-18.", 1.0),
        ("Note 2 of the table.", 1.0),
        ("Varga, B. (2021). Adaptive signal estimation. Journal 14, 1-34.", 1.0),
    )
    assert counted([[0], [2]], [_F, _O, _F], lines) == [[0], [2]]


def _indented(*rows: tuple[str, float | None, float]) -> list[ListLine]:
    return [ListLine(text=t, indent=i, shortfall=0.0, gap=g) for t, g, i in rows]


def test_a_list_that_starts_at_three_finds_its_one_and_two_above_past_an_appendix() -> None:
    """A two-column paper: the list's first entries stand in the column beside the appendix,
    which reading order puts between them; the appendix's "1. A subsection" is no "[1]"."""
    lines = _indented(
        ("[1] E. Witten, (2001), hep-th/0106109, and references", 5.0, 0.5),
        ("therein.", 1.0, 2.3),
        ("APPENDIX B: SECOND APPENDIX", 3.0, 4.0),
        ("1. A subsection in an appendix", 2.0, 5.9),
        ("You can use a subsection in an appendix.", 1.0, 0.0),
        ("[2] See the explanation of time travel in R. P. Feynman,", 4.0, 0.5),
        ("Phys. Rev. 94, 262 (1954).", None, 2.3),
        ("[3] E. Beutler, in Williams Hematology, Vol. 2 (1994).", 1.0, 0.5),
        ("[4] N. D. Birell and P. C. W. Davies, Quantum Fields (1982).", 1.0, 0.5),
    )
    roles = [_O, _O, _O, _O, _O, _O, _O, _F, _F]
    block = counted([[7], [8]], roles, lines)
    assert [text[:4] for text in _texts(block, lines)] == ["[1] ", "[2] ", "[3] ", "[4] "]
    assert _texts(block, lines)[0].endswith("therein.")
    assert _texts(block, lines)[1].endswith("(1954).")


def test_a_list_starting_at_three_without_its_one_above_is_left_as_it_is() -> None:
    lines = _indented(
        ("[2] See the explanation of time travel.", 1.0, 0.5),
        ("[3] E. Beutler, in Williams Hematology (1994).", 1.0, 0.5),
        ("[4] N. D. Birell and P. C. W. Davies (1982).", 1.0, 0.5),
    )
    assert counted([[1], [2]], [_O, _F, _F], lines) == [[1], [2]]


def _sizes(*rows: tuple[str, float]) -> list[ListLine]:
    return [
        ListLine(text=text, indent=0.0, shortfall=0.0, gap=1.0, size=size) for text, size in rows
    ]


def test_the_rest_of_an_entry_cut_off_by_a_column_break_joins_it() -> None:
    lines = _sizes(
        ("[15] David Harel. 1979. First-Order Dynamic Logic. In Proc. 6th Col-", 0.8),
        ("loquium on Automata, Languages and Programming. Springer, 253-264.", 0.8),
        ("[16] David Harel. 1978. LOGICS of Programs. MIT Report TR-200.", 0.8),
    )
    runs = between_numbers([[0], [1], [2]], lines)
    assert _texts(runs, lines) == [lines[0].text + " " + lines[1].text, lines[2].text]


def test_a_footnote_or_a_page_foot_between_two_numbered_entries_is_none() -> None:
    lines = _sizes(
        ("6. Booth, G. & Chatt, J. The reactions of carbon monoxide. J. Chem. Soc. (1962).", 1.0),
        ("∗ This file describes v1.3d, last revised 2020/12/30.", 0.8),
        ("7. CORINA: Generation of 3D coordinates (2006).", 1.0),
        ("6 / PREPRINT FOR REVIEW", 0.9),
        ("8. The ACS Style Guide 3rd ed. (Oxford University Press, 2006).", 1.0),
    )
    runs = between_numbers([[0], [1], [2], [3], [4]], lines)
    assert _texts(runs, lines) == [lines[0].text, lines[2].text, lines[4].text]


def test_an_unnumbered_entry_where_the_count_skips_is_left_alone() -> None:
    lines = _sizes(
        ("1. Okonkwo, A. Title. 2001.", 1.0), ("Unnumbered note.", 1.0), ("3. Li, B. 2002.", 1.0)
    )
    assert between_numbers([[0], [1], [2]], lines) == [[0], [1], [2]]


def test_a_label_set_on_a_line_of_its_own_numbers_its_entry() -> None:
    lines = _lines(
        ("12 V. K. Smith, K. Johnson, and M. O. Klein, “Surface chemistry", 1.0),
        ("and preferential crystal orientation,” J. Appl. Phys. (submitted).", 1.0),
        ("13 U. Underwood, N. Net, and P. Pot, “Lower bounds for wishful", 0.8),
        ("research results,” (1988), talk at Fanstord University.", 1.1),
        ("14", 1.2),
        ("M. P. Johnson, K. L. Miller, and K. Smith, personal communication (2007).", 0.1),
    )
    block = counted([[0, 1], [4, 5]], [_F, _M, _O, _O, _F, _M], lines)
    assert [run[0] for run in block] == [0, 2, 4]


def test_entries_the_model_left_out_one_after_another_are_each_an_entry() -> None:
    lines = _lines(
        ("References", 1.0),
        ("[1] CTAN: http://www.ctan.org. http://www.tex.ac.uk/tex-archive is short-", 1.6),
        ("ened to ctan: below.", 0.8),
        ("[2] scrbook: ctan:/macros/latex/contrib/komascript/", 1.1),
        ("[3] cite: ctan:/macros/latex/contrib/cite/", 1.1),
        ("[4] setspace: ctan:/macros/latex/setspace/", 1.1),
        ("[5] fancyhdr: ctan:/macros/latex/contrib/fancyhdr/", 1.3),
    )
    roles = [_O, _F, _M, _O, _O, _O, _F]
    block = counted([[1, 2], [6]], roles, lines)
    assert [run[0] for run in block] == [1, 3, 4, 5, 6]


def test_a_further_line_carrying_the_next_number_starts_that_entry() -> None:
    lines = _lines(
        ("[30] axodraw: http://www.nikhef.nl/~form/axodraw/", 1.3),
        ("[31] FeynDiagram: http://www.feyndiagram.com", 1.1),
        ("[32] Jaxodraw: http://jaxodraw.sourceforge.net/", 1.1),
    )
    block = counted([[0, 1], [2]], [_F, _M, _F], lines)
    assert block == [[0], [1], [2]]


def test_a_footnotes_number_in_another_form_is_not_the_lists() -> None:
    lines = _lines(
        ("[5] J. Auler and P. Hiller, Buchweizen und Ziegenmilch (Krefeld 2015) 37-57.", 1.0),
        ("6 Ber. RGK 69, 1988.", 3.4),
        ("[6] J. Auler and P. Hiller, Gürtelschnallen. Niederrhein 82, 2015, 54-60.", None),
        ("[7] J. Auler and P. Hiller, Buchweizenpfannkuchen. Niederrhein 83, 2016.", 1.3),
    )
    runs = between_numbers([[0], [1], [2], [3]], lines)
    assert [lines[run[0]].text[:3] for run in runs] == ["[5]", "[6]", "[7]"]
