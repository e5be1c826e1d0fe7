"""`cite-sentinel check --ground` as a program on the examples, verified by the fake API server."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.fakeapi import FakeApi
from tests.fakeapi.abstracts import BY_DOI

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"


def _run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """`cite-sentinel check ARGS` from the repository root, `env` added to this environment."""
    environment = {k: v for k, v in os.environ.items() if k not in {"FORCE_COLOR", "CI"}}
    environment.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "cite_sentinel", "check", *args],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@pytest.mark.slow
def test_ground_puts_a_badge_and_evidence_kind_on_every_citing_sentence(fake_api: FakeApi) -> None:
    run = _run(str(EXAMPLES / "paper.md"), "--ground", "--format", "json", "--quiet")
    assert run.returncode in (0, 1), run.stderr
    citations = json.loads(run.stdout)["citations"]
    judged = [c for c in citations if c["support"] is not None]
    assert {c["key"] for c in judged} >= {"nowlan1992", "alvarez2019", "zilli2014"}
    for citation in judged:
        support = citation["support"]
        assert support["badge"] in {"green", "yellow", "red", "grey"}
        assert support["verdict"] is None, "the local scorer never says supported"
        assert support["evidence_kind"] in {"full text", "abstract", "title only", "none"}
        if support["evidence_kind"] in {"title only", "none"}:
            assert support["badge"] == "grey", citation


@pytest.mark.slow
def test_a_fabricated_work_is_unverifiable_never_red(fake_api: FakeApi) -> None:
    run = _run(str(EXAMPLES / "paper.md"), "--ground", "--format", "json", "--quiet")
    citations = json.loads(run.stdout)["citations"]
    fabricated = next(c for c in citations if c["key"] == "alvarez2019")
    assert fabricated["support"]["badge"] == "grey"
    assert fabricated["support"]["evidence_kind"] in {"title only", "none"}


@pytest.mark.slow
def test_without_ground_no_citation_carries_support(fake_api: FakeApi) -> None:
    run = _run(str(EXAMPLES / "paper.md"), "--format", "json", "--quiet")
    assert all(c["support"] is None for c in json.loads(run.stdout)["citations"])


@pytest.mark.slow
def test_markdown_report_shows_each_claim_with_its_badge(fake_api: FakeApi) -> None:
    run = _run(str(EXAMPLES / "paper.md"), "--ground", "--format", "markdown", "--quiet")
    assert "## Groundedness" in run.stdout
    assert "Weight sharing lets a network generalise" in run.stdout
    assert "`alvarez2019`: grey" in run.stdout


@pytest.mark.slow
def test_a_missing_fulltext_folder_is_a_usage_error(tmp_path: Path) -> None:
    run = _run(str(EXAMPLES / "paper.md"), "--ground", "--fulltext", str(tmp_path / "nowhere"))
    assert run.returncode == 2
    assert "no such folder" in run.stderr
    assert "Traceback" not in run.stderr


@pytest.mark.slow
def test_fulltext_without_ground_is_a_usage_error(tmp_path: Path) -> None:
    run = _run(str(EXAMPLES / "paper.md"), "--fulltext", str(tmp_path))
    assert run.returncode == 2
    assert "--fulltext is read only with --ground" in run.stderr


@pytest.mark.slow
def test_embeddings_without_ground_is_a_usage_error() -> None:
    run = _run(str(EXAMPLES / "paper.md"), "--embeddings")
    assert run.returncode == 2
    assert "--embeddings is used only with --ground" in run.stderr


@pytest.mark.slow
def test_the_grounded_example_shows_a_related_and_an_unrelated_citation_with_evidence(
    fake_api: FakeApi,
) -> None:
    run = _run(str(EXAMPLES / "grounded.md"), "--ground", "--format", "json", "--quiet")
    assert run.returncode == 0, run.stderr
    support = {c["key"]: c["support"] for c in json.loads(run.stdout)["citations"]}
    related, unrelated = support["nowlan1992"], support["zilli2014"]
    assert related["evidence_kind"] == unrelated["evidence_kind"] == "abstract"
    assert related["badge"] == "grey", "related, but the local scorer never says supported"
    assert "mixture of Gaussians" in related["evidence"]
    assert unrelated["badge"] == "red", "a cicada detector cited for handwritten digits"
    assert "cicada" in " ".join(unrelated["passages"])
    assert related["relevance"] > unrelated["relevance"]
    unverifiable = support["vanlehn1989"]
    assert (unverifiable["badge"], unverifiable["evidence_kind"]) == ("grey", "title only")


@pytest.mark.slow
def test_the_grounded_examples_markdown_report_shows_the_red_claim_and_its_evidence(
    fake_api: FakeApi,
) -> None:
    run = _run(str(EXAMPLES / "grounded.md"), "--ground", "--format", "markdown", "--quiet")
    assert "- **red** Deep convolutional networks classify handwritten digits" in run.stdout
    assert "`zilli2014`: red, evidence: abstract" in run.stdout
    lines = run.stdout.splitlines()
    at = next(n for n, line in enumerate(lines) if "`nowlan1992`: grey, evidence: abstract" in line)
    quoted = lines[at + 1].strip()
    assert quoted.startswith("> ")
    assert quoted[2:] in " ".join(BY_DOI["10.1162/neco.1992.4.4.473"].split())


def test_the_text_report_puts_a_hint_on_the_unrelated_citation_and_counts_the_badges(
    fake_api: FakeApi,
) -> None:
    run = _run(str(EXAMPLES / "grounded.md"), "--ground", "--quiet")
    assert run.returncode == 0, run.stdout + run.stderr  # a hint does not fail the check
    unrelated = [line for line in run.stdout.splitlines() if "[unrelated-citation]" in line]
    assert len(unrelated) == 1 and ": hint: zilli2014: " in unrelated[0], run.stdout
    assert "groundedness: 5 citations judged by local: 0 green, 0 yellow, 1 red" in run.stdout


def test_a_configured_severity_makes_an_unrelated_citation_fail_the_check(
    fake_api: FakeApi, tmp_path: Path
) -> None:
    config = tmp_path / "strict.toml"
    config.write_text('[severity]\nunrelated-citation = "error"\n', encoding="utf-8")
    run = _run(str(EXAMPLES / "grounded.md"), "--ground", "--quiet", "--config", str(config))
    assert run.returncode == 1, run.stdout + run.stderr
    assert ": error: zilli2014: the cited work looks unrelated" in run.stdout


def test_the_configuration_turns_groundedness_on_and_no_ground_turns_it_off(
    fake_api: FakeApi, tmp_path: Path
) -> None:
    config = tmp_path / "on.toml"
    config.write_text("[ground]\nenabled = true\n", encoding="utf-8")
    paper = str(EXAMPLES / "grounded.md")
    on = _run(paper, "--quiet", "--config", str(config), "--format", "json")
    assert on.returncode == 0, on.stderr
    assert all(c["support"] is not None for c in json.loads(on.stdout)["citations"])
    off = _run(paper, "--quiet", "--config", str(config), "--format", "json", "--no-ground")
    assert all(c["support"] is None for c in json.loads(off.stdout)["citations"])
