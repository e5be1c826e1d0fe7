"""`cite-sentinel-correct`: every style renders the indexes' metadata, unmarked once corrected."""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from pathlib import Path

import panflute as pf
import pytest
from cite_sentinel.core import Config, Person, Problem, Record, Reference, Severity, Status, Verdict
from cite_sentinel.filters.pandoc_filter import main

CITED = {
    "id": "smith",
    "type": "article-journal",
    "title": "A real work",
    "author": [{"family": "Smith", "given": "Sarah"}],
    "container-title": "Journal of Things",
    "issued": {"date-parts": [["2020"]]},
}
RECORD = Record(
    source="crossref",
    id="10.1/x",
    title="A real work",
    people=(Person(family="Smith", given="Sarah"),),
    year=2019,
    date="2019",
    venue="Journal of Things",
    volume="7",
)


class _Miscited:
    """Says the year is wrong: the indexes have 2019."""

    async def verify(self, references: Sequence[Reference]) -> Sequence[Verdict]:
        problem = Problem("year", "2020", "2019", Severity.WARNING)
        return [
            Verdict(key=r.key, status=Status.MISCITED, match=RECORD, problems=(problem,))
            for r in references
        ]


def _build(style: str, correct: bool, lines: list[str]) -> pf.Doc:
    cite = pf.Cite(pf.Str("[@smith]"), citations=[pf.Citation("smith")])
    doc = pf.Doc(pf.Para(pf.Str("Shown"), pf.Space(), cite, pf.Str(".")), format="latex")
    doc.metadata["references"] = [CITED]
    doc.metadata["cite-sentinel-style"] = style
    doc.metadata["cite-sentinel-correct"] = correct
    result = main(
        doc,
        verifier=lambda offline: _Miscited(),
        config=Config(),
        cwd=Path.cwd(),
        today=datetime.date(2026, 1, 2),
        notify=lines.append,
    )
    assert result is not None
    return result


def _marked(doc: pf.Doc) -> bool:
    found: list[pf.Span] = []
    doc.walk(lambda e, _: found.append(e) if isinstance(e, pf.Span) else None)
    return any("cite-sentinel-miscited" in span.classes for span in found)


@pytest.mark.parametrize("style", ["numbered", "html", "apa"])
def test_a_corrected_miscitation_is_rendered_from_the_record_and_not_marked(style: str) -> None:
    lines: list[str] = []
    doc = _build(style, True, lines)
    text = pf.stringify(doc)
    assert "2019" in text and "2020" not in text, text
    assert not _marked(doc)
    assert any("corrected the metadata of smith" in line for line in lines)
    assert any(line.startswith("[WARNING]") and "year cited 2020" in line for line in lines)


@pytest.mark.parametrize("style", ["numbered", "apa"])
def test_without_correct_the_miscitation_is_rendered_as_cited_and_marked(style: str) -> None:
    doc = _build(style, False, [])
    assert "2020" in pf.stringify(doc).split("References")[-1]
    assert _marked(doc)


def test_style_none_gives_citeproc_the_record_and_leaves_no_mark() -> None:
    doc = _build("none", True, [])
    (item,) = doc.get_metadata("references")
    assert item["issued"] == {"date-parts": [["2019"]]} and item["volume"] == "7"
    assert not _marked(doc)
