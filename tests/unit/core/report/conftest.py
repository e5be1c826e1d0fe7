"""Literal check results the report tests render: one judged, one from local checks only."""

from __future__ import annotations

import pytest
from cite_sentinel.core import (
    CheckResult,
    Citation,
    Finding,
    Flag,
    Identifiers,
    Location,
    Person,
    Problem,
    Record,
    Reference,
    Severity,
    SourceReport,
    SourceStatus,
    Status,
    Verdict,
)


def _reference(key: str, line: int) -> Reference:
    return Reference(
        key=key,
        location=Location("refs.bib", line, 1, line + 6, 2),
        key_location=Location("refs.bib", line, 10, line, 10 + len(key)),
        title=f"Title of {key}",
    )


REFERENCES = (_reference("nowlan1992", 1), _reference("back1993", 10), _reference("ghost2021", 20))
CITATIONS = (
    Citation(
        key="back1993",
        location=Location("paper.md", 7, 12, 7, 21),
        sentence="Lattice filters give perceptrons a memory [@back1993].",
    ),
)
UNDEFINED = Finding(
    code="undefined-key",
    severity=Severity.ERROR,
    message="rumelhart1986: no bibliography defines this key",
    location=Location("paper.md", 9, 3, 9, 17),
    key="rumelhart1986",
    hint="add the entry to refs.bib or correct the key",
)
UNUSED = Finding(
    code="unused-entry",
    severity=Severity.HINT,
    message="kitani1994: never cited",
    location=Location("refs.bib", 30, 10, 30, 20),
    key="kitani1994",
)
YEAR = Finding(
    code="miscited",
    severity=Severity.WARNING,
    message="back1993: year cited 1993, found 1992 (crossref)",
    location=Location("refs.bib", 10, 10, 10, 18),
    key="back1993",
    hint="correct the year to 1992",
)
MATCH = Record(
    source="crossref",
    id="10.1162/neco.1992.4.6.922",
    title="An Adaptive Lattice Architecture for Dynamic Multilayer Perceptrons",
    people=(Person(family="Back", given="Andrew D."), Person(family="Tsoi", given="Ah Chung")),
    year=1992,
    venue="Neural Computation",
    identifiers=Identifiers(doi="10.1162/neco.1992.4.6.922"),
)
VERDICTS = (
    Verdict(key="nowlan1992", status=Status.VERIFIED, confidence=0.98),
    Verdict(
        key="back1993",
        status=Status.MISCITED,
        confidence=0.91,
        flags=(Flag.RETRACTED,),
        problems=(Problem("year", "1993", "1992", Severity.WARNING),),
        match=MATCH,
        sources=(
            SourceReport("crossref", SourceStatus.ANSWERED),
            SourceReport("openalex", SourceStatus.FAILED, "timeout"),
        ),
    ),
    Verdict(
        key="ghost2021",
        status=Status.FABRICATED,
        confidence=0.88,
        reason="no index that answered holds this title",
    ),
)


@pytest.fixture
def judged() -> CheckResult:
    """Three references judged: verified, miscited and retracted, fabricated."""
    return CheckResult(
        files=("paper.md", "refs.bib"),
        references=REFERENCES,
        citations=CITATIONS,
        findings=(UNUSED, YEAR, UNDEFINED),
        verdicts=VERDICTS,
    )


@pytest.fixture
def local_only() -> CheckResult:
    """The same input checked without a verification engine."""
    return CheckResult(
        files=("paper.md", "refs.bib"),
        references=REFERENCES,
        citations=CITATIONS,
        findings=(UNUSED, UNDEFINED),
    )
