"""The real `cite-sentinel` command, run as a program on the examples and on small files."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

from tests.fakeapi import APIS, FakeApi, env_for

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"

COMPLETE_BIB = """@article{nowlan1992,
  author  = {Nowlan, Steven J. and Hinton, Geoffrey E.},
  title   = {Simplifying Neural Networks by Soft Weight-Sharing},
  journal = {Neural Computation},
  year    = {1992},
  volume  = {4},
  pages   = {473--493},
  doi     = {10.1162/neco.1992.4.4.473}
}
"""
CITING_MD = """---
bibliography: refs.bib
---
Weight sharing helps [@nowlan1992].
"""


def _run(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """The command with this test's environment (the fake API's URLs where a test set them)."""
    environment = {k: v for k, v in os.environ.items() if k not in {"FORCE_COLOR", "CI"}}
    return subprocess.run(
        [sys.executable, "-m", "cite_sentinel", *args],
        cwd=cwd,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@pytest.fixture
def clean_paper(tmp_path: Path) -> Path:
    (tmp_path / "refs.bib").write_text(COMPLETE_BIB, encoding="utf-8")
    (tmp_path / "paper.md").write_text(CITING_MD, encoding="utf-8")
    return tmp_path


def test_the_examples_show_local_findings_and_every_kind_of_verdict(fake_api: FakeApi) -> None:
    run = _run("check", "examples")
    assert run.returncode == 1, run.stderr
    assert "examples/paper.md:" in run.stdout
    assert ": error: rumelhart1986:" in run.stdout
    assert ": warning: back1993: year cited 1993, found 1992" in run.stdout
    assert ": error: alvarez2019:" in run.stdout
    assert "\x1b[" not in run.stdout


def test_without_network_the_check_ends_with_3_and_says_the_indexes_were_unreachable(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for name, value in env_for("http://127.0.0.1:9", down=APIS).items():
        monkeypatch.setenv(name, value)
    run = _run("check", "examples/refs.bib")
    assert run.returncode == 3, run.stdout + run.stderr
    assert "cannot be reached" in run.stdout
    assert "[fabricated]" not in run.stdout
    assert "0 fabricated, 13 unverified" in run.stdout


def test_json_report_of_the_examples_follows_the_schema(fake_api: FakeApi) -> None:
    run = _run("check", "examples", "--format", "json")
    assert run.returncode == 1, run.stderr
    report = json.loads(run.stdout)
    schema = json.loads((ROOT / "docs" / "report-v1.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(schema).validate(report)
    keys = {ref["key"] for ref in report["references"]}
    assert {"nowlan1992", "back1993", "kumar2024", "alvarez2019", "kitani1994"} <= keys
    assert {cit["key"] for cit in report["citations"]} >= {"rumelhart1986", "zilli2014"}
    assert {ref["verdict"] for ref in report["references"]} >= {
        "verified",
        "miscited",
        "fabricated",
    }
    assert "undefined-key" in {finding["code"] for finding in report["findings"]}


def test_a_clean_paper_exits_0(clean_paper: Path, fake_api: FakeApi) -> None:
    run = _run("check", str(clean_paper), "--quiet")
    assert run.returncode == 0, run.stdout + run.stderr
    assert "0 errors, 0 warnings" in run.stdout
    assert run.stderr == ""


def test_markdown_report_goes_to_the_output_file_only(
    clean_paper: Path, tmp_path: Path, fake_api: FakeApi
) -> None:
    target = tmp_path / "report.md"
    run = _run("check", str(clean_paper), "--format", "markdown", "--output", str(target))
    assert run.returncode == 0, run.stderr
    assert run.stdout == ""
    assert target.read_text(encoding="utf-8").startswith("# Reference check\n")


def test_a_missing_path_is_exit_2_naming_it_without_traceback(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere.bib"
    run = _run("check", str(missing))
    assert run.returncode == 2
    assert str(missing) in run.stdout
    assert "Traceback" not in run.stdout + run.stderr


def test_a_binary_file_is_exit_2_naming_it(tmp_path: Path) -> None:
    binary = tmp_path / "refs.bib"
    binary.write_bytes(b"\x00\x01\x02PNG\x00" * 50)
    run = _run("check", str(binary), "--format", "json")
    assert run.returncode == 2
    assert f"could not read {binary}" in run.stderr
    assert "Traceback" not in run.stderr


def test_a_usage_mistake_is_one_sentence_and_exit_2() -> None:
    run = _run("check", "examples", "--format", "pdf")
    assert run.returncode == 2
    assert run.stdout == ""
    assert run.stderr.count("\n") == 1
    assert "invalid choice: 'pdf'" in run.stderr


def test_fail_on_accepts_a_comma_list(clean_paper: Path, fake_api: FakeApi) -> None:
    run = _run(
        "check", str(clean_paper), "--fail-on", "fabricated,miscited", "--fail-on", "retracted"
    )
    assert run.returncode == 0, run.stderr
