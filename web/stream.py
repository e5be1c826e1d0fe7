"""The events of one check or batch, kept whole so that a tab opened late sees every one."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    """One server-sent event: its name and its JSON data."""

    name: str
    data: str

    def encoded(self) -> bytes:
        """The event as the text/event-stream format writes it."""
        lines = "".join(f"data: {line}\n" for line in self.data.split("\n"))
        return f"event: {self.name}\n{lines}\n".encode()


class Stream:
    """An append-only list of events that any number of followers read from the start."""

    def __init__(self) -> None:
        self._events: list[Event] = []
        self._dropped = 0  # events forgotten by `settle`, before the first kept
        self._changed = asyncio.Event()
        self.closed = False

    def publish(self, name: str, data: dict[str, Any]) -> None:
        self._events.append(Event(name, json.dumps(data, ensure_ascii=False)))
        self._wake()

    def close(self) -> None:
        """No more events: each follower ends after the last."""
        self.closed = True
        self._wake()

    def settle(self) -> None:
        """Forget every event but the last (`done`): the finished work's page shows its
        result, and a follower still gets the last event, whatever it had read."""
        self._dropped += len(self._events[:-1])
        self._events = self._events[-1:]

    async def follow(self) -> AsyncIterator[Event]:
        """Every event so far, then each new one as it comes, until the stream is closed."""
        seen = 0
        while True:
            changed = self._changed
            seen = max(seen, self._dropped)
            if seen - self._dropped < len(self._events):
                event = self._events[seen - self._dropped]
                seen += 1
                yield event
                continue
            if self.closed:
                return
            await changed.wait()

    def _wake(self) -> None:
        changed, self._changed = self._changed, asyncio.Event()
        changed.set()
