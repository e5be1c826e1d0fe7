"""The engine a face holds for its life: one client, one set of limits, many verify calls."""

from __future__ import annotations

import asyncio
from pathlib import Path

import httpx
import pytest
from cite_sentinel.core.config import Config
from cite_sentinel.core.model import Identifiers, Location, Reference, Status, Verdict
from cite_sentinel.core.verify.engine import Engine, http_settings

from tests.unit.core.fakes import VirtualClock

EMPTY_FEED = '<feed xmlns="http://www.w3.org/2005/Atom"></feed>'


def _preprint(key: str, arxiv: str) -> Reference:
    return Reference(
        key=key,
        location=Location.point("refs.bib", 1, 1),
        kind="misc",
        title=f"On the {key} of transformers",
        identifiers=Identifiers(arxiv=arxiv),
    )


class Recorder:
    """A MockTransport handler answering arXiv with an empty feed, noting when it was asked."""

    def __init__(self, clock: VirtualClock) -> None:
        self.clock = clock
        self.times: list[float] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.times.append(self.clock.now)
        return httpx.Response(200, text=EMPTY_FEED)


def _engine(tmp_path: Path, clock: VirtualClock, handler: Recorder, **options: object) -> Engine:
    return Engine(
        {},
        cache_dir=tmp_path,
        sources=("arxiv",),
        transport=httpx.MockTransport(handler),
        clock=clock,
        sleep=clock.sleep,
        **options,  # type: ignore[arg-type]
    )


async def test_concurrent_verify_calls_share_one_rate_limit(tmp_path: Path) -> None:
    clock = VirtualClock()
    handler = Recorder(clock)
    async with _engine(tmp_path, clock, handler) as engine:
        await asyncio.gather(
            engine.verify([_preprint("a", "2101.00001")]),
            engine.verify([_preprint("b", "2101.00002")]),
        )
    assert len(handler.times) == 2
    assert handler.times[1] - handler.times[0] >= 3.0  # arXiv: one request every three seconds


async def test_later_verify_calls_reuse_the_limits_of_earlier_ones(tmp_path: Path) -> None:
    clock = VirtualClock()
    handler = Recorder(clock)
    async with _engine(tmp_path, clock, handler) as engine:
        for number in range(3):
            await engine.verify([_preprint(f"k{number}", f"2101.0000{number}")])
    gaps = [b - a for a, b in zip(handler.times, handler.times[1:], strict=False)]
    assert len(handler.times) == 3 and min(gaps) >= 3.0


async def test_each_verdict_is_heard_as_it_is_reached_remembered_ones_first(
    tmp_path: Path,
) -> None:
    clock = VirtualClock()
    handler = Recorder(clock)
    first = _preprint("first", "2101.00001")
    second = _preprint("second", "2101.00002")
    async with _engine(tmp_path, clock, handler) as engine:
        await engine.verify([first])
        heard: list[tuple[int, Verdict]] = []
        verdicts = await engine.verify(
            [second, first], on_verdict=lambda i, v: heard.append((i, v))
        )
    assert verdicts[1].status is Status.FABRICATED  # an arXiv id arXiv does not hold
    assert [index for index, _ in heard] == [1, 0]  # the remembered verdict came first
    assert [verdict for _, verdict in sorted(heard, key=lambda pair: pair[0])] == verdicts
    assert len(handler.times) == 2


async def test_a_warm_verdict_cache_answers_without_a_request(tmp_path: Path) -> None:
    clock = VirtualClock()
    handler = Recorder(clock)
    reference = _preprint("a", "2101.00001")
    async with _engine(tmp_path, clock, handler) as engine:
        await engine.verify([reference])
    async with _engine(tmp_path, clock, handler) as engine:
        (verdict,) = await engine.verify([reference])
        assert engine.requests_sent == 0
    assert verdict.status is Status.FABRICATED and len(handler.times) == 1


async def test_a_closed_engine_refuses_to_verify(tmp_path: Path) -> None:
    clock = VirtualClock()
    engine = _engine(tmp_path, clock, Recorder(clock))
    await engine.aclose()
    with pytest.raises(RuntimeError, match="closed"):
        await engine.verify([_preprint("a", "2101.00001")])


async def test_what_a_test_server_answered_is_never_recalled_against_the_real_index(
    tmp_path: Path,
) -> None:
    clock = VirtualClock()
    handler = Recorder(clock)
    reference = _preprint("a", "2101.00001")
    fake = {"CITE_SENTINEL_ARXIV_URL": "http://127.0.0.1:9/arxiv"}
    for env in (fake, fake, {}):  # the demo against the fake, again, then the real arXiv
        engine = Engine(
            env,
            cache_dir=tmp_path,
            sources=("arxiv",),
            transport=httpx.MockTransport(handler),
            clock=clock,
            sleep=clock.sleep,
        )
        async with engine:
            await engine.verify([reference])
    assert len(handler.times) == 2  # the fake once (then remembered), the real index once


def test_http_settings_come_from_the_configuration_alone_defaults_included() -> None:
    plain = http_settings(Config())
    assert (plain.mailto, plain.timeout) == ("", 20.0)
    assert plain.lanes["crossref"].concurrency == 1  # the public pool: one at a time
    polite = http_settings(Config(mailto="lab@example.org", rate_limits={"crossref": 2.0}))
    assert polite.mailto == "lab@example.org"
    assert polite.lanes["crossref"].concurrency == 3
    assert polite.lanes["crossref"].rate == 2.0 and polite.lanes["crossref/list"].rate == 2.0
