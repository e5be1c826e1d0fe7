"""`check --ground`: after verification, judge each citing sentence against each work it cites.

Evidence for a cited key, best first: a local full text (the entry's `file` field or the
`--fulltext` folder), the abstract of the record verification matched, the title alone
(unverifiable), nothing (a fabricated or unverified reference: unverifiable, never red).
"""

from __future__ import annotations

import logging
from dataclasses import replace
from pathlib import Path

from cite_sentinel.core.ground.citation_support import CitationSupport
from cite_sentinel.core.ground.claims import claims_of, strongest
from cite_sentinel.core.ground.evidence import from_full_text, from_records
from cite_sentinel.core.ground.fulltext import full_text
from cite_sentinel.core.ground.scorer import Evidence, EvidenceKind, Pair, Scorer
from cite_sentinel.core.model import CheckResult, Reference, Verdict

log = logging.getLogger(__name__)


async def ground(
    result: CheckResult, scorer: Scorer, *, fulltext_dir: Path | None = None
) -> CheckResult:
    """The result with `supports`: one per citation in a citing sentence, in reading order."""
    references = {ref.key: ref for ref in result.references}
    verdicts = {verdict.key: verdict for verdict in result.verdicts}
    claims = claims_of(result.citations)
    evidence: dict[str, tuple[Evidence, str]] = {}
    for cited in claims:
        for key in cited.claim.keys:
            if key not in evidence:
                evidence[key] = _evidence(references.get(key), verdicts.get(key), fulltext_dir)
    pairs = [
        Pair(cited.claim, evidence[citation.key][0], citation.key)
        for cited in claims
        for citation in cited.citations
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
                full_text_path=evidence[citation.key][1],
            )
            for citation, judgement in zip(cited.citations, mine, strict=True)
        ]
    log.info(
        "groundedness: %d claims, %d citations judged by %s", len(claims), len(pairs), scorer.name
    )
    return replace(result, supports=tuple(supports))


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
