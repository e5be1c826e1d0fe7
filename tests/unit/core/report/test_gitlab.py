"""GitLab code quality JSON: one issue per finding with a path, a line and a unique fingerprint."""

from __future__ import annotations

import json

from cite_sentinel.core import CheckResult
from cite_sentinel.core.report.gitlab import render_gitlab


def test_each_finding_is_an_issue_with_path_line_and_severity(judged: CheckResult) -> None:
    issues = json.loads(render_gitlab(judged))
    assert len(issues) == len(judged.findings)
    year = next(issue for issue in issues if issue["check_name"] == "miscited")
    assert year["location"] == {"path": "refs.bib", "lines": {"begin": 10}}
    assert year["severity"] == "major"
    assert len({issue["fingerprint"] for issue in issues}) == len(issues)
