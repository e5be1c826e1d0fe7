"""Verdicts that would claim more than was checked, made `unverified` with the reason.

Online, a DOI is looked up at the registries and the indexes searched are (nearly) complete,
so a title match verifies a citation and a record of another title refutes it. Offline, or
from a catalog that is not complete, neither holds, and a catalog record may settle a
reference only under the online rules:

- a title match confirms the work, not the identifier cited beside it. A cited DOI or arXiv
  id that no registry could be asked about (offline, or every registry failed) is judged as
  online judges one no registry holds, as far as that can be known without asking: on a
  record with no identifier of its kind, under a known registrant's prefix, it is a note (the
  indexes lag behind the registries); a record with another one, or a prefix no known
  registrant holds, leaves the citation unverified (a real title beside an invented DOI is a
  common fabrication);
- a record of another title in a partial catalog (the same authors' other paper: more than a
  word or two apart) is no miscitation while no online index could be asked: the cited work
  may be one the catalog lacks.
"""

from __future__ import annotations

from dataclasses import replace

from cite_sentinel.core.lexicon.identifiers import arxiv_doi
from cite_sentinel.core.matching import registrants
from cite_sentinel.core.model import (
    Problem,
    Record,
    Reference,
    Severity,
    SourceReport,
    SourceStatus,
    Status,
    Verdict,
)
from cite_sentinel.core.verify.title_edits import close_titles

_CATALOG = "catalog"  # the local catalog's name on a verdict (backends.catalog)
_REGISTRIES = ("doi", "arxiv")  # their answer on an identifier is final
_SEARCH_INDEXES = frozenset({"openalex", "crossref", "semanticscholar", "datacite"})


def bounded(
    verdict: Verdict,
    reference: Reference,
    *,
    identifier_absent: bool,
    catalog_complete: bool,
) -> Verdict:
    """The verdict, or `unverified` where it rests on what could not be checked.

    `identifier_absent`: the registries (or a complete catalog) said the cited identifier
    exists nowhere; `catalog_complete`: the local catalog declares itself complete for this
    reference's venue and year.
    """
    if verdict.status is Status.VERIFIED and not identifier_absent:
        verdict = _unchecked_identifier(verdict, reference)
    if verdict.status is Status.MISCITED and not catalog_complete:
        other = _other_title_in_catalog_only(verdict, reference)
        if other:
            return replace(_unverified(verdict, other), match=None)  # another work's record
    return verdict


def _unchecked_identifier(verdict: Verdict, reference: Reference) -> Verdict:
    ids, record = reference.identifiers, verdict.match
    field, name, cited = ("doi", "DOI", ids.doi) if ids.doi else ("arxiv", "arXiv id", ids.arxiv)
    if not cited or record is None or any(_said(verdict, r) for r in _REGISTRIES):
        return verdict
    failed = _failures(verdict.sources)
    if not failed or _carries(record, cited):
        return verdict
    own = record.identifiers.doi if field == "doi" else record.identifiers.arxiv
    if not own and (field == "arxiv" or registrants.is_plausible(cited)):
        note = Problem(field, cited, f"(not looked up: {failed})", Severity.INFO)
        return replace(verdict, problems=(*verdict.problems, note))
    return _unverified(  # the work's record stays, as the evidence
        verdict,
        f"the work is held ({record.source}), but the cited {name} {cited} could not be looked"
        f" up ({failed}) and the work's record "
        + (f"gives {own}" if own else "cannot vouch for it: no registrant holds its prefix")
        + f"; a real title beside an invented {name} is not verified: check the {name}, or"
        " run the check again online",
    )


def _carries(record: Record, cited: str) -> bool:
    """Whether the record names the cited identifier (an arXiv DOI names its arXiv id)."""
    ids = record.identifiers
    held = {ids.doi, ids.arxiv, record.published_doi, record.preprint_doi} - {""}
    if ids.arxiv:
        held.add(arxiv_doi(ids.arxiv))
    return cited in held or cited.lower() in held


def _other_title_in_catalog_only(verdict: Verdict, reference: Reference) -> str:
    record = verdict.match
    if record is None or record.source != _CATALOG:
        return ""
    if not any(p.field == "title" and p.severity is not Severity.INFO for p in verdict.problems):
        return ""
    cited = reference.identifiers
    if any(_carries(record, i) for i in (cited.doi, cited.arxiv) if i):
        return ""  # the cited identifier names this other work: the citation is wrong
    if close_titles(reference.title, record.title):
        return ""  # the title misremembered by a word: this work, miscited
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
