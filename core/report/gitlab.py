"""GitLab code quality (Code Climate JSON): findings shown in merge request widgets."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from cite_sentinel.core.model import Severity
from cite_sentinel.core.report.paths import repository_path
from cite_sentinel.core.report.sarif import finding_fingerprint
from cite_sentinel.core.result import CheckResult

_SEVERITIES = {
    Severity.ERROR: "critical",
    Severity.WARNING: "major",
    Severity.INFO: "info",
    Severity.HINT: "info",
}


def render_gitlab(result: CheckResult, *, root: Path | None = None) -> str:
    """A JSON array of issues: description, check_name, fingerprint, severity, location.

    Paths are relative to `root`, the project ($CI_PROJECT_DIR; default: the working folder).
    """
    seen: Counter[str] = Counter()
    issues = []
    for finding in sorted(result.findings, key=lambda f: (f.location.path, f.location.line)):
        description = finding.message
        if finding.hint and finding.hint not in description:
            description = f"{description}; {finding.hint}"
        if finding.location.page:  # a PDF: say the page and the printed label
            description = f"{finding.location.place}: {description}"
        issues.append(
            {
                "type": "issue",
                "description": description,
                "check_name": str(finding.code),
                "categories": ["Bug Risk"],
                "fingerprint": finding_fingerprint(finding, seen, root),
                "severity": _SEVERITIES[finding.severity],
                "location": {
                    "path": repository_path(finding.location.path, root),
                    "lines": {"begin": finding.location.line},
                },
            }
        )
    return json.dumps(issues, indent=2, ensure_ascii=False) + "\n"
