"""Offline verification from the catalog against online verification through the fake API.

The corpora the fake serves (works_full and works_xfield) are written as OpenAlex snapshot
files and imported into a SQLite catalog twice: as a plain import, and declared complete
(`catalog import --complete`). HALLMARK dev (against the full corpus) and the cross-field dev
set (against the xfield corpus) are verified online through the fake API, then with the
network off (`--offline`, an empty answer cache) from each catalog. Every verdict that differs
is counted by (online -> offline) and the first of each kind listed with its reason, and for
each run the share of the hallucinated entries called verified and of the valid ones flagged
(miscited or fabricated). Then 1,000 references (the first 500 of each dev set) are verified
fully offline, cold and warm.

With `--postgres auto` (a throwaway cluster, as the tests start one) or `--postgres URL`, the
plain catalog is imported into PostgreSQL too and each dev set verified offline from it: its
time beside SQLite's, and how many verdicts agree with the SQLite catalog's.

Run from the repository root:
  .venv/bin/python -m benchmarks.catalog_offline [--limit N] [--details] [--postgres auto|URL]
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from cite_sentinel.core.catalog import FORMATS, import_dump, open_catalog
from cite_sentinel.core.model import Reference, Verdict
from cite_sentinel.core.sources.bibtex import read_bibtex
from cite_sentinel.core.verify.engine import Engine

from benchmarks.engine_runs import verified
from benchmarks.verify_accuracy import UNLIMITED, _bibtex
from tests.fakeapi import FakeApi
from tests.fakeapi.loading import load_works
from tests.support import dumps
from tests.support.postgres import database_for

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data"
CORPORA = {"hallmark": DATA / "corpus" / "works_full.jsonl.gz",
           "xfield": DATA / "corpus" / "works_xfield.jsonl.gz"}  # fmt: skip
DEV = {"hallmark": DATA / "dev" / "hallmark_dev_public.jsonl",
       "xfield": DATA / "dev" / "xfield_dev.jsonl"}  # fmt: skip
_POSTGRES = "plain-postgresql"


def main(argv: Sequence[str] | None = None) -> int:
    options = _options(argv)
    if not all(path.is_file() for path in (*CORPORA.values(), *DEV.values())):
        print(f"needs the shared data folder beside the project ({DATA})")
        return 1
    references = {name: _references(name, options.limit) for name in DEV}
    labels = {name: _labels(name, options.limit) for name in DEV}
    cluster, postgres = database_for(options.postgres)
    try:
        with tempfile.TemporaryDirectory(prefix="catalog-offline-") as scratch:
            folder = Path(scratch)
            catalogs = _catalogs(folder, postgres)
            for name, refs in references.items():
                _run_dev_set(name, refs, labels[name], catalogs, folder, details=options.details)
            mixed = references["hallmark"][:500] + references["xfield"][:500]
            for run in ("cold", "warm"):
                _, seconds = _offline(mixed, catalogs["complete"], folder / "cache-mixed")
                print(f"\n1,000 references fully offline ({run}): {seconds:.2f} s, "
                      f"{1000 * seconds / len(mixed):.2f} ms a reference")  # fmt: skip
    finally:
        if cluster is not None:
            cluster.stop()
    return 0


def _run_dev_set(
    name: str,
    refs: list[Reference],
    labels: list[str],
    catalogs: dict[str, str],
    folder: Path,
    *,
    details: bool,
) -> None:
    online = _online(name, refs, folder)
    _rates("online", labels, online)
    results: dict[str, list[Verdict]] = {}
    for label, catalog in catalogs.items():
        offline, seconds = _offline(refs, catalog, folder / f"cache-{name}-{label}")
        results[label] = offline
        print(f"\n{name}, catalog {label}: {len(refs)} references offline in {seconds:.1f} s")
        _rates(f"offline, catalog {label}", labels, offline)
        _compare(online, offline, details=details)
    if _POSTGRES in results:
        agree = sum(
            a.status is b.status for a, b in zip(results["plain"], results[_POSTGRES], strict=True)
        )
        print(f"{name}: PostgreSQL and SQLite plain catalogs agree on {agree}/{len(refs)}")


def _options(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--limit", type=int, default=0, help="only the first N of each dev set")
    parser.add_argument("--details", action="store_true", help="print every difference")
    parser.add_argument("--postgres", default="", help="also a PostgreSQL catalog: URL or auto")
    return parser.parse_args(argv)


def _references(name: str, limit: int) -> list[Reference]:
    lines = DEV[name].read_text(encoding="utf-8").splitlines()
    entries = [json.loads(line) for line in lines if line.strip()]
    entries = entries[:limit] if limit else entries
    if name == "hallmark":
        text = "\n\n".join(_bibtex(index, entry) for index, entry in enumerate(entries))
    else:
        text = "\n\n".join(str(entry["bibtex"]) for entry in entries)
    return list(read_bibtex(text, f"{name}.bib").references)


def _labels(name: str, limit: int) -> list[str]:
    lines = DEV[name].read_text(encoding="utf-8").splitlines()
    entries = [json.loads(line) for line in lines if line.strip()]
    return [str(entry["label"]) for entry in (entries[:limit] if limit else entries)]


def _rates(run: str, labels: list[str], verdicts: list[Verdict]) -> None:
    """Hallucinated entries called verified, valid ones flagged (miscited or fabricated)."""
    made = [v for label, v in zip(labels, verdicts, strict=True) if label == "HALLUCINATED"]
    valid = [v for label, v in zip(labels, verdicts, strict=True) if label == "VALID"]
    passed = sum(1 for v in made if v.status.value == "verified")
    flagged = sum(1 for v in valid if v.status.value in ("miscited", "fabricated"))
    print(
        f"{run}: hallucinated called verified {passed}/{len(made)} "
        f"({100 * passed / max(len(made), 1):.1f}%); valid flagged {flagged}/{len(valid)} "
        f"({100 * flagged / max(len(valid), 1):.1f}%)"
    )


def _catalogs(folder: Path, postgres: str) -> dict[str, str]:
    parts = []
    for number, corpus in enumerate(CORPORA.values()):
        part = folder / "snapshot" / f"part_{number:03d}.gz"
        part.parent.mkdir(exist_ok=True)
        # each corpus numbers its works from 0: apart, so their OpenAlex ids differ
        works = [replace(w, number=w.number + number * 1_000_000) for w in load_works(corpus)]
        dumps.write_openalex(works, part)
        parts.append(part)
    places = [("plain", str(folder / "plain.sqlite"), False),
              ("complete", str(folder / "complete.sqlite"), True)]  # fmt: skip
    if postgres:
        places.append((_POSTGRES, postgres, False))
    catalogs = {}
    for label, location, complete in places:
        store = open_catalog(location)
        started = time.perf_counter()
        run = import_dump(store, FORMATS["openalex"], parts, complete=complete)
        print(f"catalog {label}: {run.works:,} works imported in "
              f"{time.perf_counter() - started:.1f} s, {store.size() / 1e6:.0f} MB")  # fmt: skip
        store.close()
        catalogs[label] = location
    return catalogs


def _online(name: str, references: list[Reference], folder: Path) -> list[Verdict]:
    corpus = "full" if name == "hallmark" else str(CORPORA[name])
    with FakeApi.start(corpus) as fake:
        env = {**fake.env(), "CITE_SENTINEL_CATALOG": "off"}
        engine = Engine(env, cache_dir=folder / f"online-{name}", settings=UNLIMITED)
        started = time.perf_counter()
        verdicts = verified(engine, references)
    print(f"\n{name}: {len(references)} references online in {time.perf_counter() - started:.1f} s")
    return verdicts


def _offline(references: list[Reference], catalog: str, cache: Path) -> tuple[list[Verdict], float]:
    env = {"CITE_SENTINEL_CATALOG": catalog, "CITE_SENTINEL_CACHE_DIR": str(cache)}
    engine = Engine(env, offline=True, cache_dir=cache)
    started = time.perf_counter()
    verdicts = verified(engine, references)
    return verdicts, time.perf_counter() - started


def _compare(online: list[Verdict], offline: list[Verdict], *, details: bool = False) -> None:
    pairs = collections.Counter(
        (a.status.value, b.status.value) for a, b in zip(online, offline, strict=True)
    )
    same = sum(count for (a, b), count in pairs.items() if a == b)
    print(f"same verdict: {same}/{len(online)}; differences (online -> offline):")
    shown: set[tuple[str, str]] = set()
    for (a, b), count in sorted(pairs.items(), key=lambda item: -item[1]):
        if a != b:
            print(f"  {a} -> {b}: {count}")
    for first, second in zip(online, offline, strict=True):
        pair = (first.status.value, second.status.value)
        if pair[0] != pair[1] and (details or pair not in shown):
            shown.add(pair)
            print(
                f"    e.g. {first.key}: {pair[0]} -> {pair[1]}: online "
                f"{first.reason or _problems(first)!r}"[:300]
            )
            print(f"         offline {second.reason or _problems(second)!r}"[:300])


def _problems(verdict: Verdict) -> str:
    return "; ".join(f"{p.field}: {p.cited} vs {p.found}" for p in verdict.problems)


if __name__ == "__main__":
    sys.exit(main())
