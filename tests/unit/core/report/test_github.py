"""GitHub workflow commands parse back to the findings, with their text intact."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest
from cite_sentinel.core import CheckResult, Location
from cite_sentinel.core.report.github import annotation, render_github, render_step_summary

_COMMAND = re.compile(r"^::(error|warning|notice) ([^:]*)::(.*)$")


def _unescape(value: str) -> str:
    for code, char in (("%0D", "\r"), ("%0A", "\n"), ("%3A", ":"), ("%2C", ","), ("%25", "%")):
        value = value.replace(code, char)
    return value


def _parse(line: str) -> tuple[str, dict[str, str], str]:
    match = _COMMAND.match(line)
    assert match, line
    kind, properties, message = match.groups()
    fields = dict(part.split("=", 1) for part in properties.split(","))
    return kind, {k: _unescape(v) for k, v in fields.items()}, _unescape(message)


def test_each_finding_is_one_annotation_at_its_place(judged: CheckResult) -> None:
    lines = render_github(judged).splitlines()
    assert len(lines) == len(judged.findings)
    parsed = [_parse(line) for line in lines]
    kind, fields, message = next(p for p in parsed if p[1]["title"].endswith("back1993"))
    assert kind == "warning"
    assert (fields["file"], fields["line"], fields["col"]) == ("refs.bib", "10", "10")
    assert fields["title"] == "cite-sentinel miscited: back1993"
    assert message == "back1993: year cited 1993, found 1992 (crossref); correct the year to 1992"
    assert {p[0] for p in parsed} == {"error", "warning", "notice"}


def test_commas_colons_and_newlines_in_user_text_survive(judged: CheckResult) -> None:
    finding = replace(
        judged.findings[0],
        key="a,b:c",
        message="title: Deep, deeper\n100% sure",
        hint="",
    )
    _, fields, message = _parse(annotation(finding))
    assert fields["title"].endswith("a,b:c")
    assert message == "title: Deep, deeper\n100% sure"


def test_the_step_summary_has_counts_and_a_row_per_manuscript(judged: CheckResult) -> None:
    text = render_step_summary(judged)
    assert "| 3 | 1 | 1 | 1 | 0 | 1 | 1 | 1 |" in text
    assert "| `paper.md` |" in text


def test_annotations_name_files_as_the_repository_does(
    judged: CheckResult, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`./x` or a path relative to a job's subfolder would miss the pull request's file."""
    (tmp_path / "paper").mkdir()
    monkeypatch.chdir(tmp_path / "paper")
    dotted = replace(judged.findings[0], location=Location.point("./refs.bib", 3, 1))
    _, fields, _ = _parse(annotation(dotted))
    assert fields["file"] == "refs.bib"
    lines = render_github(replace(judged, findings=(dotted,)), root=tmp_path).splitlines()
    assert _parse(lines[0])[1]["file"] == "paper/refs.bib"
