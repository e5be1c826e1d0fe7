"""What a workspace's documents say: local findings, verdicts where they show, accepted keys."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

from cite_sentinel.core.findings import Code
from cite_sentinel.core.model import Finding, Location, Read, Reference, Severity, Verdict
from cite_sentinel.core.workspace.acceptance import accepted_keys
from cite_sentinel.core.workspace.local_checks import Linked, across, finish
from cite_sentinel.core.workspace.paths import bibliography_path
from cite_sentinel.core.workspace.verdict_placing import placed_findings
from cite_sentinel.core.workspace.workspace import Workspace

Placement = tuple[Verdict, tuple[Location, ...]]


def local_findings(workspace: Workspace) -> dict[str, list[Finding]]:
    """Every finding that needs no network, by file: unreadable files, the configuration
    file's own, then each document's and those across documents."""
    by_path: dict[str, list[Finding]] = {}
    for finding in (*problems(workspace), *workspace.config.notices, *lint(workspace)):
        by_path.setdefault(finding.location.path, []).append(finding)
    return by_path


def lint(workspace: Workspace) -> list[Finding]:
    """Each document's own findings and the keys across documents, at the configured levels,
    sorted by path, line and column."""
    own = [finding for doc in workspace.documents.values() for finding in doc.findings]
    return finish([*own, *_across(workspace)], workspace.config.severities)


def problems(workspace: Workspace) -> list[Finding]:
    """Files that could not be read, at the link naming each (else at its first line), in the
    order met; a live workspace shows only those a document still names."""
    named: dict[str, Location] = {}
    for path, document in workspace.documents.items():
        for link in document.read.bibliographies:
            named.setdefault(bibliography_path(path, link.name), link.location)
    found = []
    for path, reason in workspace.unreadable.items():
        where = named.get(path)
        if where is not None:
            found.append(_missing_bibliography(where, path, reason))
        elif not workspace.live:
            found.append(unreadable_file(path, reason))
    return _levelled(found, workspace.config.severities)


def accepted(workspace: Workspace, keys: Iterable[str]) -> frozenset[str]:
    """The keys among `keys` the author vouches for: the configuration's allow-list (by key
    or DOI) or an accept comment above one of the key's entries."""
    marks = {path: doc.marks for path, doc in workspace.documents.items() if doc.marks}
    return accepted_keys(keys, workspace.config.allow, workspace.references, marks)


def verdict_findings(workspace: Workspace, verdicts: Sequence[Verdict]) -> tuple[Finding, ...]:
    """The findings of the verdicts on keys nobody vouches for, on each of their references'
    keys and each citation of them, at the configured levels."""
    vouched = accepted(workspace, {verdict.key for verdict in verdicts})
    shown = [verdict for verdict in verdicts if verdict.key not in vouched]
    return placed_findings(placements(workspace, shown), workspace.config.severities)


def placements(workspace: Workspace, verdicts: Sequence[Verdict]) -> list[Placement]:
    """Each verdict with the places it shows: the keys of the references it judged (by key
    and content; a verdict without a subject judges every reference of its key) and the
    citations resolving to them."""
    if not verdicts:
        return []
    by_subject = {(verdict.key, verdict.subject): verdict for verdict in verdicts}
    keys = {verdict.key for verdict in verdicts}
    places: dict[tuple[str, str], list[Location]] = {}
    for reference in workspace.references_of(keys):
        where = reference.key_location or reference.location
        places.setdefault((reference.key, reference.subject), []).append(where)
    for path, document in workspace.documents.items():
        for citation in document.read.citations:
            if citation.key in keys:
                target = workspace.target(path, citation.key)
                subject = target.subject if target is not None else ""
                places.setdefault((citation.key, subject), []).append(citation.location)
    found: list[Placement] = []
    for (key, subject), spots in places.items():
        verdict = by_subject.get((key, subject)) or by_subject.get((key, ""))
        if verdict is not None:
            found.append((verdict, tuple(spots)))
    return found


def targets(workspace: Workspace) -> dict[Location, Reference]:
    """The reference each citation resolves to, in the bibliographies its document uses."""
    found: dict[Location, Reference] = {}
    for path, document in workspace.documents.items():
        for citation in document.read.citations:
            target = workspace.target(path, citation.key)
            if target is not None:
                found[citation.location] = target
    return found


def unreadable_file(path: str, reason: str) -> Finding:
    """A file that could not be read at all, at its first line."""
    return Finding(
        code=Code.UNREADABLE_FILE,
        severity=Severity.ERROR,
        message=f"cannot read {path}: {reason}",
        location=Location.point(path, 1, 1),
    )


def _across(workspace: Workspace) -> list[Finding]:
    """Undefined keys and unused entries, each bibliography reduced to the keys that matter:
    above the unused-entry limit, only those cited and those lint may suggest instead."""
    documents = workspace.documents
    cited: dict[str, set[str]] = {}  # bibliography: the keys cited from it
    for path, document in documents.items():
        for used in workspace.uses(path) if document.read.citations else ():
            cited.setdefault(used, set()).update(c.key for c in document.read.citations)
    unknown = {path for path, doc in documents.items() if not workspace.keys_known(doc)}
    limit = workspace.unused_limit
    big: set[str] = set()  # bibliographies above the limit: no unused-entry hints
    waiting: set[str] = set()  # documents citing from a bibliography whose keys are unknown
    linked: list[Linked] = []
    for path, document in documents.items():
        citations = document.read.citations
        if path in unknown or (not citations and path not in cited):
            continue  # nothing across files depends on it
        uses = workspace.uses(path)
        if unknown.intersection(uses):
            waiting.add(path)
        keys = workspace.keys(document)
        if limit is not None and len(keys) > limit:
            big.add(path)
            if not citations:
                keys = workspace.key_index(path, keys).cited(cited.get(path, ()))
        linked.append(
            Linked(
                path,
                Read(references=keys, citations=citations),
                tuple(p for p in uses if p in documents),
                tuple(p for p in uses if p in workspace.unreadable),
            )
        )
    return [
        finding
        for finding in across(linked, unused=workspace.config.unused_entries)
        if not (finding.code == Code.UNUSED_ENTRY and finding.location.path in big)
        and not (finding.code == Code.UNDEFINED_KEY and finding.location.path in waiting)
    ]


def _missing_bibliography(where: Location, path: str, reason: str) -> Finding:
    return Finding(
        code=Code.MISSING_BIBLIOGRAPHY,
        severity=Severity.ERROR,
        message=f"bibliography {path} cannot be read: {reason}",
        location=where,
        hint="fix the bibliography path in the document or create the file",
    )


def _levelled(
    findings: Iterable[Finding], severities: Mapping[str, Severity | None]
) -> list[Finding]:
    levelled = []
    for finding in findings:
        if finding.code in severities:
            level = severities[finding.code]
            if level is None:
                continue
            finding = replace(finding, severity=level)
        levelled.append(finding)
    return levelled
