"""Which citations the filter marks, with what, and what it says about unverified works."""

from __future__ import annotations

import datetime
import html
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import panflute as pf
import pytest
from cite_sentinel.core import (
    Config,
    Flag,
    Reference,
    SourceReport,
    SourceStatus,
    Status,
    Verdict,
)
from cite_sentinel.filters.pandoc_filter import main

KEYS = ("real", "invented", "unasked", "pulled")
_UNREACHABLE = "cannot be reached (no network, or the host refuses connections)"


class _Verifier:
    """`invented` fabricated, `unasked` unverified (crossref unreachable), `pulled`
    retracted, `real` verified."""

    async def verify(self, references: Sequence[Reference]) -> Sequence[Verdict]:
        return [_verdict(reference.key) for reference in references]


def _verdict(key: str) -> Verdict:
    if key == "invented":
        return Verdict(key=key, status=Status.FABRICATED, reason="no index holds it")
    if key == "unasked":
        failed = SourceReport("crossref", SourceStatus.FAILED, _UNREACHABLE)
        reason = f"not every index could be asked: crossref: {_UNREACHABLE}"
        return Verdict(key=key, status=Status.UNVERIFIED, sources=(failed,), reason=reason)
    if key == "pulled":
        return Verdict(key=key, status=Status.VERIFIED, flags=(Flag.RETRACTED,))
    return Verdict(key=key, status=Status.VERIFIED)


def _doc(output: str, **metadata: object) -> pf.Doc:
    body: list[pf.Inline] = []
    for key in KEYS:
        body += [pf.Str("On"), pf.Space(), pf.Str(key), pf.Space()]
        body += [
            pf.Cite(pf.Str(f"[@{key}]"), citations=[pf.Citation(key)]),
            pf.Str("."),
            pf.Space(),
        ]
    doc = pf.Doc(pf.Para(*body[:-1]), format=output)
    doc.metadata["references"] = [
        {
            "id": key,
            "type": "article-journal",
            "title": f"The {key} work",
            "author": [{"family": key.title(), "given": "Ann"}],
            "issued": {"date-parts": [["2020"]]},
        }
        for key in KEYS
    ]
    for key, value in metadata.items():
        doc.metadata[f"cite-sentinel-{key}"] = value
    return doc


def _run(doc: pf.Doc, tmp_path: Path, lines: list[str] | None = None) -> pf.Doc:
    result = main(
        doc,
        verifier=lambda offline: _Verifier(),
        config=Config(),
        cwd=tmp_path,
        today=datetime.date(2026, 1, 2),
        notify=(lines if lines is not None else []).append,
    )
    assert result is not None
    return result


@dataclass(frozen=True, slots=True)
class _Mark:
    classes: tuple[str, ...]
    title: str
    text: str
    raised: bool


_RAW_MARK = re.compile(r'<span class="(cite-sentinel-[^"]+)" title="([^"]*)">(.*?)</span>')


def _marks(doc: pf.Doc) -> dict[str, _Mark]:
    """The mark after each citation of the body, by the key its sentence names."""
    found: dict[str, _Mark] = {}
    current = ""
    for element in doc.content[0].content:
        if isinstance(element, pf.Str) and element.text in KEYS:
            current = element.text
        elif isinstance(element, pf.Span) and element.classes[0].startswith("cite-sentinel-"):
            raised = isinstance(element.content[0], pf.Superscript)
            text = pf.stringify(element)
            found[current] = _Mark(
                tuple(element.classes), element.attributes["title"], text, raised
            )
        elif isinstance(element, pf.RawInline) and _RAW_MARK.search(element.text):
            classes, title, text = _RAW_MARK.findall(element.text)[0]
            found[current] = _Mark(tuple(classes.split()), html.unescape(title), text, False)
    return found


@pytest.mark.parametrize("output", ["html", "latex"])
@pytest.mark.parametrize("style", ["numbered", "html", "apa", "none"])
def test_by_default_fabricated_and_retracted_works_are_marked_and_unverified_ones_are_not(
    tmp_path: Path, style: str, output: str
) -> None:
    doc = _run(_doc(output, style=style), tmp_path)
    marks = _marks(doc)
    assert set(marks) == {"invented", "pulled"}
    assert "cite-sentinel-fabricated" in marks["invented"].classes
    assert "cite-sentinel-retracted" in marks["pulled"].classes
    assert "unverified" not in pf.stringify(doc), "the list says nothing of unverified works"


def test_mark_on_unverified_marks_the_unverified_work_too(tmp_path: Path) -> None:
    doc = _run(_doc("html", **{"mark-on": "fabricated, unverified"}), tmp_path)
    marks = _marks(doc)
    assert set(marks) == {"invented", "unasked"}
    assert "crossref" in marks["unasked"].title


def test_mark_on_none_marks_nothing(tmp_path: Path) -> None:
    assert _marks(_run(_doc("html", **{"mark-on": "none"}), tmp_path)) == {}


def test_latex_gets_a_raised_ascii_mark_that_every_tex_engine_typesets(tmp_path: Path) -> None:
    doc = _run(_doc("latex"), tmp_path)
    mark = _marks(doc)["invented"]
    assert mark.raised and mark.text == "[!]"
    assert "⚠" not in pf.stringify(doc)


def test_html_keeps_the_warning_sign(tmp_path: Path) -> None:
    mark = _marks(_run(_doc("html"), tmp_path))["invented"]
    assert mark.text == "⚠" and not mark.raised


@pytest.mark.parametrize("output", ["html", "latex", "docx", "markdown"])
def test_the_chosen_mark_replaces_the_default_in_every_output(tmp_path: Path, output: str) -> None:
    doc = _run(_doc(output, mark="(check)"), tmp_path)
    assert _marks(doc)["invented"].text == "(check)"
    assert "⚠" not in pf.stringify(doc) and "[!]" not in pf.stringify(doc)


def test_unreachable_indexes_are_a_warning_that_says_why(tmp_path: Path) -> None:
    lines: list[str] = []
    _run(_doc("html"), tmp_path, lines)
    (warning,) = [line for line in lines if "could not ask" in line]
    assert warning.startswith("[WARNING] cite-sentinel: could not ask crossref (cannot be reached")
    assert "unverified, not fabricated" in warning
    assert lines[-1].startswith("[INFO] cite-sentinel: 4 references")
