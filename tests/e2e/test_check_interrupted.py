"""A check stopped half-way (Ctrl-C, SIGTERM) still writes its report: what it decided, marked
incomplete, the rest unverified with the reason."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import jsonschema
import pytest

from tests.fakeapi import FakeApi

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = ROOT / "docs" / "report-v1.schema.json"
ENTRIES = 60


def _bibliography() -> str:
    """Invented papers: each is asked of OpenAlex (the only index here), then called fabricated."""
    return "\n".join(
        f"@article{{invented{number},\n"
        f"  title = {{Recursive lattice folding of kind {number} in sparse tensors}},\n"
        f"  author = {{Whitcombe, Ada and Okafor, Tunde}},\n"
        f"  journal = {{Journal of Invented Results}},\n  year = {{2019}}\n}}\n"
        for number in range(ENTRIES)
    )


@pytest.mark.slow
@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_a_stopped_check_writes_what_it_decided_marked_incomplete(
    fake_api: FakeApi, tmp_path: Path, stop: signal.Signals
) -> None:
    fake_api.configure("*", latency_ms=500)
    bib = tmp_path / "refs.bib"
    bib.write_text(_bibliography(), encoding="utf-8")
    report = tmp_path / "report.json"
    command = [sys.executable, "-m", "cite_sentinel", "check", str(bib), "--output", str(report)]
    environment = {k: v for k, v in os.environ.items() if k not in {"FORCE_COLOR", "CI"}}
    environment["CITE_SENTINEL_SOURCES"] = "openalex"
    child = subprocess.Popen(
        command,
        cwd=ROOT,
        env=environment,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_ctrl_c_heard,  # a shell's background job starts with Ctrl-C ignored
    )
    try:
        # A worker asks again only once its last answer is decided: 6 asks, 2 decided at least.
        _wait_for_requests(fake_api, 6)
        child.send_signal(stop)
        _, errors = child.communicate(timeout=60)
    finally:
        if child.poll() is None:
            child.kill()
    assert child.returncode == 130, errors
    assert "interrupted with" in errors and "marked incomplete" in errors
    document = json.loads(report.read_text(encoding="utf-8"))
    jsonschema.validate(document, json.loads(SCHEMA.read_text(encoding="utf-8")))
    assert document["incomplete"] is True
    verdicts = [reference["verdict"] for reference in document["references"]]
    assert len(verdicts) == ENTRIES
    decided = [v for v in verdicts if v == "fabricated"]
    stopped = [
        r
        for r in document["references"]
        if "interrupted" in r["reason"] and r["verdict"] == "unverified"
    ]
    assert decided and stopped and len(decided) + len(stopped) == ENTRIES


def test_a_complete_report_says_nothing_of_incompleteness(
    fake_api: FakeApi, tmp_path: Path
) -> None:
    bib = tmp_path / "refs.bib"
    bib.write_text(_bibliography().split("\n\n")[0], encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "cite_sentinel", "check", str(bib), "--format", "json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert "incomplete" not in json.loads(run.stdout), run.stderr


def _ctrl_c_heard() -> None:
    """In the child before it starts: SIGINT as a terminal delivers it, whatever the test run
    inherited (a non-interactive shell starts its background jobs with SIGINT ignored, and
    Python then never raises KeyboardInterrupt)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _wait_for_requests(fake_api: FakeApi, count: int) -> None:
    """Bounded wait until the fake has been asked `count` OpenAlex searches."""
    deadline = time.monotonic() + 60
    while fake_api.stats().by_api.get("openalex", 0) < count:
        if time.monotonic() > deadline:
            raise AssertionError(f"OpenAlex was not asked {count} times within 60 s")
        time.sleep(0.05)
