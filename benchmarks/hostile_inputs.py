"""Fuzzing `cite-sentinel check`: hostile files of every format, each checked beside a good
bibliography in a child process under a memory cap. Counts crashes (exit 4 or a signal), runs
over 20 s for a file under 1 MB, good references lost from the report, and peak memory.

Run from the repository root: `.venv/bin/python -m benchmarks.hostile_inputs [--count N]
[--seed S] [--cap-mb MB] [--no-pdf]`. Inputs come from tests/support/hostile_inputs.py: the
shapes of issue 28 at random sizes and mutated examples (1 in 3 a known shape). Each is
checked with `--offline` (no network: the readers, the local checks, the engine and the JSON
report) in a child forked from this process, its address space capped with
`resource.setrlimit`; memory is the peak resident size of the child and every process it
started (the PDF reader's), sampled every 20 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import sys
import tempfile
import threading
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from cite_sentinel.commands import run_command

from tests.support.hostile_inputs import HostileInput, hostile_inputs

GOOD = """@article{okonkwo2019, title = {Sparse Graph Inference at Scale},
  author = {Okonkwo, Adaeze}, journal = {Journal of Graphs}, year = {2019}}
@article{varga2021, title = {Adaptive Baselines}, author = {Varga, Bence}, year = {2021}}
"""
SLOW_SECONDS = 20.0
SMALL_BYTES = 1_000_000


@dataclass(frozen=True, slots=True)
class Outcome:
    input: HostileInput
    status: int  # the exit status, or -signal
    seconds: float
    peak_kb: int
    good_kept: bool


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--seed", type=int, default=28)
    parser.add_argument("--cap-mb", type=int, default=3072, help="address-space cap per check")
    parser.add_argument("--no-pdf", action="store_true", help="leave PDFs out (faster)")
    options = parser.parse_args()
    outcomes = []
    with tempfile.TemporaryDirectory() as folder:
        for item in hostile_inputs(options.seed, options.count, pdfs=not options.no_pdf):
            outcomes.append(_check(item, Path(folder), options.cap_mb * 1024 * 1024))
    return _report(outcomes, options)


def _check(item: HostileInput, folder: Path, cap: int) -> Outcome:
    """Check one input beside the good file in a forked child under the memory cap."""
    run = folder / Path(item.name).stem
    run.mkdir()
    (run / "good.bib").write_text(GOOD, encoding="utf-8")
    (run / item.name).write_bytes(item.data)
    report = run / "report.json"
    args = ["check", str(run / "good.bib"), str(run / item.name), "--offline", "--quiet",
            "--format", "json", "--output", str(report)]  # fmt: skip
    started = time.perf_counter()
    child = os.fork()
    if child == 0:  # the child: capped, quiet, then the check itself
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 1)
        os.dup2(null, 2)
        os.environ["CITE_SENTINEL_CACHE_DIR"] = str(folder / "cache")
        os._exit(run_command(args))
    peak = _TreePeak(child)
    _, status, usage = os.wait4(child, 0)
    seconds = time.perf_counter() - started
    peak.stop()
    return Outcome(
        input=item,
        status=os.waitstatus_to_exitcode(status),
        seconds=seconds,
        peak_kb=max(usage.ru_maxrss, peak.kb),
        good_kept=_good_kept(report, run / "good.bib"),
    )


def _good_kept(report: Path, good: Path) -> bool:
    """Whether the report holds both good references."""
    try:
        document = json.loads(report.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    keys = {
        entry["key"] for entry in document["references"] if entry["location"]["path"] == str(good)
    }
    return keys == {"okonkwo2019", "varga2021"}


class _TreePeak:
    """The largest resident size a process and its descendants reached together."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.kb = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()

    def _sample(self) -> None:
        while not self._stop.wait(0.02):
            self.kb = max(self.kb, sum(_rss(pid) for pid in _tree(self.pid)))


def _tree(root: int) -> list[int]:
    parents: dict[int, list[int]] = defaultdict(list)
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            parents[int(fields[1])].append(int(entry))
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo.extend(parents.get(pid, ()))
    return found


def _rss(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def _report(outcomes: list[Outcome], options: argparse.Namespace) -> int:
    crashed = [o for o in outcomes if o.status == 4 or o.status < 0]
    slow = [o for o in outcomes if o.seconds > SLOW_SECONDS and len(o.input.data) < SMALL_BYTES]
    lost = [o for o in outcomes if not o.good_kept]
    print(f"{len(outcomes)} inputs (seed {options.seed}), each checked --offline beside a good "
          f".bib under a {options.cap_mb} MB address-space cap")  # fmt: skip
    print()
    print("| shape | inputs | crashes | over 20 s (< 1 MB) | good refs lost | median s | "
          "max s | median MB | max MB |")  # fmt: skip
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    by_shape: dict[str, list[Outcome]] = defaultdict(list)
    for outcome in outcomes:
        key = outcome.input.shape
        if key == "mutated":
            key = f"mutated {outcome.input.suffix}"
        by_shape[key].append(outcome)
    for shape, group in sorted(by_shape.items()):
        print(
            f"| {shape} | {len(group)} | {sum(o in crashed for o in group)} | "
            f"{sum(o in slow for o in group)} | {sum(o in lost for o in group)} | "
            f"{statistics.median(o.seconds for o in group):.1f} | "
            f"{max(o.seconds for o in group):.1f} | "
            f"{statistics.median(o.peak_kb for o in group) / 1024:.0f} | "
            f"{max(o.peak_kb for o in group) / 1024:.0f} |"
        )
    print(f"| **all** | {len(outcomes)} | **{len(crashed)}** | **{len(slow)}** | **{len(lost)}** | "
          f"{statistics.median(o.seconds for o in outcomes):.1f} | "
          f"{max(o.seconds for o in outcomes):.1f} | "
          f"{statistics.median(o.peak_kb for o in outcomes) / 1024:.0f} | "
          f"{max(o.peak_kb for o in outcomes) / 1024:.0f} |")  # fmt: skip
    for outcome in [*crashed, *slow, *lost][:20]:
        item = outcome.input
        print(
            f"  {item.name} ({item.shape}, {len(item.data):,} bytes): exit {outcome.status}, "
            f"{outcome.seconds:.1f} s, good kept {outcome.good_kept}"
        )
    return 1 if crashed or slow or lost else 0


if __name__ == "__main__":
    sys.exit(main())
