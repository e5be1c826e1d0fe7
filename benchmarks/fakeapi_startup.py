"""How fast the fake API server starts on the full corpus and how many requests it answers.

Run from the repository root: `.venv/bin/python -m benchmarks.fakeapi_startup`.
"""

from __future__ import annotations

import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

import httpx

from tests.fakeapi import FakeApi, fixtures
from tests.fakeapi.loading import cache_path, load_corpus
from tests.fakeapi.server import corpus_path


def _timed(label: str, started: float) -> float:
    elapsed = time.perf_counter() - started
    print(f"{label}: {elapsed:.2f} s")
    return elapsed


def main() -> int:
    path = corpus_path("full")
    if not path.is_file():
        print(f"needs the shared corpus: {path} is absent", file=sys.stderr)
        return 2
    cache = cache_path(path)
    print(f"corpus: {path.name}; pickle cache in {tempfile.gettempdir()}")
    cache.unlink(missing_ok=True)
    started = time.perf_counter()
    corpus = load_corpus(path, fixtures.ALL)
    _timed("cold load (parse JSONL, build indexes, write pickle)", started)
    started = time.perf_counter()
    corpus = load_corpus(path, fixtures.ALL)
    _timed("warm load (read pickle)", started)
    print(
        f"works: {len(corpus.works)}; with DOI: {len(corpus.by_doi)}; arXiv: {len(corpus.by_arxiv)}"
    )

    works = [corpus.works[n] for n in range(0, len(corpus.works), 997)][:200]
    started = time.perf_counter()
    for work in works:
        corpus.search(f"{work.authors[0].family if work.authors else ''} {work.title}", 5)
    elapsed = time.perf_counter() - started
    print(f"search: {len(works)} queries, {1000 * elapsed / len(works):.1f} ms each")

    with FakeApi.start(corpus) as api, httpx.Client(base_url=api.base_url, timeout=30) as client:
        dois = [w.doi for w in works if w.doi][:100]
        started = time.perf_counter()
        for doi in dois:
            client.get(f"/crossref/works/{doi}")
        elapsed = time.perf_counter() - started
        print(f"sequential Crossref DOI look-ups: {len(dois) / elapsed:.0f} req/s")

        limits = httpx.Limits(max_connections=32, max_keepalive_connections=32)
        shared = httpx.Client(base_url=api.base_url, timeout=30, limits=limits)

        def fetch(doi: str) -> int:
            return shared.get(f"/openalex/works/doi:{doi}").status_code

        started = time.perf_counter()
        with ThreadPoolExecutor(16) as pool:
            codes = list(pool.map(fetch, dois * 4))
        elapsed = time.perf_counter() - started
        print(f"16 concurrent clients, OpenAlex look-ups: {len(codes) / elapsed:.0f} req/s")
        api.configure("*", latency_ms=120)
        started = time.perf_counter()
        with ThreadPoolExecutor(32) as pool:
            list(pool.map(fetch, dois[:64]))
        elapsed = time.perf_counter() - started
        print(f"64 requests, 32 at once, 120 ms latency each: {elapsed:.2f} s (ideal 0.24 s)")
        print(f"requests counted: {api.stats().total}")
        shared.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
