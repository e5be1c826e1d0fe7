"""A large bibliography's keys indexed once per version, so each keystroke lints only what's cited.

Above the workspace's unused-entry limit the unused-entry hints are skipped, so the lint
across files needs from such a bibliography only the entries that are cited (undefined keys)
and the nearest entries to each key it lacks (lint's "did you mean"): a few dozen references
instead of thousands.
"""

from __future__ import annotations

from collections.abc import Iterable

from cite_sentinel.core.model import Reference
from cite_sentinel.core.workspace.local_checks import NOCITE_ALL
from rapidfuzz import fuzz, process

NEAREST = 3  # entries offered to lint's suggestion per missing key (it picks one, or none)
_REMEMBERED = 2_000  # missing keys whose nearest entries are remembered per version


class KeyIndex:
    """One version of a bibliography's keys: the first entry of each, and the nearest to others."""

    def __init__(self, keys: tuple[Reference, ...]) -> None:
        self.keys = keys  # the version indexed (compared by identity)
        self._first: dict[str, Reference] = {}
        for reference in keys:
            self._first.setdefault(reference.key, reference)
        self._names = list(self._first)
        self._folded = {key.casefold(): key for key in reversed(self._names)}
        self._nearest: dict[str, tuple[Reference, ...]] = {}

    def cited(self, keys: Iterable[str]) -> tuple[Reference, ...]:
        """The entries lint needs for citations of `keys`: each one cited, and for each key
        missing here the entries lint may suggest instead (same case-folded, then nearest)."""
        chosen: dict[str, Reference] = {}
        for key in keys:
            if key == NOCITE_ALL:
                continue
            found = self._first.get(key)
            for reference in (found,) if found is not None else self._near(key):
                chosen.setdefault(reference.key, reference)
        return tuple(chosen.values())

    def _near(self, key: str) -> tuple[Reference, ...]:
        near = self._nearest.get(key)
        if near is None:
            found = process.extract(key, self._names, scorer=fuzz.ratio, limit=NEAREST)
            best = [name for name, _, _ in found]
            folded = self._folded.get(key.casefold())
            if folded is not None:
                best.append(folded)
            near = tuple(self._first[name] for name in dict.fromkeys(best))
            if len(self._nearest) >= _REMEMBERED:
                self._nearest.clear()
            self._nearest[key] = near
        return near
