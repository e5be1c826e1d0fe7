"""The fake API's command runs a command against it from any folder, not only the root."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_fake_api_runs_a_command_from_outside_the_checkout(tmp_path: Path) -> None:
    probe = "import os; print(os.environ['CITE_SENTINEL_CROSSREF_URL'])"
    run = subprocess.run(
        [sys.executable, str(ROOT / "tests" / "fakeapi"), "--", sys.executable, "-c", probe],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("http://127.0.0.1:") and run.stdout.strip().endswith("/crossref")
