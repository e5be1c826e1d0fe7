"""Groundedness findings: only a contradiction or a clearly unrelated work speaks up."""

from __future__ import annotations

from cite_sentinel.core.findings import Code
from cite_sentinel.core.ground.citation_support import CitationSupport
from cite_sentinel.core.ground.scorer import Badge, EvidenceKind, GroundVerdict, Judgement
from cite_sentinel.core.ground.support_findings import support_findings
from cite_sentinel.core.model import Location, Severity

PLACE = Location("paper.md", 3, 20, 3, 30)


def _support(judgement: Judgement, key: str = "smith2020") -> CitationSupport:
    return CitationSupport(
        key=key,
        location=PLACE,
        claim="Aspirin lowers the risk of stroke.",
        judgement=judgement,
        claim_judgement=judgement,
    )


RELATED = Judgement(relevance=0.9, evidence_kind=EvidenceKind.ABSTRACT, scorer="local")
UNRELATED = Judgement(
    relevance=0.03, badge=Badge.RED, evidence_kind=EvidenceKind.ABSTRACT, scorer="local"
)
CONTRADICTED = Judgement(
    relevance=0.95,
    verdict=GroundVerdict.CONTRADICTED,
    confidence=0.88,
    badge=Badge.RED,
    quote="aspirin did not lower the risk",
    quote_verified=True,
    evidence_kind=EvidenceKind.ABSTRACT,
    scorer="anthropic",
)


def test_related_and_grey_judgements_give_no_finding() -> None:
    title_only = Judgement(relevance=0.0, evidence_kind=EvidenceKind.TITLE_ONLY)
    assert support_findings([_support(RELATED), _support(title_only)]) == ()


def test_an_unrelated_work_is_a_hint_on_its_citation_with_the_relevance() -> None:
    (finding,) = support_findings([_support(UNRELATED)])
    assert (finding.code, finding.severity, finding.location) == (
        Code.UNRELATED_CITATION,
        Severity.HINT,
        PLACE,
    )
    assert "relevance 0.03" in finding.message and "abstract" in finding.message


def test_a_contradiction_is_a_warning_that_quotes_the_evidence() -> None:
    (finding,) = support_findings([_support(CONTRADICTED)])
    assert (finding.code, finding.severity) == (Code.CONTRADICTED_CITATION, Severity.WARNING)
    assert "anthropic scorer, confidence 0.88" in finding.message
    assert '"aspirin did not lower the risk"' in finding.hint


def test_the_configuration_raises_or_drops_a_code() -> None:
    raised = support_findings([_support(UNRELATED)], {"unrelated-citation": Severity.WARNING})
    assert [f.severity for f in raised] == [Severity.WARNING]
    assert support_findings([_support(UNRELATED)], {"unrelated-citation": None}) == ()


def test_an_unrelated_work_a_judge_found_nothing_on_is_still_the_unrelated_hint() -> None:
    # The badge is red (relevance far below the threshold) whichever scorer judged it: the
    # report that counts it red must also say where, as it does without a judge.
    judged = Judgement(
        relevance=0.02,
        verdict=GroundVerdict.NOT_ENOUGH_INFORMATION,
        confidence=0.8,
        badge=Badge.RED,
        evidence_kind=EvidenceKind.ABSTRACT,
        scorer="anthropic",
    )
    (finding,) = support_findings([_support(judged)])
    assert (finding.code, finding.severity, finding.location) == (
        Code.UNRELATED_CITATION,
        Severity.HINT,
        PLACE,
    )
    assert "relevance 0.02" in finding.message and "not enough information" in finding.message
