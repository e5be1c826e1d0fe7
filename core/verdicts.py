"""The verdicts a face holds, keyed as `check` keys them: by key and content, so that a key a
bibliography reuses for two works has a verdict on each."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace

from cite_sentinel.core.model import Reference, Verdict

Identity = tuple[str, str]  # (key, signature): how check tells two works under one key apart


def identity(reference: Reference) -> Identity:
    """How a session keys a reference's verdict: its key and what it says."""
    return reference.key, reference.signature


_KEPT_VERDICTS = 250_000  # a long-lived face's store forgets its oldest beyond this many


class Verdicts:
    """The verdicts a session reached, by key and content, each naming the reference it judged.

    A face that lives long (the MCP server, the web page) checks many files: beyond 250,000
    verdicts (more than the largest bibliography's entries) the oldest are forgotten; the
    engine's verdict cache still remembers them.

    `identity` may be given where a face keeps the identities of references it has seen (the
    language server, whose workspace hands back the same objects for unchanged entries), so
    that a reference's signature is not computed again on every edit.
    """

    def __init__(self) -> None:
        self._by_identity: dict[Identity, Verdict] = {}

    def __len__(self) -> int:
        return len(self._by_identity)

    def __contains__(self, known: object) -> bool:
        return known in self._by_identity

    def put(self, reference: Reference, verdict: Verdict, at: Identity | None = None) -> Verdict:
        """Keep the verdict on this reference, marked as judging it; returns what was kept."""
        kept = replace(verdict, subject=reference.subject)
        known = at or identity(reference)
        self._by_identity.pop(known, None)  # kept again: the newest
        self._by_identity[known] = kept
        while len(self._by_identity) > _KEPT_VERDICTS:
            del self._by_identity[next(iter(self._by_identity))]
        return kept

    def get(self, reference: Reference, at: Identity | None = None) -> Verdict | None:
        return self._by_identity.get(at or identity(reference))

    def values(self) -> list[Verdict]:
        return list(self._by_identity.values())

    def keep_only(self, identities: Collection[Identity]) -> None:
        """Forget the verdicts on references no longer read (an entry edited or removed)."""
        for gone in [known for known in self._by_identity if known not in identities]:
            del self._by_identity[gone]
