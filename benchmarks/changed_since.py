"""`check --changed-since HEAD` on an unchanged repository of 1,000 references: requests and time.

The repository (refs.bib with 1,000 entries, paper.md citing each) is committed, then checked
with the index URLs pointing at the fake API; the fake server counts every request. Timed twice:
the check in process (reading, local checks, git diff, report) and the whole command as a new
Python process, import time included. Five runs each; the median is reported.

Run from the repository root:  .venv/bin/python -m benchmarks.changed_since
"""

from __future__ import annotations

import contextlib
import io
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from cite_sentinel.commands import run_command

from tests.fakeapi import FakeApi
from tests.fakeapi.server import corpus_path
from tests.support.manuscript_repo import make_repository

REFERENCES = 1000
RUNS = 5


def main() -> int:
    if not corpus_path("sample").is_file():
        print("needs the shared data folder beside the project (the fake API corpus is absent)")
        return 1
    with tempfile.TemporaryDirectory() as folder, FakeApi.start("sample") as fake:
        repo = make_repository(Path(folder) / "paper", REFERENCES)
        env = {**os.environ, **fake.env(), "CITE_SENTINEL_CACHE_DIR": f"{folder}/cache"}
        args = ["check", str(repo), "--quiet", "--changed-since", "HEAD", "--format", "json"]
        in_process = []
        for _ in range(RUNS):
            started = time.perf_counter()
            with contextlib.redirect_stdout(io.StringIO()):
                code = run_command(args, env)
            in_process.append(time.perf_counter() - started)
            assert code == 0, code
        command = []
        for _ in range(RUNS):
            started = time.perf_counter()
            subprocess.run(
                [sys.executable, "-m", "cite_sentinel", *args],
                env=env,
                capture_output=True,
                check=True,
                timeout=120,
            )
            command.append(time.perf_counter() - started)
        requests = fake.stats().total
    print(f"references: {REFERENCES}, API requests over {2 * RUNS} runs: {requests}")
    print(f"in process: median {statistics.median(in_process):.3f} s, max {max(in_process):.3f} s")
    print(f"command:    median {statistics.median(command):.3f} s, max {max(command):.3f} s")
    return 0 if requests == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
