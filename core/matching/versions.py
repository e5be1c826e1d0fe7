"""Which index records are versions of one work: one identifier, or one title and people."""

from __future__ import annotations

from collections.abc import Sequence

from cite_sentinel.core.lexicon.identifiers import arxiv_of_doi
from cite_sentinel.core.matching import authors
from cite_sentinel.core.matching.fit import Fit
from cite_sentinel.core.model import Person, Record


def versions(best: Fit, accepted: Sequence[Fit]) -> list[Fit]:
    """The records of the very work `best` holds, from any index and any version."""
    return [f for f in accepted if f is best or same_work(best, f)]


def same_work(best: Fit, other: Fit) -> bool:
    """Another record of the very work `best` holds.

    Records that share a DOI or an arXiv id (or that an index links as preprint and published
    version) are one work whatever their author lists say. Otherwise the titles must be the
    same and the people too where both records name people: a team or organisation given in
    place of the people ("Writing Committee") is an index's quirk and tells no two works apart.
    """
    if _identifiers(best.record) & _identifiers(other.record):
        return True
    if other.title.same != best.title.same or other.title.similarity < 0.9:
        return False
    if _organisations_only(best.record.people) or _organisations_only(other.record.people):
        return True
    people = authors.compare(best.record.people, other.record.people, thorough=False)
    return not people.comparable or people.overlap >= 0.5


def _identifiers(record: Record) -> frozenset[str]:
    """The identifiers naming the record's work: its DOI, its arXiv id (an arXiv DOI names the
    arXiv id), and the DOIs of the versions the index links it to."""
    ids = record.identifiers
    found = {f"doi:{d.lower()}" for d in (ids.doi, record.published_doi, record.preprint_doi) if d}
    arxiv = ids.arxiv.lower()
    if not arxiv:
        arxiv = arxiv_of_doi(ids.doi).lower()
    if arxiv:
        found.add(f"arxiv:{arxiv}")
    return frozenset(found)


def _organisations_only(people: tuple[Person, ...]) -> bool:
    return bool(people) and all(p.literal for p in people)
