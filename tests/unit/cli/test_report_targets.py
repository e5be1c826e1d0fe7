"""`--format F --output FILE` pairs: each report goes where it was asked, in the format asked."""

from __future__ import annotations

import argparse

import pytest
from cite_sentinel.check_command import add_arguments
from cite_sentinel.report_targets import Target, targets


def _targets(*args: str) -> tuple[Target, ...]:
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    return targets(parser.parse_args(["paper.md", *args]))


def test_each_output_takes_the_format_named_before_it() -> None:
    chosen = _targets("--format", "sarif", "--output", "a.sarif", "--format", "markdown",
                      "--output", "b.md", "--format", "github")  # fmt: skip
    assert chosen == (
        Target("sarif", "a.sarif"),
        Target("markdown", "b.md"),
        Target("github", None),
    )


@pytest.mark.parametrize(
    ("name", "expected"),
    [("refs.sarif", "sarif"), ("out/refs.json", "json"), ("junit.xml", "junit"),
     ("REPORT.MD", "markdown"), ("batch.csv", "csv"), ("refs.txt", "text")],
)  # fmt: skip
def test_an_output_without_a_format_takes_it_from_the_file_name(name: str, expected: str) -> None:
    assert _targets("--output", name) == (Target(expected, name),)


def test_two_reports_on_stdout_are_refused() -> None:
    with pytest.raises(ValueError, match="give each an --output"):
        _targets("--format", "json", "--format", "sarif")


def test_two_reports_into_one_file_are_refused_naming_it() -> None:
    with pytest.raises(ValueError, match=r"out/report\.json"):
        _targets("--format", "json", "--output", "out/report.json",
                 "--format", "gitlab", "--output", "out/./report.json")  # fmt: skip


def test_a_dash_as_output_means_stdout() -> None:
    chosen = _targets("--format", "sarif", "--output", "-",
                      "--format", "json", "--output", "r.json")  # fmt: skip
    assert chosen == (Target("sarif", None), Target("json", "r.json"))
