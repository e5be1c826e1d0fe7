"""Which reference each search source asks about next: one queue per source, no scans.

OpenAlex and Crossref are primary: whichever is free takes the next fresh reference. A
reference a source searched without settling goes into the queue of each primary not yet
asked (a second opinion), and, once every primary has answered, into Semantic Scholar's:
with an API key always (a third opinion before "fabricated"), without one only as a stand-in
where a primary failed, and only while the keyless allowance lasts. A primary that rarely
settles what it is asked first (Crossref for papers without DOIs) turns cold: it takes only
second opinions while the other primary does better. Every step is O(log n), so a list of
16,000 references is scheduled as fast, per reference, as one of ten.

DataCite is asked only about the references named as data (datasets and software, which it
holds and the primaries often do not), and about those first: what it does not settle goes
on to the primaries as a second opinion.
"""

from __future__ import annotations

import collections
import heapq
from collections.abc import Collection, Mapping

S2 = "semanticscholar"
DATACITE = "datacite"
PRIMARIES = frozenset({"openalex", "crossref"})
# A primary search source that settles under this share of its first asks, after this many,
# stops taking fresh references while the other primary does better.
COLD_AFTER = 8
COLD_SHARE = 0.25


class Allowance:
    """How many references keyless Semantic Scholar may still be asked about.

    Keyless use shares a heavily throttled pool (about one request a second for everyone), so
    it stands in for a failed index only a few times per process, not per `verify` call.
    """

    __slots__ = ("left",)

    def __init__(self, left: int) -> None:
        self.left = left

    def spend(self) -> bool:
        """Take one ask; False when none is left."""
        if self.left <= 0:
            return False
        self.left -= 1
        return True


class SearchBoard:
    """The references (by index) still to search, and which source has been asked about which."""

    def __init__(
        self,
        count: int,
        *,
        sources: Collection[str],
        s2_keyed: bool,
        allowance: Allowance,
        spoken: Mapping[int, frozenset[str]] | None = None,
        data: Collection[int] = (),
    ) -> None:
        """`spoken` names, for a reference whose identifiers found a record another index must
        confirm, the indexes that already gave their word: it is queued for the others only.
        `data` are the references that cite a dataset or software: DataCite's, first."""
        self._sources = frozenset(sources)
        self._primaries = self._sources & PRIMARIES
        self._s2_keyed = s2_keyed
        self._allowance = allowance
        spoken = spoken or {}
        self._data = frozenset(data) if DATACITE in self._sources else frozenset[int]()
        self._queues: dict[str, list[int]] = {name: [] for name in self._sources}
        first = [i for i in range(count) if not spoken.get(i)]
        if self._data:
            self._queues[DATACITE] = [i for i in first if i in self._data]  # sorted: a heap
        fresh = [i for i in first if i not in self._data] if self._fresh_takers() else []
        self._fresh = collections.deque(fresh)
        self._searched: list[frozenset[str]] = [frozenset()] * count
        self._busy = bytearray(count)
        self._closed = bytearray(count)  # settled, or nobody is left to ask
        self._in_flight = 0
        self._first_asks: collections.Counter[str] = collections.Counter()
        self._first_hits: collections.Counter[str] = collections.Counter()
        for index, names in sorted(spoken.items()):
            if names:
                self._searched[index] = frozenset(names)
                self._queue_for_others(index, primary_failed=False)

    def take(self, name: str) -> int | None:
        """The next reference `name` should be asked about, marked busy; None when none now."""
        queue = self._queues[name]
        while queue and not self._askable(queue[0], name):
            heapq.heappop(queue)
        while self._fresh and self._closed[self._fresh[0]]:
            self._fresh.popleft()
        fresh = self._fresh[0] if self._fresh and self._takes_fresh(name) else None
        queued = queue[0] if queue else None
        if queued is None and fresh is None:
            return None
        if name == S2 and not self._s2_keyed and not self._allowance.spend():
            queue.clear()  # the allowance is spent: nothing queued here will be asked
            return None
        if queued is not None and (fresh is None or queued < fresh):
            index = heapq.heappop(queue)
        else:
            index = self._fresh.popleft()
        self._busy[index] = 1
        self._in_flight += 1
        return index

    def finished(self, name: str) -> bool:
        """Nothing is left that `name` could be asked, now or after a busy reference returns
        (or one queued for another source: DataCite's data go on to the primaries)."""
        return not (self._in_flight or self._fresh or any(self._queues.values()))

    def answered(self, index: int, name: str, *, settled: bool, primary_failed: bool) -> bool:
        """Record that `name` answered about a reference; True when nobody will ask again."""
        first = not self._searched[index]
        searched = self._searched[index] | {name}
        self._searched[index] = searched
        self._busy[index] = 0
        self._in_flight -= 1
        if first:
            self._first_asks[name] += 1
            self._first_hits[name] += settled
        if settled:
            self._closed[index] = 1
            return True
        return not self._queue_for_others(index, primary_failed=primary_failed)

    def _queue_for_others(self, index: int, *, primary_failed: bool) -> bool:
        """Queue a reference for every source still to be asked; False (closed) when none is."""
        searched = self._searched[index]
        asked_again = False
        for other in sorted(self._sources - searched):
            if self._wants(other, index, searched, primary_failed=primary_failed):
                heapq.heappush(self._queues[other], index)
                asked_again = True
        if not asked_again:
            self._closed[index] = 1
        return asked_again

    def unfinished(self) -> list[int]:
        """References never closed: still queued when the run ended (keyless allowance spent)."""
        return [index for index, closed in enumerate(self._closed) if not closed]

    def _wants(
        self, name: str, index: int, searched: frozenset[str], *, primary_failed: bool
    ) -> bool:
        if name == DATACITE:
            return index in self._data
        if name != S2:
            return True  # a second opinion: coldness only keeps a primary off fresh references
        if not searched >= self._primaries:
            return False
        if self._s2_keyed:
            return True
        return primary_failed and self._allowance.left > 0

    def _askable(self, index: int, name: str) -> bool:
        return not (self._closed[index] or self._busy[index] or name in self._searched[index])

    def _takes_fresh(self, name: str) -> bool:
        if name == S2:
            return not self._primaries  # the only search source the configuration allows
        if name == DATACITE:
            return False  # only data, queued for it from the start
        return not self._cold(name)

    def _fresh_takers(self) -> bool:
        """Whether any source takes fresh references (none where DataCite alone is allowed)."""
        return bool(self._primaries) or S2 in self._sources

    def _cold(self, name: str) -> bool:
        """Cold only beside another primary that settles more: one alone asks everything."""
        others = self._primaries - {name}
        return self._rarely_settles(name) and any(not self._rarely_settles(n) for n in others)

    def _rarely_settles(self, name: str) -> bool:
        asks = self._first_asks[name]
        return asks >= COLD_AFTER and self._first_hits[name] < COLD_SHARE * asks
