"""APA 7 author-date: in-text citations and the alphabetised reference list."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from cite_sentinel.core.model import Citation, Reference, Verdict
from cite_sentinel.core.styles.entry import Entry
from cite_sentinel.core.styles.inline import Rendered


@dataclass(frozen=True, slots=True)
class Disambiguation:
    """The a/b/c year suffixes APA gives works with the same authors and year."""

    suffixes: tuple[tuple[str, str], ...]  # (key, "a") for every key that needs one

    @classmethod
    def from_references(cls, references: Sequence[Reference]) -> Disambiguation:
        """Suffixes in reference-list order (authors, then title), as APA assigns them."""
        raise NotImplementedError

    def suffix(self, key: str) -> str:
        """The key's suffix, or ""."""
        for suffix_key, suffix in self.suffixes:
            if suffix_key == key:
                return suffix
        return ""


def cite_apa(
    group: Sequence[Citation],
    references: Mapping[str, Reference],
    disambiguation: Disambiguation,
    verdicts: Mapping[str, Verdict] | None = None,
) -> Rendered:
    """(Smith, 2024), (Smith & Doe, 2023), (Smith et al., 2024), (Doe, 2020; Smith, 2024a).

    A group whose citations are author-in-text gives "Smith (2024)"; locators follow the
    year: (Smith, 2024, p. 33). Failed references add their mark after the citation.
    """
    raise NotImplementedError


def apa_entry(reference: Reference, disambiguation: Disambiguation | None = None) -> Rendered:
    """One APA 7 reference entry, italics as Emph nodes."""
    raise NotImplementedError


def apa_list(
    references: Sequence[Reference],
    verdicts: Mapping[str, Verdict] | None = None,
) -> tuple[Entry, ...]:
    """The reference list, alphabetised as APA orders it, with marks and notes of failures."""
    raise NotImplementedError
