"""The one use case every face calls: inputs in, a CheckResult out."""

from __future__ import annotations

import logging
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Protocol, runtime_checkable

from cite_sentinel.core.config import Config
from cite_sentinel.core.discover import discover, is_excluded
from cite_sentinel.core.findings import Code
from cite_sentinel.core.model import (
    CheckResult,
    Citation,
    Finding,
    Location,
    Read,
    Reference,
    Severity,
    Verdict,
)
from cite_sentinel.core.sources import (
    BIBLIOGRAPHY_SUFFIXES,
    BINARY_SUFFIXES,
    binary_reader_for,
    reader_for,
    reader_for_text,
)
from cite_sentinel.core.textfile import TextFileError, read_text_file
from cite_sentinel.core.verdict_findings import placed_findings

log = logging.getLogger(__name__)

_UNKNOWN_FORMAT = (
    "neither its name nor its first lines say which format it is in; give it a suffix "
    "cite-sentinel reads (.bib, .json, .yaml, .md, .tex, .typ, or .txt for a list of references)"
)


# Which keys to verify, given everything read (check --changed-since); None verifies all.
Selection = Callable[[Sequence[Reference], Sequence[Citation]], Collection[str]]


class Verifier(Protocol):
    """The verification engine's seam: references in, one verdict per distinct key out."""

    async def verify(self, references: Sequence[Reference]) -> Sequence[Verdict]: ...


@runtime_checkable
class Remembering(Verifier, Protocol):
    """A verifier that can say, without asking anything, what it concluded in an earlier run."""

    def remembered(self, references: Sequence[Reference]) -> Sequence[Verdict | None]: ...


@dataclass(frozen=True, slots=True)
class Document:
    """One file as read, and the bibliography files its citations are looked up in."""

    path: str
    read: Read
    uses: tuple[str, ...] = ()
    unread: tuple[str, ...] = ()  # bibliographies it names that could not be read


async def check(
    inputs: Sequence[str],
    *,
    config: Config | None = None,
    verifier: Verifier | None = None,
    overlays: Mapping[str, str] | None = None,
    reads: Mapping[str, Read] | None = None,
    select: Selection | None = None,
) -> CheckResult:
    """Read every input and the bibliographies they name, check locally, then verify.

    `overlays` maps paths to unsaved text (an editor's buffers) read instead of the disk.
    `reads` maps names to documents a face has read itself (the Pandoc filter reads the
    AST, not a file); the bibliographies they name are read as an input's would be.
    `select` picks the keys to verify (the rest are checked locally only).
    """
    from cite_sentinel.core.lint import lint

    config = config or Config()
    overlays = overlays or {}
    files, missing = discover(inputs, config.exclude)
    files.extend(path for path in overlays if path not in files and path in inputs)
    documents, findings, unreadable = _read_all(
        files, config, overlays, walked=set(inputs), given=reads or {}
    )
    for name in missing:
        unreadable.append(name)
        findings.append(_unreadable(name, "no such file or folder; check the path"))
    findings.extend(config.notices)  # the configuration file's own warnings
    findings.extend(lint(documents, config))
    references = tuple(ref for doc in documents for ref in doc.read.references)
    citations = tuple(cit for doc in documents for cit in doc.read.citations)
    verdicts: tuple[Verdict, ...] = ()
    targets = _targets(documents)
    distinct = _distinct(references)
    chosen = distinct
    recalled: dict[tuple[str, str], Verdict] = {}
    if select is not None:
        keys = select(references, citations)
        recalled = _recalled(verifier, [ref for ref in distinct if ref.key not in keys])
        chosen = [reference for reference in distinct if reference.key in keys]
    if verifier is not None and (chosen or recalled):
        judged = await verifier.verify(chosen) if chosen else ()
        found = {_identity(ref): v for ref, v in zip(chosen, judged, strict=True)} | recalled
        verdicts = tuple(
            replace(found[_identity(reference)], subject=reference.signature)
            for reference in distinct
            if _identity(reference) in found
        )
        findings.extend(
            placed_findings(_placements(verdicts, references, targets), config.severities)
        )
    return CheckResult(
        files=tuple(doc.path for doc in documents),
        references=references,
        citations=citations,
        findings=tuple(findings),
        verdicts=verdicts,
        unreadable=tuple(unreadable),
        targets=targets,
    )


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


def _read_all(
    files: list[str],
    config: Config,
    overlays: Mapping[str, str],
    walked: set[str],
    given: Mapping[str, Read],
) -> tuple[list[Document], list[Finding], list[str]]:
    """Read the files, then every bibliography they name that was not among them."""
    reads: dict[str, Read] = {}
    findings: list[Finding] = []
    unreadable: list[str] = []
    queue = list(files) + [bib for bib in config.bibliography if bib not in files]
    named_by: dict[str, tuple[str, Location]] = {}
    for path, read in given.items():
        reads[_normal(path)] = read
        for link in read.bibliographies:
            named = _resolve_bibliography(path, link.name)
            named_by.setdefault(_normal(named), (path, link.location))
            queue.append(named)
    while queue:
        path = queue.pop(0)
        key = _normal(path)
        if key in reads or (is_excluded(path, config.exclude) and path not in walked):
            continue
        binary = None if path in overlays else binary_reader_for(path)
        if binary is not None:  # a PDF: read from the file itself, trouble told as findings
            read = binary(Path(path))
            if path not in walked and not (read.references or read.citations):
                continue  # found in a folder: a figure, or a PDF that cites nothing
            reads[key] = read
            if any(f.code == Code.UNREADABLE_FILE for f in read.findings):
                unreadable.append(path)
            continue
        try:
            text = overlays[path] if path in overlays else read_text_file(Path(path))
        except TextFileError as error:
            unreadable.append(path)
            origin = named_by.get(key)
            if origin is None:
                findings.append(_unreadable(path, str(error)))
            else:
                findings.append(_missing_bibliography(origin[0], origin[1], path, str(error)))
            continue
        if path not in walked and _is_foreign_data(path, text):
            continue  # a folder's package.json or CI YAML is no bibliography
        reader = reader_for(path) or reader_for_text(text)
        if reader is None:
            unreadable.append(path)
            findings.append(_unreadable(path, _UNKNOWN_FORMAT))
            continue
        read = reader(text, path)
        reads[key] = read
        for link in read.bibliographies:
            named = _resolve_bibliography(path, link.name)
            named_by.setdefault(_normal(named), (path, link.location))
            queue.append(named)
    failed = {_normal(path) for path in unreadable}
    documents = [_document(path, read, reads, config, failed) for path, read in reads.items()]
    return documents, findings, unreadable


def _document(
    path: str, read: Read, reads: Mapping[str, Read], config: Config, failed: set[str]
) -> Document:
    if not read.citations or Path(path).suffix.lower() in BINARY_SUFFIXES:
        return Document(path, read)
    named = [_normal(_resolve_bibliography(path, link.name)) for link in read.bibliographies]
    named += [_normal(p) for p in config.bibliography]
    if not named:
        # A manuscript that names no bibliography cites from every bibliography beside it.
        folder = Path(path).parent
        named = [
            other
            for other in reads
            if Path(other).suffix.lower() in BIBLIOGRAPHY_SUFFIXES and Path(other).parent == folder
        ]
    named = list(dict.fromkeys(named))
    return Document(
        path,
        read,
        tuple(p for p in named if p in reads),
        tuple(p for p in named if p in failed),
    )


def _is_foreign_data(path: str, text: str) -> bool:
    from cite_sentinel.core.sources.csl import is_csl

    return Path(path).suffix.lower() in {".json", ".yaml", ".yml"} and not is_csl(text, path)


def _resolve_bibliography(path: str, name: str) -> str:
    """A bibliography name as a document writes it, made a path beside the document."""
    candidate = Path(path).parent / name
    if not candidate.suffix and not candidate.exists():
        candidate = candidate.with_suffix(".bib")  # \bibliography{refs} means refs.bib
    return str(candidate)


def _normal(path: str) -> str:
    return str(Path(path))


def _distinct(references: Sequence[Reference]) -> list[Reference]:
    """One reference per key and content: a key reused for another work is judged apart."""
    seen: dict[tuple[str, str], Reference] = {}
    for reference in references:
        seen.setdefault(_identity(reference), reference)
    return list(seen.values())


def _identity(reference: Reference) -> tuple[str, str]:
    return reference.key, reference.signature


def _targets(documents: Sequence[Document]) -> dict[Location, Reference]:
    """The reference each citation resolves to, in the bibliographies its document uses."""
    by_path = {doc.path: doc for doc in documents}
    targets: dict[Location, Reference] = {}
    for document in documents:
        if not document.read.citations:
            continue
        pool: dict[str, Reference] = {}
        for path in (*document.uses, document.path):
            used = by_path.get(path)
            for reference in used.read.references if used else ():
                pool.setdefault(reference.key, reference)
        for citation in document.read.citations:
            if citation.key in pool:
                targets[citation.location] = pool[citation.key]
    return targets


def _placements(
    verdicts: Sequence[Verdict],
    references: Sequence[Reference],
    targets: Mapping[Location, Reference],
) -> list[tuple[Verdict, tuple[Location, ...]]]:
    """Each verdict with the places it shows: its references' keys and the citations of them."""
    by_subject = {(v.key, v.subject): v for v in verdicts}
    places: dict[tuple[str, str], list[Location]] = {}
    for reference in references:
        where = reference.key_location or reference.location
        places.setdefault((reference.key, reference.signature), []).append(where)
    for location, reference in targets.items():
        places.setdefault((reference.key, reference.signature), []).append(location)
    return [(by_subject[k], tuple(where)) for k, where in places.items() if k in by_subject]


def _unreadable(path: str, reason: str) -> Finding:
    return Finding(
        code=Code.UNREADABLE_FILE,
        severity=Severity.ERROR,
        message=f"cannot read {path}: {reason}",
        location=Location.point(path, 1, 1),
    )


def _missing_bibliography(document: str, where: Location, path: str, reason: str) -> Finding:
    return Finding(
        code=Code.MISSING_BIBLIOGRAPHY,
        severity=Severity.ERROR,
        message=f"bibliography {path} cannot be read: {reason}",
        location=where,
        hint="fix the bibliography path in the document or create the file",
    )
