"""Numbers in order of first citation, and one anchor per citation for links back to it."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cite_sentinel.core.model import Citation


@dataclass(frozen=True, slots=True)
class Numbering:
    """Reference numbers by key, and the anchor id of every citation of each key.

    A citation is told apart by (group, key): the filter gives each Cite element its own
    `Citation.group`, as the readers do for each bracket.
    """

    keys: tuple[str, ...]  # index + 1 is the number
    anchors: tuple[tuple[int, str, str], ...]  # (group, key, anchor id) in document order

    @classmethod
    def from_citations(cls, citations: Iterable[Citation]) -> Numbering:
        """Number the keys in the order they are first cited."""
        keys: list[str] = []
        seen: dict[str, int] = {}
        anchors: list[tuple[int, str, str]] = []
        done: set[tuple[int, str]] = set()
        for citation in citations:
            if citation.key not in seen:
                keys.append(citation.key)
                seen[citation.key] = 0
            if (citation.group, citation.key) in done:
                continue
            done.add((citation.group, citation.key))
            seen[citation.key] += 1
            number = keys.index(citation.key) + 1
            anchors.append((citation.group, citation.key, f"cite{number}-{seen[citation.key]}"))
        return cls(tuple(keys), tuple(anchors))

    @classmethod
    def from_keys(cls, keys: Sequence[str]) -> Numbering:
        """Number a bibliography in its own order (for `format`, where nothing is cited)."""
        unique = tuple(dict.fromkeys(keys))
        return cls(unique, ())

    def with_keys(self, keys: Iterable[str]) -> Numbering:
        """Numbers for keys listed without a citation (`nocite`), after those already numbered."""
        extra = tuple(key for key in dict.fromkeys(keys) if key not in self.keys)
        return Numbering(self.keys + extra, self.anchors) if extra else self

    def number(self, key: str) -> int | None:
        """The number of a key, or None when it was never cited."""
        try:
            return self.keys.index(key) + 1
        except ValueError:
            return None

    def anchor(self, citation: Citation) -> str:
        """The id of a citation's anchor ("cite3-2": second citation of reference 3), or ""."""
        for group, key, anchor in self.anchors:
            if group == citation.group and key == citation.key:
                return anchor
        return ""

    def anchors_of(self, key: str) -> tuple[str, ...]:
        """Every citation anchor of a key, in document order: the entry's back-links."""
        return tuple(anchor for _, anchor_key, anchor in self.anchors if anchor_key == key)
