"""Start-up cost of the command, and a warm re-run of `check` that asks nothing.

The examples are checked against the fake API until a run asks it nothing (the answer and
verdict caches are full); then `check examples/refs.bib` and `check examples/` run again RUNS
times each as new processes, and the fake server's request counter must stay at 0 (the script
fails otherwise). Bytecode is cached as after an install (PYTHONDONTWRITEBYTECODE is unset,
and runs come first). Also timed: `python -c pass` (the interpreter alone) and
`cite-sentinel --version`; and listed: the largest imports of the warm check (`python -X
importtime`, cumulative). Medians of RUNS runs. To time another version of the code, put a
tree laid out as the installed package first on PYTHONPATH (as .ci/typecheck builds one).

Run from the repository root:  .venv/bin/python -m benchmarks.startup
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tests.fakeapi import FakeApi
from tests.fakeapi.server import corpus_path

ROOT = Path(__file__).resolve().parents[1]
RUNS = 15


def main() -> int:
    if not corpus_path("sample").is_file():
        print("needs the shared data folder beside the project (the fake API corpus is absent)")
        return 1
    program = [sys.executable, "-m", "cite_sentinel"]
    with tempfile.TemporaryDirectory() as folder, FakeApi.start("sample") as fake:
        environ = {**os.environ, **fake.env(), "CITE_SENTINEL_CACHE_DIR": f"{folder}/cache"}
        environ.pop("PYTHONDONTWRITEBYTECODE", None)  # as installed: bytecode cached, not compiled
        checks = {
            name: [*program, "check", name, "--quiet"] for name in ("examples/refs.bib", "examples")
        }
        for _ in range(3):  # fill the caches (a verdict resting on a failure is not kept)
            subprocess.run(checks["examples"], env=environ, cwd=ROOT, capture_output=True,
                           timeout=300)  # fmt: skip
        warmed = fake.stats().total
        timed = {name: _timed(command, environ) for name, command in checks.items()}
        asked = fake.stats().total - warmed
        if asked:
            print(f"the warm re-runs asked the indexes {asked} times")
            return 1
        bare = _timed([sys.executable, "-c", "pass"], environ)
        version = _timed([*program, "--version"], environ)
        imports = _import_times(checks["examples"], environ)
    print(f"python -c pass:                     {_figures(bare)}")
    print(f"cite-sentinel --version:            {_figures(version)}")
    print(f"(the warm checks asked the indexes nothing; {RUNS} runs each)")
    for name, runs in timed.items():
        print(f"check {name + ' (warm cache)':<30}{_figures(runs)}")
    print("largest imports of the warm check of examples (cumulative ms, -X importtime):")
    for module, micros in imports[:12]:
        print(f"  {micros / 1000:7.1f}  {module}")
    return 0


def _figures(runs: list[tuple[float, float]]) -> str:
    wall = [run[0] for run in runs]
    cpu = statistics.median(run[1] for run in runs)
    return f"wall median {statistics.median(wall):.3f} s (min {min(wall):.3f}), cpu {cpu:.3f} s"


def _timed(command: list[str], environ: dict[str, str]) -> list[tuple[float, float]]:
    """(wall, cpu) seconds per run; cpu (user + system of the child) varies less on a busy
    machine than wall does."""
    times: list[tuple[float, float]] = []
    for _ in range(RUNS):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        subprocess.run(command, env=environ, cwd=ROOT, capture_output=True, timeout=120)
        wall = time.perf_counter() - started
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        times.append((wall, cpu))
    return times


def _import_times(command: list[str], environ: dict[str, str]) -> list[tuple[str, int]]:
    """The cite_sentinel modules (and their dependencies) by cumulative import time."""
    done = subprocess.run([sys.executable, "-X", "importtime", *command[1:]], env=environ,
                          cwd=ROOT, capture_output=True, text=True, timeout=120)  # fmt: skip
    rows: list[tuple[str, int]] = []
    for line in done.stderr.splitlines():
        parts = line.split("|")
        if len(parts) == 3 and parts[1].strip().isdigit():
            name = parts[2].strip()
            depth = (len(parts[2]) - len(parts[2].lstrip()) - 1) // 2
            if depth <= 1:
                rows.append((name, int(parts[1])))
    return sorted(rows, key=lambda row: -row[1])


if __name__ == "__main__":
    sys.exit(main())
