"""The JSON report of ARCHITECTURE.md (version 1), plus the local findings."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from cite_sentinel.core.failing import counted_as_accepted
from cite_sentinel.core.ground.citation_support import CitationSupport
from cite_sentinel.core.ground.scorer import EvidenceKind
from cite_sentinel.core.model import (
    Citation,
    Finding,
    Location,
    Problem,
    Record,
    Reference,
    SourceReport,
)
from cite_sentinel.core.report.summary import local_findings, summarize
from cite_sentinel.core.result import CheckResult

VERSION = 1


def render_json(result: CheckResult) -> str:
    """The report as indented JSON text."""
    return "".join(json_parts(result))


def json_parts(result: CheckResult) -> Iterator[str]:
    """The report's text in parts, one array item at a time, as `json.dumps(…, indent=2)`
    writes it: a writer that writes each part as it comes holds one item at a time, not a
    tree and a text of every reference (a 183,000-entry .bib's report is 200 MB)."""
    document = _document(result)
    yield "{"
    for number, (name, value) in enumerate(document.items()):
        yield ",\n  " if number else "\n  "
        yield json.dumps(name) + ": "
        if isinstance(value, Iterator):
            yield from _array(value)
        else:
            yield _indented(value, 2)
    yield "\n}\n"


def _array(items: Iterator[dict[str, Any]]) -> Iterator[str]:
    first = True
    for item in items:
        yield "[\n    " if first else ",\n    "
        yield _indented(item, 4)
        first = False
    yield "[]" if first else "\n  ]"


def _indented(value: object, depth: int) -> str:
    """`value` as json.dumps(indent=2) writes it `depth` spaces deep."""
    return json.dumps(value, indent=2, ensure_ascii=False).replace("\n", "\n" + " " * depth)


def _document(result: CheckResult) -> dict[str, Any]:
    """The report as JSON-ready values: references, citations, summary, findings; the arrays
    as iterators, made one item at a time.

    `findings` extends the documented schema: local findings (syntax, keys, fields,
    identifiers) that no verdict carries. A reference without a verdict has `"verdict": null`.
    `"incomplete": true` appears only on the report of a check that was stopped;
    `"accepted": true` only on a reference the author accepted whose verdict says something
    is wrong, and the summary counts it under `accepted`, not under its verdict.
    """
    summary = summarize(result)
    supports = {(support.key, support.location): support for support in result.supports}
    stopped: dict[str, Any] = {"incomplete": True} if result.incomplete else {}
    return {
        "version": VERSION,
        **stopped,
        "references": (_reference(ref, result) for ref in result.references),
        "citations": (
            _citation(citation, supports.get((citation.key, citation.location)))
            for citation in result.citations
        ),
        "summary": {
            "total": summary.total,
            "verified": summary.verified,
            "miscited": summary.miscited,
            "fabricated": summary.fabricated,
            "unverified": summary.unverified,
            "retracted": summary.retracted,
            "accepted": summary.accepted,
        },
        "findings": (_finding(finding) for finding in local_findings(result)),
    }


def _reference(reference: Reference, result: CheckResult) -> dict[str, Any]:
    verdict = result.verdict_for(reference)
    where = reference.key_location or reference.location
    if verdict is None:
        return {
            "key": reference.key,
            "location": _location(where),
            "verdict": None,
            "flags": [],
            "confidence": None,
            "problems": [],
            "match": None,
            "sources": [],
            "reason": "",
        }
    found: dict[str, Any] = {
        "key": reference.key,
        "location": _location(where),
        "verdict": verdict.status.value,
        "flags": [flag.value for flag in verdict.flags],
        "confidence": round(verdict.confidence, 3),
        "problems": [_problem(problem) for problem in verdict.problems],
        "match": _match(verdict.match) if verdict.match else None,
        "sources": [_source(source) for source in verdict.sources],
        "reason": verdict.reason,
    }
    if verdict.published is not None:  # optional: only with the published-version flag
        found["published"] = _match(verdict.published)
    if counted_as_accepted(result, verdict):  # optional: only where the author accepted it
        found["accepted"] = True
    return found


def _location(location: Location) -> dict[str, Any]:
    """Path, line and column; in a PDF also the page and the printed label (`[37]`)."""
    where: dict[str, Any] = {
        "path": location.path,
        "line": location.line,
        "column": location.column,
    }
    if location.page:
        where["page"] = location.page
        if location.label:
            where["label"] = location.label
    return where


def _problem(problem: Problem) -> dict[str, Any]:
    return {
        "field": problem.field,
        "cited": problem.cited,
        "found": problem.found,
        "severity": problem.severity.value,
    }


def _match(record: Record) -> dict[str, Any]:
    return {
        "source": record.source,
        "id": record.id,
        "doi": record.identifiers.doi or None,
        "title": record.title,
        "authors": [person.display for person in record.people],
        "year": record.year,
        "venue": record.venue,
        "url": record.url or None,
    }


def _source(source: SourceReport) -> dict[str, Any]:
    entry: dict[str, Any] = {"name": source.name, "status": source.status.value}
    if source.reason:
        entry["reason"] = source.reason
    return entry


def _citation(citation: Citation, support: CitationSupport | None) -> dict[str, Any]:
    return {
        "key": citation.key,
        "location": _location(citation.location),
        "sentence": citation.sentence,
        "support": None if support is None else _support(support),
    }


def _support(support: CitationSupport) -> dict[str, Any]:
    """Groundedness (check --ground): `score` is P(supported), null when not judged;
    `evidence` is the best passage (ARCHITECTURE.md's shape), `passages` the ranked few."""
    judgement = support.judgement
    judged = judgement.evidence_kind in (EvidenceKind.ABSTRACT, EvidenceKind.FULL_TEXT)
    return {
        "score": None if judgement.support is None else round(judgement.support, 3),
        "relevance": round(judgement.relevance, 3) if judged else None,
        "badge": judgement.badge.value,
        "verdict": None if judgement.verdict is None else judgement.verdict.value,
        "evidence": judgement.evidence[0].text if judgement.evidence else None,
        "passages": [passage.text for passage in judgement.evidence],  # best first
        "evidence_kind": judgement.evidence_kind.value,
        "quote": judgement.quote or None,
        "scorer": judgement.scorer,
        "claim_badge": support.claim_judgement.badge.value,
    }


def _finding(finding: Finding) -> dict[str, Any]:
    return {
        "code": str(finding.code),
        "severity": finding.severity.value,
        "message": finding.message,
        "location": _location(finding.location),
        "key": finding.key or None,
    }
