"""Requests and wall time: 1,000 corpus references against the fake API with realistic limits.

600 references carry their DOI, 400 carry none. The fake server answers with 120 ms latency and
the published limits without bursts (OpenAlex 10 req/s, Crossref 5 req/s, Semantic Scholar
1 req/s; a request closer than 1/rate to the previous one is answered 429); the client runs
with its default limits. Reported: API requests per reference, 429 answers, wall time against
the lower bound the limits allow, and the same run again with a warm cache.

Two lower bounds. The fewest requests that can settle these references are one OpenAlex batch
per hundred DOIs and one search per reference without a DOI. If OpenAlex and Crossref could
both serve those searches, the bound would be (batches + searches) / (10 + 5) s plus one
latency (optimistic). But Crossref holds only works with a Crossref DOI, so for works without
one the searches fall to OpenAlex alone: (batches + searches) / 10 s plus one latency (the
bound these indexes allow). Both are printed.

Run from the repository root:  .venv/bin/python -m benchmarks.verify_throughput
"""

from __future__ import annotations

import asyncio
import json
import math
import sys
import tempfile
import time
from pathlib import Path

from cite_sentinel.core.model import Reference, Status, Verdict
from cite_sentinel.core.sources.bibtex import read_bibtex
from cite_sentinel.core.verify.engine import Engine

from tests.fakeapi import FakeApi

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT.parent / "shared" / "data" / "corpus" / "works_sample5k.jsonl"
WITH_DOI, WITHOUT_DOI = 600, 400
LATENCY_MS = 120.0
RATES = {"openalex": 10.0, "crossref": 5.0, "s2": 1.0}


def main() -> int:
    if not SAMPLE.is_file():
        print(f"needs the shared data folder beside the project ({SAMPLE} is absent)")
        return 1
    references = _references()
    with FakeApi.start("sample") as fake, tempfile.TemporaryDirectory() as cache:
        for api, rate in RATES.items():
            fake.configure(api, rate=rate, burst=1.0, latency_ms=LATENCY_MS)
        for api in ("datacite", "arxiv", "doi"):
            fake.configure(api, latency_ms=LATENCY_MS)
        cold, statuses = _run(fake, references, Path(cache))
        cold_stats = fake.stats()
        fake.reset_stats()
        warm, _ = _run(fake, references, Path(cache))
        warm_requests = fake.stats().total
    needed = math.ceil(WITH_DOI / 100) + WITHOUT_DOI
    optimistic = needed / (RATES["openalex"] + RATES["crossref"]) + LATENCY_MS / 1000
    bound = needed / RATES["openalex"] + LATENCY_MS / 1000
    requests = cold_stats.total
    print(f"references: {len(references)} ({WITH_DOI} with DOI, {WITHOUT_DOI} without)")
    print(f"verdicts: {statuses}")
    print(f"API requests: {requests} = {requests / len(references):.2f} per reference")
    refused = {api: codes.get("429", 0) for api, codes in cold_stats.by_status.items()}
    print(f"  answered 429: {sum(refused.values())} ({refused})")
    print(f"  by API: {cold_stats.by_api}")
    print(f"  by kind: {cold_stats.by_kind}")
    print(f"wall time, cold cache: {cold:.1f} s")
    print(f"  lower bound the indexes allow {bound:.1f} s: ratio {cold / bound:.2f}")
    print(f"  optimistic bound {optimistic:.1f} s: ratio {cold / optimistic:.2f}")
    print(f"wall time, warm cache: {warm:.2f} s with {warm_requests} API requests")
    return 0


def _references() -> list[Reference]:
    works = [json.loads(line) for line in SAMPLE.read_text(encoding="utf-8").splitlines()]
    with_doi = [w for w in works if w.get("doi")][:WITH_DOI]
    without = [w for w in works if not w.get("doi")][:WITHOUT_DOI]
    text = "\n".join(_bibtex(i, w) for i, w in enumerate(with_doi + without))
    return list(read_bibtex(text, "throughput.bib").references)


def _bibtex(index: int, work: dict[str, object]) -> str:
    people = work.get("authors") or []
    assert isinstance(people, list)
    authors = " and ".join(f"{p.get('family', '')}, {p.get('given', '')}" for p in people)
    fields = {
        "title": work.get("title", ""),
        "author": authors,
        "year": work.get("year", ""),
        "booktitle": work.get("venue", ""),
        "doi": work.get("doi", ""),
    }
    body = ",\n".join(f"  {k} = {{{v}}}" for k, v in fields.items() if v)
    return f"@inproceedings{{w{index},\n{body}\n}}\n"


def _run(fake: FakeApi, references: list[Reference], cache: Path) -> tuple[float, dict[str, int]]:
    engine = Engine(fake.env(), cache_dir=cache)
    started = time.perf_counter()
    verdicts = asyncio.run(_verified(engine, references))
    elapsed = time.perf_counter() - started
    counts = {status.value: 0 for status in Status}
    for verdict in verdicts:
        counts[verdict.status.value] += 1
    return elapsed, counts


async def _verified(engine: Engine, references: list[Reference]) -> list[Verdict]:
    async with engine:
        return await engine.verify(references)


if __name__ == "__main__":
    sys.exit(main())
