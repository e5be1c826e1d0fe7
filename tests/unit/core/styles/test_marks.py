"""Which verdicts carry a mark, what it says, and how it is shown."""

from __future__ import annotations

from cite_sentinel.core.model import Citation, Flag, Location, Status, Verdict
from cite_sentinel.core.styles import Marking, Numbering, cite_numbered, mark_for, problem_note

HERE = Location.point("paper.md", 1, 1)


def test_an_unverified_reference_is_not_marked_unless_the_marking_asks() -> None:
    verdict = Verdict(key="a", status=Status.UNVERIFIED, reason="crossref: timed out")
    assert mark_for(verdict) is None and problem_note(verdict) == ""
    asked = Marking(marked=frozenset({"unverified"}))
    mark = mark_for(verdict, asked)
    assert mark is not None and mark.css_class == "cite-sentinel-unverified"
    assert "crossref: timed out" in mark.tooltip


def test_a_retracted_work_is_marked_though_verified_and_says_so() -> None:
    verdict = Verdict(key="a", status=Status.VERIFIED, flags=(Flag.RETRACTED,))
    mark = mark_for(verdict)
    assert mark is not None and mark.classes == ("cite-sentinel-retracted",)
    assert mark.tooltip.startswith("retracted")
    assert mark_for(verdict, Marking(marked=frozenset({"fabricated"}))) is None


def test_the_marking_chooses_the_symbol_and_raises_it() -> None:
    citation = Citation(key="a", location=HERE)
    numbering = Numbering.from_citations([citation])
    verdicts = {"a": Verdict(key="a", status=Status.FABRICATED)}
    raised = Marking(symbol="[!]", superscript=True)
    rendered = cite_numbered([citation], numbering, verdicts, marking=raised)
    assert rendered.plain == "[1][!]"
    assert rendered.html.endswith(
        'title="fabricated: no index that answered has a matching work"><sup>[!]</sup></span>'
    )
