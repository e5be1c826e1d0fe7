"""Printed lines joined back into running text: hyphens undone, split identifiers rejoined.

A word broken at a line's end by a hyphen is joined without it ("Classifica-" "tion") unless
the document's words say the hyphen is the word's ("Time-" "series", see `hyphens`); a hyphen
before a capital or a digit is part of the word ("Thirty-" "Fifth", "pp. 11523–" "11530").
A DOI, URL or arXiv id broken across lines is joined without a space: where a link annotation
covers both pieces, or where the first piece ends as identifiers break ("10.1609/"
"aaai.v33i01.33014205", "10.1609/aaai." "v33i01.33019921": a piece in lower case with a digit
in it goes on the identifier, where a sentence after it would start with a capital).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from urllib.parse import unquote

from cite_sentinel.core.sources.pdf.document import Link, LinkKind
from cite_sentinel.core.sources.pdf.glyphs import Word
from cite_sentinel.core.sources.pdf.hyphens import Words
from cite_sentinel.core.sources.pdf.layout import Line
from cite_sentinel.core.sources.pdf.margins import PageLine

_IDENTIFIER = re.compile(
    r"(?:https?://|www\.|doi:|10\.\d{4,9}(?:\.\d+)*/|arxiv:|\w[\w.-]*\.(?:org|com|net|edu)/)",
    re.IGNORECASE,
)
_BREAKS_AFTER = "/.-_:#?=&~%"
_GOES_ON = re.compile(r"^[\w./_#?=&~%:;()-]*[\d./_][\w./_#?=&~%:;()-]*[.,]?$")
# The rest of an identifier in lower case, a digit in it: "v33i01.33019921."
_LOWER_PIECE = re.compile(r"[a-z][\w./_#?=&~%:;()-]*\d[\w./_#?=&~%:;()-]*[.,]?$")
_HYPHENS = "-\u2010\u2011"
_DASHES = "\u2013\u2014"


def joined_text(
    lines: Sequence[PageLine], links: Mapping[int, Sequence[Link]], words: Words
) -> str:
    """The lines as one string, joined as the typesetter broke them."""
    parts: list[str] = []
    previous: PageLine | None = None
    for line in lines:
        text = line.line.text.strip()
        if not text:
            continue
        if previous is None or not parts:
            parts.append(text)
        else:
            parts[-1], text = _join(parts[-1], previous, text, line, links, words)
            parts.append(text)
        previous = line
    return "".join(parts)


def link_uris(lines: Sequence[PageLine], links: Mapping[int, Sequence[Link]]) -> tuple[str, ...]:
    """The web addresses of the link annotations over the lines, in order, once each."""
    found: dict[str, None] = {}
    for line in lines:
        for link in links.get(line.page, ()):
            if link.kind is LinkKind.URI and _overlaps(link, line.line):
                found.setdefault(link.uri, None)
    return tuple(found)


def _join(
    before: str,
    previous: PageLine,
    text: str,
    line: PageLine,
    links: Mapping[int, Sequence[Link]],
    words: Words,
) -> tuple[str, str]:
    """The text so far and the next line's text, ready to be concatenated."""
    last = before.rsplit(" ", 1)[-1]
    first = text.split(" ", 1)[0]
    uri = _same_link(previous, line, links)
    if uri is not None or _identifier_goes_on(last, first):
        if before[-1] in _HYPHENS and _hyphenated_inside(last, first, uri):
            return before[:-1], text
        return before, text
    if before[-1] in _HYPHENS and len(last) > 1:
        if last[-2].isalpha() and first[:1].islower():
            whole = last[:-1].lstrip("(“\"'[")
            return (before if words.keeps_hyphen(whole, first) else before[:-1]), text
        return before, text
    if before[-1] in _DASHES and first[:1].isdigit():
        return before, text
    return before + " ", text


def _hyphenated_inside(last: str, first: str, uri: str | None) -> bool:
    """Whether the hyphen ending a line inside an identifier was added by the typesetter: the
    link says so when there is one; else a hyphen between two letters is taken for one
    ("10.1109/big-" "data"), a hyphen after a digit for the identifier's own ("978-3-")."""
    if uri is not None:
        target = unquote(uri).lower()
        piece = re.sub(r"[.,;]+$", "", first).lower()
        return f"{last[:-1]}{piece}".lower()[-12:] in target and (
            f"{last}{piece}".lower()[-12:] not in target
        )
    return len(last) > 1 and last[-2].isalpha() and first[:1].isalpha()


def _identifier_goes_on(last: str, first: str) -> bool:
    """Whether a line ends inside a DOI, URL or arXiv id that the next line finishes."""
    if not _IDENTIFIER.search(last) or last.endswith((",", ";")):
        return False
    if last[-1] in _BREAKS_AFTER and not last.endswith(".") and first:
        return True
    if last.endswith(".") and (first[:1].isdigit() or _LOWER_PIECE.match(first)):
        return True  # "10.1609/aaai.v37i2." "25241.", "10.1609/aaai." "v33i01.33019921."; a
        # sentence goes on with a capital
    return bool(_GOES_ON.match(first)) and not last.endswith(".")


def _same_link(
    previous: PageLine, line: PageLine, links: Mapping[int, Sequence[Link]]
) -> str | None:
    """The web link that covers the end of the previous line and the start of this one."""
    end = _last_word_link(previous, links)
    return end if end is not None and end == _first_word_link(line, links) else None


def _last_word_link(line: PageLine, links: Mapping[int, Sequence[Link]]) -> str | None:
    if not line.line.words:
        return None
    return _link_at(line.page, line.line.words[-1], links)


def _first_word_link(line: PageLine, links: Mapping[int, Sequence[Link]]) -> str | None:
    if not line.line.words:
        return None
    return _link_at(line.page, line.line.words[0], links)


def _link_at(page: int, word: Word, links: Mapping[int, Sequence[Link]]) -> str | None:
    x = (word.x0 + word.x1) / 2
    y = (word.top + word.bottom) / 2
    for link in links.get(page, ()):
        if link.kind is LinkKind.URI and link.x0 <= x <= link.x1 and link.top <= y <= link.bottom:
            return link.uri
    return None


def _overlaps(link: Link, line: Line) -> bool:
    y = (line.top + line.bottom) / 2
    return link.top <= y <= link.bottom and link.x0 < line.x1 and line.x0 < link.x1
