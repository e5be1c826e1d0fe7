"""Accepted references: an allow-list entry or an accept comment above the entry vouches for it.

Its verdict stays in the result, raises no finding and fails no check; its local findings
(a malformed DOI, a missing field) stay, as they are about the file, not about the work.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace

from cite_sentinel.core.config import Allowed
from cite_sentinel.core.findings import VERDICT_CODES, Code
from cite_sentinel.core.model import Reference
from cite_sentinel.core.result import CheckResult

ACCEPT_MARK = "cite-sentinel: accept"  # in a comment on the line above an entry

# What an accepted reference no longer hears about: its verdict, and the fields `fix` would change.
_SILENCED = VERDICT_CODES | {Code.PAGES_DIFFER}


def marks(text: str) -> frozenset[int]:
    """The lines (1-based) that hold an accept comment."""
    if ACCEPT_MARK not in text:
        return frozenset()
    return frozenset(n for n, line in enumerate(text.splitlines(), 1) if ACCEPT_MARK in line)


def accepted_keys(
    keys: Iterable[str],
    allow: Sequence[Allowed],
    references_of: Callable[[str], Sequence[Reference]],
    marks_of: Mapping[str, frozenset[int]],
) -> frozenset[str]:
    """The keys among `keys` the author vouches for: allowed by key, by the DOI an entry of
    the key cites, or marked by a comment on the line above one of its entries."""
    allowed = {item.key for item in allow if item.key}
    dois = {item.doi for item in allow if item.doi}
    found: set[str] = set()
    for key in keys:
        if key in allowed or any(
            (ref.identifiers.doi and ref.identifiers.doi.lower() in dois)
            or ref.location.line - 1 in marks_of.get(ref.location.path, frozenset())
            for ref in references_of(key)
        ):
            found.add(key)
    return frozenset(found)


def accept(result: CheckResult, keys: frozenset[str]) -> CheckResult:
    """The result without the verdict findings of accepted keys, and naming them."""
    if not keys:
        return result
    findings = tuple(f for f in result.findings if not (f.key in keys and f.code in _SILENCED))
    return replace(result, findings=findings, accepted=keys)
