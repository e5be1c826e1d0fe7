"""`cite-sentinel fix FILE`: show the repairs verified metadata allows, then apply them if asked.

Without --write, --dry-run or --interactive the command asks for each change on a terminal and
only shows the diff elsewhere (always in CI, where CI is set): it never writes unasked.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TextIO

from cite_sentinel.config_file import config_for
from cite_sentinel.core import (
    CheckResult,
    CheckSession,
    Code,
    InputError,
    SourceStatus,
    Status,
    Verifier,
)
from cite_sentinel.core.fix import (
    CERTAIN_CONFIDENCE,
    FIXABLE_SUFFIXES,
    EntryFix,
    Skipped,
    plan_fixes,
    rewrite,
    unified_diff,
)
from cite_sentinel.core.workspace import remove_stale_temporaries, write_atomically
from cite_sentinel.exit_codes import DEFAULT_MAX_UNAVAILABLE, ExitCode, unavailable_share
from cite_sentinel.interruption import run
from cite_sentinel.report_output import write_stdout


class UsageError(Exception):
    """A mistake in the command line, said in one sentence."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of `fix`."""
    parser.add_argument("path", metavar="FILE", help="a BibTeX (.bib) or CSL-JSON (.json) file")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--write", action="store_true", help="apply every change (FILE.bak kept)")
    mode.add_argument(
        "--dry-run", action="store_true", help="only show the diff (the default when CI is set)"
    )
    mode.add_argument(
        "--interactive", action="store_true", help="ask for each entry: y(es), n(o), q(uit)"
    )
    parser.add_argument(
        "--complete",
        action="store_true",
        help="also add the DOI and pages an entry lacks (by default fix changes only what "
        "check reports)",
    )
    parser.add_argument(
        "--published",
        action="store_true",
        help="replace preprints by their published version where it is known for certain",
    )
    parser.add_argument("--offline", action="store_true", help="answer from the cache only")
    parser.add_argument("--quiet", action="store_true", help="no notes on stderr")
    parser.add_argument("--config", metavar="FILE", help="read settings from FILE")


def run_fix(
    options: argparse.Namespace,
    environ: Mapping[str, str],
    *,
    stdin: TextIO | None = None,
    verifier: Verifier | None = None,
) -> ExitCode:
    """Plan, show, and (as the options say) apply the fixes to one bibliography."""
    stdin = stdin or sys.stdin
    path = Path(options.path)
    mode = _mode(options, environ, stdin)
    data, encoding = _read(path)
    target = path.resolve() if path.is_symlink() else path
    remove_stale_temporaries(target)  # what a fix killed midway left beside the file
    text = data.decode(encoding)
    notify = _notifier(quiet=options.quiet)
    config = config_for([options.path], options.config)
    if options.offline:
        notify("offline: answers come from the cache only; what it lacks stays unverified")
    session = CheckSession(config, environ, offline=options.offline, verifier=verifier)
    planned = _plan(session, options.path, published=options.published, complete=options.complete)
    result, (fixes, skipped) = run(planned)  # asyncio.run, without a repr of the result
    for skip in skipped:
        what = f"the {skip.field} of {skip.key}" if skip.field else skip.key
        notify(f"{options.path}: left {what} alone: {skip.reason}")
    unavailable = unavailable_share(result) > DEFAULT_MAX_UNAVAILABLE
    if unavailable:
        # Said even under --quiet: "nothing to fix" here would be a false all-clear.
        print(f"cite-sentinel: {options.path}: {_unavailable(result)}", file=sys.stderr)
    if not fixes:
        if unavailable:
            return ExitCode.UNAVAILABLE
        notify(f"{options.path}: nothing to fix for certain (confidence ≥ {CERTAIN_CONFIDENCE})")
        return ExitCode.CLEAN
    if mode == "interactive":
        fixes = tuple(_ask(text, options.path, fixes, stdin))
    new = rewrite(text, options.path, fixes)
    write_stdout(unified_diff(text, new, options.path), machine=True)  # for patch: UTF-8
    if mode == "dry-run":
        notify(f"{options.path}: {_entries(len(fixes))} to fix; run with --write to apply")
        return ExitCode.FINDINGS
    if new == text:
        return ExitCode.CLEAN
    try:
        encoded = new.encode(encoding)
    except UnicodeEncodeError as error:
        raise InputError(
            f"{options.path}: the fixes need characters {encoding} cannot hold; "
            "convert the file to UTF-8 first"
        ) from error
    # Through a link (refs.bib -> a reference manager's export), edit the file it names and
    # keep the link: replacing the link itself would cut it off from that file. Only while
    # the file still holds the bytes planned from (another fix may have come first), and
    # FILE.bak gets exactly those bytes.
    backup = write_atomically(target, encoded, expected=data)
    notify(f"{options.path}: fixed {_entries(len(fixes))}; the previous version is in {backup}")
    return ExitCode.CLEAN


def _mode(options: argparse.Namespace, environ: Mapping[str, str], stdin: TextIO) -> str:
    if options.interactive and not stdin.isatty():
        raise UsageError(
            "--interactive needs a terminal to ask on, and stdin is not one; "
            "use --dry-run to see the changes or --write to apply them all"
        )
    if options.write:
        return "write"
    if options.interactive:
        return "interactive"
    if options.dry_run or _in_ci(environ) or not stdin.isatty():
        return "dry-run"
    return "interactive"


def _in_ci(environ: Mapping[str, str]) -> bool:
    return environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def _read(path: Path) -> tuple[bytes, str]:
    """The file's bytes and the encoding that gives them back exactly."""
    if path.suffix.lower() not in FIXABLE_SUFFIXES:
        raise InputError(
            f"{path}: fix edits BibTeX (.bib) and CSL-JSON (.json) files; "
            "convert this one or edit it by hand"
        )
    try:
        data = path.read_bytes()
    except OSError as error:
        raise InputError(
            f"cannot read {path}: {error.strerror or error}; check the path"
        ) from error
    # As the readers decode (core.textfile), but keeping a byte order mark in the text, so
    # that encoding the text again gives back every byte fix did not mean to change.
    utf16 = {b"\xff\xfe": "utf-16-le", b"\xfe\xff": "utf-16-be"}.get(data[:2])
    if utf16 is not None:
        try:
            data.decode(utf16)
        except UnicodeDecodeError as error:
            raise InputError(
                f"{path}: byte {error.start} is not valid UTF-16, so fix cannot "
                "rewrite the file exactly; repair or re-save it as UTF-8 first"
            ) from error
        return data, utf16
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return data, "latin-1"
    return data, "utf-8"


async def _plan(
    session: CheckSession, path: str, *, published: bool, complete: bool
) -> tuple[CheckResult, tuple[tuple[EntryFix, ...], tuple[Skipped, ...]]]:
    """What check reports on the file (its allow-list applied), and the fixes that answer it;
    the session is closed at the end."""
    async with session:
        result = await session.check([path])  # accepted keys silenced
        if result.unreadable:
            said = [f.message for f in result.findings if f.code == Code.UNREADABLE_FILE]
            raise InputError(said[0] if said else f"cannot read {path}")
        versions = await session.published_versions(result.verdicts) if published else {}
    plan = plan_fixes(
        result.references,
        result.verdicts,
        published=versions,
        findings=result.findings,
        complete=complete,
    )
    return result, plan


def _unavailable(result: CheckResult) -> str:
    """How many entries the indexes could not judge, and why, in a sentence."""
    by_reason: dict[str, set[str]] = {}
    for verdict in result.verdicts:
        if verdict.status is Status.UNVERIFIED:
            for source in verdict.sources:
                if source.status is SourceStatus.FAILED:
                    by_reason.setdefault(source.reason or "failed", set()).add(source.name)
    reasons = [f"{', '.join(sorted(names))}: {reason}" for reason, names in by_reason.items()]
    share = unavailable_share(result)
    entries = _entries(round(share * len(result.verdicts)))
    return (
        f"{entries} could not be verified because the indexes did not answer "
        f"({'; '.join(reasons[:3])}); run fix again when they answer"
    )


def _ask(text: str, path: str, fixes: Sequence[EntryFix], stdin: TextIO) -> list[EntryFix]:
    """Show each entry's change and keep those accepted; q keeps what was accepted so far."""
    accepted: list[EntryFix] = []
    for fix in fixes:
        write_stdout(unified_diff(text, rewrite(text, path, [fix]), path), machine=False)
        print("\n".join(f"  {reason}" for reason in fix.reasons))
        answer = _answer(f"Apply this change to {fix.key}? [y/n/q] ", stdin)
        if answer == "q":
            break
        if answer == "y":
            accepted.append(fix)
    return accepted


def _answer(prompt: str, stdin: TextIO) -> str:
    while True:
        print(prompt, end="", flush=True)
        line = stdin.readline()
        if not line:
            return "q"  # end of input: stop asking, keep what was accepted
        word = line.strip().lower()[:1]
        if word in ("y", "n", "q"):
            return word
        print("Please answer y (apply), n (skip) or q (stop asking).")


def _entries(count: int) -> str:
    return f"{count} entr{'y' if count == 1 else 'ies'}"


def _notifier(*, quiet: bool) -> Callable[[str], None]:
    def notify(message: str) -> None:
        if not quiet:
            print(f"cite-sentinel: {message}", file=sys.stderr, flush=True)

    return notify
