"""The resolve plan with fake indexes on a virtual clock: who is asked what, when, how often."""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import replace

from cite_sentinel.core.model import (
    Identifiers,
    Location,
    Person,
    Record,
    Reference,
    SourceStatus,
    Status,
    Verdict,
)
from cite_sentinel.core.verify.backends.doi import DoiState, DoiStatus
from cite_sentinel.core.verify.backends.outcome import Answered, Failed, Outcome
from cite_sentinel.core.verify.backends.session import Backends
from cite_sentinel.core.verify.resolve import resolve
from cite_sentinel.core.verify.search_board import COLD_AFTER, Allowance

from tests.unit.core.fakes import VirtualClock


class FakeIndex:
    """One index: which references it holds, how long it takes, whether it is down."""

    def __init__(
        self,
        name: str,
        clock: VirtualClock,
        *,
        holds: Collection[str] = (),
        latency: float = 0.5,
        down: bool = False,
        keyed: bool = False,
    ) -> None:
        self.name = name
        self.clock = clock
        self.holds = set(holds)
        self.latency = latency
        self.down = down
        self.keyed = keyed
        self.asked: list[str] = []  # keys searched, in order
        self.doi_asks = 0

    async def search(self, reference: Reference) -> Outcome:
        self.asked.append(reference.key)
        if self.latency:
            await self.clock.sleep(self.latency)
        if self.down:
            return Failed(f"{self.name}: 3 timeouts")
        held = reference.key in self.holds
        return Answered((_record(reference, self.name),) if held else ())

    match = search

    async def by_dois(self, dois: Sequence[str]) -> dict[str, Outcome]:
        self.doi_asks += 1
        await self.clock.sleep(self.latency)
        return {doi: Answered(tuple(self._by_doi(doi))) for doi in dois}

    async def by_ids(self, ids: Sequence[str]) -> dict[str, Outcome]:
        return {i: Answered(()) for i in ids}

    async def by_doi(self, doi: str) -> Outcome:
        self.doi_asks += 1
        await self.clock.sleep(self.latency)
        return Answered(tuple(self._by_doi(doi)))

    async def exists(self, doi: str) -> DoiStatus:
        return DoiStatus(DoiState.EXISTS)

    async def agency(self, doi: str) -> str:
        return "crossref"

    async def agencies(self, dois: Sequence[str]) -> dict[str, str]:
        return {}

    def _by_doi(self, doi: str) -> list[Record]:
        return [
            _record(_reference(key, doi=doi), self.name) for key in self.holds if _doi(key) == doi
        ]


class FakeDoiOrg(FakeIndex):
    """doi.org: the agency list answers from `listed` (silent on the rest), the handle API
    knows the DOIs in `registered`; each call is logged."""

    def __init__(
        self, clock: VirtualClock, *, listed: dict[str, str], registered: Collection[str]
    ) -> None:
        super().__init__("doi", clock)
        self.listed = listed
        self.registered = set(registered)
        self.calls: list[str] = []

    async def agencies(self, dois: Sequence[str]) -> dict[str, str]:
        self.calls.append(f"agencies {len(dois)}")
        return {doi: self.listed[doi] for doi in dois if doi in self.listed}

    async def exists(self, doi: str) -> DoiStatus:
        self.calls.append(f"exists {doi}")
        return DoiStatus(DoiState.EXISTS if doi in self.registered else DoiState.ABSENT)

    async def agency(self, doi: str) -> str:
        self.calls.append(f"agency {doi}")
        return "Crossref"


def _backends(clock: VirtualClock, **indexes: FakeIndex) -> Backends:
    names = ("openalex", "crossref", "semanticscholar", "datacite", "arxiv", "doi")
    chosen = {name: indexes.get(name) or FakeIndex(name, clock) for name in names}
    return Backends(http=None, **chosen)  # type: ignore[arg-type]


def _reference(key: str, *, doi: str = "") -> Reference:
    return Reference(
        key=key,
        location=Location.point("refs.bib", 1, 1),
        kind="article",
        title=f"A study of {key} in deep residual networks",
        people=(Person(family="Okafor", given="Ada"),),
        year=2020,
        venue="Journal of Machine Learning Research",
        identifiers=Identifiers(doi=doi),
    )


def _record(reference: Reference, source: str) -> Record:
    return Record(
        source=source,
        id=f"{source}:{reference.key}",
        title=reference.title,
        people=reference.people,
        year=reference.year,
        venue=reference.venue,
        kind="journal-article",
        identifiers=reference.identifiers,
    )


def _doi(key: str) -> str:
    return f"10.1234/{key}"


def _keys(count: int) -> list[str]:
    return [f"r{number:05d}" for number in range(count)]


async def _resolve(
    references: Sequence[Reference], backends: Backends, **options: object
) -> list[Verdict]:
    return await resolve(references, backends, **options)  # type: ignore[arg-type]


async def test_a_reference_its_doi_settles_is_never_searched() -> None:
    clock = VirtualClock()
    openalex = FakeIndex("openalex", clock, holds={"r0"})
    crossref = FakeIndex("crossref", clock)
    backends = _backends(clock, openalex=openalex, crossref=crossref)
    (verdict,) = await _resolve([_reference("r0", doi=_doi("r0"))], backends)
    assert verdict.status is Status.VERIFIED
    assert openalex.asked == crossref.asked == []


async def test_the_primaries_share_fresh_references_and_each_is_asked_once() -> None:
    clock = VirtualClock()
    keys = _keys(40)
    openalex = FakeIndex("openalex", clock, holds=keys)
    crossref = FakeIndex("crossref", clock, holds=keys)
    verdicts = await _resolve(
        [_reference(k) for k in keys], _backends(clock, **_named(openalex, crossref))
    )
    assert [v.status for v in verdicts] == [Status.VERIFIED] * 40
    assert sorted(openalex.asked + crossref.asked) == keys  # nobody asked twice
    assert openalex.asked and crossref.asked  # side by side, not one after the other
    assert clock.now - 1000.0 < 40 * 0.5 / 4  # faster than one source with its four workers


async def test_what_one_primary_cannot_find_is_asked_of_the_other() -> None:
    clock = VirtualClock()
    keys = _keys(6)
    openalex = FakeIndex("openalex", clock)
    crossref = FakeIndex("crossref", clock, holds=keys)
    verdicts = await _resolve(
        [_reference(k) for k in keys], _backends(clock, **_named(openalex, crossref))
    )
    assert [v.status for v in verdicts] == [Status.VERIFIED] * 6
    assert Counter(crossref.asked) == Counter(keys)
    assert all(count == 1 for count in Counter(openalex.asked).values())


async def test_keyless_semantic_scholar_stands_in_only_where_a_primary_failed() -> None:
    clock = VirtualClock()
    keys = _keys(4)
    openalex = FakeIndex("openalex", clock)
    crossref = FakeIndex("crossref", clock, down=True)
    s2 = FakeIndex("semanticscholar", clock, holds={"r00001"})
    backends = _backends(clock, **_named(openalex, crossref, s2))
    verdicts = await _resolve([_reference(k) for k in keys], backends)
    assert sorted(s2.asked) == keys
    assert verdicts[1].status is Status.VERIFIED
    assert {v.status for v in verdicts[:1] + verdicts[2:]} == {Status.UNVERIFIED}

    clock = VirtualClock()
    s2 = FakeIndex("semanticscholar", clock)
    both_answer = _named(FakeIndex("openalex", clock), FakeIndex("crossref", clock), s2)
    verdicts = await _resolve([_reference(k) for k in keys], _backends(clock, **both_answer))
    assert s2.asked == []  # two indexes answered "no such work": no third ask without a key
    assert {v.status for v in verdicts} == {Status.FABRICATED}


async def test_with_a_key_semantic_scholar_is_asked_before_a_reference_is_called_fabricated() -> (
    None
):
    clock = VirtualClock()
    s2 = FakeIndex("semanticscholar", clock, holds={"r00000"}, keyed=True)
    backends = _backends(
        clock, **_named(FakeIndex("openalex", clock), FakeIndex("crossref", clock), s2)
    )
    verdicts = await _resolve([_reference(k) for k in _keys(2)], backends)
    assert s2.asked == ["r00000", "r00001"]
    assert [v.status for v in verdicts] == [Status.VERIFIED, Status.FABRICATED]


async def test_the_keyless_allowance_is_shared_by_every_call_that_holds_it() -> None:
    clock = VirtualClock()
    s2 = FakeIndex("semanticscholar", clock)
    down = _named(FakeIndex("openalex", clock, down=True), FakeIndex("crossref", clock), s2)
    allowance = Allowance(3)
    first, second = [_reference(k) for k in _keys(2)], [_reference(k) for k in _keys(4)[2:]]
    await _resolve(first, _backends(clock, **down), allowance=allowance)
    verdicts = await _resolve(second, _backends(clock, **down), allowance=allowance)
    assert len(s2.asked) == 3
    not_asked = [v for v in verdicts if "semanticscholar" not in _asked(v)]
    assert len(not_asked) == 1 and not_asked[0].status is Status.UNVERIFIED


async def test_a_primary_that_rarely_finds_anything_takes_only_second_opinions() -> None:
    clock = VirtualClock()
    keys = _keys(200)
    openalex = FakeIndex("openalex", clock, holds=keys[:190])
    crossref = FakeIndex("crossref", clock, holds=keys[190:])
    verdicts = await _resolve(
        [_reference(k) for k in keys], _backends(clock, **_named(openalex, crossref))
    )
    assert {v.status for v in verdicts} == {Status.VERIFIED}
    first_asks = [k for k in crossref.asked if k not in openalex.asked]
    assert len(first_asks) <= COLD_AFTER + 4  # the workers already out when it turned cold
    assert set(keys[190:]) <= set(crossref.asked)  # still asked where OpenAlex had nothing


async def test_a_lone_primary_asks_every_reference_however_rarely_it_finds_one() -> None:
    clock = VirtualClock()
    keys = _keys(30)
    openalex = FakeIndex("openalex", clock, holds=keys[:2])
    backends = _backends(clock, openalex=openalex)
    verdicts = await _resolve([_reference(k) for k in keys], backends, sources=("openalex",))
    assert sorted(openalex.asked) == keys
    assert [v.status for v in verdicts[:2]] == [Status.VERIFIED] * 2


async def test_each_verdict_is_reported_once_nothing_more_will_be_asked_about_it() -> None:
    clock = VirtualClock()
    openalex = FakeIndex("openalex", clock, holds={"r00000"}, latency=0.1)
    crossref = FakeIndex("crossref", clock, latency=30.0)
    reported: list[tuple[float, int, Status]] = []

    def on_verdict(index: int, verdict: Verdict) -> None:
        reported.append((clock.now - 1000.0, index, verdict.status))

    references = [_reference(k) for k in _keys(2)]
    verdicts = await _resolve(
        references, _backends(clock, **_named(openalex, crossref)), on_verdict=on_verdict
    )
    assert reported[0][1:] == (0, Status.VERIFIED) and reported[0][0] < 1.0
    assert sorted((index, status) for _, index, status in reported) == [
        (index, verdict.status) for index, verdict in enumerate(verdicts)
    ]


async def test_a_reference_its_doi_settles_is_reported_while_other_dois_are_looked_up() -> None:
    clock = VirtualClock()
    openalex = FakeIndex("openalex", clock, holds={"r00000"}, latency=0.1)
    crossref = FakeIndex("crossref", clock, holds={"r00001"}, latency=30.0)
    reported: dict[int, float] = {}

    def on_verdict(index: int, verdict: Verdict) -> None:
        reported[index] = clock.now - 1000.0

    references = [_reference(k, doi=_doi(k)) for k in _keys(2)]
    backends = _backends(clock, **_named(openalex, crossref))
    verdicts = await _resolve(references, backends, on_verdict=on_verdict)
    assert [v.status for v in verdicts] == [Status.VERIFIED, Status.VERIFIED]
    assert reported[0] < 1.0 <= 30.0 <= reported[1]  # not held back by Crossref's slow answer


async def test_ten_thousand_references_are_each_asked_at_most_once_per_source() -> None:
    clock = VirtualClock()
    keys = _keys(10_000)
    openalex = FakeIndex("openalex", clock, holds=keys[::2], latency=0)
    crossref = FakeIndex("crossref", clock, holds=keys[1::4], latency=0)
    backends = _backends(clock, **_named(openalex, crossref))
    verdicts = await _resolve([_reference(k) for k in keys], backends)
    assert [v.key for v in verdicts] == keys
    assert max(Counter(openalex.asked).values()) == max(Counter(crossref.asked).values()) == 1
    statuses = Counter(v.status for v in verdicts)
    assert statuses[Status.VERIFIED] == 7_500 and statuses[Status.FABRICATED] == 2_500


async def test_a_search_that_crashes_leaves_its_reference_unverified_with_the_reason() -> None:
    clock = VirtualClock()

    class Broken(FakeIndex):
        async def search(self, reference: Reference) -> Outcome:
            raise KeyError("a bug")

    backends = _backends(clock, openalex=Broken("openalex", clock))
    (verdict,) = await asyncio.wait_for(
        _resolve([_reference("r0")], backends, sources=("openalex",)), timeout=5
    )
    assert verdict.status is Status.UNVERIFIED
    (openalex,) = [s for s in verdict.sources if s.name == "openalex"]
    assert openalex.status is SourceStatus.FAILED and "internal error" in openalex.reason


def _named(*indexes: FakeIndex) -> dict[str, FakeIndex]:
    return {index.name: index for index in indexes}


def _asked(verdict: Verdict) -> set[str]:
    return {s.name for s in verdict.sources if s.status is not SourceStatus.SKIPPED}


class _YearOff(FakeIndex):
    """An index whose record of each work it holds by DOI gives the year before."""

    def _by_doi(self, doi: str) -> list[Record]:
        return [replace(record, year=2019) for record in super()._by_doi(doi)]


async def test_a_miscitation_only_one_index_speaks_to_is_put_to_another_index() -> None:
    clock = VirtualClock()
    openalex = _YearOff("openalex", clock, holds={"r0"})
    crossref = FakeIndex("crossref", clock, holds={"r0"})  # its record has the cited year
    backends = _backends(clock, openalex=openalex, crossref=crossref)
    (verdict,) = await _resolve([_reference("r0", doi=_doi("r0"))], backends)
    assert verdict.status is Status.VERIFIED
    assert crossref.asked == ["r0"] and openalex.asked == []  # OpenAlex already gave its word


async def test_a_miscitation_no_other_index_holds_stands() -> None:
    clock = VirtualClock()
    openalex = _YearOff("openalex", clock, holds={"r0"})
    crossref = FakeIndex("crossref", clock)
    backends = _backends(clock, openalex=openalex, crossref=crossref)
    (verdict,) = await _resolve([_reference("r0", doi=_doi("r0"))], backends)
    assert verdict.status is Status.MISCITED
    assert [problem.field for problem in verdict.problems] == ["year"]
    assert crossref.asked == ["r0"] and openalex.asked == []


def _dataset(key: str) -> Reference:
    """A dataset cited as people write them: @misc, the repository in `howpublished`, no DOI."""
    return Reference(
        key=key,
        location=Location.point("refs.bib", 1, 1),
        kind="misc",
        title=f"Sea surface temperatures of station {key}, 2009-2015",
        people=(Person(family="Long", given="Charles"),),
        year=2015,
        fields=(("howpublished", "Zenodo"), ("note", "Data set")),
    )


def _four(clock: VirtualClock, **holds: Collection[str]) -> dict[str, FakeIndex]:
    """OpenAlex, Crossref, keyless Semantic Scholar and DataCite holding what `holds` says."""
    names = ("openalex", "crossref", "semanticscholar", "datacite")
    return {name: FakeIndex(name, clock, holds=holds.get(name, ())) for name in names}


async def test_a_dataset_cited_without_doi_is_found_in_datacite_before_the_paper_indexes() -> None:
    clock = VirtualClock()
    indexes = _four(clock, datacite={"d0", "d1"}, openalex={"d0", "d1"})
    verdicts = await _resolve([_dataset("d0"), _dataset("d1")], _backends(clock, **indexes))
    assert [v.status for v in verdicts] == [Status.VERIFIED] * 2
    assert {v.match.source for v in verdicts if v.match} == {"datacite"}
    assert sorted(indexes["datacite"].asked) == ["d0", "d1"]
    assert indexes["openalex"].asked == indexes["crossref"].asked == []


async def test_a_dataset_datacite_lacks_is_still_asked_of_the_paper_indexes() -> None:
    clock = VirtualClock()
    indexes = _four(clock, crossref={"d0"})
    (verdict,) = await _resolve([_dataset("d0")], _backends(clock, **indexes))
    assert verdict.status is Status.VERIFIED and verdict.match is not None
    assert (verdict.match.source, indexes["datacite"].asked) == ("crossref", ["d0"])


async def test_a_list_of_papers_is_never_searched_in_datacite() -> None:
    clock = VirtualClock()
    keys = _keys(20)
    indexes = _four(clock, openalex=keys[:10])
    verdicts = await _resolve([_reference(k) for k in keys], _backends(clock, **indexes))
    assert {v.status for v in verdicts} == {Status.VERIFIED, Status.FABRICATED}
    assert indexes["datacite"].asked == []


async def test_an_invented_dataset_is_fabricated_only_once_datacite_answered_too() -> None:
    clock = VirtualClock()
    indexes = _four(clock)
    (verdict,) = await _resolve([_dataset("d0")], _backends(clock, **indexes))
    assert verdict.status is Status.FABRICATED
    assert {"datacite", "openalex", "crossref"} <= _asked(verdict)

    clock = VirtualClock()
    indexes = _four(clock)
    without = ("openalex", "crossref", "semanticscholar", "arxiv", "doi")
    (verdict,) = await _resolve([_dataset("d0")], _backends(clock, **indexes), sources=without)
    assert verdict.status is Status.UNVERIFIED and "outside the scholarly indexes" in verdict.reason
    assert indexes["datacite"].asked == []


async def test_with_datacite_down_an_unfound_dataset_is_unverified_naming_datacite() -> None:
    clock = VirtualClock()
    indexes = _four(clock)
    indexes["datacite"].down = True
    (verdict,) = await _resolve([_dataset("d0")], _backends(clock, **indexes))
    assert verdict.status is Status.UNVERIFIED
    assert "datacite: 3 timeouts" in verdict.reason
    assert indexes["openalex"].asked + indexes["crossref"].asked == ["d0"] * 2


async def test_a_doi_doi_org_lists_as_unregistered_is_not_looked_up_in_crossref() -> None:
    clock = VirtualClock()
    crossref = FakeIndex("crossref", clock)
    doi = FakeDoiOrg(clock, listed={_doi("r0"): ""}, registered=())
    backends = _backends(clock, crossref=crossref, doi=doi)
    (verdict,) = await _resolve([_reference("r0", doi=_doi("r0"))], backends)
    assert verdict.status is Status.FABRICATED
    assert crossref.doi_asks == 0 and crossref.asked == ["r0"]  # searched by title, not by DOI
    assert doi.calls == ["agencies 1", f"exists {_doi('r0')}"]  # the handle API has the last word


async def test_dois_of_other_agencies_go_straight_to_theirs_and_one_list_serves_them_all() -> None:
    clock = VirtualClock()
    crossref = FakeIndex("crossref", clock, holds={"r1"})
    datacite = FakeIndex("datacite", clock, holds={"r0"})
    listed = {_doi("r0"): "DataCite", _doi("r1"): "Crossref", _doi("r2"): "mEDRA"}
    doi = FakeDoiOrg(clock, listed=listed, registered=listed)
    backends = _backends(clock, crossref=crossref, datacite=datacite, doi=doi)
    references = [_reference(key, doi=_doi(key)) for key in ("r0", "r1", "r2")]
    verdicts = await _resolve(references, backends)
    assert [v.match.source if v.match else None for v in verdicts[:2]] == ["datacite", "crossref"]
    assert crossref.doi_asks == 1 and datacite.doi_asks == 1
    assert doi.calls.count("agencies 3") == 1 and not any("agency " in c for c in doi.calls)


async def test_without_an_agency_list_crossref_is_asked_first_as_before() -> None:
    clock = VirtualClock()
    crossref = FakeIndex("crossref", clock, holds={"r0"})
    doi = FakeDoiOrg(clock, listed={}, registered=())
    backends = _backends(clock, crossref=crossref, doi=doi)
    (verdict,) = await _resolve([_reference("r0", doi=_doi("r0"))], backends)
    assert verdict.status is Status.VERIFIED and crossref.doi_asks == 1
    assert doi.calls == ["agencies 1"]


async def test_a_doi_the_list_calls_unregistered_but_the_handle_knows_is_still_found() -> None:
    clock = VirtualClock()
    crossref = FakeIndex("crossref", clock, holds={"r0"})
    doi = FakeDoiOrg(clock, listed={_doi("r0"): ""}, registered={_doi("r0")})
    backends = _backends(clock, crossref=crossref, doi=doi)
    (verdict,) = await _resolve([_reference("r0", doi=_doi("r0"))], backends)
    assert verdict.status is Status.VERIFIED and crossref.doi_asks == 1
