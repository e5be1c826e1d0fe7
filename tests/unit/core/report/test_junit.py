"""JUnit XML parses back: one testcase per reference, failures for its errors and warnings."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import replace

from cite_sentinel.core import CheckResult, Status, Verdict
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
