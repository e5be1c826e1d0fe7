"""The ready-made integrations run: the composite action's shell steps, the pre-commit hook."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from tests.conftest import ROOT
from tests.fakeapi import FakeApi
from tests.support.manuscript_repo import entry, git, make_repository

SARIF_SCHEMA = ROOT / "tests" / "schemas" / "sarif-schema-2.1.0.json"
_EXPRESSION = re.compile(r"\$\{\{\s*([^}]*?)\s*\}\}")
# Steps that install or talk to GitHub; the test checks they are there and runs the rest.
_NOT_RUN = {"install"}


def _action() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load((ROOT / "action.yml").read_text(encoding="utf-8"))
    return loaded


def _evaluate(text: str, context: dict[str, str]) -> str:
    """The few `${{ … }}` expressions the action's run steps and env use."""

    def value(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in context:
            raise AssertionError(f"the test runner does not know ${{{{ {name} }}}}")
        return context[name]

    return _EXPRESSION.sub(value, text)


def _run_action(workspace: Path, inputs: dict[str, str], env: dict[str, str]) -> list[int]:
    """Run every `run:` step of action.yml as GitHub would, in order; their exit codes."""
    action = _action()
    temp = workspace.parent / "runner-temp"
    temp.mkdir(exist_ok=True)
    context = {f"inputs.{name}": spec.get("default", "") for name, spec in action["inputs"].items()}
    context |= {f"inputs.{name}": value for name, value in inputs.items()}
    context["runner.temp"] = str(temp)
    codes = []
    for step in action["runs"]["steps"]:
        if "run" not in step or step.get("id") in _NOT_RUN:
            continue
        output = temp / "github_output"
        output.write_text("", encoding="utf-8")
        step_env = {k: _evaluate(str(v), context) for k, v in step.get("env", {}).items()}
        process = subprocess.run(
            [step["shell"], "-e", "-c", _evaluate(step["run"], context)],
            cwd=workspace,
            env={**env, **step_env, "GITHUB_OUTPUT": str(output)},
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        codes.append(process.returncode)
        for line in output.read_text(encoding="utf-8").splitlines():
            name, _, value = line.partition("=")
            context[f"steps.{step['id']}.outputs.{name}"] = value
        (temp / f"{step.get('id', len(codes))}.stdout").write_text(process.stdout)
    return codes


def test_the_action_installs_caches_and_uploads_with_the_usual_actions() -> None:
    uses = [step.get("uses", "") for step in _action()["runs"]["steps"]]
    assert any(u.startswith("actions/setup-python@") for u in uses)
    assert any(u.startswith("actions/cache@") for u in uses)
    assert any(u.startswith("github/codeql-action/upload-sarif@") for u in uses)
    assert _action()["runs"]["using"] == "composite"


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git on PATH")
def test_the_action_annotates_writes_sarif_and_fails_on_fabricated_references(
    fake_api: FakeApi, tmp_path: Path
) -> None:
    workspace = make_repository(tmp_path / "workspace", 3)
    env = {
        **os.environ,
        **fake_api.env(),
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
        "GITHUB_STEP_SUMMARY": str(tmp_path / "summary.md"),
    }
    codes = _run_action(workspace, {"fail-on": "fabricated"}, env)
    assert codes == [0, 1]  # the check step records the status; the last step fails the job
    sarif = json.loads((workspace / "cite-sentinel.sarif").read_text(encoding="utf-8"))
    jsonschema.Draft4Validator(json.loads(SARIF_SCHEMA.read_text(encoding="utf-8"))).validate(sarif)
    assert {r["ruleId"] for r in sarif["runs"][0]["results"]} >= {"fabricated"}
    annotations = (tmp_path / "runner-temp" / "check.stdout").read_text().splitlines()
    assert any(line.startswith("::error file=") for line in annotations)
    assert "## cite-sentinel" in (tmp_path / "summary.md").read_text(encoding="utf-8")
    assert (tmp_path / "runner-temp" / "cite-sentinel-cache").is_dir()


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git on PATH")
def test_the_action_fails_when_too_many_references_could_not_be_checked_as_ci_chose(
    fake_api: FakeApi, tmp_path: Path
) -> None:
    workspace = make_repository(tmp_path / "workspace", 3)
    down = fake_api.env(down=("openalex", "crossref", "s2", "datacite", "arxiv", "doi"))
    env = {
        **os.environ,
        **down,
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
    }
    assert _run_action(workspace, {}, env) == [0, 3]  # all 3 unchecked: more than half
    assert _run_action(workspace, {"max-unavailable": "1"}, env) == [0, 0]  # CI tolerates it


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("git") is None, reason="needs git on PATH")
def test_the_pre_commit_hook_checks_only_changed_bibliographies(
    fake_api: FakeApi, tmp_path: Path
) -> None:
    if not (ROOT / ".git").exists():
        pytest.skip("pre-commit try-repo needs this project as a git repository")
    repo = make_repository(tmp_path / "paper", 0)
    (repo / "refs.bib").write_text(entry(7), encoding="utf-8")
    (repo / "notes.txt").write_text("not a manuscript\n", encoding="utf-8")
    git(repo, "add", "refs.bib", "notes.txt")
    env = {**os.environ, **fake_api.env(), "PRE_COMMIT_HOME": str(tmp_path / "pre-commit")}
    command = [sys.executable, "-m", "pre_commit", "try-repo", str(ROOT), "cite-sentinel"]
    checked = subprocess.run(
        [*command, "--files", "refs.bib"],
        cwd=repo,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert checked.returncode == 1, checked.stdout + checked.stderr
    assert "ref7" in checked.stdout and "fabricated" in checked.stdout
    skipped = subprocess.run(
        [*command, "--files", "notes.txt"],
        cwd=repo,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert skipped.returncode == 0, skipped.stdout + skipped.stderr
    assert "no files to check" in skipped.stdout
