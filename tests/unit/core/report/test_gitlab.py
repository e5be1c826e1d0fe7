"""GitLab code quality JSON: one issue per finding with a path, a line and a unique fingerprint."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from cite_sentinel.core import CheckResult, Location
from cite_sentinel.core.report.gitlab import render_gitlab


def test_each_finding_is_an_issue_with_path_line_and_severity(judged: CheckResult) -> None:
    issues = json.loads(render_gitlab(judged))
    assert len(issues) == len(judged.findings)
    year = next(issue for issue in issues if issue["check_name"] == "miscited")
    assert year["location"] == {"path": "refs.bib", "lines": {"begin": 10}}
    assert year["severity"] == "major"
    assert len({issue["fingerprint"] for issue in issues}) == len(issues)


def test_issue_paths_are_relative_to_the_project_folder(
    judged: CheckResult, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "paper").mkdir()
    monkeypatch.chdir(tmp_path / "paper")
    dotted = replace(judged.findings[0], location=Location.point("./refs.bib", 3, 1))
    issues = json.loads(render_gitlab(replace(judged, findings=(dotted,)), root=tmp_path))
    assert issues[0]["location"]["path"] == "paper/refs.bib"
