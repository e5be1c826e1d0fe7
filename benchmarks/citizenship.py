"""API citizenship: the dev sets checked against the fake with the APIs' published limits.

HALLMARK dev and xfield dev are each verified by the real engine (its default limits) against
the fake API serving both corpora with the published limits and Crossref's pools enforced
(tests/fakeapi/limits.py: Crossref public pool 5 req/s one at a time, polite pool 10/s single
records, 3/s lists, three at a time; OpenAlex 10 req/s without bursts; Semantic Scholar 1/s;
arXiv one per 3 s; DataCite 10/s) and about 100 ms latency on every answer. Without
`--polite` the engine sends no contact address (Crossref's public pool); with it, the
configuration holds a `mailto` (the polite pool), as CITE_SENTINEL_MAILTO would give it.

Reported per set: requests per reference (target ≤ 1.2); per API the requests, the 429
answers and their share (target ≤ 2%) and cause (over the rate, over the concurrency);
references left unverified because of a 429 (target 0); wall time against the lower bound.

The lower bound is the shortest time in which any client keeping to the limits could send the
fewest requests that settle every reference, knowing in advance which index holds which work:
one OpenAlex batch per hundred references with a DOI or arXiv id, and one title search per
other reference. A search for a work Crossref holds (or for a work no index holds, where any
index's empty answer will do) may go to OpenAlex or Crossref; a search for a work only
OpenAlex holds (no DOI, or another agency's) must go to OpenAlex. So the bound is
max(only / 10, all / (10 + c)) seconds plus one latency, with `only` the OpenAlex-only
requests (batches included), `all` every request and c Crossref's rate for lists (5 public,
3 polite). Semantic Scholar (1/s) and DataCite (datasets and software only) are left out;
they would lower it by a few percent at most. Target: wall time ≤ 1.5 × the bound.

Run from the repository root:
    .venv/bin/python -m benchmarks.citizenship [--limit N] [--polite]
"""

from __future__ import annotations

import argparse
import collections
import logging
import math
import re
import sys
import time
from collections.abc import Sequence

from cite_sentinel.core.config import Config
from cite_sentinel.core.model import Reference, Status
from cite_sentinel.core.verify import http_settings

from benchmarks import dev_sets
from benchmarks.engine_runs import limited_out, pct, verify
from tests.fakeapi import APIS, FakeApi, Stats
from tests.fakeapi.corpus import Corpus
from tests.fakeapi.limits import POLITE_ARRAY, PUBLIC, PUBLISHED
from tests.fakeapi.works import Agency, Work

LATENCY_MS = 100.0
MAILTO = "citizenship-benchmark@example.org"
BATCH = 100


def main(argv: Sequence[str] | None = None) -> int:
    options = _options(argv)
    logging.getLogger("cite_sentinel").setLevel(logging.ERROR)  # retries are counted, not shown
    if dev_sets.missing():
        print(
            f"needs the shared data folder beside the project ({dev_sets.missing()[0]} is absent)"
        )
        return 1
    sets = (
        ("HALLMARK dev", dev_sets.hallmark(options.limit)),
        ("xfield dev", dev_sets.xfield(options.limit)),
    )
    started = time.perf_counter()
    with FakeApi.start("all") as fake:
        print(f"fake API: corpus 'all' loaded in {time.perf_counter() - started:.1f} s")
        env = fake.env()
        settings = http_settings(Config(mailto=MAILTO if options.polite else ""))
        pool = POLITE_ARRAY if options.polite else PUBLIC
        named = "polite" if options.polite else "public"
        print(f"Crossref pool: {named}; latency {LATENCY_MS:.0f} ms on every answer")
        for name, entries in sets:
            fake.reset_faults()
            fake.enforce_published_limits()
            fake.configure("*", latency_ms=LATENCY_MS)
            fake.reset_stats()
            references = [entry.reference for entry in entries]
            verdicts, seconds = verify(env, references, settings)
            stats = fake.stats()
            bound = lower_bound(fake.corpus, references, pool.rate)
            print()
            print(f"## {name}: {len(references)} references")
            _report(stats, len(references), seconds, bound, sum(limited_out(v) for v in verdicts))
            counts = collections.Counter(v.status.value for v in verdicts)
            valid = [v for e, v in zip(entries, verdicts, strict=True) if e.label == "VALID"]
            called = sum(v.status is Status.FABRICATED for v in valid)
            print(f"verdicts: {dict(counts)}; VALID called fabricated: {called}/{len(valid)}")
    return 0


def _options(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--limit", type=int, default=0, help="only the first N entries of each set")
    parser.add_argument("--polite", action="store_true", help="send a contact address (mailto)")
    return parser.parse_args(argv)


def lower_bound(corpus: Corpus, references: list[Reference], crossref_rate: float) -> float:
    """Seconds the fewest settling requests need under the limits (see the module's docstring)."""
    openalex_rate = float(PUBLISHED["openalex"]["rate"])  # type: ignore[arg-type]
    with_id = sum(bool(r.identifiers.doi or r.identifiers.arxiv) for r in references)
    only = math.ceil(with_id / BATCH)
    either = 0
    for reference in references:
        if reference.identifiers.doi or reference.identifiers.arxiv:
            continue
        work = _held(corpus, reference.title)
        if work is None or (work.doi and work.agency is Agency.CROSSREF):
            either += 1
        else:
            only += 1
    seconds = max(only / openalex_rate, (only + either) / (openalex_rate + crossref_rate))
    return seconds + LATENCY_MS / 1000


def _held(corpus: Corpus, title: str) -> Work | None:
    hits = corpus.search(title, 1) if title.strip() else []
    if hits and _plain(hits[0].work.title) == _plain(title):
        return hits[0].work
    return None


def _plain(text: str) -> str:
    return re.sub(r"[\W_]+", "", text.casefold())


def _report(stats: Stats, references: int, seconds: float, bound: float, limited: int) -> None:
    total = stats.total
    print(f"requests: {total} = {total / references:.2f} per reference (target ≤ 1.2)")
    print(f"references left unverified because of a 429: {limited} (target 0)")
    ratio = seconds / bound
    print(f"wall time {seconds:.1f} s; lower bound {bound:.1f} s; ratio {ratio:.2f} (target ≤ 1.5)")
    print()
    print("| API | requests | 429 | share | over the rate | over the concurrency |")
    print("|---|---:|---:|---:|---:|---:|")
    for api in APIS:
        sent = stats.by_api.get(api, 0)
        if not sent:
            continue
        refused = stats.refused.get(api, {})
        too_many = stats.too_many(api)
        print(f"| {api} | {sent} | {too_many} | {pct(too_many, sent)} | {refused.get('rate', 0)}"
              f" | {refused.get('concurrency', 0)} |")  # fmt: skip


if __name__ == "__main__":
    sys.exit(main())
