"""Request counters: all, per API, per endpoint kind, per API and status, 429s per API and cause,
and Crossref's requests per pool (public or polite: whether a contact address came with them)."""

from __future__ import annotations

import threading
from collections import Counter
from dataclasses import dataclass, field

from .faults import APIS


@dataclass(frozen=True, slots=True, kw_only=True)
class Stats:
    """Request counts since the last reset.

    `refused` counts the 429s the fake's limits gave, per API and cause: "rate" (over the
    rate), "concurrency" (over the requests allowed at a time) or "burst" (a configured burst).
    """

    total: int
    by_api: dict[str, int] = field(default_factory=dict)
    by_kind: dict[str, int] = field(default_factory=dict)
    by_status: dict[str, dict[str, int]] = field(default_factory=dict)
    refused: dict[str, dict[str, int]] = field(default_factory=dict)
    crossref_pools: dict[str, int] = field(default_factory=dict)

    def as_json(self) -> dict[str, object]:
        return {
            "total": self.total,
            "by_api": self.by_api,
            "by_kind": self.by_kind,
            "by_status": self.by_status,
            "refused": self.refused,
            "crossref_pools": self.crossref_pools,
        }

    def too_many(self, api: str) -> int:
        """The 429 answers the API gave."""
        return self.by_status.get(api, {}).get("429", 0)


class Counters:
    """Thread-safe counts of the requests the server answered."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._apis: Counter[str] = Counter()
        self._kinds: Counter[str] = Counter()
        self._statuses: dict[str, Counter[str]] = {}
        self._refused: dict[str, Counter[str]] = {}
        self._pools: Counter[str] = Counter()

    def count(self, api: str, kind: str, status: int, refused: str = "", pool: str = "") -> None:
        with self._lock:
            if pool:
                self._pools[pool] += 1
            self._apis[api] += 1
            if kind:
                self._kinds[kind] += 1
            self._statuses.setdefault(api, Counter())[str(status)] += 1
            if refused:
                self._refused.setdefault(api, Counter())[refused] += 1

    def snapshot(self) -> Stats:
        with self._lock:
            by_api = {api: self._apis[api] for api in APIS if self._apis[api]}
            return Stats(
                total=sum(by_api.values()),
                by_api=by_api,
                by_kind=dict(sorted(self._kinds.items())),
                by_status={api: dict(c) for api, c in sorted(self._statuses.items())},
                refused={api: dict(c) for api, c in sorted(self._refused.items())},
                crossref_pools=dict(sorted(self._pools.items())),
            )

    def reset(self) -> None:
        with self._lock:
            self._apis.clear()
            self._kinds.clear()
            self._statuses.clear()
            self._refused.clear()
            self._pools.clear()
