"""Groundedness as findings: a clearly unrelated citation and a contradicted one, placed on it."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace

from cite_sentinel.core.findings import RULES, Code
from cite_sentinel.core.ground.citation_support import CitationSupport
from cite_sentinel.core.ground.scorer import Badge, GroundVerdict
from cite_sentinel.core.model import Finding, Severity


def support_findings(
    supports: Iterable[CitationSupport], severities: Mapping[str, Severity | None] | None = None
) -> tuple[Finding, ...]:
    """One finding per citation the judgement speaks against; `severities` as in the config
    (a code mapped to None is dropped)."""
    severities = severities or {}
    found: list[Finding] = []
    for support in supports:
        finding = support_finding(support)
        if finding is None:
            continue
        level = severities.get(finding.code, finding.severity)
        if level is not None:
            found.append(replace(finding, severity=level))
    return tuple(found)


def support_finding(support: CitationSupport) -> Finding | None:
    """A warning where a verdict-capable scorer found a contradiction, a hint where the work is
    clearly unrelated (any other red); nothing for related, yellow or grey judgements."""
    judgement = support.judgement
    key = support.key
    if judgement.verdict is GroundVerdict.CONTRADICTED:
        return Finding(
            code=Code.CONTRADICTED_CITATION,
            severity=RULES[Code.CONTRADICTED_CITATION].severity,
            message=(
                f"{key}: the cited work appears to contradict this sentence "
                f"({judgement.scorer} scorer, confidence {judgement.confidence:.2f})"
            ),
            location=support.location,
            key=key,
            hint=_quoted(judgement.quote, "correct the sentence or the citation"),
        )
    if judgement.badge is Badge.RED:
        # red without a contradiction: clearly unrelated, even where a judge found nothing
        judged = "" if judgement.verdict is None else f"; {judgement.scorer}: {judgement.verdict}"
        return Finding(
            code=Code.UNRELATED_CITATION,
            severity=RULES[Code.UNRELATED_CITATION].severity,
            message=(
                f"{key}: the cited work looks unrelated to this sentence "
                f"(relevance {judgement.relevance:.2f}, judged on its {judgement.evidence_kind}"
                f"{judged})"
            ),
            location=support.location,
            key=key,
            hint="check that this is the work you meant to cite",
        )
    return None


def _quoted(quote: str, advice: str) -> str:
    return f'it says: "{" ".join(quote.split())}"; {advice}' if quote else advice
