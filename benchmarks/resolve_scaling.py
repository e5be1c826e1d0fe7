"""Verification time per reference at 1k, 4k and 16k references: linear, not quadratic.

The references are generated from the 5,000-work sample: each work cited correctly, half with
its DOI; beyond the sample, the same works again under new keys with a title changed by a
number, so no two references send the same request. Two runs per size:
- offline, with an empty cache: every request fails at once, so the time is the engine's own
  (planning, scheduling, matching, the verdict cache);
- against the fake API server, no latency, no limits, a fresh cache: the engine's cost plus
  the local HTTP round trips.
Reported: wall seconds and microseconds per reference; linear scaling keeps the latter flat.

Run from the repository root:  .venv/bin/python -m benchmarks.resolve_scaling [--sizes 1000,4000]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import time
from pathlib import Path

from cite_sentinel.core.http.client import HttpSettings, Lane
from cite_sentinel.core.model import Reference
from cite_sentinel.core.sources.bibtex import read_bibtex
from cite_sentinel.core.verify.engine import Engine

from tests.fakeapi import FakeApi

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT.parent / "shared" / "data" / "corpus" / "works_sample5k.jsonl"
LANES = ("openalex", "crossref", "crossref/list", "semanticscholar", "datacite", "doi", "arxiv")
UNLIMITED = HttpSettings(lanes={name: Lane(1000.0, 1000.0, 16) for name in LANES})


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", default="1000,4000,16000")
    parser.add_argument("--skip-fake", action="store_true", help="offline runs only")
    args = parser.parse_args(argv)
    if not SAMPLE.is_file():
        print(f"needs the shared data folder beside the project ({SAMPLE} is absent)")
        return 1
    sizes = [int(size) for size in args.sizes.split(",")]
    works = [json.loads(line) for line in SAMPLE.read_text(encoding="utf-8").splitlines()]
    print(f"{'references':>10} {'offline s':>10} {'µs/ref':>8} {'fake s':>8} {'µs/ref':>8}")
    fake = None if args.skip_fake else FakeApi.start("sample")
    try:
        for size in sizes:
            references = _references(works, size)
            offline = _timed(references, {}, offline=True)
            line = f"{size:>10} {offline:>10.2f} {offline / size * 1e6:>8.0f}"
            if fake is not None:
                online = _timed(references, fake.env(), offline=False)
                line += f" {online:>8.2f} {online / size * 1e6:>8.0f}"
            print(line, flush=True)
    finally:
        if fake is not None:
            fake.close()
    return 0


def _references(works: list[dict[str, object]], size: int) -> list[Reference]:
    entries = []
    for number in range(size):
        work = works[number % len(works)]
        round_ = number // len(works)
        entries.append(_bibtex(number, work, round_, with_doi=number % 2 == 0 and round_ == 0))
    return list(read_bibtex("\n".join(entries), "scaling.bib").references)


def _bibtex(number: int, work: dict[str, object], round_: int, *, with_doi: bool) -> str:
    people = work.get("authors") or []
    assert isinstance(people, list)
    title = str(work.get("title", ""))
    fields = {
        "title": f"{title} {round_}" if round_ else title,
        "author": " and ".join(f"{p.get('family', '')}, {p.get('given', '')}" for p in people),
        "year": work.get("year", ""),
        "booktitle": work.get("venue", ""),
        "doi": work.get("doi", "") if with_doi else "",
    }
    body = ",\n".join(f"  {k} = {{{v}}}" for k, v in fields.items() if v)
    return f"@inproceedings{{w{number},\n{body}\n}}\n"


def _timed(references: list[Reference], env: dict[str, str], *, offline: bool) -> float:
    with tempfile.TemporaryDirectory() as cache:
        engine = Engine(env, offline=offline, cache_dir=Path(cache), settings=UNLIMITED)
        started = time.perf_counter()
        verdicts = asyncio.run(_verify(engine, references))
        elapsed = time.perf_counter() - started
    assert len(verdicts) == len(references)
    return elapsed


async def _verify(engine: Engine, references: list[Reference]) -> list[object]:
    async with engine:
        return list(await engine.verify(references))


if __name__ == "__main__":
    sys.exit(main())
