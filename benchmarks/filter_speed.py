"""What the filter adds to pandoc's own time on a 200-citation document with a warm cache.

Run from the repository root: `.venv/bin/python -m benchmarks.filter_speed`.
The fake API server answers the first (warming) build; the timed builds find every
answer in the cache. Target: at most 0.5 s added (issue 4). Wall time on a shared machine
swings with its load, so the CPU time of pandoc and the filter (user + system, from
`getrusage`) is reported beside it. Python may write bytecode (as an installed package has
it): PYTHONDONTWRITEBYTECODE is dropped for the builds.
"""

from __future__ import annotations

import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tests.fakeapi import FakeApi
from tests.fakeapi.server import corpus_path

ROOT = Path(__file__).resolve().parents[1]
FILTER = str(Path(sys.executable).parent / "cite-sentinel")
CITATIONS = 200
RUNS = 7
KEYS = (
    "nowlan1992",
    "schmidhuber1992",
    "tsitsiklis1994",
    "back1993",
    "tang1990",
    "vanlehn1989",
    "kumar2024",
    "delgrande2008",
    "alvarez2019",
    "okafor2021",
    "whitcombe2017",
    "zilli2014",
)


def main() -> int:
    if not corpus_path("sample").is_file():
        print("needs the shared corpus beside the project", file=sys.stderr)
        return 2
    pandocs = [p for p in (shutil.which("pandoc"), _pandoc3()) if p]
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        shutil.copy(ROOT / "examples" / "refs.bib", work / "refs.bib")
        sentences = " ".join(
            f"Claim {n} [@{KEYS[n % len(KEYS)]}, p. {n}]." for n in range(CITATIONS)
        )
        (work / "doc.md").write_text(f"---\nbibliography: refs.bib\n---\n\n{sentences}\n")
        server = FakeApi.start("sample")
        env = {**os.environ, **server.env(), "CITE_SENTINEL_CACHE_DIR": str(work / "cache")}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        try:
            for pandoc in pandocs:
                _build(pandoc, work, env, filtered=True)  # warms the cache
                plain, plain_cpu = _median(pandoc, work, env, filtered=False)
                filtered, filtered_cpu = _median(pandoc, work, env, filtered=True)
                print(
                    f"{_version(pandoc)}: pandoc alone {plain:.3f} s, with the filter "
                    f"{filtered:.3f} s, added {filtered - plain:.3f} s wall; CPU "
                    f"{plain_cpu:.3f} s / {filtered_cpu:.3f} s, added "
                    f"{filtered_cpu - plain_cpu:.3f} s (medians of {RUNS})"
                )
        finally:
            server.close()
    return 0


def _median(pandoc: str, work: Path, env: dict[str, str], *, filtered: bool) -> tuple[float, float]:
    runs = [_build(pandoc, work, env, filtered=filtered) for _ in range(RUNS)]
    return statistics.median(w for w, _ in runs), statistics.median(c for _, c in runs)


def _build(pandoc: str, work: Path, env: dict[str, str], *, filtered: bool) -> tuple[float, float]:
    """Wall seconds and CPU seconds (user + system of pandoc and the filter) of one build."""
    command = [pandoc, "doc.md", "-t", "html", "-o", "out.html"]
    if filtered:
        command += ["--filter", FILTER]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(command, cwd=work, env=env, check=True, capture_output=True, timeout=120)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def _pandoc3() -> str | None:
    try:
        import pypandoc

        return str(pypandoc.get_pandoc_path())
    except (ImportError, OSError):
        return None


def _version(pandoc: str) -> str:
    run = subprocess.run([pandoc, "--version"], capture_output=True, text=True, check=True)
    return run.stdout.splitlines()[0]


if __name__ == "__main__":
    sys.exit(main())
