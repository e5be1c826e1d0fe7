"""`cite-sentinel check`: read, check and verify references, print a report, pick the exit code."""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import replace
from pathlib import Path

from cite_sentinel.config_file import config_for, with_locations
from cite_sentinel.core import (
    SCORERS,
    CheckResult,
    CheckSession,
    Selection,
    configured,
)
from cite_sentinel.core.workspace import changed_keys, changes_since, is_folder, path_exists
from cite_sentinel.exit_codes import (
    DEFAULT_MAX_UNAVAILABLE,
    FAIL_ON_CHOICES,
    ExitCode,
    exit_code,
)
from cite_sentinel.interruption import run, stop_on_sigterm
from cite_sentinel.progress import ProgressDisplay, wants_progress
from cite_sentinel.report_output import (
    prepare_output,
    use_color,
    write_atomically,
    write_stdout,
)
from cite_sentinel.report_targets import (
    FORMATS,
    Target,
    TargetAction,
    append_step_summary,
    render_parts,
    replaced_input,
    report_exclusions,
    targets,
)


class UsageError(Exception):
    """A mistake in the command line, said in one sentence."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of `check`."""
    parser.add_argument("paths", nargs="+", metavar="PATH", help="files or folders to check")
    parser.add_argument(
        "--format",
        choices=FORMATS,
        action=TargetAction,
        help="report format (default: text); repeat with --output for several reports",
    )
    parser.add_argument(
        "--output",
        metavar="FILE",
        action=TargetAction,
        help="write the report of the --format before it to FILE (- for stdout), its folder "
        "made if missing; with no --format, FILE's suffix says which: .sarif, .json, "
        ".xml (junit), .md, .csv",
    )
    parser.add_argument(
        "--changed-since",
        metavar="REV",
        help="verify only references added or edited since the git revision REV, and those "
        "that changed manuscripts cite (all are still checked locally; the others keep the "
        "verdicts an earlier run left in the cache)",
    )
    parser.add_argument(
        "--fail-on",
        action="append",
        default=[],
        metavar="VERDICT",
        help=f"also exit 1 on these verdicts: {', '.join(FAIL_ON_CHOICES)} "
        "(repeat or separate with commas)",
    )
    parser.add_argument(
        "--offline", action="store_true", help="answer from the catalog and the cache only"
    )
    parser.add_argument(
        "--catalog",
        metavar="LOCATION",
        help="the local catalog asked first: a SQLite file or a postgresql:// URL, or off "
        "(default: `catalog` of the configuration, else the one `catalog import` built)",
    )
    parser.add_argument(
        "--cache", metavar="URL", help="a postgresql:// answer cache shared by many machines"
    )
    parser.add_argument("--refresh", action="store_true", help="ignore cached answers")
    parser.add_argument("--quiet", action="store_true", help="no progress bar and no notes")
    parser.add_argument("--no-color", action="store_true", help="never colour the report")
    parser.add_argument("--config", metavar="FILE", help="read settings from FILE")
    parser.add_argument(
        "--ground",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="also judge whether each cited work supports the sentence citing it (default: "
        "[ground] enabled of the configuration, else off)",
    )
    parser.add_argument(
        "--scorer",
        choices=SCORERS,
        help="who judges groundedness (default: [ground] scorer of the configuration, else "
        "local, offline; voyage and anthropic send the claims and abstracts to that service)",
    )
    parser.add_argument(
        "--embeddings",
        action="store_true",
        help="add sentence-embedding similarity to the local relevance (slower; needs the "
        "optional extra: pip install 'cite-sentinel[embeddings]')",
    )
    parser.add_argument(
        "--fulltext",
        metavar="DIR",
        help="folder of full texts (PDF, .txt, .md, .docx) named by key or DOI (/ as _)",
    )
    parser.add_argument(
        "--max-unavailable",
        type=float,
        default=DEFAULT_MAX_UNAVAILABLE,
        metavar="SHARE",
        help="exit 3 when more than this share of references could not be judged because "
        f"sources failed (0 to 1, default {DEFAULT_MAX_UNAVAILABLE})",
    )


def run_check(options: argparse.Namespace, environ: Mapping[str, str]) -> ExitCode:
    """Run one check as the options say; the report goes to stdout or --output."""
    fail_on = _fail_on(options.fail_on)
    if options.offline and options.refresh:
        raise UsageError("--offline and --refresh exclude each other: refreshing needs the network")
    if not 0.0 <= options.max_unavailable <= 1.0:
        share = options.max_unavailable
        raise UsageError(f"--max-unavailable must be between 0 and 1, got {share}")
    notify = _notifier(quiet=options.quiet)
    config = configured(
        config_for(options.paths, options.config),
        environ,
        {
            "fail_on": tuple(sorted(fail_on)) or None,
            "scorer": options.scorer,
            "embeddings": True if options.embeddings else None,
        },
    )
    fail_on = frozenset(config.fail_on)
    chosen = _targets(options)  # before the check: a report that cannot be written stops it now
    config = replace(config, exclude=config.exclude + report_exclusions(chosen))
    config = with_locations(config, options.catalog, options.cache)
    options.ground = config.ground if options.ground is None else options.ground
    bar = wants_progress(sys.stderr, environ, quiet=options.quiet)
    if options.offline:
        notify("offline: answers come from the cache only; what it lacks stays unverified")
    with ProgressDisplay(enabled=bar, lines=not options.quiet) as progress:
        session = CheckSession(
            config, environ, offline=options.offline, refresh=options.refresh, progress=progress
        )
        _check_scorer_flags(options)
        fulltext = _fulltext_dir(options.fulltext, ground=options.ground)
        select = _changed_selection(options.changed_since, options.paths)
        checked = _checked(session, options.paths, options.ground, fulltext, select)
        result = run(_ticking(progress, checked))
    if not result.files and not result.unreadable:
        # Even under --quiet: a CI job pointed at the wrong folder must not pass unnoticed.
        print(
            f"cite-sentinel: found no manuscript or bibliography in {' '.join(options.paths)}; "
            "name the files, or a folder holding .md, .tex, .typ, .bib, .json or .yaml files",
            file=sys.stderr,
        )
    _refuse_replacing(chosen, list(result.files))
    _deliver(result, chosen, options, environ, notify)
    if session.interrupted:
        print(
            f"cite-sentinel: interrupted with {session.decided} of {len(result.verdicts)} "
            "references "
            "verified; the report holds them, the rest unverified, and is marked incomplete",
            file=sys.stderr,
        )
        return ExitCode.INTERRUPTED
    return exit_code(result, fail_on=fail_on, max_unavailable=options.max_unavailable)


async def _ticking(progress: ProgressDisplay, work: Awaitable[CheckResult]) -> CheckResult:
    """Let the progress line come every few seconds even while no verdict is reached."""

    async def tick() -> None:
        while True:
            await asyncio.sleep(1.0)
            progress.tick()

    ticker = asyncio.ensure_future(tick())
    try:
        return await work
    finally:
        ticker.cancel()


async def _checked(
    session: CheckSession,
    paths: list[str],
    ground: bool,
    fulltext: Path | None,
    select: Selection | None = None,
) -> CheckResult:
    """The check, with the session open for its length and SIGTERM stopping it as Ctrl-C
    does (what was decided is kept)."""
    stop_on_sigterm()
    async with session:
        return await session.check(
            paths, select=select, ground=ground, fulltext=fulltext, stoppable=True
        )


def _changed_selection(revision: str | None, paths: list[str]) -> Selection | None:
    """For --changed-since: the keys of edited entries and of changed manuscripts' citations."""
    if revision is None:
        return None
    start = next((Path(p) for p in paths if path_exists(Path(p))), Path.cwd())
    changes = changes_since(revision, start if start.is_dir() else start.parent)
    return lambda references, citations: changed_keys(references, citations, changes)


def _check_scorer_flags(options: argparse.Namespace) -> None:
    """--scorer and --embeddings mean something only with --ground."""
    if not options.ground:
        for flag in ("scorer", "embeddings"):
            if getattr(options, flag):
                raise UsageError(
                    f"--{flag} is used only with --ground; add --ground or drop --{flag}"
                )


def _fulltext_dir(value: str | None, *, ground: bool) -> Path | None:
    if value is None:
        return None
    if not ground:
        raise UsageError("--fulltext is read only with --ground; add --ground or drop --fulltext")
    if not Path(value).is_dir():
        raise UsageError(f"--fulltext {value}: no such folder; give a folder of PDFs or texts")
    return Path(value)


def _fail_on(values: list[str]) -> frozenset[str]:
    words = {word.strip().lower() for value in values for word in value.split(",") if word.strip()}
    unknown = sorted(words - set(FAIL_ON_CHOICES))
    if unknown:
        raise UsageError(
            f"--fail-on does not know {', '.join(unknown)}; use {', '.join(FAIL_ON_CHOICES)}"
        )
    return frozenset(words)


def _notifier(*, quiet: bool) -> Callable[[str], None]:
    def notify(message: str) -> None:
        if not quiet:
            print(f"cite-sentinel: {message}", file=sys.stderr, flush=True)

    return notify


def _targets(options: argparse.Namespace) -> tuple[Target, ...]:
    """The reports asked for, their folders made; a usage error for two reports on stdout."""
    try:
        chosen = targets(options)
    except ValueError as error:
        raise UsageError(str(error)) from error
    _refuse_replacing(chosen, [path for path in options.paths if _is_file(Path(path))])
    for target in chosen:
        if target.output is not None:
            prepare_output(Path(target.output))
    return chosen


def _is_file(path: Path) -> bool:
    return path_exists(path) and not is_folder(path)


def _refuse_replacing(chosen: tuple[Target, ...], read: list[str]) -> None:
    replaced = replaced_input(chosen, read)
    if replaced:
        raise UsageError(
            f"--output {replaced} would replace {replaced}, which this check reads; "
            "give the report another file name"
        )


def _deliver(
    result: CheckResult,
    chosen: tuple[Target, ...],
    options: argparse.Namespace,
    environ: Mapping[str, str],
    notify: Callable[[str], None],
) -> None:
    for target in chosen:
        color = target.output is None and use_color(sys.stdout, environ, no_color=options.no_color)
        parts = render_parts(target, result, color=color, environ=environ)
        if target.output is not None:
            write_atomically(Path(target.output), parts)
        else:
            write_stdout(parts, machine=target.format != "text")
    trouble = append_step_summary(result, environ)
    if trouble:
        print(f"cite-sentinel: {trouble}", file=sys.stderr)
    if any(target.output is not None or target.format != "text" for target in chosen):
        for path in result.unreadable:
            notify(f"could not read {path}")
