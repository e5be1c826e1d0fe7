"""What the in-text search works with: the listed references, and the marks found in the text."""

from __future__ import annotations

from dataclasses import dataclass

from cite_sentinel.core.model import Reference
from cite_sentinel.core.sources.pdf.margins import PageLine


@dataclass(frozen=True, slots=True)
class Listed:
    """A reference of the list, with the lines it was printed on."""

    reference: Reference
    lines: tuple[PageLine, ...]


@dataclass(frozen=True, slots=True)
class Mark:
    """A place in the text that cites one entry (by its key), or one the list lacks."""

    key: str
    start: int
    end: int
    label: str
    group: int
    removed: bool  # the marker is no prose (a bracket or superscript), left out of the sentence
