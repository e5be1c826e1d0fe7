"""The Markdown report: counts first, then each reference and what differs."""

from __future__ import annotations

import dataclasses

from cite_sentinel.core import CheckResult, Location, Reference
from cite_sentinel.core.report.markdown import render_markdown


def test_opens_with_a_table_of_counts(judged: CheckResult) -> None:
    lines = render_markdown(judged).splitlines()
    assert lines[2] == "| total | verified | miscited | fabricated | unverified | retracted |"
    assert lines[4] == "| 3 | 1 | 1 | 1 | 0 | 1 |"


def test_a_miscited_reference_shows_its_match_and_a_table_of_differences(
    judged: CheckResult,
) -> None:
    text = render_markdown(judged)
    section = text.split("### `back1993`")[1].split("###")[0]
    assert section.startswith(": miscited, retracted")
    assert "- matched title: An Adaptive Lattice Architecture" in section
    assert "- source: crossref" in section
    assert "- DOI: 10.1162/neco.1992.4.6.922" in section
    assert "- year: 1992" in section
    assert "- confidence: 0.91" in section
    assert "| year | 1993 | 1992 |" in section


def test_a_fabricated_reference_says_why(judged: CheckResult) -> None:
    section = render_markdown(judged).split("### `ghost2021`")[1]
    assert section.startswith(": fabricated")
    assert "- why: no index that answered holds this title" in section


def test_local_findings_close_the_report(judged: CheckResult) -> None:
    tail = render_markdown(judged).split("## Local findings")[1]
    assert "- `paper.md:9:3` error (undefined-key): rumelhart1986" in tail
    assert "back1993" not in tail  # verdict findings are shown with their reference


def test_says_plainly_when_references_were_not_verified(local_only: CheckResult) -> None:
    text = render_markdown(local_only)
    assert "**Not verified.** References were not verified: no verification engine ran" in text
    assert "### `nowlan1992`: not verified" in text


def test_user_text_cannot_break_the_markdown() -> None:
    reference = Reference(key="k", location=Location.point("r.bib", 1, 1))
    from cite_sentinel.core import Problem, Severity, Status, Verdict

    verdict = Verdict(
        key="k",
        status=Status.MISCITED,
        problems=(Problem("title", "A | B *bold*", "A [link](x)", Severity.WARNING),),
    )
    text = render_markdown(CheckResult(references=(reference,), verdicts=(verdict,)))
    assert "| title | A \\| B \\*bold\\* | A \\[link\\](x) |" in text


def test_an_accepted_fabrication_leaves_the_fabricated_column_and_is_named_under_it(
    judged: CheckResult,
) -> None:
    accepted = dataclasses.replace(judged, accepted=frozenset({"ghost2021"}))
    text = render_markdown(accepted)
    assert "| 3 | 1 | 1 | 0 | 0 | 1 |" in text
    assert "1 accepted by the author, not counted under their verdict." in text
    assert "### `ghost2021`: fabricated, accepted by the author" in text
    assert "accepted by the author" not in render_markdown(judged)
