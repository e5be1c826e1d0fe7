"""verify_reference latency as an MCP client sees it: cold (asking the indexes) and warm (cache).

The server runs as a real program (`cite-sentinel mcp`, stdio) with an empty cache, against
the fake API answering with 120 ms latency and the published limits (OpenAlex 10 req/s,
Crossref 5 req/s, Semantic Scholar 1 req/s). REFERENCES corpus works, half with their DOI and
half without, are verified one at a time: once cold, then WARM_RUNS times each again. Times
are the client's, from sending `tools/call` to reading its answer; the fake server's request
counter must stay at 0 during the warm calls (the script fails otherwise).

Run from the repository root:  .venv/bin/python -m benchmarks.mcp_latency
"""

from __future__ import annotations

import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from typing import Any

from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client

from tests.fakeapi import FakeApi
from tests.fakeapi.server import corpus_path

REFERENCES = 40
WARM_RUNS = 5
LATENCY_MS = 120.0
RATES = {"openalex": 10.0, "crossref": 5.0, "s2": 1.0}


def main() -> int:
    sample = corpus_path("sample")
    if not sample.is_file():
        print("needs the shared data folder beside the project (the fake API corpus is absent)")
        return 1
    works = [json.loads(line) for line in sample.read_text(encoding="utf-8").splitlines()]
    with_doi = [w for w in works if w.get("doi")][: REFERENCES // 2]
    without = [w for w in works if not w.get("doi")][: REFERENCES // 2]
    entries = [_bibtex(n, work) for n, work in enumerate(with_doi + without)]
    with FakeApi.start("sample") as fake, tempfile.TemporaryDirectory() as cache:
        for api, rate in RATES.items():
            fake.configure(api, rate=rate, burst=rate, latency_ms=LATENCY_MS)
        for api in ("datacite", "arxiv", "doi"):
            fake.configure(api, latency_ms=LATENCY_MS)
        env = {**os.environ, **fake.env(), "CITE_SENTINEL_CACHE_DIR": cache}
        cold, warm, statuses, asked = asyncio.run(_run(env, entries, fake))
    if asked:
        print(f"the warm calls asked the indexes {asked} times")
        return 1
    print(f"references: {len(entries)} ({len(with_doi)} with DOI, {len(without)} without)")
    print(f"verdicts: {statuses}")
    print(f"cold (indexes asked):  {_figures(cold)}")
    print(f"  with DOI:            {_figures(cold[: len(with_doi)])}")
    print(f"  without DOI:         {_figures(cold[len(with_doi) :])}")
    print(f"warm ({WARM_RUNS} runs each, nothing asked): {_figures(warm)}")
    return 0


async def _run(
    env: dict[str, str], entries: Sequence[str], fake: FakeApi
) -> tuple[list[float], list[float], dict[str, int], int]:
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "cite_sentinel", "mcp"], env=env
    )
    statuses: dict[str, int] = {}
    with tempfile.TemporaryFile("w+") as errlog:
        async with Client(stdio_client(params, errlog=errlog)) as client:
            await client.list_tools()
            cold = []
            for entry in entries:
                seconds, answer = await _timed(client, entry)
                cold.append(seconds)
                statuses[answer["status"]] = statuses.get(answer["status"], 0) + 1
            before = fake.stats().total
            warm = [(await _timed(client, e))[0] for _ in range(WARM_RUNS) for e in entries]
            asked = fake.stats().total - before
    return cold, warm, statuses, asked


async def _timed(client: Client, entry: str) -> tuple[float, dict[str, Any]]:
    started = time.perf_counter()
    result = await client.call_tool("verify_reference", {"reference": entry})
    elapsed = time.perf_counter() - started
    if result.is_error or result.structured_content is None:
        raise RuntimeError(f"verify_reference failed: {result.content}")
    return elapsed, result.structured_content


def _bibtex(number: int, work: dict[str, Any]) -> str:
    people = " and ".join(f"{p['family']}, {p.get('given', '')}" for p in work["authors"])
    fields = {
        "title": work["title"],
        "author": people,
        "year": work.get("year", ""),
        "booktitle": work.get("venue", ""),
        "doi": work.get("doi", ""),
    }
    body = ",\n".join(f"  {name} = {{{value}}}" for name, value in fields.items() if value)
    return f"@inproceedings{{w{number},\n{body}\n}}"


def _figures(seconds: Sequence[float]) -> str:
    ms = sorted(1000 * s for s in seconds)
    p90 = ms[min(len(ms) - 1, round(0.9 * (len(ms) - 1)))]
    return (
        f"median {statistics.median(ms):.0f} ms, p90 {p90:.0f} ms, max {ms[-1]:.0f} ms "
        f"({len(ms)} calls)"
    )


if __name__ == "__main__":
    sys.exit(main())
