"""`check`: the scorer chosen by flags or the configuration, and where the reports go."""

from __future__ import annotations

import csv
import io
import json
import os
import sys
from pathlib import Path

import pytest
from cite_sentinel.commands import run_command
from cite_sentinel.core import CheckResult, Location, Record, Reference, Status, Verdict
from cite_sentinel.core.report.json import render_json

from tests.conftest import ROOT
from tests.fakeapi import FakeApi

PAPER = "---\nbibliography: refs.bib\n---\n\nAspirin prevents strokes [@smith2020].\n"
BIB = "@article{smith2020, title = {Aspirin and Stroke}, year = 2020}\n"


@pytest.fixture
def paper(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "refs.bib").write_text(BIB, encoding="utf-8")
    (tmp_path / "paper.md").write_text(PAPER, encoding="utf-8")
    monkeypatch.setitem(sys.modules, "sentence_transformers", None)  # as if not installed
    return tmp_path / "paper.md"


def test_embeddings_asked_in_the_configuration_without_the_extra_say_what_to_install(
    paper: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (paper.parent / ".cite-sentinel.toml").write_text(
        "[ground]\nembeddings = true\n", encoding="utf-8"
    )
    assert run_command(["check", str(paper), "--ground", "--offline", "--quiet"]) == 2
    captured = capsys.readouterr()
    assert "pip install 'cite-sentinel[embeddings]'" in captured.err
    assert "Traceback" not in captured.err


def test_the_embeddings_flag_without_the_extra_says_what_to_install(
    paper: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_command(["check", str(paper), "--ground", "--embeddings", "--offline"]) == 2
    assert "pip install 'cite-sentinel[embeddings]'" in capsys.readouterr().err


def test_scorer_without_ground_is_a_usage_error(
    paper: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_command(["check", str(paper), "--scorer", "anthropic"]) == 2
    assert "--scorer is used only with --ground" in capsys.readouterr().err


def test_output_into_a_folder_that_does_not_exist_yet_creates_it(
    paper: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = paper.parent / "reports" / "ci" / "refs.json"
    status = run_command(["check", str(paper), "--offline", "--quiet", "--format", "json",
                          "--output", str(report)])  # fmt: skip
    assert status != 2, capsys.readouterr().err
    assert json.loads(report.read_text(encoding="utf-8"))["version"] == 1


def test_an_output_that_cannot_be_written_stops_before_any_report(
    paper: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocked = paper.parent / "refs.bib" / "report.sarif"  # refs.bib is a file, not a folder
    status = run_command(["check", str(paper), "--offline", "--format", "text",
                          "--format", "sarif", "--output", str(blocked)])  # fmt: skip
    assert status == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert str(blocked) in captured.err and "Traceback" not in captured.err


def test_on_github_a_job_in_a_subfolder_annotates_files_by_their_repository_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "thesis"
    folder.mkdir()
    (folder / "refs.bib").write_text(BIB, encoding="utf-8")
    (folder / "paper.md").write_text(PAPER.replace("smith2020", "jones1999"), encoding="utf-8")
    monkeypatch.chdir(folder)
    environ = {**os.environ, "GITHUB_WORKSPACE": str(tmp_path)}
    run_command(["check", "paper.md", "--offline", "--quiet", "--format", "github"], environ)
    annotations = capsys.readouterr().out.splitlines()
    assert any("file=thesis/paper.md,line=5," in line for line in annotations), annotations


def test_a_folder_without_manuscripts_says_so_instead_of_passing_silently(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "figures").mkdir()
    (tmp_path / "figures" / "plot.pdf").write_bytes(b"%PDF-1.4")
    assert run_command(["check", str(tmp_path), "--offline", "--quiet"]) == 0
    err = capsys.readouterr().err
    assert f"found no manuscript or bibliography in {tmp_path}" in err


def test_a_report_left_in_the_folder_by_the_last_run_is_not_read_as_a_bibliography(
    paper: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = paper.parent / "reports" / "cite.json"
    args = ["check", str(paper.parent), "--offline", "--quiet", "--format", "json",
            "--output", str(report)]  # fmt: skip
    clean = run_command(args)
    # What an online run leaves: the report names the matched work's title and authors.
    found = Record(source="crossref", id="w1", title="Aspirin and Stroke", year=2020)
    verdict = Verdict(key="smith2020", status=Status.VERIFIED, match=found)
    reference = Reference(key="smith2020", location=Location.point("refs.bib", 1, 10))
    report.write_text(render_json(CheckResult(references=(reference,), verdicts=(verdict,))))
    assert run_command(args) == clean
    assert "cite.json" not in report.read_text(encoding="utf-8"), capsys.readouterr().err


def test_a_step_summary_that_cannot_be_written_is_a_note_not_a_crash(
    paper: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    nowhere = paper.parent / "refs.bib" / "summary.md"  # under a file: cannot be made
    environ = {**os.environ, "GITHUB_STEP_SUMMARY": str(nowhere)}
    clean = run_command(["check", str(paper), "--offline"])
    capsys.readouterr()
    assert run_command(["check", str(paper), "--offline"], environ) == clean
    err = capsys.readouterr().err
    assert f"cannot append the summary to {nowhere}" in err and "Traceback" not in err


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_a_stdout_that_cannot_encode_accents_still_gets_the_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], fmt: str
) -> None:
    """A legacy console encoding must not turn an accented author into a crash (exit 4)."""
    (tmp_path / "refs.bib").write_text(
        "@article{müller2020, title = {Über Züge}, author = {Müller, Jürgen}}\n",
        encoding="utf-8",
    )
    sink = io.BytesIO()
    legacy = io.TextIOWrapper(sink, encoding="ascii")
    monkeypatch.setattr("sys.stdout", legacy)
    status = run_command(["check", str(tmp_path), "--offline", "--quiet", "--format", fmt])
    legacy.flush()
    assert status != 4, capsys.readouterr().err
    written = sink.getvalue()
    if fmt == "json":  # a machine's report is UTF-8 whatever the console says
        assert json.loads(written.decode("utf-8"))["references"][0]["key"] == "müller2020"
    else:
        assert b"m?ller2020" in written


def test_an_output_naming_a_file_the_check_reads_is_refused_and_the_file_kept(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A slip of the keyboard must not replace a bibliography by a report."""
    csl = '[{"id": "smith2020", "title": "Aspirin and Stroke", "type": "article-journal"}]\n'
    (tmp_path / "refs.json").write_text(csl, encoding="utf-8")
    (tmp_path / "paper.md").write_text(PAPER.replace("refs.bib", "refs.json"), encoding="utf-8")
    for named in (["paper.md"], ["refs.json"], ["."]):
        paths = [str(tmp_path / name) for name in named]
        status = run_command(["check", *paths, "--offline", "--quiet", "--format", "json",
                              "--output", str(tmp_path / "refs.json")])  # fmt: skip
        assert status == 2, named
        assert (tmp_path / "refs.json").read_text(encoding="utf-8") == csl
        assert "which this check reads" in capsys.readouterr().err
    (tmp_path / "refs.bib").write_text(BIB, encoding="utf-8")
    status = run_command(["check", str(tmp_path), "--offline", "--quiet", "--format", "text",
                          "--output", str(tmp_path / "refs.bib")])  # fmt: skip
    assert status == 2 and (tmp_path / "refs.bib").read_text(encoding="utf-8") == BIB


def test_an_output_naming_an_input_file_is_refused_before_any_checking(
    paper: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["check", str(paper), "--offline", "--format", "markdown", "--output", str(paper)]
    assert run_command(args) == 2
    err = capsys.readouterr().err
    assert "which this check reads" in err
    assert "offline: answers come from the cache" not in err  # the engine was never built
    assert paper.read_text(encoding="utf-8") == PAPER


def test_a_broken_bibliography_exits_1_when_the_indexes_cannot_be_reached(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Local errors set the exit code: an outage (3) must not hide a syntax error (1)."""
    bib = tmp_path / "refs.bib"
    bib.write_text(BIB + "@article{broken, title = {No closing brace, year = 2021\n")
    down = {f"CITE_SENTINEL_{api}_URL": "http://127.0.0.1:9"
            for api in ("OPENALEX", "CROSSREF", "S2", "DATACITE", "ARXIV", "DOI")}  # fmt: skip
    environ = {**os.environ, **down, "CITE_SENTINEL_CACHE_DIR": str(tmp_path / "cache")}
    assert run_command(["check", str(bib), "--quiet"], environ) == 1
    out = capsys.readouterr().out
    assert "error:" in out and "could not ask" in out


def test_pandoc_crossref_labels_are_not_undefined_keys_but_a_missing_key_still_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "refs.bib").write_text(BIB, encoding="utf-8")
    paper = tmp_path / "paper.md"
    paper.write_text(
        "---\nbibliography: refs.bib\n---\n\n"
        "As @fig:overview and @tbl:results show [@smith2020; @sec:intro], by @eq:loss and "
        "@lst:code.\n\n![Overview](o.png){#fig:overview}\n",
        encoding="utf-8",
    )
    command = ["check", str(paper), "--offline", "--quiet", "--catalog", "off"]
    run_command([*command, "--format", "json"])
    findings = json.loads(capsys.readouterr().out)["findings"]
    assert [f for f in findings if f["code"] == "undefined-key"] == []
    paper.write_text(paper.read_text(encoding="utf-8") + "\nBut [@smyth2021].\n", "utf-8")
    assert run_command(command) == 1
    out = capsys.readouterr().out
    assert "smyth2021: cited but not defined in refs.bib" in out and "fig:" not in out


@pytest.mark.parametrize("format", ["csv", "summary"])
def test_the_summary_of_a_bibliography_checked_alone_counts_its_entries_and_verdicts(
    fake_api: FakeApi, format: str, capsys: pytest.CaptureFixture[str]
) -> None:
    bib = ROOT / "examples" / "refs.bib"
    run_command(["check", str(bib), "--quiet", "--catalog", "off", "--format", format])
    table = capsys.readouterr().out
    if format == "summary":  # the Markdown table: its cells as CSV
        lines = [line.strip("| ").replace("`", "") for line in table.splitlines()]
        table = "\n".join(line.replace(" | ", ",") for line in lines if "---" not in line)
    (row,) = list(csv.DictReader(io.StringIO(table)))
    counted = {name: row[name] for name in ("references", "verified", "miscited", "fabricated")}
    assert counted == {"references": "13", "verified": "7", "miscited": "3", "fabricated": "3"}
    assert row["errors"] == "5"


def test_offline_one_cause_of_many_unverified_references_is_said_once_with_a_count(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bib = tmp_path / "refs.bib"
    bib.write_text(
        "".join(
            f"@article{{k{n}, title = {{A Study of Thing {n}}}, author = {{Doe, J.}},"
            f" journal = {{Journal of Things}}, year = 2020}}\n"
            for n in range(13)
        ),
        encoding="utf-8",
    )
    status = run_command(["check", str(bib), "--offline", "--quiet", "--catalog", "off"])
    out = capsys.readouterr().out
    (grouped,) = [line for line in out.splitlines() if "[unverified]" in line]
    assert grouped == (
        f"{bib}:1:10: info: 13 references not verified because indexes could not be asked:"
        " offline: not in cache (k0, k1, k2, k3, k4 and 8 more) [unverified]"
    )
    assert "not checked: 13 of 13 references, because sources failed" in out
    assert "--max-unavailable" in out and status == 3
