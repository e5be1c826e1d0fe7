"""Verdicts that would claim more than was checked, made `unverified` with the reason.

Online, a DOI is looked up at the registries and the indexes searched are (nearly) complete,
so a title match verifies a citation and a record of another title refutes it. Offline, or
from a catalog that is not complete, neither holds, and a catalog record may settle a
reference only under the online rules:

- a title match confirms the work, not the identifier cited beside it: a cited DOI or arXiv id
  that no registry could be asked about (offline, or every registry failed), on a record that
  does not carry it, leaves the citation unverified (a real title with an invented DOI is a
  common fabrication);
- a record of another title in a partial catalog (the same authors' other paper) is no
  miscitation while no online index could be asked: the cited work may be one the catalog
  lacks.
"""

from __future__ import annotations

from dataclasses import replace

from cite_sentinel.core.model import (
    Reference,
    Severity,
    SourceReport,
    SourceStatus,
    Status,
    Verdict,
)

CATALOG = "catalog"
_REGISTRIES = ("doi", "arxiv")  # their answer on an identifier is final
_SEARCH_INDEXES = frozenset({"openalex", "crossref", "semanticscholar", "datacite"})


def bounded(
    verdict: Verdict,
    reference: Reference,
    *,
    identifier_settled: bool,
    catalog_complete: bool,
) -> Verdict:
    """The verdict, or `unverified` where it rests on what could not be checked.

    `identifier_settled`: a registry resolved or refuted the cited identifier (a record by it,
    or an answer that it exists nowhere); `catalog_complete`: the local catalog declares itself
    complete for this reference's venue and year.
    """
    if verdict.status is Status.VERIFIED:
        unchecked = _unchecked_identifier(verdict, reference, settled=identifier_settled)
        if unchecked:
            return _unverified(verdict, unchecked)  # the work's record stays, as the evidence
    if verdict.status is Status.MISCITED and not catalog_complete:
        other = _other_title_in_catalog_only(verdict)
        if other:
            return replace(_unverified(verdict, other), match=None)  # another work's record
    return verdict


def _unchecked_identifier(verdict: Verdict, reference: Reference, *, settled: bool) -> str:
    ids, record = reference.identifiers, verdict.match
    name, cited = ("DOI", ids.doi) if ids.doi else ("arXiv id", ids.arxiv)
    if settled or not cited or record is None:
        return ""
    held = {
        record.identifiers.doi,
        record.identifiers.arxiv,
        record.published_doi,
        record.preprint_doi,
    }
    if cited in held or any(_said(verdict, registry) for registry in _REGISTRIES):
        return ""
    failed = _failures(verdict.sources)
    if not failed:
        return ""
    return (
        f"the work is held ({record.source}), but the cited {name} {cited} could not be looked"
        f" up ({failed}): a real title beside an invented {name} is not verified; check the"
        f" {name}, or run the check again online"
    )


def _other_title_in_catalog_only(verdict: Verdict) -> str:
    record = verdict.match
    if record is None or record.source != CATALOG:
        return ""
    if not any(p.field == "title" and p.severity is not Severity.INFO for p in verdict.problems):
        return ""
    if any(
        s.name in _SEARCH_INDEXES and s.status is SourceStatus.ANSWERED for s in verdict.sources
    ):
        return ""  # an index that answered would have held the cited title
    asked = _failures(verdict.sources) or "no online index was asked"
    return (
        f"the local catalog holds “{record.title}”, not the cited title, and it is not"
        f" complete, so the cited work may be one it lacks ({asked}); run the check online"
    )


def _said(verdict: Verdict, registry: str) -> bool:
    return any(s.name == registry and s.status is SourceStatus.ANSWERED for s in verdict.sources)


def _failures(sources: tuple[SourceReport, ...]) -> str:
    failed: dict[str, list[str]] = {}
    for source in sources:
        if source.status is SourceStatus.FAILED:
            failed.setdefault(source.reason or "failed", []).append(source.name)
    return "; ".join(f"{', '.join(names)}: {reason}" for reason, names in failed.items())


def _unverified(verdict: Verdict, reason: str) -> Verdict:
    return replace(
        verdict, status=Status.UNVERIFIED, confidence=0.5, problems=(), flags=(), reason=reason
    )
