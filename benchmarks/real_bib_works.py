"""The works a real bibliography cites, from its own metadata, for the fake indexes to hold.

The fake's corpus holds machine-learning works and a sample of every field's; a lab's
bibliography cites psychology, neuroscience and statistics it lacks. Where the corpus lacks
a cited work (no work of its DOI, nor one of its title by its first author or within a year
of it, in a venue that is not recognisably another: the NeurIPS version of a paper does not
hold its JMLR version), the entry's own metadata becomes the indexes' record of it, so that
checking the bibliography asks whether the engine recognises a correct reference as correct.
Works the corpus holds are left as the corpus holds them: a flag there may be the author's
slip, or the corpus's.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from cite_sentinel.core.matching.titles import fold, normalise
from cite_sentinel.core.matching.venues import Placement, place
from cite_sentinel.core.model import Person as Cited
from cite_sentinel.core.model import Reference

from tests.fakeapi.corpus import Corpus
from tests.fakeapi.works import Agency, Person, Work

# The entry type as the kind of work an index holds.
_KINDS = {
    "article": "journal-article",
    "article-journal": "journal-article",
    "inproceedings": "proceedings-article",
    "conference": "proceedings-article",
    "paper-conference": "proceedings-article",
    "incollection": "book-chapter",
    "inbook": "book-chapter",
    "chapter": "book-chapter",
    "book": "book",
    "phdthesis": "dissertation",
    "mastersthesis": "dissertation",
    "thesis": "dissertation",
    "techreport": "report",
    "report": "report",
}
_DATACITE_PREFIXES = frozenset({"10.5281", "10.6084", "10.5061", "10.48550", "10.17605"})


def lacking(corpus: Corpus, references: Iterable[Reference]) -> list[Reference]:
    """The references whose work the corpus does not hold."""
    return [r for r in references if r.title.strip() and not _held(corpus, r)]


def works_of(references: Sequence[Reference], origin: str) -> list[Work]:
    """Each reference's work as an index would hold it, from the reference's own fields."""
    return [_work(reference, origin) for reference in references]


def _held(corpus: Corpus, reference: Reference) -> bool:
    doi = reference.identifiers.doi
    if doi and corpus.find_doi(doi) is not None:
        return True
    title = normalise(reference.title)
    first = _family(reference.people[0]) if reference.people else ""
    for hit in corpus.search(reference.title, 10):
        work = hit.work
        if normalise(work.title) != title:
            continue
        same_author = bool(first) and bool(work.authors) and _family_of(work.authors[0]) == first
        near_year = (
            None not in (work.year, reference.year)
            and abs((work.year or 0) - (reference.year or 0)) <= 1
        )
        other_venue = place(reference.venue, (work.venue, work.venue_short)) is Placement.DIFFERS
        other_kind = reference.kind.lower() == "book" and work.kind != "book"
        if (same_author or near_year) and not (other_venue or other_kind):
            return True
    return False


def _family(person: Cited) -> str:
    return fold(person.literal or person.family).lower()


def _family_of(person: Person) -> str:
    return fold(person.family).lower()


def _work(reference: Reference, origin: str) -> Work:
    doi = reference.identifiers.doi or None
    agency = Agency.CROSSREF
    if doi and doi.split("/", 1)[0] in _DATACITE_PREFIXES:
        agency = Agency.DATACITE
    return Work(
        number=0,
        key=f"{origin}:{reference.key}",
        title=reference.title,
        authors=tuple(
            Person(p.literal, "", True)
            if p.literal
            else Person(f"{p.von} {p.family}".strip(), p.given)
            for p in reference.people
        ),
        year=reference.year,
        venue=reference.venue,
        kind=_KINDS.get(reference.kind.lower(), "journal-article"),
        doi=doi,
        arxiv=reference.identifiers.arxiv or None,
        pages=reference.pages or None,
        volume=reference.volume or None,
        issue=reference.issue or None,
        publisher=reference.publisher or None,
        agency=agency,
        origin=origin,
    )
