"""Accepted references: a configuration's allow-list silences their verdicts, with a reason."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from cite_sentinel.core.config import Allowed
from cite_sentinel.core.findings import Code
from cite_sentinel.core.model import CheckResult
from cite_sentinel.core.report.summary import VERDICT_CODES

# What an accepted reference no longer hears about: its verdict, and the fields `fix` would change.
_SILENCED = VERDICT_CODES | {Code.PAGES_DIFFER}


def accepted_keys(result: CheckResult, allow: Sequence[Allowed]) -> frozenset[str]:
    """The keys the allow-list accepts, by key or by the DOI their entry cites."""
    keys = {item.key for item in allow if item.key}
    dois = {item.doi for item in allow if item.doi}
    keys.update(ref.key for ref in result.references if ref.identifiers.doi in dois)
    return frozenset(keys)


def accept(result: CheckResult, allow: Sequence[Allowed]) -> CheckResult:
    """The result without the verdict findings of accepted references (local findings stay)."""
    keys = accepted_keys(result, allow)
    if not keys:
        return result
    findings = tuple(f for f in result.findings if not (f.key in keys and f.code in _SILENCED))
    return replace(result, findings=findings)
