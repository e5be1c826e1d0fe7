"""What in a LaTeX file is never read for citations: comments and verbatim material."""

from __future__ import annotations

import re

_VERBATIM = re.compile(
    r"\\begin\{(verbatim\*?|Verbatim\*?|lstlisting|minted|comment|alltt|BVerbatim|LVerbatim)\}"
    r".*?(?:\\end\{\1\}|\Z)",
    re.DOTALL,
)
_INLINE_VERBATIM = re.compile(
    r"\\(?:verb\*?|lstinline|Verb)(?:\[[^\]\n]*\])?(?:([^\sA-Za-z{])(?:(?!\1).)*?\1|\{[^}\n]*\})"
    r"|\\mintinline(?:\[[^\]\n]*\])?\{[^}\n]*\}(?:([^\sA-Za-z{])(?:(?!\2).)*?\2|\{[^}\n]*\})"
)


def find_hidden(text: str) -> list[tuple[int, int]]:
    """Spans of comments (from an unescaped `%` to the line end) and verbatim text."""
    spans: list[tuple[int, int]] = []
    position = 0
    verbatim = _VERBATIM.search(text)
    inline = _INLINE_VERBATIM.search(text)
    while position < len(text):
        if verbatim is not None and verbatim.start() < position:
            verbatim = _VERBATIM.search(text, position)
        if inline is not None and inline.start() < position:
            inline = _INLINE_VERBATIM.search(text, position)
        comment = _comment(text, position)
        candidates = [m for m in (verbatim, inline) if m is not None]
        first = min(candidates, key=lambda m: m.start()) if candidates else None
        if comment is not None and (first is None or comment[0] < first.start()):
            spans.append(comment)
            position = comment[1]
        elif first is not None:
            spans.append(first.span())
            position = max(first.end(), position + 1)
        else:
            break
    return spans


def _comment(text: str, position: int) -> tuple[int, int] | None:
    """The next comment: a `%` after an even number of backslashes, up to the newline."""
    while (found := text.find("%", position)) >= 0:
        backslashes = 0
        while found - backslashes - 1 >= 0 and text[found - backslashes - 1] == "\\":
            backslashes += 1
        if backslashes % 2 == 0:
            end = text.find("\n", found)
            return found, end if end >= 0 else len(text)
        position = found + 1
    return None
