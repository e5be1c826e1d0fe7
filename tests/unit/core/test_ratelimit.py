"""Token buckets: a burst goes at once, then requests are spaced at the rate."""

from __future__ import annotations

import pytest
from cite_sentinel.core.ratelimit import TokenBucket

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
