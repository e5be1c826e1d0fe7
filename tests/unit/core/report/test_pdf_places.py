"""Every report format says where in a PDF a finding is: the page and the printed label."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import jsonschema
import pytest
from cite_sentinel.core import (
    CheckResult,
    Finding,
    Location,
    Reference,
    Severity,
    Status,
    Verdict,
)
from cite_sentinel.core.report.github import render_github
from cite_sentinel.core.report.gitlab import render_gitlab
from cite_sentinel.core.report.json import render_json
from cite_sentinel.core.report.junit import render_junit
from cite_sentinel.core.report.markdown import render_markdown
from cite_sentinel.core.report.sarif import render_sarif
from cite_sentinel.core.report.text import render_text

DOCS = Path(__file__).resolve().parents[4] / "docs"
SARIF_SCHEMA = Path(__file__).resolve().parents[3] / "schemas" / "sarif-schema-2.1.0.json"
ENTRY = "[37] A. Okonkwo, “Sparse Graph Inference,” J. Mach. Learn. Res., 2019."
WHERE = Location("paper.pdf", 412, 1, 413, 30, page=12, label="[37]")


@pytest.fixture
def result() -> CheckResult:
    reference = Reference(key="37", location=WHERE, title="Sparse Graph Inference", raw=ENTRY)
    verdict = Verdict(key="37", status=Status.FABRICATED, reason="no index holds it")
    finding = Finding(
        code="fabricated",
        severity=Severity.ERROR,
        message="37: no index holds a work matching this reference",
        location=WHERE,
        key="37",
    )
    return CheckResult(
        files=("paper.pdf",), references=(reference,), verdicts=(verdict,), findings=(finding,)
    )


def test_text_names_the_page_and_the_entry_number(result: CheckResult) -> None:
    assert "paper.pdf:p12:[37]: error: 37: no index holds" in render_text(result)


def test_json_gives_page_and_label_and_stays_valid(result: CheckResult) -> None:
    report = json.loads(render_json(result))
    assert report["references"][0]["location"] == {
        "path": "paper.pdf",
        "line": 412,
        "column": 1,
        "page": 12,
        "label": "[37]",
    }
    schema = json.loads((DOCS / "report-v1.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(schema).validate(report)


def test_sarif_regions_carry_the_extracted_line_and_the_page(result: CheckResult) -> None:
    log = json.loads(render_sarif(result, root=Path.cwd()))
    region = log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]
    assert (region["startLine"], region["endLine"]) == (412, 413)
    assert region["properties"] == {"page": 12, "label": "[37]"}
    schema = json.loads(SARIF_SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft4Validator(schema).validate(log)


def test_markdown_quotes_the_entry_as_printed(result: CheckResult) -> None:
    report = render_markdown(result)
    assert "- defined at `paper.pdf:p12:[37]`" in report
    assert "> \\[37\\] A. Okonkwo, “Sparse Graph Inference,” J. Mach. Learn. Res., 2019." in report


def test_github_and_gitlab_messages_name_the_page(result: CheckResult) -> None:
    assert "::p12:[37]: 37: no index holds" in render_github(result, root=Path.cwd())
    (issue,) = json.loads(render_gitlab(result, root=Path.cwd()))
    assert issue["description"].startswith("p12:[37]: 37: no index holds")


def test_junit_failures_name_the_page(result: CheckResult) -> None:
    root = ET.fromstring(render_junit(result))
    failure = root.find(".//failure")
    assert failure is not None and failure.text is not None
    assert failure.text.startswith("paper.pdf:p12:[37]: error:")
