"""A check ends with the exit code a CI job can act on."""

from __future__ import annotations

from cite_sentinel.core import (
    CheckResult,
    Finding,
    Flag,
    Location,
    Severity,
    SourceReport,
    SourceStatus,
    Status,
    Verdict,
)
from cite_sentinel.exit_codes import ExitCode, exit_code, unavailable_share

HERE = Location.point("refs.bib", 1, 1)


def _finding(severity: Severity) -> Finding:
    return Finding(code="missing-field", severity=severity, message="m", location=HERE)


def _unverified(key: str, status: SourceStatus) -> Verdict:
    return Verdict(
        key=key, status=Status.UNVERIFIED, sources=(SourceReport("crossref", status, "down"),)
    )


def test_exit_codes_have_the_documented_numbers() -> None:
    assert [int(code) for code in ExitCode][:4] == [0, 1, 2, 3]


def test_hints_and_infos_alone_are_clean() -> None:
    result = CheckResult(findings=(_finding(Severity.HINT), _finding(Severity.INFO)))
    assert exit_code(result) is ExitCode.CLEAN


def test_a_warning_or_an_error_fails() -> None:
    assert exit_code(CheckResult(findings=(_finding(Severity.WARNING),))) is ExitCode.FINDINGS
    assert exit_code(CheckResult(findings=(_finding(Severity.ERROR),))) is ExitCode.FINDINGS


def test_unreadable_input_wins_over_findings() -> None:
    result = CheckResult(findings=(_finding(Severity.ERROR),), unreadable=("gone.bib",))
    assert exit_code(result) is ExitCode.INPUT


def test_fail_on_names_verdicts_that_fail_even_without_findings() -> None:
    result = CheckResult(verdicts=(_unverified("a", SourceStatus.SKIPPED),))
    assert exit_code(result) is ExitCode.CLEAN
    assert exit_code(result, fail_on={"unverified"}) is ExitCode.FINDINGS
    assert exit_code(result, fail_on={"fabricated"}) is ExitCode.CLEAN


def test_fail_on_retracted_looks_at_the_flag() -> None:
    verdict = Verdict(key="a", status=Status.VERIFIED, flags=(Flag.RETRACTED,))
    assert exit_code(CheckResult(verdicts=(verdict,)), fail_on={"retracted"}) is ExitCode.FINDINGS


def test_too_many_failed_sources_is_exit_3_above_the_threshold() -> None:
    verdicts = (
        _unverified("a", SourceStatus.FAILED),
        _unverified("b", SourceStatus.FAILED),
        Verdict(key="c", status=Status.VERIFIED),
    )
    result = CheckResult(verdicts=verdicts)
    assert unavailable_share(result) == 2 / 3
    assert exit_code(result) is ExitCode.UNAVAILABLE
    assert exit_code(result, max_unavailable=0.7) is ExitCode.CLEAN


def test_unverified_for_other_reasons_is_not_unavailability() -> None:
    result = CheckResult(verdicts=(_unverified("a", SourceStatus.SKIPPED),))
    assert unavailable_share(result) == 0.0


def test_a_local_error_sets_the_exit_code_even_when_the_indexes_are_down() -> None:
    """A broken entry is broken whether or not the indexes answer: exit 1, not 3."""
    down = (_unverified("a", SourceStatus.FAILED),)
    broken = CheckResult(verdicts=down, findings=(_finding(Severity.ERROR),))
    assert exit_code(broken) is ExitCode.FINDINGS
    miscited = Finding(code="miscited", severity=Severity.ERROR, message="m", location=HERE)
    judged = CheckResult(verdicts=down, findings=(miscited,))
    assert exit_code(judged) is ExitCode.UNAVAILABLE


def test_an_accepted_reference_fails_no_fail_on() -> None:
    ghost = Verdict(key="ghost", status=Status.FABRICATED)
    result = CheckResult(verdicts=(ghost,))
    assert exit_code(result, fail_on={"fabricated"}) is ExitCode.FINDINGS
    accepted = CheckResult(verdicts=(ghost,), accepted=frozenset({"ghost"}))
    assert exit_code(accepted, fail_on={"fabricated"}) is ExitCode.CLEAN


def test_an_accepted_reference_left_unverified_by_an_outage_counts_in_no_share() -> None:
    down = _unverified("mine", SourceStatus.FAILED)
    result = CheckResult(verdicts=(down, Verdict(key="b", status=Status.VERIFIED)))
    assert exit_code(result, max_unavailable=0.4) is ExitCode.UNAVAILABLE
    accepted = CheckResult(verdicts=result.verdicts, accepted=frozenset({"mine"}))
    assert exit_code(accepted, max_unavailable=0.4) is ExitCode.CLEAN
