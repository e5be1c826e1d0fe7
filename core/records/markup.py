"""Index text carrying LaTeX markup (dblp-derived records write `B\\"{u}nz`) as plain text.

Compared or written as it stands, the markup reads as another name and `fix` would escape it
into the bibliography literally; decoded, it is the name the work prints.
"""

from __future__ import annotations

import re

from cite_sentinel.core.sources.latex_text import decode_latex

# A command (`\"`, `\'`, `\ss`, `\&`) or an accent's braces: markup, not text.
_MARKUP = re.compile(r"\\[^\s]|\{\\")


def plain(text: str) -> str:
    """The text with any LaTeX markup decoded; text without markup as given."""
    return decode_latex(text) if _MARKUP.search(text) else text
