"""A circuit breaker per host: after repeated failures, fail fast instead of waiting again."""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum


class BreakerState(StrEnum):
    """Closed lets calls through; open refuses them; half-open lets one trial through."""

    CLOSED = "closed"
    OPEN = "open"
    HALF_OPEN = "half-open"


class CircuitBreaker:
    """Opens after `threshold` consecutive failures; after `cooldown` seconds allows a trial."""

    __slots__ = ("_clock", "_cooldown", "_failures", "_opened_at", "_state", "_threshold", "_trial")

    def __init__(self, threshold: int, cooldown: float, clock: Callable[[], float]) -> None:
        self._threshold = max(1, threshold)
        self._cooldown = cooldown
        self._clock = clock
        self._failures = 0
        self._opened_at = 0.0
        self._state = BreakerState.CLOSED
        self._trial = False

    @property
    def state(self) -> BreakerState:
        if self._state is BreakerState.OPEN and self._clock() - self._opened_at >= self._cooldown:
            return BreakerState.HALF_OPEN
        return self._state

    @property
    def is_open(self) -> bool:
        """Refusing calls now (not yet cooled down)."""
        return self.state is BreakerState.OPEN

    def allow(self) -> bool:
        """Whether a call may go out now; in half-open state only one trial at a time."""
        state = self.state
        if state is BreakerState.CLOSED:
            return True
        if state is BreakerState.HALF_OPEN and not self._trial:
            self._state = BreakerState.HALF_OPEN
            self._trial = True
            return True
        return False

    def succeeded(self) -> None:
        self._failures = 0
        self._trial = False
        self._state = BreakerState.CLOSED

    def failed(self) -> None:
        self._failures += 1
        was_trial = self._trial
        self._trial = False
        if was_trial or self._failures >= self._threshold:
            self._state = BreakerState.OPEN
            self._opened_at = self._clock()

    def trip(self) -> None:
        """Open at once: the host cannot be reached at all, so waiting on it again is futile."""
        self._trial = False
        self._failures = max(self._failures, self._threshold)
        self._state = BreakerState.OPEN
        self._opened_at = self._clock()
