"""A fake clock and sleep for the HTTP tests: time passes only when code sleeps."""

from __future__ import annotations


class FakeClock:
    """Monotonic seconds that advance when `sleep` is awaited, recording each wait."""

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start
        self.sleeps: list[float] = []

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += max(0.0, seconds)
