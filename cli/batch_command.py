"""`cite-sentinel batch DIR|MANIFEST`: screen many manuscripts with worker processes.

Locally the queue is a SQLite file in the output folder, so a batch stopped anywhere resumes
where it stopped. With --queue postgresql://… the queue and the request budget live in that
database: any number of `cite-sentinel batch --queue …` on any machines share the work and
the APIs' limits, and a killed worker's manuscript goes to another.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
import time
from collections.abc import Mapping
from pathlib import Path

from cite_sentinel.batch_worker import WorkerSettings, run_worker
from cite_sentinel.config_file import config_for
from cite_sentinel.core import InputError, with_environment
from cite_sentinel.core.batch import STATE_FILE, manuscripts_in, open_queue, write_outputs
from cite_sentinel.core.catalog import is_postgres
from cite_sentinel.exit_codes import ExitCode


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of `batch`."""
    parser.add_argument(
        "source",
        nargs="?",
        metavar="DIR|MANIFEST",
        help="a folder (each subfolder or file in it is a manuscript) or a manifest (one path "
        "a line); with --queue it may be left out to help with a batch already queued",
    )
    parser.add_argument(
        "--output",
        metavar="DIR",
        help="where the reports go (default: "
        "batch-report beside the folder, or the batch's name with --queue)",
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=0,
        metavar="N",
        help="worker processes (default: one per CPU)",
    )
    parser.add_argument(
        "--queue",
        metavar="URL",
        help="a postgresql:// database shared as the "
        "job queue and request budget by workers on many machines",
    )
    parser.add_argument(
        "--name",
        metavar="NAME",
        help="the batch's name in a shared queue (default: the folder's or manifest's name)",
    )
    parser.add_argument("--catalog", metavar="LOCATION", help="the local catalog to ask first")
    parser.add_argument("--cache", metavar="URL", help="a postgresql:// answer cache to share")
    parser.add_argument("--offline", action="store_true", help="answer from catalog and cache only")
    parser.add_argument("--config", metavar="FILE", help="read settings from FILE")
    parser.add_argument("--quiet", action="store_true", help="no progress lines")


def run_batch(options: argparse.Namespace, environ: Mapping[str, str]) -> ExitCode:
    """Queue the manuscripts, work through them in processes, write the reports."""
    source = Path(options.source) if options.source else None
    if source is None and not options.queue:
        raise InputError("batch: give a folder or a manifest of manuscripts")
    if source is None and not options.name:
        raise InputError("batch --queue without a folder: say which batch with --name")
    if options.workers < 0:
        raise InputError(
            f"--workers {options.workers}: give the number of worker processes, 1 or more "
            "(left out: one per CPU)"
        )
    if options.queue and not is_postgres(options.queue):
        raise InputError(
            f"--queue {options.queue}: give a postgresql:// URL; without --queue a batch keeps "
            f"its queue in its output folder ({STATE_FILE})"
        )
    name = options.name or (source.stem if source else "batch")
    output = Path(options.output) if options.output else _default_output(source, name)
    config = with_environment(config_for([str(source)] if source else [], options.config), environ)
    location = options.queue or str(output / STATE_FILE)
    queue = open_queue(location, name)
    try:
        if source is not None:
            manuscripts = manuscripts_in(source, exclude=(f"{output.resolve()}/",))
            added = queue.enqueue(manuscripts)
            _say(options, _queued(len(manuscripts), source, added, queue.unfinished()))
        elif not queue.held():
            raise InputError(
                f"--name {name}: the queue {options.queue} holds no batch of that name; give "
                "the name it was queued under (the folder's or manifest's name, or its --name)"
            )
        started = time.perf_counter()
        settings = WorkerSettings(
            queue=location,
            batch=name,
            env=tuple(_worker_env(environ, options, config).items()),
            config=config,
            offline=options.offline,
        )
        _run_workers(settings, options.workers or os.cpu_count() or 1, queue, options)
        unfinished = queue.unfinished()
        results = queue.results()
    finally:
        queue.close()
    page = write_outputs(results, output)
    seconds = time.perf_counter() - started
    fabricated = sum(r.fabricated for r in results)
    references = sum(r.references for r in results)
    print(
        f"{len(results)} manuscripts, {references:,} references, {fabricated:,} fabricated, "
        f"in {seconds:.1f} s; summary: {page}"
    )
    if unfinished:
        print(
            f"cite-sentinel: {unfinished} manuscripts are not finished; run the same command "
            "again to resume",
            file=sys.stderr,
        )
        return ExitCode.UNAVAILABLE
    flagged = any(r.fabricated or r.miscited or r.errors or r.warnings for r in results)
    return ExitCode.FINDINGS if flagged else ExitCode.CLEAN


def _queued(found: int, source: Path, added: int, unfinished: int) -> str:
    """How many manuscripts the run screens: new or changed ones, and those an earlier run
    left unfinished."""
    left = unfinished - added
    earlier = f" ({left} left unfinished by an earlier run)" if left > 0 else ""
    return f"{found} manuscripts in {source}; {unfinished} to screen{earlier}"


def _default_output(source: Path | None, name: str) -> Path:
    if source is None:
        return Path(name)
    return (source.parent if source.is_file() else source.resolve().parent) / "batch-report"


def _worker_env(
    environ: Mapping[str, str], options: argparse.Namespace, config: object
) -> dict[str, str]:
    """The environment the engine reads: the catalog and cache chosen by flags or config."""
    env = dict(environ)
    catalog = options.catalog or getattr(config, "catalog", "")
    cache = options.cache or getattr(config, "cache", "")
    if catalog:
        env["CITE_SENTINEL_CATALOG"] = catalog
    if cache:
        if not is_postgres(cache):
            raise InputError(
                f"--cache {cache}: give a postgresql:// URL (the disk cache is "
                "CITE_SENTINEL_CACHE_DIR)"
            )
        env["CITE_SENTINEL_CACHE"] = cache
    return env


def _run_workers(
    settings: WorkerSettings, count: int, queue: object, options: argparse.Namespace
) -> None:
    """Start the workers and wait for them, reporting progress now and then."""
    processes = [
        multiprocessing.Process(target=run_worker, args=(settings,), name=f"batch-worker-{n}")
        for n in range(count)
    ]
    for process in processes:
        process.start()
    try:
        while any(process.is_alive() for process in processes):
            for process in processes:
                process.join(timeout=1.0)
    except KeyboardInterrupt:
        for process in processes:
            process.terminate()
        for process in processes:
            process.join()
        raise


def _say(options: argparse.Namespace, message: str) -> None:
    if not options.quiet:
        print(f"cite-sentinel: {message}", file=sys.stderr, flush=True)
