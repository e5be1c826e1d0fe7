"""The plan: identifiers first and batched, then search only for what identifiers did not settle.

Identifiers: one OpenAlex `filter=doi:` request per hundred DOIs; for DOIs OpenAlex lacks, one
Semantic Scholar `POST /paper/batch` (with an API key) and one doi.org agency list per fifty,
then Crossref singletons for the DOIs Crossref may have registered; doi.org's handle API (and
DataCite for its DOIs) only for DOIs none holds; one arXiv `id_list` request per batch of arXiv
ids. A reference whose identifier leads to a record that fits is settled there. The rest are
searched: a pool of workers per search source pulls the next reference that source should be
asked about (core.search_board), so OpenAlex and Crossref run side by side, each at its own
rate, and a reference is asked of a second source only when the first found no matching work.
Semantic Scholar joins only with an API key (keyless use is throttled hard), or as a stand-in
when another source failed. DataCite is searched only for references that cite a dataset or
software (core.data_kinds), before the others. Each verdict is handed to `on_verdict` as soon as
nothing more will be asked about its reference.
"""

from __future__ import annotations

import asyncio
import collections
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from sys import intern

from cite_sentinel.core.config import SOURCES as SOURCE_NAMES
from cite_sentinel.core.lexicon.identifiers import ARXIV_DOI
from cite_sentinel.core.matching.data_kinds import cites_data
from cite_sentinel.core.matching.match import Answers, Doubt, needs_second_opinion, weigh
from cite_sentinel.core.model import (
    Flag,
    Record,
    Reference,
    Severity,
    SourceReport,
    SourceStatus,
    Status,
    Verdict,
)
from cite_sentinel.core.verify.backends.doi import DoiState
from cite_sentinel.core.verify.backends.outcome import Answered, Failed, Outcome
from cite_sentinel.core.verify.backends.session import Backends
from cite_sentinel.core.verify.search_board import DATACITE, PRIMARIES, Allowance, SearchBoard
from cite_sentinel.core.verify.unchecked import bounded

log = logging.getLogger(__name__)

Progress = Callable[[int, int], None]  # progress(done, total)
OnVerdict = Callable[[int, Verdict], None]  # on_verdict(index of the reference, its verdict)

_WORKERS_PER_SOURCE = 4
_DOI_WORKERS = 256  # DOIs looked up beyond OpenAlex at a time, at most
# Keyless Semantic Scholar shares a heavily throttled pool (about one request a second for
# everyone): as a stand-in for a failed index it is asked about this many references at most
# in one process (the engine holds the one Allowance).
KEYLESS_S2_BUDGET = 10
_SEARCHED_BY_ID = PRIMARIES | {"semanticscholar"}  # an answer by identifier is its word

_STATUS_RANK = {SourceStatus.SKIPPED: 0, SourceStatus.ANSWERED: 1, SourceStatus.FAILED: 2}


@dataclass(slots=True)
class _State:
    """What is known so far about one reference while the plan runs."""

    reference: Reference
    by_identifier: list[Record] = field(default_factory=list)
    identifier_absent: bool = False
    candidates: list[Record] = field(default_factory=list)
    sources: dict[str, SourceReport] = field(default_factory=dict)
    spoken: frozenset[str] = frozenset()  # indexes whose word by identifier needs another's
    catalog_complete: bool = False  # the local catalog is complete for this reference
    verdict: Verdict | None = None

    def note(self, name: str, outcome: Outcome | SourceReport) -> None:
        """Remember what a source did; a failure outweighs an answer, an answer a skip."""
        if isinstance(outcome, SourceReport):
            report = outcome
        elif isinstance(outcome, Failed):
            reason = outcome.reason.removeprefix(f"{name}: ")
            report = _shared_report(name, SourceStatus.FAILED, reason)
        else:
            report = _shared_report(name, SourceStatus.ANSWERED)
        known = self.sources.get(name)
        if known is None or _STATUS_RANK[report.status] > _STATUS_RANK[known.status]:
            self.sources[name] = report

    def evidence(self) -> Answers:
        return Answers(
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
    allowance: Allowance

    @property
    def primaries(self) -> frozenset[str]:
        return self.enabled & PRIMARIES


async def resolve(
    references: Sequence[Reference],
    backends: Backends,
    *,
    sources: Sequence[str] = SOURCE_NAMES,
    progress: Progress | None = None,
    on_verdict: OnVerdict | None = None,
    allowance: Allowance | None = None,
) -> list[Verdict]:
    """One verdict per reference, in the order given; only the indexes in `sources` are asked.

    `allowance` is keyless Semantic Scholar's, shared by every call of one engine; without
    one, this call has its own.
    """
    plan = _Plan(backends, frozenset(sources), allowance or Allowance(KEYLESS_S2_BUDGET))
    states = [_State(reference) for reference in references]
    results = _Results(states, plan, progress, on_verdict)
    await _catalog(states, plan, results)
    await _identifiers([state for state in states if state.verdict is None], plan, results)
    for state in states:
        if state.verdict is None:
            _judge_by_identifier(state, results)
    await _search(states, plan, results)
    for state in states:
        if state.verdict is None:
            results.finish(state, weigh(state.evidence())[0])
    return [state.verdict for state in states if state.verdict is not None]


def _settled(verdict: Verdict, doubt: Doubt, *, searched: bool) -> bool:
    """A match was found; an identifier that points elsewhere still calls for a search, and
    a verdict resting on one index's quirky or contradicting record for another's opinion."""
    if needs_second_opinion(verdict, doubt):
        return False
    if not searched and _published_unseen(verdict):
        return False  # a search finds the published version the message names
    if verdict.status is Status.VERIFIED:
        return True
    if verdict.status is not Status.MISCITED:
        return False
    identifier_elsewhere = any(p.field in {"doi", "arxiv"} for p in verdict.problems)
    return searched or not identifier_elsewhere


def _published_unseen(verdict: Verdict) -> bool:
    """A cited preprint whose published version is known only by its DOI: a search by the
    title finds its record, so the finding can name where it was published."""
    match = verdict.match
    return (
        Flag.PUBLISHED_VERSION in verdict.flags
        and verdict.published is None
        and match is not None
        and bool(match.published_doi)
    )


# --- the local catalog ---------------------------------------------------------------------


async def _catalog(states: list[_State], plan: _Plan, results: _Results) -> None:
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
        state.catalog_complete = bool(answer.complete)
        verdict, doubt = weigh(state.evidence())
        matched = _settled(verdict, doubt, searched=False) and _catalog_may_settle(
            verdict, complete=state.catalog_complete
        )
        state.note(catalog.name, catalog.report(answer, match=verdict.match if matched else None))
        verdict = weigh(state.evidence())[0]
        if (matched and answer.identifiers_found) or (
            answer.complete and verdict.status is Status.FABRICATED
        ):
            results.finish(state, verdict)


def _catalog_may_settle(verdict: Verdict, *, complete: bool) -> bool:
    """A catalog that is not complete may confirm a citation, not refute its title: the
    record of another title it holds may be the same authors' other paper, and the online
    indexes may hold the cited one (core.verify.unchecked says it offline)."""
    if verdict.status is not Status.MISCITED or complete:
        return True
    return not any(p.field == "title" and p.severity is not Severity.INFO for p in verdict.problems)


def _judge_by_identifier(state: _State, results: _Results) -> None:
    """Settle a reference on what its identifiers found, when that is enough; a verdict that
    needs a second opinion marks the indexes that already spoke, so the search asks others."""
    if state.by_identifier or state.identifier_absent:
        verdict, doubt = weigh(state.evidence())
        if _settled(verdict, doubt, searched=False):
            results.finish(state, verdict)
        elif needs_second_opinion(verdict, doubt):
            state.spoken = frozenset(s.name for s in verdict.sources if s.name in _SEARCHED_BY_ID)


# --- identifiers ---------------------------------------------------------------------------

_LookedUp = Callable[[list[_State]], None]  # these references' identifier lookup has ended


async def _identifiers(states: list[_State], plan: _Plan, results: _Results) -> None:
    """Look every identifier up; a reference is judged as soon as all of its lookups end."""
    dois: dict[str, list[_State]] = {}
    arxiv: dict[str, list[_State]] = {}
    for state in states:
        ids = state.reference.identifiers
        if ids.doi.startswith(ARXIV_DOI):
            arxiv.setdefault(ids.doi.removeprefix(ARXIV_DOI), []).append(state)
        elif ids.doi:
            dois.setdefault(ids.doi, []).append(state)
        if ids.arxiv and not ids.doi.startswith(ARXIV_DOI):
            arxiv.setdefault(ids.arxiv, []).append(state)
    if not plan.enabled & {"arxiv"}:
        arxiv = {}
    groups = (*dois.values(), *arxiv.values())
    lookups = collections.Counter(id(state) for group in groups for state in group)

    def looked_up(group: list[_State]) -> None:
        for state in group:
            lookups[id(state)] -= 1
            if not lookups[id(state)] and state.verdict is None:
                _judge_by_identifier(state, results)

    async with asyncio.TaskGroup() as group:
        if dois:
            group.create_task(_dois(dois, plan, looked_up))
        if arxiv:
            group.create_task(_arxiv_ids(arxiv, plan.backends, looked_up))


async def _dois(wanted: dict[str, list[_State]], plan: _Plan, looked_up: _LookedUp) -> None:
    missing = list(wanted)
    if "openalex" in plan.enabled:
        outcomes = await plan.backends.openalex.by_dois(missing)
        missing = []
        for doi, outcome in outcomes.items():
            _take(wanted[doi], "openalex", outcome)
            if _found(outcome):
                looked_up(wanted[doi])
            else:
                missing.append(doi)
    missing = await _dois_in_semantic_scholar(missing, wanted, plan, looked_up)
    agencies = (
        await plan.backends.doi.agencies(missing) if missing and "doi" in plan.enabled else {}
    )
    left = iter(missing)  # workers take the next DOI as they finish one: 183,000 DOIs are not
    # 183,000 tasks at once (the indexes' lanes bound how many are asked at a time anyway)

    async def worker() -> None:
        for doi in left:
            await _doi_elsewhere(doi, wanted[doi], plan, agencies.get(doi), looked_up)

    async with asyncio.TaskGroup() as group:
        for _ in range(min(_DOI_WORKERS, len(missing))):
            group.create_task(worker())


async def _dois_in_semantic_scholar(
    dois: list[str], wanted: dict[str, list[_State]], plan: _Plan, looked_up: _LookedUp
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
        if _found(outcome):
            looked_up(wanted[doi])
        else:
            missing.append(doi)
    return missing


async def _doi_elsewhere(
    doi: str, states: list[_State], plan: _Plan, agency: str | None, looked_up: _LookedUp
) -> None:
    await _doi_beyond_openalex(doi, states, plan, agency)
    looked_up(states)


async def _doi_beyond_openalex(
    doi: str, states: list[_State], plan: _Plan, agency: str | None
) -> None:
    """A DOI OpenAlex lacks: Crossref, then doi.org and the agency that registered it.

    `agency` is what doi.org's agency list said (None where it was not asked or said
    nothing): Crossref is asked only for a DOI it may have registered, and a DOI the list
    calls unregistered still goes to the handle API, whose word on existence is final."""
    backends = plan.backends
    agency = None if agency is None else agency.lower()
    crossref = "crossref" in plan.enabled and agency in (None, "crossref")
    if crossref:
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
    registrar = (agency or await backends.doi.agency(doi)).lower()
    if registrar == "crossref" and not crossref and "crossref" in plan.enabled:
        _take(states, "crossref", await backends.crossref.by_doi(doi))
    elif registrar == "datacite" and "datacite" in plan.enabled:
        _take(states, "datacite", await backends.datacite.by_doi(doi))


async def _arxiv_ids(
    wanted: dict[str, list[_State]], backends: Backends, looked_up: _LookedUp
) -> None:
    outcomes = await backends.arxiv.by_ids(list(wanted))
    for arxiv_id, outcome in outcomes.items():
        states = wanted[arxiv_id]
        _take(states, "arxiv", outcome)
        if isinstance(outcome, Answered) and not outcome.records:
            for state in states:
                doi = state.reference.identifiers.doi
                if not doi or doi.startswith(ARXIV_DOI):
                    state.identifier_absent = True
        looked_up(states)


def _take(states: list[_State], name: str, outcome: Outcome) -> None:
    for state in states:
        state.note(name, outcome)
        if isinstance(outcome, Answered):
            state.by_identifier.extend(r for r in outcome.records if r not in state.by_identifier)


def _found(outcome: Outcome) -> bool:
    return isinstance(outcome, Answered) and bool(outcome.records)


# --- search --------------------------------------------------------------------------------


async def _search(states: list[_State], plan: _Plan, results: _Results) -> None:
    pending = [s for s in states if s.verdict is None and _searchable(s.reference)]
    for state in states:
        if state.verdict is None and not _searchable(state.reference):
            results.finish(state, weigh(state.evidence())[0])  # nothing to search it by
    if not pending:
        return
    data = [index for index, state in enumerate(pending) if cites_data(state.reference)]
    sources = {
        name: search
        for name, search in _search_sources(plan.backends).items()
        if name in plan.enabled and (name != DATACITE or data)
    }
    board = SearchBoard(
        len(pending),
        sources=sources,
        s2_keyed=plan.backends.semanticscholar.keyed,
        allowance=plan.allowance,
        spoken={index: state.spoken for index, state in enumerate(pending) if state.spoken},
        data=data,
    )
    search = _Search(pending, board, plan, results)
    async with asyncio.TaskGroup() as group:
        for name, ask in sources.items():
            for _ in range(_WORKERS_PER_SOURCE):
                group.create_task(search.worker(name, ask))


def _searchable(reference: Reference) -> bool:
    """A title, the text as printed, or where the work sits (a venue, volume and pages); not
    an identifier written alone (a Manubot id), which its look-up settles: no index is
    searched, or said to have answered, for it."""
    located = reference.venue and reference.volume and reference.pages
    printed = len(reference.raw.split()) > 1
    return bool(reference.title.strip() or printed or located)


def _search_sources(backends: Backends) -> dict[str, Callable[[Reference], Awaitable[Outcome]]]:
    return {
        "openalex": backends.openalex.search,
        "crossref": backends.crossref.search,
        "semanticscholar": backends.semanticscholar.match,
        DATACITE: backends.datacite.search,
    }


class _Search:
    """The workers of one search: each pulls from the board what its source should be asked."""

    def __init__(
        self, pending: list[_State], board: SearchBoard, plan: _Plan, results: _Results
    ) -> None:
        self._pending = pending
        self._board = board
        self._plan = plan
        self._results = results
        self._changed = asyncio.Condition()

    async def worker(self, name: str, search: Callable[[Reference], Awaitable[Outcome]]) -> None:
        board = self._board
        while True:
            async with self._changed:
                index = board.take(name)
                while index is None:
                    if board.finished(name):
                        self._changed.notify_all()
                        return
                    await self._changed.wait()
                    index = board.take(name)
            state = self._pending[index]
            try:
                outcome = await search(state.reference)
            except Exception as error:  # a bug in one backend must not sink the whole run
                log.exception("%s search failed on %s", name, state.reference.key)
                outcome = Failed(f"{name}: internal error ({type(error).__name__})")
            state.note(name, outcome)
            if isinstance(outcome, Answered):
                state.candidates.extend(r for r in outcome.records if r not in state.candidates)
            verdict, doubt = weigh(state.evidence())
            settled = _settled(verdict, doubt, searched=True)
            failed = any(
                state.sources[n].status is SourceStatus.FAILED
                for n in self._plan.primaries
                if n in state.sources
            )
            async with self._changed:
                closed = board.answered(index, name, settled=settled, primary_failed=failed)
                self._changed.notify_all()
            if closed:
                self._results.finish(state, verdict)


# --- sources not asked ---------------------------------------------------------------------


@lru_cache(maxsize=1024)
def _shared_report(name: str, status: SourceStatus, reason: str = "") -> SourceReport:
    """One report object for each outcome (they are frozen): 183,000 references offline hold
    three reports between them, not three each."""
    return SourceReport(name, status, reason)


def _with_skipped_sources(verdict: Verdict, plan: _Plan) -> Verdict:
    """Every index appears on the verdict: asked ones with their outcome, others as skipped."""
    asked = {report.name for report in verdict.sources}
    skipped = tuple(
        _shared_report(
            name,
            SourceStatus.SKIPPED,
            _skip_reason(name, verdict) if name in plan.enabled else "turned off by `sources`",
        )
        for name in SOURCE_NAMES
        if name not in asked
    )
    # Shared: many verdicts give the same reason and sources (offline, every one of them).
    return replace(
        verdict, sources=_shared_sources(verdict.sources + skipped), reason=intern(verdict.reason)
    )


@lru_cache(maxsize=1024)
def _shared_sources(sources: tuple[SourceReport, ...]) -> tuple[SourceReport, ...]:
    return sources


def _skip_reason(name: str, verdict: Verdict) -> str:
    if any(s.name == "catalog" and s.status is SourceStatus.ANSWERED for s in verdict.sources):
        return "not needed: the local catalog answered"
    if verdict.status in {Status.VERIFIED, Status.MISCITED}:
        return "not needed: another index already holds the work"
    return "not asked for this kind of reference"


class _Results:
    """Each reference's final verdict, reported the moment it is known."""

    def __init__(
        self,
        states: list[_State],
        plan: _Plan,
        progress: Progress | None,
        on_verdict: OnVerdict | None,
    ) -> None:
        self._index = {id(state): index for index, state in enumerate(states)}
        self._plan = plan
        self._progress = progress
        self._on_verdict = on_verdict
        self._total = len(states)
        self._done = 0
        if progress is not None:
            progress(0, self._total)

    def finish(self, state: _State, verdict: Verdict) -> None:
        verdict = bounded(
            verdict,
            state.reference,
            identifier_absent=state.identifier_absent,
            catalog_complete=state.catalog_complete,
        )
        state.verdict = _with_skipped_sources(verdict, self._plan)
        self._done += 1
        if self._on_verdict is not None:
            self._on_verdict(self._index[id(state)], state.verdict)
        if self._progress is not None:
            self._progress(self._done, self._total)
