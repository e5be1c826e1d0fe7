"""The works the indexes hold for a query, best first: a search, never a made-up work.

A query with a DOI or arXiv id is resolved as `check` resolves a reference (core.resolve): the
work its identifier names, when that work fits the rest of the query. A query with a title only
is searched in OpenAlex and Crossref side by side, twenty hits of each (Semantic Scholar too
with an API key, or as a stand-in when both failed). Each record found is compared with the
query field by field (core.fit, as match does) and kept only when its title is the query's,
or differs from it in one word (two in a title of ten words or more) with no author or year
the query states contradicting it, or match accepts it with the query's authors agreeing: a
person who misremembers a word of a title still finds the work, an invented title finds
nothing.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass
from typing import Any

from cite_sentinel.core.config import SOURCES as SOURCE_NAMES
from cite_sentinel.core.matching import titles
from cite_sentinel.core.matching.fit import Fit, fit
from cite_sentinel.core.model import Record, Reference, SourceReport, SourceStatus, Status
from cite_sentinel.core.verify.backends.outcome import Answered, Failed, Outcome
from cite_sentinel.core.verify.backends.session import Backends
from cite_sentinel.core.verify.title_edits import edits_allowed, title_words, word_edits
from rapidfuzz import fuzz

# A title that differs from the query's in a word must still share this much of its letters
# (0–1, normalised titles; core.titles), so that a one-word title is never "close" to another.
CLOSE_TITLE = 0.75
_YEARS_APART = 1  # a year off by one is a preprint's, or misremembered
# Search hits read per index: beyond the five `check` reads, so that a query several works
# fit (a common title) or one an index ranks below others still lists every work asked for.
FIND_ROWS = 20

_Search = Callable[[Reference], Coroutine[Any, Any, Outcome]]


@dataclass(frozen=True, slots=True, kw_only=True)
class FoundWork:
    """One work an index holds, how it compares with the query, and who else holds it."""

    record: Record
    fit: Fit
    holders: tuple[str, ...]  # the indexes whose records are this work, the record's own first


@dataclass(frozen=True, slots=True, kw_only=True)
class FoundWorks:
    """The works that fit a query, best first; `reason` says why when there are none."""

    works: tuple[FoundWork, ...] = ()
    sources: tuple[SourceReport, ...] = ()
    reason: str = ""


async def find_works(
    query: Reference,
    backends: Backends,
    *,
    sources: Sequence[str] = SOURCE_NAMES,
    limit: int = 5,
) -> FoundWorks:
    """Up to `limit` real works for the query (a Reference with a title or an identifier)."""
    ids = query.identifiers
    if ids.doi or ids.arxiv:
        return await _by_identifier(query, backends, sources)
    if not query.title.strip():
        return FoundWorks(reason="the query states neither a title nor a DOI or arXiv id")
    reports, records = await _search(query, backends, frozenset(sources))
    likes = [_Likeness.of(query, fit(query, record)) for record in records]
    kept = sorted((like for like in likes if like.fits), key=_Likeness.order)
    works = _distinct([like.fit for like in kept])[:limit]
    return FoundWorks(works=tuple(works), sources=reports, reason=_reason(works, reports))


async def _by_identifier(
    query: Reference, backends: Backends, sources: Sequence[str]
) -> FoundWorks:
    """The work the identifier names, judged as check judges a reference."""
    from cite_sentinel.core.verify.resolve import resolve

    (verdict,) = await resolve([query], backends, sources=sources)
    asked = tuple(s for s in verdict.sources if s.status is not SourceStatus.SKIPPED)
    if verdict.match is None or verdict.status not in (Status.VERIFIED, Status.MISCITED):
        reason = verdict.reason or f"no index holds a work that fits ({verdict.status.value})"
        return FoundWorks(sources=asked, reason=reason)
    named = query.identifiers
    record = verdict.match
    by_identifier = (named.doi and named.doi == record.identifiers.doi) or (
        named.arxiv and named.arxiv == record.identifiers.arxiv
    )
    found = FoundWork(
        record=record,
        fit=fit(query, record, by_identifier=bool(by_identifier)),
        holders=(record.source,),
    )
    return FoundWorks(works=(found,), sources=asked)


async def _search(
    query: Reference, backends: Backends, enabled: frozenset[str]
) -> tuple[tuple[SourceReport, ...], list[Record]]:
    """Every enabled search index's candidates, asked side by side."""
    searches: dict[str, _Search] = {  # a page deep enough to hold every work `limit` asks
        "openalex": functools.partial(backends.openalex.search, rows=FIND_ROWS),
        "crossref": functools.partial(backends.crossref.search, rows=FIND_ROWS),
    }
    asked = {name: search for name, search in searches.items() if name in enabled}
    s2 = backends.semanticscholar
    if "semanticscholar" in enabled and (s2.keyed or not asked):
        asked["semanticscholar"] = s2.match
    outcomes = await _ask(asked, query)
    if (
        "semanticscholar" in enabled
        and "semanticscholar" not in outcomes
        and outcomes
        and all(isinstance(outcome, Failed) for outcome in outcomes.values())
    ):  # the primaries failed: keyless Semantic Scholar stands in
        outcomes |= await _ask({"semanticscholar": s2.match}, query)
    reports = tuple(_report(name, outcome) for name, outcome in outcomes.items())
    records = [
        record
        for outcome in outcomes.values()
        if isinstance(outcome, Answered)
        for record in outcome.records
    ]
    return reports, records


async def _ask(searches: dict[str, _Search], query: Reference) -> dict[str, Outcome]:
    async with asyncio.TaskGroup() as group:
        tasks = {name: group.create_task(search(query)) for name, search in searches.items()}
    return {name: task.result() for name, task in tasks.items()}


def _report(name: str, outcome: Outcome) -> SourceReport:
    if isinstance(outcome, Failed):
        return SourceReport(name, SourceStatus.FAILED, outcome.reason.removeprefix(f"{name}: "))
    return SourceReport(name, SourceStatus.ANSWERED)


@dataclass(frozen=True, slots=True)
class _Likeness:
    """How a record's title compares with the query's, word by word and letter by letter."""

    fit: Fit
    edits: int  # words added, dropped or changed between the two titles
    words: int  # words in the query's title
    similarity: float  # 0–1 over the normalised titles, without match's subtitle allowance

    @classmethod
    def of(cls, query: Reference, found: Fit) -> _Likeness:
        asked, held = title_words(query.title), title_words(found.record.title)
        similarity = fuzz.ratio(titles.normalise(query.title), titles.normalise(found.record.title))
        return cls(found, word_edits(asked, held), len(asked), similarity / 100)

    @property
    def fits(self) -> bool:
        """The query's title (as match compares titles), a close title nothing contradicts, or
        one match accepts with the query's authors agreeing."""
        found = self.fit
        if found.title.same:
            return True
        if found.authors.comparable and found.accepted and found.authors.overlap >= 0.75:
            return True
        if found.authors.comparable and found.authors.overlap < 0.5:
            return False
        if found.year_gap is not None and abs(found.year_gap) > _YEARS_APART:
            return False
        return self.edits <= edits_allowed(self.words) and self.similarity >= CLOSE_TITLE

    def order(self) -> tuple[bool, int, float, float, int]:
        """Best first: the same title, fewest words changed, authors, letters, nearest year."""
        found = self.fit
        people = found.authors.overlap if found.authors.comparable else 0.5
        gap = abs(found.year_gap) if found.year_gap is not None else 0
        return (not found.title.same, self.edits, -people, -self.similarity, gap)


def _distinct(fits: list[Fit]) -> list[FoundWork]:
    """One entry per work, best-fitting record first; other indexes' records of it as holders."""
    works: list[FoundWork] = []
    keys: list[tuple[str, str]] = []
    for found in fits:
        key = _identity(found.record)
        if key in keys:
            at = keys.index(key)
            known = works[at]
            if found.record.source not in known.holders:
                works[at] = FoundWork(
                    record=known.record,
                    fit=known.fit,
                    holders=(*known.holders, found.record.source),
                )
            continue
        keys.append(key)
        works.append(FoundWork(record=found.record, fit=found, holders=(found.record.source,)))
    return works


def _identity(record: Record) -> tuple[str, str]:
    """Records of one work share a DOI, or (without one) a normalised title and year."""
    if record.identifiers.doi:
        return ("doi", record.identifiers.doi)
    return ("title", f"{titles.normalise(record.title)}|{record.year}")


def _reason(works: Sequence[FoundWork], reports: Sequence[SourceReport]) -> str:
    if works:
        return ""
    failed = [f"{r.name}: {r.reason}" for r in reports if r.status is SourceStatus.FAILED]
    if failed and len(failed) == len(reports):
        return "no index could be asked (" + "; ".join(failed) + "), so nothing can be said"
    if failed:
        return (
            "no index that answered holds a work whose title is close to the query; "
            f"{'; '.join(failed)}, so the work may still exist"
        )
    return "the indexes answered and none holds a work whose title is close to the query"
