"""Running a check or a batch for the page: the checker's verdicts become events as they come,
the result is kept, the upload's files are removed. A failure is the check's own: it is said
on its page and the server goes on."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from pathlib import Path

from cite_sentinel.core import CheckResult, Identity, Reference, Verdict, identity
from cite_sentinel.core.fix import FIXABLE_SUFFIXES
from cite_sentinel.web.checking import Checker
from cite_sentinel.web.jobs import Batch, Check, Jobs, KeptFile
from cite_sentinel.web.pages import manuscript_row
from cite_sentinel.web.rows import reference_row, shown_path

log = logging.getLogger(__name__)
MANUSCRIPTS_AT_ONCE = 3  # one reads while the others wait on the indexes

FAILED = (
    "the check stopped on a bug in cite-sentinel (the server's log has the details); "
    "please report it with the files that caused it"
)


async def run_check(checker: Checker, check: Check, jobs: Jobs) -> None:
    """Check the upload, publishing each verdict's row as it is decided, then `done`."""

    places: dict[Identity, int] = {}  # each distinct reference's place in the order read

    def read(references: Sequence[Reference]) -> None:
        for number, reference in enumerate(references, 1):
            places.setdefault(identity(reference), number)
        check.total = len(places)
        check.stream.publish("total", {"total": check.total})

    def decided(reference: Reference, verdict: Verdict) -> None:
        check.decided[verdict.status.value] += 1
        number = sum(check.decided.values())
        row = reference_row(
            places.get(identity(reference), number),
            reference,
            verdict,
            folder=check.folder,
            accepted=reference.key in check.accepted,
        )
        check.stream.publish(
            "verdict", {"html": row, "verdict": verdict.status.value, "decided": number}
        )

    try:
        result = await checker.check(
            check.inputs, ground=check.ground, on_verdict=decided, on_references=read
        )
        check.kept = _kept(result, check.folder)
        check.result = result
    except Exception:  # one upload's bug is said on its page; the server serves on
        log.exception("checking %s failed", check.title)
        check.failure = FAILED
    finally:
        if check.owns_folder:
            jobs.release(check.folder)
    check.stream.publish("done", {"failed": bool(check.failure)})
    check.stream.close()
    check.stream.settle()  # the rows are in the result now: the events need not be kept


async def run_batch(checker: Checker, batch: Batch, jobs: Jobs) -> None:
    """Screen the manuscripts through the server's one session, a few at a time: their
    requests wait on the same limits as every other tab's."""
    turns = asyncio.Semaphore(MANUSCRIPTS_AT_ONCE)

    async def screened(check: Check) -> None:
        async with turns:
            await run_check(checker, check, jobs)
        batch.stream.publish("manuscript", {"id": check.id, "html": manuscript_row(check)})

    try:
        await asyncio.gather(*(screened(check) for check in batch.checks))
    finally:
        jobs.release(batch.folder)
        batch.stream.publish("done", {})
        batch.stream.close()


def _kept(result: CheckResult, folder: Path) -> tuple[KeptFile, ...]:
    """The uploaded bibliographies `fix` can correct, as text, before their files go."""
    kept = []
    for path in result.files:
        file = Path(path)
        if file.suffix.lower() not in FIXABLE_SUFFIXES or not file.is_relative_to(folder):
            continue
        try:
            text = file.read_bytes().decode("utf-8")
        except (OSError, UnicodeDecodeError):
            continue  # fix keeps other encodings byte for byte; the page offers UTF-8 only
        kept.append(KeptFile(name=shown_path(path, folder), path=path, text=text))
    return tuple(kept)
