"""An entry's lines from the segmenter's roles: a line it misread inside an entry, at the
entry's pitch, stays in the entry; a caption or footnote that stands apart does not."""

from __future__ import annotations

from cite_sentinel.core.sources.pdf.runs import entry_runs
from cite_sentinel.core.sources.segment import ListLine, Role

_O, _F, _M, _H = Role.OTHER, Role.FIRST, Role.MORE, Role.HEADING


def _lines(*gaps: float | None) -> list[ListLine]:
    return [ListLine(text="text", indent=0.0, shortfall=0.0, gap=gap) for gap in gaps]


def test_names_the_model_misread_inside_an_entry_stay_in_it() -> None:
    """'[45] P. Z. Yeh, …, W. Jarrold,' / three lines of names / 'second screen application…'"""
    roles = [_F, _O, _O, _O, _M, _M, _F]
    assert entry_runs(roles, _lines(1.0, 1.3, 1.3, 1.2, 1.0, 1.0, 1.0)) == [
        [0, 1, 2, 3, 4, 5],
        [6],
    ]


def test_a_caption_set_apart_inside_an_entry_is_left_out() -> None:
    roles = [_F, _M, _O, _O, _M, _F]
    assert entry_runs(roles, _lines(1.0, 1.0, 2.4, 1.0, 2.2, 1.0)) == [[0, 1, 4], [5]]


def test_an_entry_going_on_over_a_page_keeps_out_the_lines_between() -> None:
    roles = [_F, _M, _O, _M, _F]
    assert entry_runs(roles, _lines(1.0, 1.0, 1.0, None, 1.0)) == [[0, 1, 3], [4]]


def test_a_heading_ends_an_entry_and_a_long_break_ends_it_too() -> None:
    roles = [_F, _H, _M, _M, *[_O] * 7, _M]
    assert entry_runs(roles, _lines(*[1.0] * 12)) == [[0], [2, 3], [11]]


def _sized(*lines: tuple[float | None, float]) -> list[ListLine]:
    return [ListLine(text="text", indent=0.0, shortfall=0.0, gap=g, size=s) for g, s in lines]


def test_text_set_apart_after_the_last_entry_in_another_size_is_not_its_continuation() -> None:
    """A journal template's authors' biographies after the list: three pitches below the last
    entry, in larger type, read by the model as further lines."""
    roles = [_F, _M, _F, _M, _M, _M, _M]
    lines = _sized(
        (1.0, 0.9), (1.0, 0.9), (1.0, 0.9), (1.0, 0.9), (3.1, 1.0), (1.0, 1.0), (1.0, 1.0)
    )
    assert entry_runs(roles, lines) == [[0, 1], [2, 3]]


def test_a_further_line_set_apart_in_the_entrys_own_size_stays_in_it() -> None:
    roles = [_F, _M, _M, _F]
    lines = _sized((1.0, 0.9), (1.0, 0.9), (3.1, 0.9), (1.0, 0.9))
    assert entry_runs(roles, lines) == [[0, 1, 2], [3]]


def test_a_first_line_after_text_set_apart_starts_an_entry_again() -> None:
    roles = [_F, _M, _M, _M, _F, _M]
    lines = _sized((1.0, 0.9), (1.0, 0.9), (3.0, 1.1), (1.0, 1.1), (1.0, 0.9), (1.0, 0.9))
    assert entry_runs(roles, lines) == [[0, 1], [4, 5]]


def test_the_next_parts_heading_in_larger_type_ends_the_last_entry() -> None:
    # "[32] FIELDING R T. …" / "Berkeley: …, 2000: 1-4." / over the page: "致谢" / thanks
    lines = [
        ListLine(
            text="[32] FIELDING R T. Architectural styles[M].",
            indent=0.0,
            shortfall=0.0,
            gap=1.2,
            size=0.8,
        ),
        ListLine(
            text="Berkeley: University of California, 2000: 1-4.",
            indent=0.0,
            shortfall=0.3,
            gap=1.2,
            size=0.8,
        ),
        ListLine(text="致谢", indent=12.0, shortfall=0.5, gap=None, size=1.33),
        ListLine(
            text="论文的撰写工作已经接近尾声。", indent=2.0, shortfall=0.0, gap=1.9, size=0.88
        ),
    ]
    assert entry_runs([_F, _M, _M, _M], lines) == [[0, 1]]


def test_a_paragraph_run_in_under_the_next_parts_name_ends_the_last_entry() -> None:
    """A paragraph in the text's type below the list's smaller type, run in under the
    acknowledgements' name: the model read it as the last entry going on."""
    lines = [
        _line("[6] Smirnov, S. and Schramm, O.: On the scaling limits of planar", 0.9, 0.9),
        _line("percolation, arXiv:1101.5820", 2.8, 0.9, room=True),
        _line("Acknowledgments. We are grateful to Martin Hairer who provided", 0.0, 1.0),
        _line("and to Sebastien Gouezel for his useful comments on the class.", 0.0, 1.0),
    ]
    assert entry_runs([_F, _M, _M, _M], lines) == [[0, 1]]


def test_a_further_line_in_the_entrys_type_that_starts_like_a_part_name_stays_in_it() -> None:
    lines = [
        _line("[2] Gnedenko, B. V.: Limit distributions for sums. With an", 0.9, 0.9),
        _line("Appendix by J. L. Doob. Addison-Wesley, Cambridge, 1954.", 2.8, 0.9),
        _line("Notes: translated from the Russian by K. L. Chung, 1968.", 2.8, 0.9),
    ]
    assert entry_runs([_F, _M, _M], lines) == [[0, 1, 2]]


def _line(text: str, indent: float, size: float, *, room: bool = False) -> ListLine:
    return ListLine(text=text, indent=indent, shortfall=0.0, gap=1.0, size=size, room=room)


def test_in_an_annotated_bibliography_the_line_after_a_note_starts_the_next_entry() -> None:
    lines = [
        _line("Aristoteles: De Anima, hrsg. v. Robert Drew Hicks,", 0.0, 1.0),
        _line("Cambridge 1907.", 1.7, 1.0, room=True),
        _line("Ein book-Eintrag mit Autor und Herausgeber.", 1.9, 0.9),
        _line("Ders.: Physics, übers. v. P. H. Wicksteed, New York 1929.", 0.0, 1.0),  # model: MORE
        _line("Ein book-Eintrag mit einem translator-Feld.", 1.9, 0.9, room=True),
    ]
    assert entry_runs([_F, _M, _M, _M, _M], lines) == [[0, 1, 2], [3, 4]]


def test_a_label_on_a_line_of_its_own_is_no_note() -> None:
    lines = [
        _line("Harnden P, Joffe JK, Jones WG, editors. Germ cell tumours V.", 0.0, 1.0),
        _line("30", 0.0, 0.7, room=True),
        _line("Springer; 2002.", 0.0, 1.0),
    ]
    assert entry_runs([_F, _M, _M], lines) == [[0, 1, 2]]
