"""One reference-list entry as every style produces it, ready for pandoc or for text."""

from __future__ import annotations

from dataclasses import dataclass

from cite_sentinel.core.styles.inline import Rendered
from cite_sentinel.core.styles.marks import Mark


@dataclass(frozen=True, slots=True, kw_only=True)
class Entry:
    """A reference-list entry.

    `lines[0]` is the entry itself (every style writes it on one line); `note` says what is
    wrong with the reference (None when nothing marked is wrong, or nothing is known).
    """

    key: str
    label: str  # "[2]" for numbered and HTML entries, "" for APA
    lines: tuple[Rendered, ...]
    mark: Mark | None = None
    note: Rendered | None = None


def entry_anchor(key: str) -> str:
    """The id of a numbered or APA entry: what citations link to with `link-citations`."""
    return f"cite-sentinel-{key}"
