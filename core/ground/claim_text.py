"""Citation markup left in a claim is not part of what it claims: strip it before scoring.

Claims read from manuscripts are cleaned by claims.py; claims given to `ground` as JSON
lines, or pasted citing sentences, may still carry markers — `[12]`, `[3, 5-7]`,
`(Smith et al., 2010; Jones 2011)`, or placeholder tokens such as `[<|cit|>]` — whose
letters and digits would count as claim words no abstract contains.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

_PLACEHOLDER = re.compile(r"\[[^\[\]]*<\|[^\[\]]*\]|\(<\|[^()]*\)|<\|[a-z_]+\|>")
_NUMERIC = re.compile(r"\[\s*\d+[a-z]?(?:\s*[-–,;]\s*\d+[a-z]?)*\s*\]")
_NAME = r"[A-Z][\w'’-]+(?:\s+(?:et\s+al\.?|and\s+[A-Z][\w'’-]+|&\s+[A-Z][\w'’-]+))?"
_AUTHOR_YEAR = re.compile(
    rf"\((?:(?:e\.g\.,?|see|cf\.)\s+)?{_NAME},?\s+(?:19|20)\d\d[a-z]?"
    rf"(?:\s*[;,]\s*(?:{_NAME},?\s+)?(?:19|20)\d\d[a-z]?)*\)"
)
_SPACE_BEFORE_PUNCTUATION = re.compile(r"\s+([.,;:])")


def clean_claim(text: str) -> str:
    """The claim without citation markers, with its spacing tidied."""
    for pattern in (_PLACEHOLDER, _NUMERIC, _AUTHOR_YEAR):
        text = pattern.sub(" ", text)
    text = " ".join(text.split())
    return _SPACE_BEFORE_PUNCTUATION.sub(r"\1", text)


def without_keys(text: str, keys: Iterable[str]) -> str:
    """The claim without the citation keys an author-in-text citation left standing for its
    authors ("As smith20 showed, …"): a key is no word the cited work's text would use."""
    words = sorted({key for key in keys if key}, key=len, reverse=True)
    if not words:
        return text
    pattern = r"(?<![\w:-])(?:" + "|".join(map(re.escape, words)) + r")(?![\w:-])"
    return " ".join(re.sub(pattern, " ", text).split())
