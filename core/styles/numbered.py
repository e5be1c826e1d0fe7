"""The numbered style: [1], [1, 3], [2–4] in the text, and entries with URL and dates."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cite_sentinel.core.model import Citation, Reference, Verdict
from cite_sentinel.core.styles.entry import Entry
from cite_sentinel.core.styles.inline import Rendered
from cite_sentinel.core.styles.numbering import Numbering


def cite_numbered(
    group: Sequence[Citation],
    numbering: Numbering,
    verdicts: Mapping[str, Verdict] | None = None,
) -> Rendered:
    """One bracket for citations written together: "[1]", "[1, 3]", "[2–4]", "[1, p. 33]".

    A failed reference adds its mark after the bracket: "[3]⚠" (a Span with class and title).
    Keys the numbering does not know render as "[?key]" so nothing disappears silently.
    """
    raise NotImplementedError


def numbered_entry(
    reference: Reference,
    number: int,
    verdict: Verdict | None = None,
) -> Entry:
    """`[2] "Title", Authors` and then URL, Published and Accessed lines where known.

    Accessed is the reference's own urldate, else the date the verdict was reached is not
    known to core, so the caller may pass a reference whose `accessed` it has set.
    """
    raise NotImplementedError


def numbered_list(
    references: Sequence[Reference],
    numbering: Numbering,
    verdicts: Mapping[str, Verdict] | None = None,
) -> tuple[Entry, ...]:
    """Entries of every numbered reference, in number order (uncited references left out)."""
    raise NotImplementedError


def numbered_markdown(entries: Sequence[Entry]) -> str:
    """The reference list as Markdown text exactly as the issue shows it (raw, not escaped)."""
    raise NotImplementedError
