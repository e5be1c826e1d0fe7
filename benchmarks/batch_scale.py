"""Screening at venue scale on PostgreSQL: 500 manuscripts of 50 references, 4 worker processes.

Two runs against the fake API server with the published limits (OpenAlex 10 req/s, Crossref's
public pool 5 req/s, Semantic Scholar 1 req/s, arXiv one request every 3 s, 50 ms latency):

1. The PostgreSQL catalog lacks 30% of the cited works, so the APIs are needed; the queue, the
   request budget and the answer cache are the same database. One worker process is killed
   (SIGKILL) once 100 manuscripts are done. Reported: every manuscript reported exactly once
   (and how many workers took each), works asked of an API more than once, the share of 429
   answers, and the wall time against the lower bound the limits allow (for each API, the
   requests it answered over its rate; the largest).
2. The catalog holds every cited work: throughput in references per second per worker with 1, 2
   and 4 workers (no API is asked).

References are drawn at random (seed 7) from the full corpus the fake serves and written as one
refs.bib per manuscript. Run from the repository root:
  .venv/bin/python -m benchmarks.batch_scale [--manuscripts N] [--references N] [--postgres URL]
"""

from __future__ import annotations

import argparse
import collections
import csv
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from cite_sentinel.core.batch.postgres_queue import PostgresQueue
from cite_sentinel.core.catalog import FORMATS, import_dump, open_catalog

from tests.fakeapi import FakeApi
from tests.fakeapi import server as fake_server
from tests.fakeapi.corpus import Work
from tests.fakeapi.loading import load_works
from tests.support import dumps
from tests.support.postgres import database_for

ROOT = Path(__file__).resolve().parents[1]
FULL = ROOT.parent / "shared" / "data" / "corpus" / "works_full.jsonl.gz"
RATES = {
    "openalex": 10.0,
    "crossref": 5.0,
    "s2": 1.0,
    "arxiv": 1 / 3,
    "datacite": 10.0,
    "doi": 10.0,
}
LATENCY_MS = 50.0
KILL_AFTER = 100  # manuscripts done before one worker is killed


def main(argv: Sequence[str] | None = None) -> int:
    options = _options(argv)
    if not FULL.is_file():
        print(f"needs the shared data folder beside the project ({FULL} is absent)")
        return 1
    asked = _log_fake_answers()
    cluster, url = database_for(options.postgres)
    try:
        with tempfile.TemporaryDirectory(prefix="batch-scale-") as scratch:
            folder = Path(scratch)
            works = load_works(FULL)
            chosen = _manuscripts(folder / "submissions", works, options)
            cited = sorted({w.number for ms in chosen for w in ms}, key=int)
            rng = random.Random(11)
            missing = set(rng.sample(cited, k=int(len(cited) * 0.3)))
            by_number = {w.number: w for w in works}
            held = [by_number[n] for n in cited if n not in missing]
            _import(url, held, folder, "held")
            print(
                f"{len(chosen)} manuscripts, {sum(map(len, chosen)):,} references, "
                f"{len(cited):,} distinct works, {len(missing):,} missing from the catalog"
            )
            with FakeApi.start("full") as fake:
                for api, rate in RATES.items():
                    fake.configure(api, rate=rate, burst=max(1.0, rate), latency_ms=LATENCY_MS)
                _scale_run(fake, url, folder, asked, options.workers)
                _import(url, [by_number[n] for n in sorted(missing)], folder, "missing")
                for workers in (1, 2, 4):
                    _throughput_run(fake, url, folder, workers, len(chosen) * options.references)
    finally:
        if cluster is not None:
            cluster.stop()
    return 0


def _options(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--manuscripts", type=int, default=500)
    parser.add_argument("--references", type=int, default=50)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--postgres", default="auto", help="a postgresql:// URL, or auto")
    return parser.parse_args(argv)


def _manuscripts(folder: Path, works: list[Work], options: argparse.Namespace) -> list[list[Work]]:
    rng = random.Random(7)
    chosen = []
    for number in range(options.manuscripts):
        cited = rng.sample(works, options.references)
        target = folder / f"paper-{number:04d}"
        target.mkdir(parents=True)
        dumps.write_bibtex(cited, target / "refs.bib")
        chosen.append(cited)
    return chosen


def _import(url: str, works: list[Work], folder: Path, name: str) -> None:
    part = folder / name / "part_000.gz"
    part.parent.mkdir()
    dumps.write_openalex(works, part)
    store = open_catalog(url)
    started = time.perf_counter()
    run = import_dump(store, FORMATS["openalex"], [part])
    print(
        f"catalog: {run.works:,} works imported into PostgreSQL in "
        f"{time.perf_counter() - started:.1f} s"
    )
    store.close()


def _scale_run(
    fake: FakeApi, url: str, folder: Path, asked: list[tuple[str, int]], workers: int
) -> None:
    fake.reset_stats()
    asked.clear()
    output = folder / "report-scale"
    started = time.perf_counter()
    batch = _batch(fake, url, folder, "scale", output, workers)
    queue = PostgresQueue(url, "scale")
    killed = None
    while batch.poll() is None:
        if killed is None and len(queue.results()) >= KILL_AFTER:
            children = _children(batch.pid)
            if children:
                killed = children[0]
                os.kill(killed, signal.SIGKILL)
                print(f"killed worker process {killed} after {KILL_AFTER} manuscripts")
        time.sleep(0.5)
    seconds = time.perf_counter() - started
    _, err = batch.communicate()
    rows = list(csv.DictReader((output / "summary.csv").open(encoding="utf-8")))
    names = collections.Counter(row["manuscript"] for row in rows)
    retaken = [row for row in rows if row["attempts"] != "1"]
    stats = fake.stats()
    too_many = sum(codes.get("429", 0) for codes in stats.by_status.values())
    answered = collections.Counter(
        _api_of(path) for path, status in asked if status != 429 and _api_of(path)
    )
    bound = max(count / RATES[api] for api, count in answered.items()) if answered else 0.0
    taken = ", ".join(f"{row['manuscript']} ({row['attempts']})" for row in retaken) or "none"
    print(
        f"\nscale run: exit {batch.returncode}; {len(rows)} manuscripts reported, "
        f"{sum(1 for c in names.values() if c > 1)} twice; taken by more than one worker: {taken}"
    )
    print(
        f"requests: {stats.total:,} ({dict(stats.by_api)}); 429 answers: {too_many} = "
        f"{100 * too_many / max(stats.total, 1):.2f}%"
    )
    print(f"works asked of an API more than once: {_repeated(asked)}")
    print(
        f"wall {seconds:.0f} s; lower bound from the limits {bound:.0f} s "
        f"(answered requests per API: {dict(answered)})"
    )
    if batch.returncode not in (0, 1):
        print(err[-2000:])
    queue.close()


def _throughput_run(fake: FakeApi, url: str, folder: Path, workers: int, references: int) -> None:
    fake.reset_stats()
    output = folder / f"report-w{workers}"
    started = time.perf_counter()
    batch = _batch(fake, url, folder, f"all-held-w{workers}", output, workers)
    _, err = batch.communicate()
    seconds = time.perf_counter() - started
    rate = references / seconds
    print(
        f"\ncatalog holds every work, {workers} worker(s): {references:,} references in "
        f"{seconds:.1f} s = {rate:,.0f} references/s, {rate / workers:,.0f} per worker; "
        f"API requests: {fake.stats().total}"
    )
    if batch.returncode not in (0, 1):
        print(err[-2000:])


def _batch(fake: FakeApi, url: str, folder: Path, name: str, output: Path, workers: int
           ) -> subprocess.Popen[str]:  # fmt: skip
    env = {**os.environ, **fake.env(), "CITE_SENTINEL_CACHE_DIR": str(folder / f"cache-{name}")}
    env.pop("CITE_SENTINEL_MAILTO", None)  # Crossref's public pool; no remembered verdicts
    return subprocess.Popen(
        [sys.executable, "-m", "cite_sentinel", "batch", str(folder / "submissions"), "--queue",
         url, "--name", name, "--output", str(output), "--workers", str(workers), "--catalog",
         url, "--cache", url, "--quiet"],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip


def _children(pid: int) -> list[int]:
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    return [int(child) for child in text.split()]


def _log_fake_answers() -> list[tuple[str, int]]:
    """Every answer the fake sends (path and query, status), for counting repeated asks."""
    asked: list[tuple[str, int]] = []
    lock = threading.Lock()
    send = fake_server._RequestHandler._send

    def logged(handler: fake_server._RequestHandler, response: object, method: str) -> None:
        with lock:
            asked.append((handler.path, int(getattr(response, "status", 0))))
        send(handler, response, method)  # type: ignore[arg-type]

    fake_server._RequestHandler._send = logged  # type: ignore[method-assign]
    return asked


def _api_of(path: str) -> str:
    api = path.lstrip("/").split("/", 1)[0]
    return api if api in RATES else ""


def _repeated(asked: list[tuple[str, int]]) -> str:
    """Works (DOIs of look-ups, texts of searches) an API answered for more than once."""
    seen: collections.Counter[tuple[str, str]] = collections.Counter()
    for path, status in asked:
        if status == 429:
            continue
        api = _api_of(path)
        parts = urlsplit(path)
        query = parse_qs(parts.query)
        items: list[str] = []
        if "filter" in query:
            items = query["filter"][0].removeprefix("doi:").split("|")
        elif "search" in query or "query.bibliographic" in query or "query" in query:
            items = (query.get("search") or query.get("query.bibliographic") or query["query"])[:1]
        elif parts.path.count("/") >= 2:
            items = [parts.path.split("/", 2)[2]]
        for item in items:
            seen[(api, item.lower())] += 1
    repeated = {key: count for key, count in seen.items() if count > 1}
    by_api = collections.Counter(api for api, _ in repeated)
    return f"{len(repeated)} of {len(seen):,} ({dict(by_api)})"


if __name__ == "__main__":
    sys.exit(main())
