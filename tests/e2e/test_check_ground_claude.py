"""`cite-sentinel check --ground --scorer anthropic` as a program: the real SDK, the stand-in."""

from __future__ import annotations

import json
import subprocess

import pytest

from tests.e2e.test_check_ground import ROOT, _run
from tests.fakeapi import FakeApi
from tests.fakeapi.anthropic import REFUSED_KEY

pytest.importorskip("anthropic", reason="the anthropic SDK (extra `anthropic`)")

GROUNDED = ROOT / "examples" / "grounded.md"
KEY = "sk-ant-test-5e4d3c2b1a09"
ARGUMENTS = ("--ground", "--scorer", "anthropic", "--format", "json")


def _check(fake_api: FakeApi, key: str) -> subprocess.CompletedProcess[str]:
    return _run(str(GROUNDED), *ARGUMENTS, env=fake_api.judge_env(key))


@pytest.mark.slow
def test_claude_s_contradiction_is_a_red_badge_with_its_quote_in_the_json_report(
    fake_api: FakeApi,
) -> None:
    run = _check(fake_api, KEY)
    assert run.returncode in (0, 1), run.stderr
    supports = {c["key"]: c["support"] for c in json.loads(run.stdout)["citations"]}
    contradicted = supports["tsitsiklis1994"]
    assert (contradicted["badge"], contradicted["verdict"]) == ("red", "contradicted")
    assert contradicted["quote"].startswith("It follows that Q-learning converges")
    assert (supports["nowlan1992"]["badge"], supports["nowlan1992"]["verdict"]) == (
        "green",
        "supported",
    )
    assert KEY not in run.stderr + run.stdout, "the key shows in no report and no message"


@pytest.mark.slow
def test_a_refused_key_stops_the_check_with_a_sentence_naming_the_variable(
    fake_api: FakeApi,
) -> None:
    run = _check(fake_api, REFUSED_KEY)
    assert run.returncode not in (0, 1)
    assert "Anthropic refused the key in ANTHROPIC_API_KEY (401)" in run.stderr
    assert "Traceback" not in run.stderr
