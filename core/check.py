"""The one use case over one workspace: inputs in, a CheckResult out (faces reach it through
their core.session.CheckSession, or its one-off helper `check`)."""

from __future__ import annotations

import logging
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from cite_sentinel.core.config import Config
from cite_sentinel.core.internal_errors import internal_error
from cite_sentinel.core.model import Citation, Finding, Read, Reference, Verdict
from cite_sentinel.core.result import CheckResult
from cite_sentinel.core.workspace import (
    Workspace,
    accept,
    accepted,
    lint,
    placements,
    problems,
    targets,
)
from cite_sentinel.core.workspace.empty_inputs import empty_input_findings
from cite_sentinel.core.workspace.files import DISK, FileAccess
from cite_sentinel.core.workspace.verdict_placing import page_findings, placed_findings

if TYPE_CHECKING:  # core.ground loads only when groundedness is asked for
    from cite_sentinel.core.ground.scorer import Scorer

log = logging.getLogger(__name__)

# Which keys to verify, given everything read (check --changed-since); None verifies all.
Selection = Callable[[Sequence[Reference], Sequence[Citation]], Collection[str]]
# Hears of every reference read, in order, before any is verified (a face's progress total).
OnRead = Callable[[Sequence[Reference]], None]


class Verifier(Protocol):
    """The verification engine's seam: references in, one verdict per distinct key out."""

    async def verify(self, references: Sequence[Reference]) -> Sequence[Verdict]: ...


@runtime_checkable
class Remembering(Verifier, Protocol):
    """A verifier that can say, without asking anything, what it concluded in an earlier run."""

    def remembered(self, references: Sequence[Reference]) -> Sequence[Verdict | None]: ...


async def check_workspace(
    inputs: Sequence[str],
    *,
    config: Config | None = None,
    verifier: Verifier | None = None,
    overlays: Mapping[str, str] | None = None,
    reads: Mapping[str, Read] | None = None,
    select: Selection | None = None,
    scorer: Scorer | None = None,
    fulltext: Path | None = None,
    files: FileAccess = DISK,
    on_read: OnRead | None = None,
) -> CheckResult:
    """Fill a workspace from the inputs, lint it, verify, ground, accept.

    `overlays` maps paths to unsaved text (an editor's buffers) read instead of the disk.
    `reads` maps names to documents a face has read itself (the Pandoc filter reads the
    AST, not a file); the bibliographies they name are read as an input's would be.
    `select` picks the keys to verify (the rest are checked locally only). With a `scorer`,
    each citing sentence is judged against the work it cites (full texts from `fulltext`).
    `files` is how files are read (the disk; only granted folders); `on_read` hears of the
    references read before any is verified.
    """
    config = config or Config()
    workspace = Workspace(config, files=files)
    workspace.fill(inputs, overlays=overlays, given=reads)
    findings = [*problems(workspace), *config.notices, *lint(workspace)]
    documents = [(path, document.read) for path, document in workspace.documents.items()]
    findings.extend(empty_input_findings(documents, inputs))
    references = tuple(workspace.references())
    citations = tuple(workspace.citations())
    if on_read is not None:
        on_read(references)
    verdicts, failed = await _verify(references, citations, verifier, select)
    findings.extend(failed)
    shown = placed_findings(placements(workspace, verdicts), config.severities)
    shown += page_findings(references, verdicts, config.severities)
    result = CheckResult(
        files=tuple(workspace.documents),
        references=references,
        citations=citations,
        findings=(*findings, *shown),
        verdicts=verdicts,
        unreadable=tuple(workspace.unreadable),
        targets=targets(workspace),
    )
    if scorer is not None:
        from cite_sentinel.core.ground.ground_check import ground

        result = await ground(result, scorer, fulltext_dir=fulltext, severities=config.severities)
    return accept(result, accepted(workspace, {reference.key for reference in references}))


async def _verify(
    references: Sequence[Reference],
    citations: Sequence[Citation],
    verifier: Verifier | None,
    select: Selection | None,
) -> tuple[tuple[Verdict, ...], list[Finding]]:
    """One verdict per distinct reference (a key reused for another work is judged apart),
    each naming the reference it judged; those not selected as earlier runs left them. A file
    whose references the verifier fails on gets a finding instead of verdicts."""
    distinct = _distinct(references)
    chosen = distinct
    recalled: dict[tuple[str, str], Verdict] = {}
    if select is not None:
        keys = select(references, citations)
        recalled = _recalled(verifier, [ref for ref in distinct if ref.key not in keys])
        chosen = [reference for reference in distinct if reference.key in keys]
    if verifier is None or not (chosen or recalled):
        return (), []
    judged, failed = await _verify_apart(verifier, chosen) if chosen else ([], [])
    found = {
        _identity(ref): verdict
        for ref, verdict in zip(chosen, judged, strict=True)
        if verdict is not None
    } | recalled
    verdicts = tuple(
        replace(found[_identity(reference)], subject=reference.subject)
        for reference in distinct
        if _identity(reference) in found
    )
    return verdicts, failed


async def _verify_apart(
    verifier: Verifier, references: Sequence[Reference]
) -> tuple[list[Verdict | None], list[Finding]]:
    """The verdicts, in order. Should the verifier fail (a bug met on some reference), each
    file's references are verified apart, and a file it still fails on gets an
    internal-error finding and no verdicts: one bad file never costs the others theirs."""
    try:
        return list(await verifier.verify(references)), []
    except Exception:
        log.warning("verification failed; verifying each file's references apart", exc_info=True)
    by_path: dict[str, list[int]] = {}
    for index, reference in enumerate(references):
        by_path.setdefault(reference.location.path, []).append(index)
    verdicts: list[Verdict | None] = [None] * len(references)
    failed: list[Finding] = []
    for path, indexes in by_path.items():
        try:
            judged = await verifier.verify([references[index] for index in indexes])
        except Exception as error:  # this file's references only
            failed.append(internal_error(path, "verifying the references of", error))
            continue
        for index, verdict in zip(indexes, judged, strict=True):
            verdicts[index] = verdict
    return verdicts, failed


def _recalled(
    verifier: Verifier | None, references: Sequence[Reference]
) -> dict[tuple[str, str], Verdict]:
    """Earlier runs' verdicts on references left unverified (check --changed-since): a report
    still carries their findings, which code scanning would otherwise call fixed."""
    if not references or not isinstance(verifier, Remembering):
        return {}
    known = verifier.remembered(references)
    return {
        _identity(reference): verdict
        for reference, verdict in zip(references, known, strict=True)
        if verdict is not None
    }


def _distinct(references: Sequence[Reference]) -> list[Reference]:
    seen: dict[tuple[str, str], Reference] = {}
    for reference in references:
        seen.setdefault(_identity(reference), reference)
    return list(seen.values())


def _identity(reference: Reference) -> tuple[str, str]:
    return reference.key, reference.signature
