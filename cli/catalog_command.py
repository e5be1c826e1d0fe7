"""`cite-sentinel catalog import|status|search|drop`: build and inspect the local catalog."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Mapping
from pathlib import Path

from cite_sentinel.config_file import config_for
from cite_sentinel.core import InputError, with_environment
from cite_sentinel.core.catalog import (
    FORMATS,
    CatalogStore,
    DumpEntry,
    DumpError,
    Format,
    ReadOptions,
    catalog_location,
    detect,
    import_dump,
    is_postgres,
    open_catalog,
)
from cite_sentinel.exit_codes import ExitCode
from cite_sentinel.import_progress import ImportDisplay
from cite_sentinel.progress import wants_progress
from rich.console import Console

SKIPPED_SHOWN = 20


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of `catalog` and its actions."""
    parser.add_argument(
        "--catalog",
        metavar="LOCATION",
        help="the catalog: a SQLite file or a postgresql:// URL (default: `catalog` of the "
        "configuration, else CITE_SENTINEL_CATALOG, else catalog.sqlite in the user data folder)",
    )
    parser.add_argument("--config", metavar="FILE", help="read settings from FILE")
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    importing = actions.add_parser(
        "import",
        help="import dumps or a library (resumes an interrupted import of the same files)",
        description="Import dumps or a library into the catalog. Formats: "
        + "; ".join(f"{f.name}: {f.description}" for f in FORMATS.values()),
    )
    importing.add_argument("paths", nargs="+", metavar="PATH", help="files or folders")
    importing.add_argument("--format", choices=tuple(FORMATS), help="default: from the names")
    importing.add_argument(
        "--snapshot-date",
        metavar="YYYY-MM-DD",
        help="the dump's date (default: the newest record's date, else today)",
    )
    importing.add_argument(
        "--complete",
        action="store_true",
        help="declare the import complete for the venues it holds up to its snapshot date: "
        "a work of those venues it lacks may then be called fabricated without asking online",
    )
    importing.add_argument("--dtd", metavar="FILE", help="the DTD of an XML dump (dblp.dtd)")
    importing.add_argument(
        "--no-abstracts", action="store_true", help="leave abstracts out (a smaller catalog)"
    )
    importing.add_argument(
        "--workers", type=int, default=0, metavar="N", help="processes converting records "
        "(default: one per CPU)",
    )  # fmt: skip
    importing.add_argument("--quiet", action="store_true", help="no progress bar")
    status = actions.add_parser("status", help="what the catalog holds, import by import")
    status.add_argument("--format", choices=("text", "json"), default="text")
    search = actions.add_parser(
        "search", help="find works by words of their title or authors, or by a DOI, an arXiv id "
        "or PMID:N",
    )  # fmt: skip
    search.add_argument("words", nargs="+", metavar="WORD")
    search.add_argument("--limit", type=int, default=10, metavar="N")
    search.add_argument("--format", choices=("text", "json"), default="text")
    drop = actions.add_parser("drop", help="remove imports and the works they brought")
    drop.add_argument("imports", nargs="*", type=int, metavar="ID", help="import numbers (status)")
    drop.add_argument("--all", action="store_true", help="every import")


def run_catalog(options: argparse.Namespace, environ: Mapping[str, str]) -> ExitCode:
    """Run one catalog action on the chosen catalog."""
    config = with_environment(config_for([], options.config), environ)
    location = catalog_location(environ, options.catalog or config.catalog)
    if options.action == "import" and options.workers < 0:
        raise InputError(
            f"--workers {options.workers}: give the number of worker processes, 1 or more "
            "(left out: one per CPU)"
        )
    if options.action == "drop" and not (options.imports or options.all):
        raise InputError("catalog drop: name the imports to drop (see `catalog status`) or --all")
    built = is_postgres(location) or Path(location).expanduser().is_file()
    if options.action != "import" and not built:
        raise InputError(
            f"{location}: no catalog here; build one with `cite-sentinel catalog import`"
        )
    store = open_catalog(location, readonly=options.action == "search")
    try:
        if options.action == "import":
            return _import(store, options, environ)
        if options.action == "status":
            return _status(store, options.format)
        if options.action == "search":
            return _search(store, " ".join(options.words), options.limit, options.format)
        return _drop(store, options.imports, every=options.all)
    finally:
        store.close()


def _import(
    store: CatalogStore, options: argparse.Namespace, environ: Mapping[str, str]
) -> ExitCode:
    paths = [Path(path) for path in options.paths]
    format = FORMATS[options.format] if options.format else _detected(paths)
    errors = Console(stderr=True, highlight=False)
    skipped = _SkipNotes(errors)
    enabled = wants_progress(sys.stderr, environ, quiet=options.quiet)
    started = time.perf_counter()
    try:
        with ImportDisplay(errors, enabled=enabled) as display:
            run = import_dump(
                store,
                format,
                paths,
                options=ReadOptions(
                    dtd=Path(options.dtd) if options.dtd else None,
                    abstracts=not options.no_abstracts,
                ),
                snapshot=options.snapshot_date or "",
                complete=options.complete,
                workers=options.workers,
                progress=display,
                skipped=skipped,
            )
    except DumpError as error:
        skipped.close()
        held = store.run(store.runs()[-1].id) if store.runs() else None
        kept = f"; the {held.works:,} works read before it are kept" if held else ""
        print(f"{error}{kept}", file=sys.stderr)
        print(
            "cite-sentinel: fix or replace the file, then run the same command again: the "
            "import resumes where it stopped",
            file=sys.stderr,
        )
        return ExitCode.INPUT
    skipped.close()
    seconds = time.perf_counter() - started
    complete = f", complete for {len(run.venues)} venues" if run.complete else ""
    print(
        f"import {run.id}: {run.works:,} works from {len(run.inputs)} file(s) "
        f"({run.format}, snapshot {run.snapshot}{complete}), {run.skipped:,} skipped, "
        f"{run.deleted:,} deleted, in {seconds:.1f} s; catalog {store.location} "
        f"({store.size() / 1e6:,.1f} MB)"
    )
    return ExitCode.CLEAN


def _detected(paths: list[Path]) -> Format:
    formats = {detect(path) for path in paths}
    if len(formats) != 1 or None in formats:
        names = ", ".join(FORMATS)
        raise InputError(
            f"{paths[0]}: cannot tell the dump's format from its name; give --format ({names})"
        )
    (format,) = formats
    assert format is not None
    return format


def _status(store: CatalogStore, output: str) -> ExitCode:
    runs = store.runs()
    if output == "json":
        data = {
            "catalog": store.location,
            "bytes": store.size(),
            "imports": [
                {"id": r.id, "format": r.format, "state": r.state.value, "snapshot": r.snapshot,
                 "works": r.works, "skipped": r.skipped, "deleted": r.deleted,
                 "inputs": list(r.inputs), "started": r.started, "finished": r.finished,
                 "complete": r.complete, "venues": list(r.venues), "error": r.error}
                for r in runs
            ],
        }  # fmt: skip
        sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
        return ExitCode.CLEAN
    total = sum(r.works for r in runs)
    print(
        f"{store.location}: {total:,} works in {len(runs)} import(s), {store.size() / 1e6:,.1f} MB"
    )
    for r in runs:
        first = Path(r.inputs[0]).name if r.inputs else "-"
        more = f" and {len(r.inputs) - 1} more" if len(r.inputs) > 1 else ""
        complete = f", complete for {len(r.venues)} venues" if r.complete else ""
        print(f"  {r.id}  {r.format:<9} {r.state.value:<9} snapshot {r.snapshot or '-':<10} "
              f"{r.works:>12,} works  {first}{more}{complete}")  # fmt: skip
        if r.error:
            print(f"     {r.error}")
    return ExitCode.CLEAN


def _search(store: CatalogStore, text: str, limit: int, output: str) -> ExitCode:
    records = store.search(text, limit=limit)
    if output == "json":
        rows = [
            {"id": r.id, "title": r.title, "authors": [p.display for p in r.people],
             "year": r.year, "venue": r.venue, "doi": r.identifiers.doi,
             "arxiv": r.identifiers.arxiv}
            for r in records
        ]  # fmt: skip
        sys.stdout.write(json.dumps(rows, indent=2, ensure_ascii=False) + "\n")
        return ExitCode.CLEAN
    for record in records:
        names = ", ".join(p.display for p in record.people[:3])
        names += " et al." if len(record.people) > 3 else ""
        doi = f" doi:{record.identifiers.doi}" if record.identifiers.doi else ""
        print(
            f"{record.id}  {record.year or '----'}  {record.title} — {names} ({record.venue}){doi}"
        )
    if not records:
        print(f"no work in the catalog matches {text!r}", file=sys.stderr)
    return ExitCode.CLEAN


def _drop(store: CatalogStore, imports: list[int], *, every: bool) -> ExitCode:
    chosen = [r.id for r in store.runs()] if every else imports
    known = {r.id for r in store.runs()}
    unknown = [str(i) for i in chosen if i not in known]
    if unknown:
        raise InputError(
            f"{store.location}: no import {', '.join(unknown)}; `catalog status` lists them"
        )
    removed = store.drop(chosen)
    print(f"dropped {len(chosen)} import(s) and {removed:,} works from {store.location}")
    return ExitCode.CLEAN


class _SkipNotes:
    """Warnings for records that name no work: the first few in full, then a count."""

    def __init__(self, console: Console) -> None:
        self._console = console
        self.count = 0

    def __call__(self, name: str, entry: DumpEntry) -> None:
        self.count += 1
        if self.count <= SKIPPED_SHOWN:
            where = f"{name}:{entry.line}:1" if entry.line else name
            self._console.print(f"{where}: warning: skipped: {entry.skipped}", markup=False)

    def close(self) -> None:
        if self.count > SKIPPED_SHOWN:
            more = self.count - SKIPPED_SHOWN
            self._console.print(f"… and {more:,} more records skipped", markup=False)
