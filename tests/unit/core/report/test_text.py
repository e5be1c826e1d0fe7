"""The terminal report reads like a compiler's output."""

from __future__ import annotations

from dataclasses import replace

from cite_sentinel.core import CheckResult, SourceReport, SourceStatus, Status, Verdict
from cite_sentinel.core.report.text import render_text


def test_findings_read_like_compiler_messages_with_hints(judged: CheckResult) -> None:
    lines = render_text(judged).splitlines()
    assert (
        "refs.bib:10:10: warning: back1993: year cited 1993, found 1992 (crossref) [miscited]"
        in lines
    )
    assert "    correct the year to 1992" in lines
    assert (
        "paper.md:9:3: error: rumelhart1986: no bibliography defines this key [undefined-key]"
        in lines
    )


def test_findings_are_grouped_by_file_in_position_order(judged: CheckResult) -> None:
    located = [line.split(":")[0:2] for line in render_text(judged).splitlines() if ": " in line]
    places = [(path, int(row)) for path, row in located if row.isdigit()]
    assert places == sorted(places)
    assert [path for path, _ in places] == ["paper.md", "refs.bib", "refs.bib"]


def test_closing_lines_count_findings_and_verdicts(judged: CheckResult) -> None:
    tail = render_text(judged).splitlines()[-2:]
    assert tail[0] == "3 references and 1 citation in 2 files: 1 error, 1 warning, 0 infos, 1 hint"
    assert tail[1] == "verdicts: 1 verified, 1 miscited, 1 fabricated, 0 unverified, 1 retracted"


def test_says_plainly_when_references_were_not_verified(local_only: CheckResult) -> None:
    last = render_text(local_only).splitlines()[-1]
    assert last.startswith("references were not verified: no verification engine ran")


def test_no_colour_codes_unless_asked(judged: CheckResult) -> None:
    assert "\x1b[" not in render_text(judged)
    coloured = render_text(judged, color=True)
    assert "\x1b[1;31merror\x1b[0m" in coloured


def test_brackets_in_user_text_are_printed_as_written() -> None:
    from cite_sentinel.core import Finding, Location, Severity

    finding = Finding(
        code="parse-error",
        severity=Severity.ERROR,
        message="cannot parse [@key] [bold]x[/bold]",
        location=Location.point("a.md", 1, 1),
    )
    text = render_text(CheckResult(files=("a.md",), findings=(finding,)), color=True)
    assert "cannot parse [@key] [bold]x[/bold]" in text


def test_an_empty_check_reports_zero_counts() -> None:
    assert render_text(CheckResult()) == (
        "0 references and 0 citations in 0 files: 0 errors, 0 warnings, 0 infos, 0 hints\n"
    )


def test_unreadable_inputs_are_named_at_the_end() -> None:
    result = CheckResult(unreadable=("missing.bib",))
    assert render_text(result).splitlines()[-1] == "could not read: missing.bib"


def test_a_hint_already_in_the_message_is_not_repeated() -> None:
    from cite_sentinel.core import Finding, Location, Severity

    finding = Finding(
        code="unused-entry",
        severity=Severity.HINT,
        message="k: entry never cited; cite it or remove it",
        location=Location.point("r.bib", 1, 1),
        hint="cite it or remove it",
    )
    lines = render_text(CheckResult(files=("r.bib",), findings=(finding,))).splitlines()
    assert lines[1] == ""


def test_sources_that_could_not_be_asked_are_named_once_at_the_end(judged: CheckResult) -> None:
    down = SourceReport("crossref", SourceStatus.FAILED, "cannot be reached")
    unverified = Verdict(key="back1993", status=Status.UNVERIFIED, sources=(down,))
    text = render_text(replace(judged, verdicts=(unverified,)))
    (line,) = [line for line in text.splitlines() if line.startswith("could not ask")]
    assert line.startswith("could not ask crossref (cannot be reached)")
    assert "not fabricated" in line


def test_an_offline_run_missing_answers_says_to_run_without_offline(judged: CheckResult) -> None:
    missed = SourceReport("openalex", SourceStatus.FAILED, "offline: not in cache")
    unverified = Verdict(key="back1993", status=Status.UNVERIFIED, sources=(missed,))
    text = render_text(replace(judged, verdicts=(unverified,)))
    (line,) = [line for line in text.splitlines() if line.startswith("could not ask")]
    assert line.endswith("run the check without --offline to ask them")


def test_a_source_that_answered_for_others_is_not_said_to_be_unreachable(
    judged: CheckResult,
) -> None:
    limited = SourceReport("semanticscholar", SourceStatus.FAILED, "429 too many requests")
    fine = SourceReport("semanticscholar", SourceStatus.ANSWERED)
    verdicts = (
        Verdict(key="a", status=Status.UNVERIFIED, sources=(limited,)),
        Verdict(key="b", status=Status.VERIFIED, sources=(fine,)),
    )
    text = render_text(replace(judged, verdicts=verdicts))
    assert "could not ask" not in text
    assert "semanticscholar failed for 1 reference (429 too many requests): " in text
