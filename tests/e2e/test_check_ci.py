"""`check` in CI: several reports in one run, the GitHub step summary, --changed-since, batches."""

from __future__ import annotations

import csv
import io
import json
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path
from urllib.parse import unquote, urlsplit

import jsonschema
import pytest
from cite_sentinel.commands import run_command

from tests.fakeapi import FakeApi
from tests.support.manuscript_repo import entry, git, make_repository

SARIF_SCHEMA = Path(__file__).resolve().parents[1] / "schemas" / "sarif-schema-2.1.0.json"
needs_git = pytest.mark.skipif(shutil.which("git") is None, reason="needs git on PATH")


def _env(fake: FakeApi, cache: Path, **extra: str) -> dict[str, str]:
    return {**fake.env(), "CITE_SENTINEL_CACHE_DIR": str(cache), "CI": "true", **extra}


def test_several_formats_go_to_their_files_in_one_run(
    fake_api: FakeApi, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    repo = make_repository(tmp_path / "paper", 3)
    sarif, markdown = tmp_path / "a.sarif", tmp_path / "b.md"
    args = ["check", str(repo), "--quiet", "--format", "sarif", "--output", str(sarif)]
    args += ["--format", "markdown", "--output", str(markdown), "--format", "junit"]
    code = run_command(args, _env(fake_api, tmp_path / "cache"))
    assert code in (0, 1)
    assert json.loads(sarif.read_text(encoding="utf-8"))["version"] == "2.1.0"
    assert markdown.read_text(encoding="utf-8").startswith("# Reference check")
    suites = ET.fromstring(capsys.readouterr().out)
    assert len(list(suites.iter("testcase"))) == 3


def test_two_reports_to_stdout_are_a_usage_mistake(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "refs.bib").write_text(entry(1), encoding="utf-8")
    code = run_command(["check", str(tmp_path), "--offline", "--format", "json", "--format", "csv"])
    assert code == 2
    assert "give each an --output" in capsys.readouterr().err


def test_the_github_step_summary_is_appended_when_set(
    fake_api: FakeApi, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    repo = make_repository(tmp_path / "paper", 2)
    summary = tmp_path / "summary.md"
    summary.write_text("earlier step\n", encoding="utf-8")
    env = _env(fake_api, tmp_path / "cache", GITHUB_STEP_SUMMARY=str(summary))
    run_command(["check", str(repo), "--quiet", "--format", "github"], env)
    text = summary.read_text(encoding="utf-8")
    assert text.startswith("earlier step\n## cite-sentinel")
    assert "paper.md" in text
    assert all(line.startswith("::") for line in capsys.readouterr().out.splitlines())


@needs_git
def test_changed_since_head_on_an_unchanged_repository_asks_no_index(
    fake_api: FakeApi, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    repo = make_repository(tmp_path / "paper", 1000)
    args = ["check", str(repo), "--quiet", "--changed-since", "HEAD", "--format", "json"]
    code = run_command(args, _env(fake_api, tmp_path / "cache"))
    assert code == 0, capsys.readouterr().err
    assert fake_api.stats().total == 0
    report = json.loads(capsys.readouterr().out)
    assert report["summary"]["total"] == 1000
    assert {ref["verdict"] for ref in report["references"]} == {None}


@needs_git
def test_changed_since_verifies_only_the_edited_entry(
    fake_api: FakeApi, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    repo = make_repository(tmp_path / "paper", 50)
    bib = repo / "refs.bib"
    bib.write_text(
        bib.read_text(encoding="utf-8").replace(entry(17), entry(17, year=1999)), encoding="utf-8"
    )
    args = ["check", str(repo), "--quiet", "--changed-since", "HEAD", "--format", "json"]
    run_command(args, _env(fake_api, tmp_path / "cache"))
    report = json.loads(capsys.readouterr().out)
    judged = [ref["key"] for ref in report["references"] if ref["verdict"] is not None]
    assert judged == ["ref17"]
    assert fake_api.stats().total > 0


@needs_git
def test_changed_since_verifies_what_a_changed_manuscript_cites(
    fake_api: FakeApi, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    repo = make_repository(tmp_path / "paper", 20)
    (repo / "new.md").write_text(
        "---\nbibliography: refs.bib\n---\nAs shown [@ref3; @ref4].\n", encoding="utf-8"
    )
    args = ["check", str(repo), "--quiet", "--changed-since", "HEAD", "--format", "json"]
    run_command(args, _env(fake_api, tmp_path / "cache"))
    report = json.loads(capsys.readouterr().out)
    judged = {ref["key"] for ref in report["references"] if ref["verdict"] is not None}
    assert judged == {"ref3", "ref4"}


@needs_git
def test_changed_since_reports_unchanged_entries_with_their_remembered_verdicts(
    fake_api: FakeApi, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A pull request's SARIF must still carry the alerts of entries it did not touch, or code
    # scanning shows them as fixed: their verdicts from an earlier run come without requests.
    repo = make_repository(tmp_path / "paper", 6)
    env = _env(fake_api, tmp_path / "cache")
    full, pull = tmp_path / "main.sarif", tmp_path / "pr.sarif"
    run_command(["check", str(repo), "--quiet", "--format", "sarif", "--output", str(full)], env)
    bib = repo / "refs.bib"
    bib.write_text(
        bib.read_text(encoding="utf-8").replace(entry(4), entry(4, year=1999)), encoding="utf-8"
    )
    asked = fake_api.stats().total
    args = ["check", str(repo), "--quiet", "--changed-since", "HEAD", "--format", "json"]
    run_command([*args, "--format", "sarif", "--output", str(pull)], env)
    report = json.loads(capsys.readouterr().out)
    assert all(ref["verdict"] == "fabricated" for ref in report["references"])
    assert fake_api.stats().total > asked  # the edited entry was asked again

    def alerts(sarif: Path) -> set[str]:
        results = json.loads(sarif.read_text(encoding="utf-8"))["runs"][0]["results"]
        return {
            result["partialFingerprints"]["citeSentinel/v1"]
            for result in results
            if "ref4" not in result["message"]["text"]
        }

    assert alerts(full) and alerts(full) <= alerts(pull)


@needs_git
def test_an_unknown_revision_says_how_to_fetch_history(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    repo = make_repository(tmp_path / "paper", 1)
    code = run_command(["check", str(repo), "--offline", "--changed-since", "v9-missing"])
    assert code == 2
    assert "unknown revision 'v9-missing'" in capsys.readouterr().err
    git(repo, "status")  # the repository is left as it was


def test_a_folder_of_submissions_is_one_check_with_a_row_each(
    fake_api: FakeApi, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for number, count in ((1, 2), (2, 5), (3, 1)):
        make_submission = tmp_path / "submissions" / f"paper{number}"
        make_submission.mkdir(parents=True)
        keys = range(number * 100, number * 100 + count)
        (make_submission / "refs.bib").write_text(
            "\n".join(entry(k) for k in keys), encoding="utf-8"
        )
        body = " ".join(f"Claim [@ref{k}]." for k in keys)
        (make_submission / "paper.md").write_text(
            f"---\nbibliography: refs.bib\n---\n{body}\n", encoding="utf-8"
        )
    args = ["check", str(tmp_path / "submissions"), "--quiet", "--format", "csv"]
    run_command(args, _env(fake_api, tmp_path / "cache"))
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert sorted(Path(row["path"]).parent.name for row in rows) == ["paper1", "paper2", "paper3"]
    assert {Path(r["path"]).parent.name: r["references"] for r in rows}["paper2"] == "5"
    assert sum(int(r["fabricated"]) + int(r["verified"]) + int(r["unverified"]) for r in rows) == 8


def test_an_allowed_reference_does_not_fail_the_check(
    fake_api: FakeApi, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    repo = make_repository(tmp_path / "paper", 1)
    args = ["check", str(repo), "--quiet", "--format", "json"]
    assert run_command(args, _env(fake_api, tmp_path / "cache")) == 1
    (repo / ".cite-sentinel.toml").write_text(
        'fail-on = ["fabricated"]\n[[allow]]\nkey = "ref0"\nreason = "an internal report"\n',
        encoding="utf-8",
    )
    capsys.readouterr()
    assert run_command(args, _env(fake_api, tmp_path / "cache")) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["references"][0]["verdict"] == "fabricated"  # still shown, not failing


def test_an_accept_comment_above_an_entry_does_not_fail_the_check(
    fake_api: FakeApi, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    repo = make_repository(tmp_path / "paper", 1)
    args = ["check", str(repo), "--quiet", "--format", "json"]
    (repo / ".cite-sentinel.toml").write_text('fail-on = ["fabricated"]\n', encoding="utf-8")
    assert run_command(args, _env(fake_api, tmp_path / "cache")) == 1
    bib = repo / "refs.bib"
    bib.write_text(
        "% cite-sentinel: accept (an internal report)\n" + bib.read_text("utf-8"), "utf-8"
    )
    capsys.readouterr()
    assert run_command(args, _env(fake_api, tmp_path / "cache")) == 0  # as in the editor
    report = json.loads(capsys.readouterr().out)
    assert report["references"][0]["verdict"] == "fabricated"  # still shown, not failing
    assert not [f for f in report["findings"] if f["code"] == "fabricated"]


def test_ci_reports_of_files_with_odd_names_lead_back_to_those_files(
    fake_api: FakeApi, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Spaces, accents, commas, colons and % in names; a CRLF manuscript with a BOM."""
    folder = tmp_path / "repo" / "chap ü, 1"
    folder.mkdir(parents=True)
    (folder / "réf:s 100%.bib").write_text(entry(1) + entry(2), encoding="utf-8")
    paper = '\ufeff---\r\nbibliography: "réf:s 100%.bib"\r\n---\r\n\r\nSee [@ref1] and [@gone].\r\n'
    (folder / "pa,per #2.md").write_text(paper, encoding="utf-8", newline="")
    monkeypatch.chdir(tmp_path / "repo")
    sarif, junit = tmp_path / "out" / "r.sarif", tmp_path / "out" / "r.xml"
    args = ["check", ".", "--quiet", "--format", "github", "--format", "sarif",
            "--output", str(sarif), "--format", "junit", "--output", str(junit)]  # fmt: skip
    env = _env(fake_api, tmp_path / "cache", GITHUB_WORKSPACE=str(tmp_path / "repo"))
    stdout = io.StringIO()
    monkeypatch.setattr("sys.stdout", stdout)
    assert run_command(args, env) == 1
    annotated = set()
    for line in stdout.getvalue().splitlines():
        properties = line.split(" ", 1)[1].split("::", 1)[0]
        fields = dict(part.split("=", 1) for part in properties.split(","))
        annotated.add((_unescape(fields["file"]), fields["line"]))
    assert ("chap ü, 1/pa,per #2.md", "5") in annotated
    log = json.loads(sarif.read_text(encoding="utf-8"))
    schema = json.loads(SARIF_SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft4Validator(schema).validate(log)
    uris = {
        location["physicalLocation"]["artifactLocation"]["uri"]
        for result in log["runs"][0]["results"]
        for location in result["locations"]
    }
    assert uris and all(not urlsplit(uri).fragment for uri in uris)
    assert all((tmp_path / "repo" / unquote(urlsplit(uri).path)).is_file() for uri in uris)
    cases = ET.parse(junit).getroot().iter("testcase")
    assert {case.attrib["name"] for case in cases} >= {"ref1", "ref2"}


def _unescape(value: str) -> str:
    for code, char in (("%0D", "\r"), ("%0A", "\n"), ("%3A", ":"), ("%2C", ","), ("%25", "%")):
        value = value.replace(code, char)
    return value
