"""Catalog import speed and size: the 256k-work corpus as an OpenAlex snapshot file into SQLite,
each importer on the same works written in its own format, and the same import into PostgreSQL.

The dumps are written from ../shared/data/corpus at run time (tests/support/dumps.py), in a
temporary folder; writing them is not timed. Reported per import: works, wall seconds, works/s, the
CPU seconds of this process and of its worker processes, and the catalog's size on disk.

Run from the repository root:
  .venv/bin/python -m benchmarks.catalog_import [--sample N] [--workers N] [--postgres URL|auto]
(--postgres auto starts a throwaway cluster with the server's initdb, as the tests do.)
"""

from __future__ import annotations

import argparse
import resource
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from cite_sentinel.core.catalog import FORMATS, import_dump, open_catalog
from cite_sentinel.core.catalog.store import CatalogStore

from tests.fakeapi.corpus import Work
from tests.fakeapi.loading import load_works
from tests.support import dumps

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "data" / "corpus"


def main(argv: Sequence[str] | None = None) -> int:
    options = _options(argv)
    full = CORPUS / "works_full.jsonl.gz"
    if not full.is_file():
        print(f"needs the shared data folder beside the project ({full} is absent)")
        return 1
    works = load_works(full)
    print(f"corpus: {len(works):,} works")
    with tempfile.TemporaryDirectory(prefix="catalog-bench-") as scratch:
        folder = Path(scratch)
        snapshot = folder / "openalex" / "part_000.gz"
        snapshot.parent.mkdir()
        dumps.write_openalex(works, snapshot)
        print(f"OpenAlex snapshot file: {snapshot.stat().st_size / 1e6:.1f} MB gzip")
        _report(
            "openalex -> sqlite (full corpus)",
            folder / "full.sqlite",
            lambda s: _import(s, "openalex", [snapshot], options.workers),
            len(works),
        )
        sample = works[: options.sample]
        for name, writer, size in _formats(folder, sample):
            path = writer()
            _report(
                f"{name} -> sqlite ({size:,} works)",
                folder / f"{name}.sqlite",
                lambda s, n=name, p=path: _import(s, n, [p], options.workers),
                size,
            )
        if options.postgres:
            _postgres(options.postgres, snapshot, len(works), options.workers)
    return 0


def _options(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sample", type=int, default=50_000, help="works per other importer")
    parser.add_argument("--workers", type=int, default=0, help="import worker processes")
    parser.add_argument("--postgres", default="", help="a postgresql:// URL, or auto")
    return parser.parse_args(argv)


def _formats(folder: Path, works: list[Work]) -> list[tuple[str, Callable[[], Path], int]]:
    small = works[:5000]

    def written(name: str, write: Callable[[list[Work], Path], int], items: list[Work]) -> Path:
        path = folder / name
        write(items, path)
        return path

    crossref = [w for w in works if w.doi and w.agency == "Crossref"]
    return [
        ("crossref", lambda: written("0.json.gz", dumps.write_crossref, crossref), len(crossref)),
        ("dblp", lambda: written("dblp.xml.gz", dumps.write_dblp, works), len(works)),
        ("pubmed", lambda: written("pubmed26n0001.xml.gz", dumps.write_pubmed, works), len(works)),
        ("arxiv", lambda: written("arxiv-snapshot.json", dumps.write_arxiv, works), len(works)),
        ("bibtex", lambda: written("lab.bib", dumps.write_bibtex, small), len(small)),
        ("csl-json", lambda: written("lab.json", dumps.write_csl_json, small), len(small)),
        ("zotero", lambda: written("zotero.sqlite", dumps.write_zotero, small), len(small)),
    ]


def _import(store: CatalogStore, format: str, paths: list[Path], workers: int) -> int:
    return import_dump(store, FORMATS[format], paths, workers=workers).works


def _report(
    label: str, location: Path | str, run: Callable[[CatalogStore], int], size: int
) -> None:
    store = open_catalog(str(location))
    before = _cpu()
    started = time.perf_counter()
    works = run(store)
    seconds = time.perf_counter() - started
    own, children = (after - earlier for after, earlier in zip(_cpu(), before, strict=True))
    megabytes = store.size() / 1e6
    store.close()
    print(
        f"{label}: {works:,} works in {seconds:.1f} s = {works / seconds:,.0f} works/s; "
        f"CPU {own:.1f} s here + {children:.1f} s in workers; {megabytes:,.1f} MB "
        f"({megabytes * 1e6 / max(works, 1):,.0f} bytes/work)"
    )
    sys.stdout.flush()


def _postgres(url: str, snapshot: Path, size: int, workers: int) -> None:
    cluster = None
    if url == "auto":
        from tests.support.postgres import Cluster, server_bin

        binaries = server_bin()
        if binaries is None:
            print("postgresql: no server here (initdb); skipped")
            return
        cluster = Cluster(binaries)
        url = cluster.new_database()
    try:
        _report(
            "openalex -> postgresql (full corpus)",
            url,
            lambda s: _import(s, "openalex", [snapshot], workers),
            size,
        )
    finally:
        if cluster is not None:
            cluster.stop()


def _cpu() -> tuple[float, float]:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime, children.ru_utime + children.ru_stime


if __name__ == "__main__":
    raise SystemExit(main())
