"""A printed reference cut into tokens that keep their place in the text.

Words (with their inner hyphens and apostrophes: "Pérez-Higueras", "O'Brien", "1477-81"),
single punctuation marks, and whole identifiers (URLs, DOIs, arXiv ids), so that the labeller
sees "Phys .Rev .B" and "Phys. Rev. B" as the same tokens.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_TOKEN = re.compile(
    r"(?:https?|ftp)://\S+?(?=[.,;)\]]*(?:\s|$))"  # a URL, less the sentence's punctuation
    r"|www\.\S+?(?=[.,;)\]]*(?:\s|$))"
    r"|10\.\d{4,9}(?:\.\d+)*/\S+?(?=[.,;)\]]*(?:\s|$))"  # a DOI
    r"|\d{4}\.\d{4,5}(?:v\d+)?(?![\w.])"  # an arXiv id: 2101.00001v2
    r"|\w+(?:[-‐‑–'’]\w+)*"  # a word, with its inner hyphens and apostrophes
    r"|[^\w\s]",  # one mark
)


@dataclass(frozen=True, slots=True)
class Token:
    """One token and where it stands in the text it was read from."""

    text: str
    start: int
    end: int

    @property
    def is_word(self) -> bool:
        return self.text[0].isalnum() or self.text[0] == "_"


def tokenise(text: str) -> tuple[Token, ...]:
    """Every token of `text`, in order."""
    return tuple(
        Token(match.group(0), match.start(), match.end()) for match in _TOKEN.finditer(text)
    )
