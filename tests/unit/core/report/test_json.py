"""The JSON report keeps the versioned schema of ARCHITECTURE.md."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import jsonschema
import pytest
from cite_sentinel.core import CheckResult
from cite_sentinel.core.ground.citation_support import CitationSupport
from cite_sentinel.core.ground.scorer import (
    Badge,
    EvidenceKind,
    GroundVerdict,
    Judgement,
    Passage,
)
from cite_sentinel.core.report.json import render_json

SCHEMA = Path(__file__).resolve().parents[4] / "docs" / "report-v1.schema.json"

REFERENCE_KEYS = {
    "key",
    "location",
    "verdict",
    "flags",
    "confidence",
    "problems",
    "match",
    "sources",
    "reason",
}
MATCH_KEYS = {"source", "id", "doi", "title", "authors", "year", "venue", "url"}
SUMMARY_KEYS = {
    "total",
    "verified",
    "miscited",
    "fabricated",
    "unverified",
    "retracted",
    "accepted",
}


def test_top_level_is_version_1_with_the_documented_sections(judged: CheckResult) -> None:
    report = json.loads(render_json(judged))
    assert report["version"] == 1
    assert set(report) == {"version", "references", "citations", "summary", "findings"}


def test_a_miscited_reference_carries_problems_match_and_sources(judged: CheckResult) -> None:
    back = json.loads(render_json(judged))["references"][1]
    assert set(back) == REFERENCE_KEYS
    assert back["key"] == "back1993"
    assert back["location"] == {"path": "refs.bib", "line": 10, "column": 10}
    assert back["verdict"] == "miscited"
    assert back["flags"] == ["retracted"]
    assert back["confidence"] == 0.91
    assert back["problems"] == [
        {"field": "year", "cited": "1993", "found": "1992", "severity": "warning"}
    ]
    assert set(back["match"]) == MATCH_KEYS
    assert back["match"]["authors"] == ["Andrew D. Back", "Ah Chung Tsoi"]
    assert back["match"]["doi"] == "10.1162/neco.1992.4.6.922"
    assert back["sources"] == [
        {"name": "crossref", "status": "answered"},
        {"name": "openalex", "status": "failed", "reason": "timeout"},
    ]


def test_summary_counts_each_verdict_and_retractions(judged: CheckResult) -> None:
    summary = json.loads(render_json(judged))["summary"]
    assert summary == {
        "total": 3,
        "verified": 1,
        "miscited": 1,
        "fabricated": 1,
        "unverified": 0,
        "retracted": 1,
        "accepted": 0,
    }


def test_citations_keep_their_sentence_and_no_support_yet(judged: CheckResult) -> None:
    (citation,) = json.loads(render_json(judged))["citations"]
    assert citation == {
        "key": "back1993",
        "location": {"path": "paper.md", "line": 7, "column": 12},
        "sentence": "Lattice filters give perceptrons a memory [@back1993].",
        "support": None,
    }


def test_findings_list_only_local_findings_in_file_order(judged: CheckResult) -> None:
    findings = json.loads(render_json(judged))["findings"]
    assert [f["code"] for f in findings] == ["undefined-key", "unused-entry"]
    assert findings[0] == {
        "code": "undefined-key",
        "severity": "error",
        "message": "rumelhart1986: no bibliography defines this key",
        "location": {"path": "paper.md", "line": 9, "column": 3},
        "key": "rumelhart1986",
    }


def test_unjudged_references_have_a_null_verdict(local_only: CheckResult) -> None:
    report = json.loads(render_json(local_only))
    assert {ref["verdict"] for ref in report["references"]} == {None}
    assert set(report["summary"]) == SUMMARY_KEYS
    assert report["summary"]["total"] == 3
    assert report["summary"]["verified"] == 0


@pytest.fixture
def validator() -> jsonschema.protocols.Validator:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def test_reports_with_and_without_verdicts_validate_against_the_published_schema(
    judged: CheckResult, local_only: CheckResult, validator: jsonschema.protocols.Validator
) -> None:
    validator.validate(json.loads(render_json(judged)))
    validator.validate(json.loads(render_json(local_only)))


def test_a_grounded_citation_validates_and_a_misspelt_badge_does_not(
    judged: CheckResult, validator: jsonschema.protocols.Validator
) -> None:
    citation = judged.citations[0]
    judgement = Judgement(
        relevance=0.92,
        support=0.2,
        verdict=GroundVerdict.CONTRADICTED,
        badge=Badge.RED,
        evidence=(Passage(0, "Lattice filters did not help."),),
        quote="did not help",
        quote_verified=True,
        evidence_kind=EvidenceKind.ABSTRACT,
        scorer="anthropic",
    )
    support = CitationSupport(
        key=citation.key,
        location=citation.location,
        claim=citation.sentence,
        judgement=judgement,
        claim_judgement=judgement,
    )
    report = json.loads(render_json(dataclasses.replace(judged, supports=(support,))))
    validator.validate(report)
    assert report["citations"][0]["support"]["badge"] == "red"
    report["citations"][0]["support"]["badge"] = "crimson"
    assert not validator.is_valid(report)


def test_an_accepted_fabrication_is_marked_and_counted_as_accepted(
    judged: CheckResult, validator: jsonschema.protocols.Validator
) -> None:
    accepted = dataclasses.replace(judged, accepted=frozenset({"ghost2021", "nowlan1992"}))
    report = json.loads(render_json(accepted))
    validator.validate(report)
    by_key = {reference["key"]: reference for reference in report["references"]}
    assert by_key["ghost2021"]["verdict"] == "fabricated"  # the verdict itself stays
    assert by_key["ghost2021"]["accepted"] is True
    assert "accepted" not in by_key["nowlan1992"]  # plainly verified: nothing was accepted
    assert "accepted" not in by_key["back1993"]
    assert report["summary"] == {
        "total": 3,
        "verified": 1,
        "miscited": 1,
        "fabricated": 0,
        "unverified": 0,
        "retracted": 1,
        "accepted": 1,
    }
