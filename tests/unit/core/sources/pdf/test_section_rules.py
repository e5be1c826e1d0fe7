"""The rules beside the segmenter, given the model's labels: a heading holds a word, and a list
under a heading holds at least one thing a reference holds."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from cite_sentinel.core.sources.pdf import section
from cite_sentinel.core.sources.pdf.layout import Line
from cite_sentinel.core.sources.pdf.margins import PageLine
from cite_sentinel.core.sources.segment import ListLine, Role
from cite_sentinel.core.sources.segment.labeller import Labelling


def _document(monkeypatch: pytest.MonkeyPatch, rows: Sequence[tuple[str, Role]]) -> list[PageLine]:
    """Lines as the model labelled them, one pitch apart."""
    listed = [ListLine(text=text, indent=0.0, shortfall=0.0, gap=1.0) for text, _ in rows]
    roles = tuple(role for _, role in rows)
    monkeypatch.setattr(section, "list_lines", lambda lines: listed)
    monkeypatch.setattr(section, "label_lines", lambda lines, sure: Labelling(roles, ()))
    return [
        PageLine(_line(text, 12.0 * number), 1, number + 1) for number, (text, _) in enumerate(rows)
    ]


def _line(text: str, top: float) -> Line:
    return Line(
        text=text, x0=0.0, x1=300.0, top=top, bottom=top + 10, size=10.0, column=0,
        column_left=0.0, words=(), superscript=(), starts=(),
    )  # fmt: skip


def _entries(lines: list[PageLine]) -> list[str]:
    found = section.find_section(lines)
    return [] if found is None else [entry.lines[0].line.text for entry in found.entries]


_O, _H, _F, _M = Role.OTHER, Role.HEADING, Role.FIRST, Role.MORE
_BODY = [("We compare the bound with the baselines of earlier work.", _O)] * 12


def test_a_formulas_letters_the_model_took_for_a_heading_head_no_list(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rows = [("P a", _H), ("1", _M), ("abc123456abcdef b , ( 6b)", _M), *_BODY]
    assert _entries(_document(monkeypatch, rows)) == []


def test_a_list_heading_of_few_letters_still_heads_its_list(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rows = [("参考文献", _H), ("[1] 王伟. 稀疏图推断. 应用推断学报, 2019.", _F)]
    assert _entries(_document(monkeypatch, rows)) == ["[1] 王伟. 稀疏图推断. 应用推断学报, 2019."]


def test_a_code_example_under_a_bibliography_section_is_no_list(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rows = [
        ("2.5 Bibliography", _O),
        ("feature.", _M),
        ("\\article{key1,", _M),
        ('relatedtype="erratum",', _M),
        ("}", _M),
        *_BODY,
    ]
    assert _entries(_document(monkeypatch, rows)) == []


def test_a_list_under_its_heading_with_a_link_but_no_year_is_kept(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rows = [
        ("References", _H),
        ("[1] The Python Software Foundation. The Python tutorial.", _F),
        ("https://docs.python.org/3/tutorial/", _M),
    ]
    assert _entries(_document(monkeypatch, rows)) == [rows[1][0]]


def test_equation_numbers_read_after_the_list_are_no_part_of_its_last_entry(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rows = [
        ("References", _H),
        ("[1] R. P. Feynman, Phys. Rev. 94, 262 (1954).", _F),
        ("[2] E. Witten, (2001), hep-th/0106109.", _F),
        ("(B2a)", _M),
        ("(B2b) (B2c)", _M),
    ]
    found = section.find_section(_document(monkeypatch, rows))
    assert found is not None
    assert [" ".join(line.line.text for line in entry.lines) for entry in found.entries] == [
        rows[1][0],
        rows[2][0],
    ]


def test_a_line_of_equation_numbers_taken_for_an_entry_is_none(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rows = [
        ("REFERENCES", _H),
        ("(3.1) (3.2)", _F),
        ("Agarwal, A. G., 1999, Semiconductors 66, 1238.", _F),
    ]
    assert _entries(_document(monkeypatch, rows)) == [rows[2][0]]


def test_a_templates_example_of_the_list_in_tex_source_is_no_list(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rows = [
        ("2.8. References", _H),
        ("\\bibitem{Zub74}", _F),
        ("Zubarev~D.~N., Nonequilibrium Statistical Thermodynamics, 1974.", _M),
        ("\\bibitem{Bus89}", _F),
        ("Bussmann-Holder~A., Phys. Rev. B, 1989, \\textbf{39}, 207--214.", _M),
        *_BODY,
        ("References", _H),
        ("1. Zubarev D. N., Nonequilibrium Statistical Thermodynamics, 1974.", _F),
    ]
    assert _entries(_document(monkeypatch, rows)) == [rows[-1][0]]


_PUBLICATIONS = [
    ("[1] T. Isenberg and A. Miede. A buffer framework. In: Proc. C5 2006. IEEE, 2006.", _F),
    ("[2] U. Lampe and A. Miede. A tale of millis and nanos. In: Proc. 2014. ACM, 2014.", _F),
    ("[3] U. Lampe, Q. Wu, and A. Miede. To frag or to be fragged. In: CLOSER 2013.", _F),
    ("[4] A. Miede. Theses and other beautiful documents. TUGboat 31 (2010).", _F),
    ("[5] A. Miede and G. Simsek. Revealing business relationships. WI 2011, 2011.", _F),
]


def test_a_numbered_list_before_the_bibliography_that_repeats_its_numbers_is_another_list(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rows = [
        *_PUBLICATIONS,
        *_BODY,
        ("Bibliography", _H),
        ("[1] Scott Adams. The Dilbert Principle. New York: Harper Business, 1996.", _F),
        ("[2] Jon Bentley. Programming Pearls. 2nd ed. Boston: Addison-Wesley, 1999.", _F),
    ]
    assert _entries(_document(monkeypatch, rows)) == [rows[-2][0], rows[-1][0]]


def test_entries_read_before_the_heading_that_the_list_lacks_are_its_own(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Columns read out of order: [3]-[7] come before the heading over [1], [2] and [8].
    later = [
        (text.replace(f"[{n}]", f"[{n + 2}]"), role)
        for n, (text, role) in enumerate(_PUBLICATIONS, 1)
    ]
    rows = [
        *later,
        *_BODY,
        ("REFERENCES", _H),
        ("[1] Rafal Ablamowicz and Bertfried Fauser. 2007. Clifford. Maple package.", _F),
        ("[2] Patricia S. Abril and Robert Plant. 2007. The patent holder's dilemma.", _F),
        ("[8] Ian Editor (Ed.). 2007. The title of book one. University of Chicago Press.", _F),
    ]
    assert len(_entries(_document(monkeypatch, rows))) == 8


def test_a_changelog_before_a_numbered_list_is_none_of_it(monkeypatch: pytest.MonkeyPatch) -> None:
    changes = [(f"0.{n}, 20{10 + n} March {n} Added an option for links.", _F) for n in range(1, 7)]
    rows = [
        *changes,
        *_BODY,
        ("References", _H),
        ("[1] American Psychological Association. Publication Manual, 6th edition, 2009.", _F),
    ]
    assert _entries(_document(monkeypatch, rows)) == [rows[-1][0]]
