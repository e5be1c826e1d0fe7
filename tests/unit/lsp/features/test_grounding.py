"""Which judgements become diagnostics."""

from __future__ import annotations

from types import SimpleNamespace
from typing import TYPE_CHECKING, cast

from cite_sentinel.core import Citation, Code, Location, Severity
from cite_sentinel.core.ground.citation_support import CitationSupport
from cite_sentinel.core.ground.scorer import (
    Badge,
    EvidenceKind,
    GroundVerdict,
    Judgement,
)
from cite_sentinel.lsp.features.grounding import Grounding

if TYPE_CHECKING:
    from cite_sentinel.lsp.session import Session

CLAIM = "Structured play shortens the sleep of cats."
WHERE = Location("paper.md", 4, 46, 4, 54)


def _grounding(judgement: Judgement, sentence: str = CLAIM) -> Grounding:
    citation = Citation(key="cats2020", location=WHERE, sentence=sentence)
    session = SimpleNamespace(workspace=SimpleNamespace(citations=lambda: [citation]))
    grounding = Grounding(cast("Session", session))
    grounding.supports[(WHERE, "cats2020")] = CitationSupport(
        key="cats2020", location=WHERE, claim=CLAIM, judgement=judgement, claim_judgement=judgement
    )
    return grounding


def _judged(**kw: object) -> Judgement:
    return Judgement(evidence_kind=EvidenceKind.ABSTRACT, scorer="test", **kw)  # type: ignore[arg-type]


def test_a_contradicting_verdict_is_a_warning_on_the_citation() -> None:
    judgement = _judged(
        relevance=0.9, verdict=GroundVerdict.CONTRADICTED, confidence=0.8, badge=Badge.RED
    )
    (found,) = _grounding(judgement).findings()
    assert (found.code, found.severity, found.location) == (
        Code.CONTRADICTED_CITATION,
        Severity.WARNING,
        WHERE,
    )


def test_a_clearly_unrelated_work_is_a_hint() -> None:
    (found,) = _grounding(_judged(relevance=0.02, badge=Badge.RED)).findings()
    assert (found.code, found.severity) == (Code.UNRELATED_CITATION, Severity.HINT)
    assert "relevance 0.02" in found.message


def test_related_supported_and_grey_judgements_stay_quiet() -> None:
    quiet = [
        _judged(relevance=0.7, badge=Badge.GREY),
        _judged(relevance=0.9, verdict=GroundVerdict.SUPPORTED, badge=Badge.GREEN),
        _judged(relevance=0.8, verdict=GroundVerdict.NOT_ENOUGH_INFORMATION, badge=Badge.YELLOW),
    ]
    assert all(_grounding(judgement).findings() == [] for judgement in quiet)


def test_a_judgement_of_a_sentence_since_edited_is_not_shown() -> None:
    edited = "Structured play lengthens the sleep of cats."
    assert _grounding(_judged(relevance=0.02, badge=Badge.RED), edited).findings() == []
