"""Peak memory and time of `cite-sentinel check` on generated bibliographies of 10,000 to
183,000 entries (the issue's 50 MB file): the curve entries → peak memory.

Run from the repository root: `.venv/bin/python -m benchmarks.large_bibliography
[--sizes 10000,50000,183000] [--format json|text]`. Each size is a fresh .bib written by a
seeded generator (titles from a 3,000-word vocabulary, 1–6 authors from 40,000 names, 400
journals, DOIs), checked `--offline` on an empty cache (every verdict unverified: the engine's
own cost, no network), in a child process whose peak resident memory the kernel reports.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SIZES = (10_000, 25_000, 50_000, 100_000, 183_000)
TARGET_MB = 1024


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default=",".join(str(size) for size in SIZES))
    parser.add_argument("--format", default="json", choices=("json", "text"))
    options = parser.parse_args()
    sizes = [int(size) for size in options.sizes.split(",")]
    print(f"| entries | file | peak memory | per entry | wall | CPU |  (check --offline, "
          f"--format {options.format})")  # fmt: skip
    print("|---:|---:|---:|---:|---:|---:|")
    over = False
    with tempfile.TemporaryDirectory() as folder:
        for size in sizes:
            bib = Path(folder) / f"refs{size}.bib"
            write_bibliography(bib, size)
            peak, wall, cpu = _check(bib, Path(folder) / f"cache{size}", options.format)
            megabytes = bib.stat().st_size / 1e6
            print(
                f"| {size:,} | {megabytes:.1f} MB | {peak / 1024:,.0f} MB | "
                f"{peak * 1024 / size / 1000:.1f} KB | {wall:.1f} s | {cpu:.1f} s |"
            )
            over = over or (size >= 183_000 and peak / 1024 > TARGET_MB)
            bib.unlink()
    return 1 if over else 0


def write_bibliography(path: Path, entries: int, seed: int = 183) -> None:
    """A .bib of `entries` articles, as varied as a large shared bibliography."""
    chance = random.Random(seed)
    words = _vocabulary(chance, 3000)
    families = [_word(chance).capitalize() for _ in range(20_000)]
    givens = [_word(chance).capitalize() for _ in range(2_000)]
    journals = [f"Journal of {' '.join(chance.sample(words, 2)).title()}" for _ in range(400)]
    with path.open("w", encoding="utf-8") as out:
        for number in range(entries):
            title = " ".join(chance.choice(words) for _ in range(chance.randint(5, 14)))
            people = " and ".join(
                f"{chance.choice(families)}, {chance.choice(givens)}"
                for _ in range(chance.randint(1, 6))
            )
            first = chance.randint(1, 900)
            out.write(
                f"@article{{ref{number},\n  title = {{{title.capitalize()}}},\n"
                f"  author = {{{people}}},\n  journal = {{{chance.choice(journals)}}},\n"
                f"  year = {{{chance.randint(1950, 2025)}}},\n"
                f"  volume = {{{chance.randint(1, 90)}}},\n"
                f"  pages = {{{first}--{first + chance.randint(3, 40)}}},\n"
                f"  doi = {{10.{chance.randint(1000, 9999)}/j.{number}}}\n}}\n\n"
            )


def _vocabulary(chance: random.Random, size: int) -> list[str]:
    return list(dict.fromkeys(_word(chance) for _ in range(size * 2)))[:size]


def _word(chance: random.Random) -> str:
    syllables = ("ka", "lo", "mi", "ren", "sta", "vo", "qui", "ter", "an", "dal", "por", "eth")
    return "".join(chance.choice(syllables) for _ in range(chance.randint(2, 4)))


def _check(bib: Path, cache: Path, form: str) -> tuple[int, float, float]:
    """Peak resident memory (KB), wall and CPU seconds of one check in a child process."""
    environ = {k: v for k, v in os.environ.items() if not k.startswith("CITE_SENTINEL_")}
    environ["CITE_SENTINEL_CACHE_DIR"] = str(cache)
    report = bib.with_suffix(f".{form}")
    command = [sys.executable, "-m", "cite_sentinel", "check", str(bib), "--offline", "--quiet",
               "--format", form, "--output", str(report)]  # fmt: skip
    started = time.perf_counter()
    child = subprocess.Popen(command, cwd=ROOT, env=environ, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - started
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode not in (0, 1, 3):
        raise SystemExit(f"check ended with {child.returncode} on {bib.name}")
    report.unlink(missing_ok=True)
    return usage.ru_maxrss, wall, usage.ru_utime + usage.ru_stime


if __name__ == "__main__":
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    sys.exit(main())
