"""Token buckets space requests and slow down after a 429; gates bound the requests in flight."""

from __future__ import annotations

import asyncio

import pytest
from cite_sentinel.core.http.ratelimit import Gate, TokenBucket

from tests.unit.core.fakes import FakeClock


def test_callers_beyond_the_burst_wait_their_turn_at_the_rate() -> None:
    clock = FakeClock()
    bucket = TokenBucket(rate=2.0, burst=2.0, clock=clock)
    waits = [bucket.reserve() for _ in range(4)]
    assert waits == pytest.approx([0.0, 0.0, 0.5, 1.0])


def test_a_pause_holds_every_token_until_it_ends() -> None:
    clock = FakeClock()
    bucket = TokenBucket(rate=10.0, burst=10.0, clock=clock)
    bucket.pause_for(30.0)
    assert bucket.reserve() == pytest.approx(30.0)
    clock.now += 31
    assert bucket.reserve() == 0.0


def test_a_429_halves_the_rate_and_answers_bring_it_back_step_by_step() -> None:
    clock = FakeClock()
    bucket = TokenBucket(rate=10.0, burst=1.0, clock=clock)
    bucket.slow_down()
    assert bucket.rate == pytest.approx(5.0)
    for _ in range(5):
        bucket.recover()
    assert bucket.rate == pytest.approx(7.5)
    for _ in range(100):
        bucket.recover()
    assert bucket.rate == pytest.approx(10.0)  # never above what the API allows


def test_repeated_429s_never_stop_the_lane() -> None:
    clock = FakeClock()
    bucket = TokenBucket(rate=10.0, burst=1.0, clock=clock)
    for _ in range(20):
        bucket.slow_down()
    assert bucket.rate == pytest.approx(1.0)


def test_an_announced_rate_keeps_a_slow_down_in_force() -> None:
    clock = FakeClock()
    bucket = TokenBucket(rate=10.0, burst=1.0, clock=clock)
    bucket.slow_down()
    bucket.set_rate(10.0)  # the next answer's headers repeat the limit
    assert bucket.rate == pytest.approx(5.0) and bucket.ceiling == 10.0
    bucket.set_rate(3.0)  # a lower limit is followed at once
    assert bucket.rate == pytest.approx(3.0)


async def test_a_gate_lets_callers_in_by_arrival_up_to_its_limit() -> None:
    gate = Gate(2)
    order: list[int] = []
    release = asyncio.Event()

    async def caller(number: int) -> None:
        async with gate:
            order.append(number)
            await release.wait()

    tasks = [asyncio.create_task(caller(n)) for n in range(5)]
    await _turns()
    assert order == [0, 1] and gate.holders == 2
    release.set()
    await asyncio.gather(*tasks)
    assert order == [0, 1, 2, 3, 4]


async def test_a_lowered_limit_holds_the_next_callers_until_those_inside_leave() -> None:
    gate = Gate(3)
    inside: list[int] = []
    leave = [asyncio.Event() for _ in range(5)]

    async def caller(number: int) -> None:
        async with gate:
            inside.append(number)
            await leave[number].wait()
            inside.remove(number)

    tasks = [asyncio.create_task(caller(n)) for n in range(5)]
    await _turns()
    gate.set_limit(1)
    leave[0].set()
    leave[1].set()
    await _turns()
    assert inside == [2]  # two left, but the limit is now one: nobody came in
    leave[2].set()
    await _turns()
    assert inside == [3]
    leave[3].set()
    leave[4].set()
    await asyncio.gather(*tasks)


async def test_a_caller_cancelled_while_waiting_gives_up_its_place() -> None:
    gate = Gate(1)
    release = asyncio.Event()
    entered: list[str] = []

    async def caller(name: str) -> None:
        async with gate:
            entered.append(name)
            await release.wait()

    first = asyncio.create_task(caller("first"))
    second = asyncio.create_task(caller("second"))
    third = asyncio.create_task(caller("third"))
    await _turns()
    second.cancel()
    release.set()
    await asyncio.gather(first, third)
    assert entered == ["first", "third"] and gate.holders == 0


async def _turns() -> None:
    for _ in range(10):
        await asyncio.sleep(0)
