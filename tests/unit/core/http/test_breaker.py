"""The circuit breaker: opens after repeated failures, half-opens after its cool-down."""

from __future__ import annotations

from cite_sentinel.core.http.breaker import BreakerState, CircuitBreaker

from tests.unit.core.fakes import FakeClock


def test_a_failed_trial_opens_the_circuit_again_and_a_success_closes_it() -> None:
    clock = FakeClock()
    breaker = CircuitBreaker(threshold=2, cooldown=10.0, clock=clock)
    breaker.failed()
    assert breaker.allow()
    breaker.failed()
    assert breaker.state is BreakerState.OPEN and not breaker.allow()
    clock.now += 10
    assert breaker.allow() and not breaker.allow()  # one trial at a time
    breaker.failed()
    assert breaker.state is BreakerState.OPEN
    clock.now += 10
    assert breaker.allow()
    breaker.succeeded()
    assert breaker.state is BreakerState.CLOSED and breaker.allow()
