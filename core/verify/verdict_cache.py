"""Remembered verdicts, so a re-run of an unchanged bibliography skips matching and the network.

A verdict is a pure function of the reference and the indexes' answers, and those answers are
cached with a freshness anyway; the verdict is kept no longer than the shortest-lived answer it
could rest on: a match 7 days (a retraction may appear), fabricated 3 days (a work may appear).
Unverified because a source failed: never (failures are never cached); unverified though every
source asked answered (a kind of work the indexes do not hold): 3 days, as fabricated.
"""

from __future__ import annotations

import hashlib
from importlib import metadata
from pathlib import Path

import diskcache
from cite_sentinel.core.http.cache import DAY, CacheMode
from cite_sentinel.core.model import Reference, SourceStatus, Status, Verdict

# Bump when matching changes what a verdict says about the same answers.
VERDICT_SCHEMA = 4

_TTL = {
    Status.VERIFIED: 7 * DAY,
    Status.MISCITED: 7 * DAY,
    Status.FABRICATED: 3 * DAY,
    Status.UNVERIFIED: 3 * DAY,  # only when no source failed: see _ttl
}


class VerdictCache:
    """diskcache in a folder of its own beside the response cache."""

    def __init__(
        self, directory: Path, mode: CacheMode = CacheMode.NORMAL, *, scope: str = ""
    ) -> None:
        """`scope` names what else a verdict rests on (the indexes asked and where they were
        reached): a verdict remembered under one scope is never recalled under another."""
        self.mode = mode
        self._store = diskcache.Cache(str(directory))
        self._version = f"{VERDICT_SCHEMA}:{_package_version()}\x1e{scope}"

    def get(self, reference: Reference) -> Verdict | None:
        """The remembered verdict on this reference (refresh mode never reads)."""
        if self.mode is CacheMode.REFRESH:
            return None
        value = self._store.get(self._key(reference))
        return value if isinstance(value, Verdict) and value.key == reference.key else None

    def put(self, reference: Reference, verdict: Verdict) -> None:
        """Remember a verdict as long as its status allows (offline mode never writes)."""
        ttl = _ttl(verdict)
        if ttl is None or self.mode is CacheMode.OFFLINE:
            return
        self._store.set(self._key(reference), verdict, expire=ttl)

    def close(self) -> None:
        self._store.close()

    def _key(self, reference: Reference) -> str:
        text = f"{self._version}\x1e{reference.key}\x1e{reference.signature}"
        return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _ttl(verdict: Verdict) -> float | None:
    if verdict.status is Status.UNVERIFIED and (
        not verdict.sources
        or any(source.status is SourceStatus.FAILED for source in verdict.sources)
    ):
        return None  # it rests on a failure (or on nothing asked at all)
    return _TTL.get(verdict.status)


def _package_version() -> str:
    try:
        return metadata.version("cite-sentinel")
    except metadata.PackageNotFoundError:
        return "0"
