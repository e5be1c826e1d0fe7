"""SARIF 2.1.0 for code scanning: every finding a result, every finding code a rule.

GitHub keeps an alert open across pushes by `partialFingerprints`; ours hash what a finding is
about (code, file, key, message without numbers) and never its line, so moving an entry keeps
its alert.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import Counter
from pathlib import Path, PurePosixPath
from typing import Any
from urllib.parse import quote

from cite_sentinel.core.findings import RULES, Code, documentation_url
from cite_sentinel.core.model import Finding, Location, Severity
from cite_sentinel.core.report.paths import repository_path
from cite_sentinel.core.result import CheckResult

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
TOOL_URI = "https://github.com/cite-sentinel/cite-sentinel"
FINGERPRINT = "citeSentinel/v1"

_LEVELS = {
    Severity.ERROR: "error",
    Severity.WARNING: "warning",
    Severity.INFO: "note",
    Severity.HINT: "note",
}
_DIGITS = re.compile(r"\d+")


def render_sarif(result: CheckResult, *, version: str = "", root: Path | None = None) -> str:
    """The report as a SARIF log with one run; paths are made relative to `root` when under it."""
    return json.dumps(sarif_log(result, version=version, root=root), indent=2) + "\n"


def sarif_log(
    result: CheckResult, *, version: str = "", root: Path | None = None
) -> dict[str, Any]:
    """The SARIF log as JSON-ready values."""
    codes = list(RULES)
    index = {code: number for number, code in enumerate(codes)}
    driver: dict[str, Any] = {
        "name": "cite-sentinel",
        "informationUri": TOOL_URI,
        "rules": [_rule(code) for code in codes],
    }
    if version:
        driver["version"] = version
        driver["semanticVersion"] = version
    seen: Counter[str] = Counter()
    results = [_result(f, index, seen, root) for f in sorted(result.findings, key=_position)]
    return {
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {"driver": driver},
                "columnKind": "unicodeCodePoints",
                "originalUriBaseIds": {"%SRCROOT%": {"uri": _root_uri(root)}},
                "results": results,
            }
        ],
    }


def _rule(code: Code) -> dict[str, Any]:
    rule = RULES[code]
    url = documentation_url(code)
    return {
        "id": str(code),
        "name": "".join(part.capitalize() for part in str(code).split("-")),
        "shortDescription": {"text": rule.summary},
        "fullDescription": {"text": rule.summary},
        "help": {
            "text": f"{rule.summary} See {url}",
            "markdown": f"{rule.summary} [What to do]({url})",
        },
        "helpUri": url,
        "defaultConfiguration": {"level": _LEVELS[rule.severity]},
        "properties": {"tags": ["references"]},
    }


def _result(
    finding: Finding, index: dict[Code, int], seen: Counter[str], root: Path | None
) -> dict[str, Any]:
    text = finding.message
    if finding.hint and finding.hint not in text:
        text = f"{text}; {finding.hint}"
    entry: dict[str, Any] = {
        "ruleId": str(finding.code),
        "level": _LEVELS[finding.severity],
        "message": {"text": text},
        "locations": [_location(finding.location, root)],
        "partialFingerprints": {FINGERPRINT: finding_fingerprint(finding, seen, root)},
    }
    if finding.code in index:
        entry["ruleIndex"] = index[Code(finding.code)]
    if finding.related:
        entry["relatedLocations"] = [
            {"id": number, **_location(where, root)} for number, where in enumerate(finding.related)
        ]
    return entry


def _location(where: Location, root: Path | None) -> dict[str, Any]:
    region: dict[str, Any] = {"startLine": max(where.line, 1), "startColumn": max(where.column, 1)}
    if (where.end_line, where.end_column) > (where.line, where.column):
        region["endLine"] = where.end_line
        region["endColumn"] = max(where.end_column, 1)
    if where.page:  # a PDF: lines of its extracted text; people look for the page and label
        region["properties"] = {"page": where.page, "label": where.label}
    uri = _uri(where.path, root)
    artifact = {"uri": uri} if uri.startswith("file:") else {"uri": uri, "uriBaseId": "%SRCROOT%"}
    return {"physicalLocation": {"artifactLocation": artifact, "region": region}}


def finding_fingerprint(finding: Finding, seen: Counter[str], root: Path | None) -> str:
    """What the finding is about; the n-th identical one in a file gets its own."""
    about = "\0".join(
        (str(finding.code), _uri(finding.location.path, root), finding.key)
        + (("",) if finding.key else (_DIGITS.sub("#", finding.message),))
    )
    seen[about] += 1
    digest = hashlib.sha256(f"{about}\0{seen[about]}".encode()).hexdigest()
    return f"{digest[:32]}:{seen[about]}"


def _uri(path: str, root: Path | None) -> str:
    located = repository_path(path, root)
    if PurePosixPath(located).is_absolute():
        return Path(located).as_uri()
    # A URI reference, not a path: a space, `%`, `#` or a colon in the first segment would
    # otherwise make readers see another file, a fragment or a scheme.
    return quote(located, safe="/")


def _root_uri(root: Path | None) -> str:
    uri = (root or Path.cwd()).absolute().as_uri()
    return uri if uri.endswith("/") else uri + "/"


def _position(finding: Finding) -> tuple[str, int, int, str]:
    where = finding.location
    return (where.path, where.line, where.column, str(finding.code))
