"""BibTeX entries read per second on a large real bibliography (the issue asks for 5,000).

Run from the repository root: `.venv/bin/python -m benchmarks.bibtex_speed [--compare]`.
`--compare` also times bibtexparser 2's splitter alone and with its LaTeX-decoding and
name-splitting middlewares on the same file, for the record of why the reader has its own.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

from cite_sentinel.core.sources import latex_text, names
from cite_sentinel.core.sources.bibtex import read_bibtex

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "real-bibs"
FILE = DATA / "contextlab_cdl.bib"
ROUNDS = 5
REQUIRED = 5000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compare", action="store_true", help="also time bibtexparser 2")
    options = parser.parse_args()
    if not FILE.is_file():
        print(f"needs ../shared/data/real-bibs beside the project ({FILE} is absent)")
        return 2
    text = FILE.read_text(encoding="utf-8")
    count = len(read_bibtex(text, FILE.name).references)
    wall, cpu = _best(lambda: read_bibtex(text, FILE.name), cold=True)
    rate = count / wall
    print(f"file: {FILE.name}, {len(text):,} characters, {count} entries")
    print(f"read_bibtex, cold caches, best of {ROUNDS}: {wall:.3f} s wall ({cpu:.3f} s CPU)")
    print(f"entries per second: {rate:,.0f} wall, {count / cpu:,.0f} CPU (required: {REQUIRED:,})")
    print(f"load average while measuring (machine has {os.cpu_count()} cores): {_load()}")
    warm, _ = _best(lambda: read_bibtex(text, FILE.name), cold=False)
    print(f"read_bibtex again with warm decoding caches (an editor re-reading): {warm:.3f} s")
    if options.compare:
        _compare(text)
    return 0 if rate >= REQUIRED else 1


def _load() -> str:
    try:
        return " ".join(f"{value:.2f}" for value in os.getloadavg())
    except OSError:
        return "unknown"


def _best(run: Callable[[], object], *, cold: bool) -> tuple[float, float]:
    walls: list[float] = []
    cpus: list[float] = []
    for _ in range(ROUNDS):
        if cold:
            latex_text.decode_latex.cache_clear()
            latex_text.decode_protected.cache_clear()
            names.parse_names.cache_clear()
        wall, cpu = time.perf_counter(), time.process_time()
        run()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return min(walls), min(cpus)


def _compare(text: str) -> None:
    import bibtexparser
    from bibtexparser.middlewares import LatexDecodingMiddleware, SeparateCoAuthors, SplitNameParts
    from bibtexparser.splitter import Splitter

    split, _ = _best(lambda: Splitter(text).split(), cold=False)
    print(f"bibtexparser {bibtexparser.__version__} splitter alone: {split:.3f} s")
    started = time.perf_counter()
    bibtexparser.parse_string(
        text, append_middleware=[LatexDecodingMiddleware(), SeparateCoAuthors(), SplitNameParts()]
    )
    print(
        "bibtexparser with LaTeX decoding and name splitting (one run): "
        f"{time.perf_counter() - started:.3f} s"
    )


if __name__ == "__main__":
    sys.exit(main())
