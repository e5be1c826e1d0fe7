"""JUnit XML parses back: one testcase per reference, failures for its errors and warnings."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import replace

from cite_sentinel.core import (
    CheckResult,
    Citation,
    Finding,
    Location,
    Reference,
    Severity,
    Status,
    Verdict,
)
from cite_sentinel.core.report.junit import render_junit


def _cases(result: CheckResult) -> dict[str, ET.Element]:
    root = ET.fromstring(render_junit(result))
    suite = root.find("testsuite[@name='refs.bib']")
    assert suite is not None
    return {case.attrib["name"]: case for case in suite.iter("testcase")}


def test_one_testcase_per_reference(judged: CheckResult) -> None:
    cases = _cases(judged)
    assert list(cases) == [ref.key for ref in judged.references]


def test_a_reference_with_a_warning_fails_and_a_clean_one_passes(judged: CheckResult) -> None:
    cases = _cases(judged)
    failure = cases["back1993"].find("failure")
    assert failure is not None
    assert failure.attrib["type"] == "miscited"
    assert "year cited 1993, found 1992" in failure.attrib["message"]
    assert len(cases["nowlan1992"]) == 0


def test_an_unverified_reference_is_skipped_with_the_reason(judged: CheckResult) -> None:
    unverified = Verdict(key="nowlan1992", status=Status.UNVERIFIED, reason="crossref timed out")
    verdicts = (unverified, *judged.verdicts[1:])
    skipped = _cases(replace(judged, verdicts=verdicts))["nowlan1992"].find("skipped")
    assert skipped is not None and skipped.attrib["message"] == "crossref timed out"


def test_counts_on_the_root_add_up(judged: CheckResult) -> None:
    root = ET.fromstring(render_junit(judged))
    assert int(root.attrib["tests"]) == len(list(root.iter("testcase")))
    assert int(root.attrib["failures"]) == len(list(root.iter("failure")))


def test_findings_of_no_reference_fail_their_file(judged: CheckResult) -> None:
    root = ET.fromstring(render_junit(judged))
    case = root.find("testsuite[@name='files']/testcase[@name='paper.md']")
    assert case is not None
    failure = case.find("failure")
    assert failure is not None and failure.attrib["type"] == "undefined-key"


def test_a_key_reused_by_another_manuscript_does_not_share_its_failure() -> None:
    """A batch of submissions: s1's wrong smith2020 must not fail s2's correct one."""
    first = Reference(key="smith2020", location=Location("s1/refs.bib", 1, 1, 5, 2))
    second = Reference(key="smith2020", location=Location("s2/refs.bib", 1, 1, 5, 2), year=2020)
    citation = Citation(key="smith2020", location=Location("s1/paper.md", 3, 5, 3, 15))
    wrong = Finding(
        code="miscited",
        severity=Severity.WARNING,
        message="smith2020: year cited 2019, found 2020 (crossref)",
        key="smith2020",
        location=Location("s1/refs.bib", 1, 10, 1, 19),
    )
    result = CheckResult(
        references=(first, second),
        citations=(citation,),
        findings=(wrong, replace(wrong, location=citation.location)),
        targets={citation.location: first},
    )
    root = ET.fromstring(render_junit(result))
    failing = root.find("testsuite[@name='s1/refs.bib']/testcase[@name='smith2020']/failure")
    assert failing is not None and failing.text is not None
    assert "s1/paper.md:3:5" in failing.text
    clean = root.find("testsuite[@name='s2/refs.bib']/testcase[@name='smith2020']")
    assert clean is not None and clean.find("failure") is None
    assert root.find("testsuite[@name='files']") is None


def test_control_characters_from_an_index_title_keep_the_xml_readable() -> None:
    """Index records carry stray control characters (PDF extraction); XML 1.0 forbids them."""
    reference = Reference(key="a2020", location=Location("refs.bib", 1, 1, 4, 2))
    finding = Finding(
        code="miscited",
        severity=Severity.WARNING,
        message='a2020: title cited "Deep Nets", found "Deep\x0cNets\x00\x1b" (crossref)',
        key="a2020",
        location=Location("refs.bib", 1, 10, 1, 15),
    )
    root = ET.fromstring(render_junit(CheckResult(references=(reference,), findings=(finding,))))
    failure = root.find("testsuite/testcase/failure")
    assert failure is not None
    assert "Deep\ufffdNets" in failure.attrib["message"]
