"""Typographic quotes and apostrophes, as citeproc prints what the data writes straight."""

from __future__ import annotations

import re

_OPENING_QUOTE = re.compile(r'(^|[\s(\[{\-–—/])"')


def typographic(text: str) -> str:
    """`a 'b' "c"` → `a ’b’ “c”`: what citeproc's plain output shows."""
    text = _OPENING_QUOTE.sub(lambda match: f"{match[1]}“", text)
    return text.replace('"', "”").replace("'", "’")
