"""SARIF that code scanning accepts: valid 2.1.0, rules with help, fingerprints that stay."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import jsonschema
import pytest
from cite_sentinel.core import CheckResult, Location
from cite_sentinel.core.findings import RULES
from cite_sentinel.core.report.sarif import FINGERPRINT, render_sarif

SCHEMA = Path(__file__).resolve().parents[3] / "schemas" / "sarif-schema-2.1.0.json"


def _log(result: CheckResult) -> dict[str, Any]:
    log: dict[str, Any] = json.loads(render_sarif(result, version="0.1.0", root=Path.cwd()))
    return log


def _fingerprints(result: CheckResult) -> dict[tuple[str, str], str]:
    return {
        (r["ruleId"], r["message"]["text"]): r["partialFingerprints"][FINGERPRINT]
        for r in _log(result)["runs"][0]["results"]
    }


def _moved(result: CheckResult, lines: int) -> CheckResult:
    """The same findings after `lines` lines were inserted at the top of every file."""
    findings = tuple(
        replace(
            f,
            location=replace(
                f.location, line=f.location.line + lines, end_line=f.location.end_line + lines
            ),
        )
        for f in result.findings
    )
    return replace(result, findings=findings)


def test_the_log_validates_against_the_sarif_2_1_0_schema(judged: CheckResult) -> None:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft4Validator.check_schema(schema)
    jsonschema.Draft4Validator(schema).validate(_log(judged))


def test_every_finding_is_a_result_with_a_physical_location(judged: CheckResult) -> None:
    results = _log(judged)["runs"][0]["results"]
    assert len(results) == len(judged.findings)
    by_rule = {r["ruleId"]: r for r in results}
    year = by_rule["miscited"]
    assert year["level"] == "warning"
    region = year["locations"][0]["physicalLocation"]["region"]
    uri = year["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
    assert (uri, region["startLine"], region["startColumn"]) == ("refs.bib", 10, 10)
    assert "correct the year to 1992" in year["message"]["text"]
    assert by_rule["unused-entry"]["level"] == "note"


def test_each_finding_code_is_a_rule_with_help_and_a_default_level(judged: CheckResult) -> None:
    run = _log(judged)["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    assert [rule["id"] for rule in rules] == [str(code) for code in RULES]
    for rule in rules:
        assert rule["help"]["text"] and rule["helpUri"].endswith(f"#{rule['id']}")
        assert rule["defaultConfiguration"]["level"] in {"error", "warning", "note"}
    for result in run["results"]:
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"]


def test_fingerprints_stay_when_an_edit_moves_the_lines(judged: CheckResult) -> None:
    assert _fingerprints(_moved(judged, 7)) == _fingerprints(judged)


def test_fingerprints_differ_between_findings(judged: CheckResult) -> None:
    values = list(_fingerprints(judged).values())
    assert len(set(values)) == len(values) == len(judged.findings)


def test_two_identical_findings_in_one_file_get_two_fingerprints(judged: CheckResult) -> None:
    (undefined,) = [f for f in judged.findings if f.code == "undefined-key"]
    again = replace(undefined, location=Location("paper.md", 40, 1, 40, 9))
    log = _log(replace(judged, findings=(*judged.findings, again)))
    prints = [r["partialFingerprints"][FINGERPRINT] for r in log["runs"][0]["results"]]
    assert len(set(prints)) == len(prints)


def test_absolute_paths_under_the_root_become_relative_uris(
    judged: CheckResult, tmp_path: Path
) -> None:
    inside = replace(
        judged.findings[0], location=Location.point(str(tmp_path / "a/refs.bib"), 3, 1)
    )
    log = json.loads(render_sarif(replace(judged, findings=(inside,)), root=tmp_path))
    location = log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]
    assert location["artifactLocation"] == {"uri": "a/refs.bib", "uriBaseId": "%SRCROOT%"}


@pytest.mark.parametrize("fixture", ["judged", "local_only"])
def test_a_check_without_findings_is_still_a_valid_log(
    fixture: str, request: pytest.FixtureRequest
) -> None:
    result: CheckResult = request.getfixturevalue(fixture)
    empty = replace(result, findings=())
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft4Validator(schema).validate(_log(empty))
    assert _log(empty)["runs"][0]["results"] == []


@pytest.mark.parametrize(
    "path", ["chap/ü dir/réf s.bib", "notes:2024.md", "paper#2.tex", "50%.bib", "a,b [draft].md"]
)
def test_odd_file_names_give_uris_that_lead_back_to_the_file(
    judged: CheckResult, path: str
) -> None:
    finding = replace(judged.findings[0], location=Location.point(path, 3, 1))
    log = _log(replace(judged, findings=(finding,)))
    uri = log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]
    parts = urlsplit(uri["uri"])
    assert (parts.scheme, parts.netloc, parts.query, parts.fragment) == ("", "", "", "")
    assert unquote(parts.path) == path
    assert all(0x21 <= ord(c) < 0x7F for c in uri["uri"])


def test_a_job_run_in_a_subfolder_still_names_files_from_the_repository_root(
    judged: CheckResult, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "paper").mkdir()
    monkeypatch.chdir(tmp_path / "paper")
    finding = replace(judged.findings[0], location=Location.point("./refs.bib", 3, 1))
    log = json.loads(render_sarif(replace(judged, findings=(finding,)), root=tmp_path))
    location = log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]
    assert location["artifactLocation"] == {"uri": "paper/refs.bib", "uriBaseId": "%SRCROOT%"}


def test_a_file_outside_the_root_gets_an_absolute_uri_and_no_base(
    judged: CheckResult, tmp_path: Path
) -> None:
    """SARIF 2.1.0 §3.4.4: an absolute uri carries no uriBaseId."""
    outside = tmp_path / "elsewhere" / "refs.bib"
    finding = replace(judged.findings[0], location=Location.point(str(outside), 3, 1))
    log = json.loads(render_sarif(replace(judged, findings=(finding,)), root=tmp_path / "repo"))
    location = log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]
    assert location["artifactLocation"] == {"uri": outside.as_uri()}
