"""`check --ground`: after verification, judge each citing sentence against each work it cites.

Evidence for a cited key, best first: a local full text (the entry's `file` field or the
`--fulltext` folder), the abstract of the record verification matched, the title alone
(unverifiable), nothing (a fabricated or unverified reference: unverifiable, never red).

Each scorer is asked the claim as its citation sees it, marked where this citation and the
sentence's others stood (claims.py): the local scorer and Voyage judge relevance on the clause
it closes, Claude is told which part to judge; every report shows the sentence as written.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Protocol, Self, TypeVar

from cite_sentinel.core.ground.citation_support import CitationSupport
from cite_sentinel.core.ground.claims import claims_of, strongest
from cite_sentinel.core.ground.evidence import from_full_text, from_records
from cite_sentinel.core.ground.fulltext import full_text
from cite_sentinel.core.ground.scorer import Evidence, EvidenceKind, Pair, Scorer
from cite_sentinel.core.ground.support_findings import support_findings
from cite_sentinel.core.model import Citation, Finding, Location, Reference, Severity, Verdict

log = logging.getLogger(__name__)


class Checked(Protocol):
    """What grounding reads of a check's result (core.result.CheckResult), and how it adds
    its judgements: named here so that core.ground does not import the result back."""

    @property
    def references(self) -> Sequence[Reference]: ...
    @property
    def citations(self) -> Sequence[Citation]: ...
    @property
    def targets(self) -> Mapping[Location, Reference]: ...
    def verdict_for(self, reference: Reference) -> Verdict | None: ...
    def verdict_for_citation(self, citation: Citation) -> Verdict | None: ...
    def with_supports(
        self, supports: Sequence[CitationSupport], findings: Sequence[Finding]
    ) -> Self: ...


Result = TypeVar("Result", bound=Checked)


async def ground(
    result: Result,
    scorer: Scorer,
    *,
    fulltext_dir: Path | None = None,
    severities: Mapping[str, Severity | None] | None = None,
) -> Result:
    """The result with `supports` (one per citation in a citing sentence, in reading order) and
    a finding on each citation they speak against (unrelated, contradicted)."""
    claims = claims_of(result.citations)
    by_key: dict[str, Reference] = {}
    for entry in result.references:
        by_key.setdefault(entry.key, entry)
    evidence: dict[_Work, tuple[Evidence, str]] = {}
    works: dict[Location, _Work] = {}
    for cited in claims:
        for citation in cited.citations:
            reference = result.targets.get(citation.location) or by_key.get(citation.key)
            work = works[citation.location] = _work(citation, reference)
            if work not in evidence:
                verdict = (
                    result.verdict_for(reference)
                    if reference is not None
                    else result.verdict_for_citation(citation)
                )
                evidence[work] = _evidence(reference, verdict, fulltext_dir)
    pairs = [
        Pair(cited.claim_for(number), evidence[works[citation.location]][0], citation.key)
        for cited in claims
        for number, citation in enumerate(cited.citations)
    ]
    judgements = iter(await scorer.score(pairs) if pairs else ())
    supports: list[CitationSupport] = []
    for cited in claims:
        mine = [next(judgements) for _ in cited.citations]
        best = strongest(mine)
        assert best is not None  # a claim has at least one citation
        supports += [
            CitationSupport(
                key=citation.key,
                location=citation.location,
                claim=cited.claim.text,
                judgement=judgement,
                claim_judgement=best,
                full_text_path=evidence[works[citation.location]][1],
            )
            for citation, judgement in zip(cited.citations, mine, strict=True)
        ]
    log.info(
        "groundedness: %d claims, %d citations judged by %s", len(claims), len(pairs), scorer.name
    )
    return result.with_supports(supports, support_findings(supports, severities))


# A cited work as the engine judged it: its key and its Reference.signature ("" when the key
# has no entry). Keys alone are not enough: manuscripts checked together may reuse a key for
# different works, so each citation takes its own bibliography's entry (`result.targets`).
_Work = tuple[str, str]


def _work(citation: Citation, reference: Reference | None) -> _Work:
    return (citation.key, reference.signature if reference is not None else "")


def _evidence(
    reference: Reference | None, verdict: Verdict | None, directory: Path | None
) -> tuple[Evidence, str]:
    title = reference.title if reference is not None else ""
    if reference is not None:
        found = full_text(reference, directory)
        if found is not None:
            return from_full_text(found.text, title), found.path
    if verdict is not None and verdict.match is not None:
        return from_records((verdict.match,)), ""
    kind = EvidenceKind.TITLE_ONLY if title.strip() else EvidenceKind.NONE
    return Evidence(kind, (), title), ""
