"""`fix` never removes information: real entries against records an index truncated.

Indexes hold real works with less than a citation says: the first page alone, the first few
authors, initials for given names. Each real entry of a lab's bibliography is judged (by the
real matching) against its own record truncated in those ways, and whatever `fix --complete`
plans is written into the entry and read back: no person, initial, page or identifier the
entry gave may be gone.
"""

from __future__ import annotations

import functools
import re
from dataclasses import replace

import pytest
from cite_sentinel.core.fix import plan_fixes, rewrite_entry
from cite_sentinel.core.matching.match import Answers, judge
from cite_sentinel.core.matching.pages import page_range
from cite_sentinel.core.matching.titles import fold
from cite_sentinel.core.model import (
    Identifiers,
    Person,
    Record,
    Reference,
    SourceReport,
    SourceStatus,
)
from cite_sentinel.core.sources import read_text
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import DATA

LAB = DATA / "real-bibs" / "contextlab_cdl.bib"
ANSWERED = (
    SourceReport("openalex", SourceStatus.ANSWERED),
    SourceReport("crossref", SourceStatus.ANSWERED),
)
_LETTERS = re.compile(r"[\W\d_]+")


@functools.cache
def _entries() -> tuple[Reference, ...]:
    """The lab's articles with a title, a year, people and a page range."""
    read = read_text(LAB.read_text(encoding="utf-8"), str(LAB))
    return tuple(
        r
        for r in read.references
        if r.title and r.year and r.people and page_range(r.pages).last and r.raw
    )


def _truncated(reference: Reference, *, pages: bool, keep: int, initials: bool) -> Record:
    """The entry's own record as an index cuts it."""
    people = reference.people[: max(1, keep)] if keep else reference.people
    if initials:
        people = tuple(replace(p, given=p.given[:1]) for p in people)
    return Record(
        source="crossref",
        id="x",
        title=reference.title,
        people=people,
        year=reference.year,
        venue=reference.venue,
        volume=reference.volume,
        pages=page_range(reference.pages).first if pages else reference.pages,
        identifiers=Identifiers(doi="10.5555/issue26.property"),
    )


class _Said:
    """People by family name, each with the letters of given name said; one list "covers"
    another when it names every family as often, with as many letters each."""

    def __init__(self, people: tuple[Person, ...]) -> None:
        self.letters: dict[str, list[int]] = {}
        for person in people:
            family, letters = _said(person)
            self.letters.setdefault(family, []).append(letters)

    def __ge__(self, other: _Said) -> bool:
        for family, theirs in other.letters.items():
            mine = sorted(self.letters.get(family, []), reverse=True)
            wanted = sorted(theirs, reverse=True)
            if len(mine) < len(wanted) or any(a < b for a, b in zip(mine, wanted, strict=False)):
                return False
        return True


def _by_family(people: tuple[Person, ...]) -> _Said:
    return _Said(people)


def _said(person: Person) -> tuple[str, int]:
    """A person's family name and how many letters of given name the entry gives."""
    family = _LETTERS.sub("", fold(person.literal or f"{person.von}{person.family}").lower())
    return family, len(_LETTERS.sub("", person.given))


@pytest.mark.skipif(not LAB.is_file(), reason=f"needs the shared data folder ({LAB} is absent)")
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), pages=st.booleans(), keep=st.integers(0, 4), initials=st.booleans())
def test_fix_removes_nothing_a_truncated_record_lacks(
    data: st.DataObject, pages: bool, keep: int, initials: bool
) -> None:
    reference = data.draw(st.sampled_from(_entries()))
    record = _truncated(reference, pages=pages, keep=keep, initials=initials)
    verdict = judge(Answers(reference=reference, candidates=(record,), sources=ANSWERED))
    fixes, _ = plan_fixes([reference], [verdict], complete=True)
    if not fixes:
        return
    (after,) = read_text(rewrite_entry(reference.raw, fixes[0]), "entry.bib").references
    assert _by_family(after.people) >= _by_family(reference.people), (
        reference.key,
        fixes[0].reasons,
    )
    assert page_range(after.pages) == page_range(reference.pages)
    assert (after.title, after.year, after.venue) == (
        reference.title,
        reference.year,
        reference.venue,
    )
