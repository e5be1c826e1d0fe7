"""JUnit XML for CI test views: one testcase per reference, failing on its errors and warnings.

A suite per file that defines references; findings no reference carries (an undefined key, a
parse error) go to one testcase per file in a last suite, `files`.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable, Sequence

from cite_sentinel.core.model import Finding, Location, Reference, Severity, Status, Verdict
from cite_sentinel.core.report.summary import SEVERITY_ORDER
from cite_sentinel.core.result import CheckResult

_FAILING = (Severity.ERROR, Severity.WARNING)
# Characters XML 1.0 forbids even escaped; index titles carry some (PDF extraction debris).
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def render_junit(result: CheckResult) -> str:
    """The report as a `<testsuites>` document."""
    owned: dict[int, list[Finding]] = {}
    orphans: dict[str, list[Finding]] = {}
    owner = _owners(result)
    for finding in result.findings:
        number = owner(finding)
        if number is None:
            orphans.setdefault(finding.location.path, []).append(finding)
        else:
            owned.setdefault(number, []).append(finding)
    root = ET.Element("testsuites", name="cite-sentinel")
    suites: dict[str, ET.Element] = {}
    for number, reference in enumerate(result.references):
        path = reference.location.path
        if path not in suites:
            suites[path] = ET.SubElement(root, "testsuite", name=path)
        findings = owned.get(number, [])
        _testcase(suites[path], reference, result.verdict_for(reference), findings)
    if orphans:
        files = ET.SubElement(root, "testsuite", name="files")
        for path, findings in orphans.items():
            case = ET.SubElement(files, "testcase", classname="files", name=path)
            _outcome(case, findings)
    for suite in [*suites.values(), *([files] if orphans else [])]:
        _count(suite)
    _count(root)
    ET.indent(root)
    text = ET.tostring(root, encoding="unicode", xml_declaration=True) + "\n"
    return _NOT_XML.sub("\ufffd", text)


def _owners(result: CheckResult) -> Callable[[Finding], int | None]:
    """Which reference (its index) a finding belongs to.

    A batch of manuscripts reuses keys for different works, so a key alone is not enough: a
    finding in a bibliography belongs to that file's entry, one at a citation to the entry the
    citation resolves to, and any other to the key's entry only when one reference has it.
    """
    numbers = {id(reference): n for n, reference in enumerate(result.references)}
    in_file: dict[tuple[str, str], list[int]] = {}
    by_key: dict[str, list[int]] = {}
    for number, reference in enumerate(result.references):
        in_file.setdefault((reference.location.path, reference.key), []).append(number)
        by_key.setdefault(reference.key, []).append(number)
    cited = {
        _point(location): numbers.get(id(reference))
        for location, reference in result.targets.items()
    }

    def owner(finding: Finding) -> int | None:
        if not finding.key:
            return None
        where = finding.location
        here = in_file.get((where.path, finding.key))
        if here:
            return _enclosing(here, result.references, where.line)
        target = cited.get(_point(where))
        if target is not None and result.references[target].key == finding.key:
            return target
        candidates = by_key.get(finding.key, [])
        return candidates[0] if len(candidates) == 1 else None

    return owner


def _point(where: Location) -> tuple[str, int, int]:
    return (where.path, where.line, where.column)


def _enclosing(numbers: Sequence[int], references: Sequence[Reference], line: int) -> int:
    """Of a file's entries with one key (a duplicate), the one whose lines hold `line`."""
    for number in numbers:
        span = references[number].location
        if span.line <= line <= max(span.end_line, span.line):
            return number
    return numbers[0]


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
