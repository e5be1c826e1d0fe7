"""JUnit XML for CI test views: one testcase per reference, failing on its errors and warnings.

A suite per file that defines references; findings no reference carries (an undefined key, a
parse error) go to one testcase per file in a last suite, `files`.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable, Sequence

from cite_sentinel.core.model import CheckResult, Finding, Reference, Severity, Status, Verdict
from cite_sentinel.core.report.summary import SEVERITY_ORDER

_FAILING = (Severity.ERROR, Severity.WARNING)


def render_junit(result: CheckResult) -> str:
    """The report as a `<testsuites>` document."""
    by_key: dict[str, list[Finding]] = {}
    for finding in result.findings:
        by_key.setdefault(finding.key, []).append(finding)
    defined = {reference.key for reference in result.references}
    root = ET.Element("testsuites", name="cite-sentinel")
    suites: dict[str, ET.Element] = {}
    for reference in result.references:
        path = reference.location.path
        if path not in suites:
            suites[path] = ET.SubElement(root, "testsuite", name=path)
        findings = by_key.get(reference.key, [])
        _testcase(suites[path], reference, result.verdict_for(reference), findings)
    orphans: dict[str, list[Finding]] = {}
    for finding in result.findings:
        if finding.key not in defined:
            orphans.setdefault(finding.location.path, []).append(finding)
    if orphans:
        files = ET.SubElement(root, "testsuite", name="files")
        for path, findings in orphans.items():
            case = ET.SubElement(files, "testcase", classname="files", name=path)
            _outcome(case, findings)
    for suite in [*suites.values(), *([files] if orphans else [])]:
        _count(suite)
    _count(root)
    ET.indent(root)
    return ET.tostring(root, encoding="unicode", xml_declaration=True) + "\n"


def _testcase(
    suite: ET.Element, reference: Reference, verdict: Verdict | None, findings: Sequence[Finding]
) -> None:
    where = reference.key_location or reference.location
    case = ET.SubElement(
        suite,
        "testcase",
        classname=reference.location.path,
        name=reference.key,
        file=where.path,
        line=str(where.line),
    )
    if _outcome(case, findings):
        return
    if verdict is not None and verdict.status is Status.UNVERIFIED:
        ET.SubElement(case, "skipped", message=verdict.reason or "could not be verified")
    elif verdict is None and not findings:
        ET.SubElement(case, "system-out").text = "not verified: only local checks ran"


def _outcome(case: ET.Element, findings: Sequence[Finding]) -> bool:
    """A failure for errors and warnings (all of them in its text); notes as output."""
    failing = sorted(
        (f for f in findings if f.severity in _FAILING),
        key=lambda f: SEVERITY_ORDER.index(f.severity),
    )
    lines = _distinct(f"{f.location}: {f.severity.value}: {f.message} [{f.code}]" for f in findings)
    if failing:
        first = failing[0]
        failure = ET.SubElement(case, "failure", message=first.message, type=str(first.code))
        failure.text = "\n".join(lines)
        return True
    if lines:
        ET.SubElement(case, "system-out").text = "\n".join(lines)
    return False


def _distinct(lines: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(lines))


def _count(element: ET.Element) -> None:
    cases = element.iter("testcase")
    total = failures = skipped = 0
    for case in cases:
        total += 1
        failures += case.find("failure") is not None
        skipped += case.find("skipped") is not None
    element.set("tests", str(total))
    element.set("failures", str(failures))
    element.set("errors", "0")
    element.set("skipped", str(skipped))
