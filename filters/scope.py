"""The references a build is about: the cited ones (every entry with `nocite: @*`).

citeproc lists only what a document cites, so a shared .bib of hundreds of entries must
neither cost a request per uncited entry nor fail the build, warn, or count in the summary
because of an entry the text never cites.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import replace

from cite_sentinel.core import CheckResult, Citation, Reference, Selection
from cite_sentinel.core.workspace import NOCITE_ALL


def cited_keys(citations: Sequence[Citation]) -> frozenset[str] | None:
    """The keys the document cites (text and `nocite`); None when `@*` cites every entry."""
    keys = frozenset(citation.key for citation in citations)
    return None if NOCITE_ALL in keys else keys


def select_cited(keys: frozenset[str] | None) -> Selection | None:
    """core.check's `select`: the cited keys, or None (verify everything) for `@*`."""
    if keys is None:
        return None
    chosen = keys

    def select(references: Sequence[Reference], citations: Sequence[Citation]) -> Collection[str]:
        return chosen

    return select


def narrowed(result: CheckResult, keys: frozenset[str] | None) -> CheckResult:
    """The result without the uncited entries and the findings about them."""
    if keys is None:
        return result
    uncited = {reference.key for reference in result.references} - keys
    if not uncited:
        return result
    return replace(
        result,
        references=tuple(r for r in result.references if r.key not in uncited),
        findings=tuple(f for f in result.findings if f.key not in uncited),
        verdicts=tuple(v for v in result.verdicts if v.key not in uncited),
    )
