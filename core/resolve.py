"""The plan: identifiers first and batched, then search only for what identifiers did not settle.

Identifiers: one OpenAlex `filter=doi:` request per hundred DOIs; for DOIs OpenAlex lacks, one
Semantic Scholar `POST /paper/batch` (with an API key), then Crossref singletons; doi.org (and
DataCite for its DOIs) only for DOIs none holds; one arXiv `id_list` request per batch of arXiv
ids. A reference whose identifier leads to a
record that fits is settled there. The rest are searched: a pool of workers per search source
pulls the next reference that source has not yet been asked about, so OpenAlex and Crossref
run side by side, each at its own rate, and a reference is asked of a second source only
when the first found no matching work. Semantic Scholar joins only with an API key (keyless
use is throttled hard), or as a stand-in when another source failed.
"""

from __future__ import annotations

import asyncio
import collections
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field, replace

from cite_sentinel.core.backends.doi import DoiState
from cite_sentinel.core.backends.outcome import Answered, Failed, Outcome
from cite_sentinel.core.backends.session import Backends
from cite_sentinel.core.config import SOURCES as SOURCE_NAMES
from cite_sentinel.core.match import Doubt, Evidence, needs_second_opinion, weigh
from cite_sentinel.core.model import (
    Record,
    Reference,
    SourceReport,
    SourceStatus,
    Status,
    Verdict,
)

log = logging.getLogger(__name__)

Progress = Callable[[int, int], None]

_ARXIV_DOI_PREFIX = "10.48550/arxiv."
_WORKERS_PER_SOURCE = 4
# Keyless Semantic Scholar shares a heavily throttled pool (about one request every few
# seconds): as a stand-in for a failed index it is asked about this many references at most.
_KEYLESS_S2_BUDGET = 10
# A primary search source that settles under this share of its first asks, after this many,
# stops taking fresh references while the other primary does better.
_COLD_AFTER = 8
_COLD_SHARE = 0.25
_PRIMARY_SOURCES = frozenset({"openalex", "crossref"})
_SEARCHED_BY_ID = _PRIMARY_SOURCES | {"semanticscholar"}  # an answer by identifier is its word

_STATUS_RANK = {SourceStatus.SKIPPED: 0, SourceStatus.ANSWERED: 1, SourceStatus.FAILED: 2}


@dataclass(slots=True)
class _State:
    """What is known so far about one reference while the plan runs."""

    reference: Reference
    by_identifier: list[Record] = field(default_factory=list)
    identifier_absent: bool = False
    candidates: list[Record] = field(default_factory=list)
    sources: dict[str, SourceReport] = field(default_factory=dict)
    searched: set[str] = field(default_factory=set)
    busy: bool = False
    verdict: Verdict | None = None

    def note(self, name: str, outcome: Outcome | SourceReport) -> None:
        """Remember what a source did; a failure outweighs an answer, an answer a skip."""
        if isinstance(outcome, SourceReport):
            report = outcome
        elif isinstance(outcome, Failed):
            reason = outcome.reason.removeprefix(f"{name}: ")
            report = SourceReport(name, SourceStatus.FAILED, reason)
        else:
            report = SourceReport(name, SourceStatus.ANSWERED)
        known = self.sources.get(name)
        if known is None or _STATUS_RANK[report.status] > _STATUS_RANK[known.status]:
            self.sources[name] = report

    def evidence(self) -> Evidence:
        return Evidence(
            reference=self.reference,
            by_identifier=tuple(self.by_identifier),
            identifier_absent=self.identifier_absent,
            candidates=tuple(self.candidates),
            sources=tuple(self.sources.values()),
        )


@dataclass(frozen=True, slots=True)
class _Plan:
    """The clients of this run and the indexes the configuration lets it ask."""

    backends: Backends
    enabled: frozenset[str]

    @property
    def primaries(self) -> frozenset[str]:
        return self.enabled & _PRIMARY_SOURCES


async def resolve(
    references: Sequence[Reference],
    backends: Backends,
    *,
    sources: Sequence[str] = SOURCE_NAMES,
    progress: Progress | None = None,
) -> list[Verdict]:
    """One verdict per reference, in the order given; only the indexes in `sources` are asked."""
    plan = _Plan(backends, frozenset(sources))
    states = [_State(reference) for reference in references]
    done = _Counter(len(states), progress)
    await _catalog(states, plan, done)
    await _identifiers([state for state in states if state.verdict is None], plan)
    for state in states:
        if state.verdict is None and (state.by_identifier or state.identifier_absent):
            verdict, doubt = weigh(state.evidence())
            if _settled(verdict, doubt, searched=False):
                state.verdict = verdict
                done.add()
            elif needs_second_opinion(verdict, doubt):  # from an index that has not spoken
                state.searched.update(s.name for s in verdict.sources if s.name in _SEARCHED_BY_ID)
    await _search(states, plan, done)
    verdicts = []
    for state in states:
        if state.verdict is None:
            state.verdict = weigh(state.evidence())[0]
            done.add()
        verdicts.append(_with_skipped_sources(state.verdict, plan))
    return verdicts


def _settled(verdict: Verdict, doubt: Doubt, *, searched: bool) -> bool:
    """A match was found; an identifier that points elsewhere still calls for a search, and
    a verdict resting on one index's quirky or contradicting record for another's opinion."""
    if needs_second_opinion(verdict, doubt):
        return False
    if verdict.status is Status.VERIFIED:
        return True
    if verdict.status is not Status.MISCITED:
        return False
    identifier_elsewhere = any(p.field in {"doi", "arxiv"} for p in verdict.problems)
    return searched or not identifier_elsewhere


# --- the local catalog ---------------------------------------------------------------------


async def _catalog(states: list[_State], plan: _Plan, done: _Counter) -> None:
    """Asked first: a match settles a reference offline; an absence settles it only where the
    catalog is complete (else the online indexes are asked, or it stays unverified offline)."""
    catalog = plan.backends.catalog
    if catalog is None or not states:
        return
    for state, answer in zip(
        states, await catalog.lookup([s.reference for s in states]), strict=True
    ):
        state.by_identifier.extend(answer.by_identifier)
        state.candidates.extend(answer.by_title)
        state.identifier_absent |= answer.identifier_absent
        verdict, doubt = weigh(state.evidence())
        matched = _settled(verdict, doubt, searched=False)
        state.note(catalog.name, catalog.report(answer, matched=matched))
        verdict = weigh(state.evidence())[0]
        if (matched and answer.identifiers_found) or (
            answer.complete and verdict.status is Status.FABRICATED
        ):
            state.verdict = verdict
            done.add()


# --- identifiers ---------------------------------------------------------------------------


async def _identifiers(states: list[_State], plan: _Plan) -> None:
    dois: dict[str, list[_State]] = {}
    arxiv: dict[str, list[_State]] = {}
    for state in states:
        ids = state.reference.identifiers
        if ids.doi.startswith(_ARXIV_DOI_PREFIX):
            arxiv.setdefault(ids.doi.removeprefix(_ARXIV_DOI_PREFIX), []).append(state)
        elif ids.doi:
            dois.setdefault(ids.doi, []).append(state)
        if ids.arxiv and not ids.doi.startswith(_ARXIV_DOI_PREFIX):
            arxiv.setdefault(ids.arxiv, []).append(state)
    async with asyncio.TaskGroup() as group:
        if dois:
            group.create_task(_dois(dois, plan))
        if arxiv and plan.enabled & {"arxiv"}:
            group.create_task(_arxiv_ids(arxiv, plan.backends))


async def _dois(wanted: dict[str, list[_State]], plan: _Plan) -> None:
    missing = list(wanted)
    if "openalex" in plan.enabled:
        outcomes = await plan.backends.openalex.by_dois(missing)
        missing = []
        for doi, outcome in outcomes.items():
            _take(wanted[doi], "openalex", outcome)
            if not _found(outcome):
                missing.append(doi)
    missing = await _dois_in_semantic_scholar(missing, wanted, plan)
    async with asyncio.TaskGroup() as group:
        for doi in missing:
            group.create_task(_doi_elsewhere(doi, wanted[doi], plan))


async def _dois_in_semantic_scholar(
    dois: list[str], wanted: dict[str, list[_State]], plan: _Plan
) -> list[str]:
    """With an API key, one POST /paper/batch for every DOI OpenAlex lacks; those still missing."""
    s2 = plan.backends.semanticscholar
    if not dois or "semanticscholar" not in plan.enabled or not s2.keyed:
        return dois
    outcomes = await s2.by_ids([f"DOI:{doi}" for doi in dois])
    missing = []
    for doi in dois:
        outcome = outcomes[f"DOI:{doi}"]
        _take(wanted[doi], "semanticscholar", outcome)
        if not _found(outcome):
            missing.append(doi)
    return missing


async def _doi_elsewhere(doi: str, states: list[_State], plan: _Plan) -> None:
    """A DOI OpenAlex lacks: Crossref, then doi.org and the agency that registered it."""
    backends = plan.backends
    if "crossref" in plan.enabled:
        outcome = await backends.crossref.by_doi(doi)
        _take(states, "crossref", outcome)
        if _found(outcome):
            return
    if "doi" not in plan.enabled:
        return
    status = await backends.doi.exists(doi)
    if status.state is DoiState.ABSENT:
        for state in states:
            state.identifier_absent = True
            state.note("doi", SourceReport("doi", SourceStatus.ANSWERED, "DOI not registered"))
        return
    if status.state is DoiState.UNKNOWN:
        for state in states:
            reason = status.reason.removeprefix("doi: ")
            state.note("doi", SourceReport("doi", SourceStatus.FAILED, reason))
        return
    for state in states:
        state.note("doi", SourceReport("doi", SourceStatus.ANSWERED, "DOI registered"))
    if "datacite" in plan.enabled and (await backends.doi.agency(doi)).lower() == "datacite":
        _take(states, "datacite", await backends.datacite.by_doi(doi))


async def _arxiv_ids(wanted: dict[str, list[_State]], backends: Backends) -> None:
    outcomes = await backends.arxiv.by_ids(list(wanted))
    for arxiv_id, outcome in outcomes.items():
        states = wanted[arxiv_id]
        _take(states, "arxiv", outcome)
        if isinstance(outcome, Answered) and not outcome.records:
            for state in states:
                doi = state.reference.identifiers.doi
                if not doi or doi.startswith(_ARXIV_DOI_PREFIX):
                    state.identifier_absent = True


def _take(states: list[_State], name: str, outcome: Outcome) -> None:
    for state in states:
        state.note(name, outcome)
        if isinstance(outcome, Answered):
            state.by_identifier.extend(r for r in outcome.records if r not in state.by_identifier)


def _found(outcome: Outcome) -> bool:
    return isinstance(outcome, Answered) and bool(outcome.records)


# --- search --------------------------------------------------------------------------------


async def _search(states: list[_State], plan: _Plan, done: _Counter) -> None:
    pending = [s for s in states if s.verdict is None and _searchable(s.reference)]
    if not pending:
        return
    board = _Board(pending, primaries=plan.primaries, s2_keyed=plan.backends.semanticscholar.keyed)
    sources = {
        name: search
        for name, search in _search_sources(plan.backends).items()
        if name in plan.enabled
    }
    async with asyncio.TaskGroup() as group:
        for name, search in sources.items():
            for _ in range(_WORKERS_PER_SOURCE):
                group.create_task(_worker(name, search, board, done))


def _searchable(reference: Reference) -> bool:
    return bool(reference.title.strip() or reference.raw.strip())


def _search_sources(backends: Backends) -> dict[str, Callable[[Reference], Awaitable[Outcome]]]:
    return {
        "openalex": backends.openalex.search,
        "crossref": backends.crossref.search,
        "semanticscholar": backends.semanticscholar.match,
    }


class _Board:
    """The references still to search, and which source has been asked about which."""

    def __init__(self, states: list[_State], *, primaries: frozenset[str], s2_keyed: bool) -> None:
        self.states = states
        self.primaries = primaries
        self.s2_keyed = s2_keyed
        self.s2_budget = _KEYLESS_S2_BUDGET
        self.first_asks: collections.Counter[str] = collections.Counter()
        self.first_hits: collections.Counter[str] = collections.Counter()
        self.changed = asyncio.Condition()

    def next_for(self, name: str) -> _State | None:
        for state in self.states:
            if state.verdict is None and not state.busy and self.wants(state, name):
                return state
        return None

    def finished_for(self, name: str) -> bool:
        """Nothing left that this source could ever be asked, now or after a busy one returns."""
        return not any(
            state.verdict is None and (state.busy or self.wants(state, name))
            for state in self.states
        )

    def wants(self, state: _State, name: str) -> bool:
        """Whether `name` should be asked about this reference.

        OpenAlex and Crossref are primary: whichever is free takes a reference first. Semantic
        Scholar is asked only after both, as a stand-in when one failed, or (with an API key)
        as a third opinion before a reference is called fabricated.
        """
        if name in state.searched:
            return False
        if name != "semanticscholar":
            return bool(state.searched) or not self.cold(name)
        if not self.primaries:  # the only search source the configuration allows
            return self.s2_keyed or self.s2_budget > 0
        if not state.searched >= self.primaries:
            return False
        if self.s2_keyed:
            return True
        return self.s2_budget > 0 and any(
            state.sources[n].status is SourceStatus.FAILED
            for n in self.primaries
            if n in state.sources
        )

    def cold(self, name: str) -> bool:
        """A primary that rarely holds this list's works (Crossref for papers without DOIs)
        takes only references the other primary could not settle, while the other is warm."""
        if self._rarely_settles(name):
            return not any(self._rarely_settles(n) for n in self.primaries - {name})
        return False

    def _rarely_settles(self, name: str) -> bool:
        asks = self.first_asks[name]
        return asks >= _COLD_AFTER and self.first_hits[name] < _COLD_SHARE * asks

    def count(self, name: str, *, first: bool, settled: bool) -> None:
        if first:
            self.first_asks[name] += 1
            self.first_hits[name] += settled

    def take(self, state: _State, name: str) -> None:
        """Mark a reference as being asked of `name`, spending keyless allowance."""
        state.busy = True
        if name == "semanticscholar" and not self.s2_keyed:
            self.s2_budget -= 1


async def _worker(
    name: str,
    search: Callable[[Reference], Awaitable[Outcome]],
    board: _Board,
    done: _Counter,
) -> None:
    while True:
        async with board.changed:
            state = board.next_for(name)
            while state is None:
                if board.finished_for(name):
                    board.changed.notify_all()
                    return
                await board.changed.wait()
                state = board.next_for(name)
            board.take(state, name)
        try:
            outcome = await search(state.reference)
        except Exception as error:  # a bug in one backend must not sink the whole run
            log.exception("%s search failed on %s", name, state.reference.key)
            outcome = Failed(f"{name}: internal error ({type(error).__name__})")
        finally:
            first = not state.searched
            state.searched.add(name)
            state.busy = False
        state.note(name, outcome)
        if isinstance(outcome, Answered):
            state.candidates.extend(r for r in outcome.records if r not in state.candidates)
        verdict, doubt = weigh(state.evidence())
        settled = _settled(verdict, doubt, searched=True)
        board.count(name, first=first, settled=settled)
        if settled:
            state.verdict = verdict
            done.add()
        async with board.changed:
            board.changed.notify_all()


# --- sources not asked ---------------------------------------------------------------------


def _with_skipped_sources(verdict: Verdict, plan: _Plan) -> Verdict:
    """Every index appears on the verdict: asked ones with their outcome, others as skipped."""
    asked = {report.name for report in verdict.sources}
    skipped = tuple(
        SourceReport(
            name,
            SourceStatus.SKIPPED,
            _skip_reason(name, verdict) if name in plan.enabled else "turned off by `sources`",
        )
        for name in SOURCE_NAMES
        if name not in asked
    )
    return replace(verdict, sources=verdict.sources + skipped)


def _skip_reason(name: str, verdict: Verdict) -> str:
    if any(s.name == "catalog" and s.status is SourceStatus.ANSWERED for s in verdict.sources):
        return "not needed: the local catalog answered"
    if verdict.status in {Status.VERIFIED, Status.MISCITED}:
        return "not needed: another index already holds the work"
    return "not asked for this kind of reference"


class _Counter:
    """Reports progress as references are settled."""

    def __init__(self, total: int, progress: Progress | None) -> None:
        self.total = total
        self.done = 0
        self.progress = progress
        if progress is not None:
            progress(0, total)

    def add(self) -> None:
        self.done += 1
        if self.progress is not None:
            self.progress(self.done, self.total)
