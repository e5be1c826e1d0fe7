"""Every Cite element of the document as core Citations, with the sentence around each."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import panflute as pf
from cite_sentinel.core import Citation, CitationMode, Location
from cite_sentinel.core.sources.sentences import Sentences, sentences
from cite_sentinel.filters.cites import FoundCite

DOCUMENT = "pandoc-document"  # the name findings give the document pandoc passes over stdin

_MODES = {
    "AuthorInText": CitationMode.AUTHOR_IN_TEXT,
    "SuppressAuthor": CitationMode.SUPPRESS_AUTHOR,
    "NormalCitation": CitationMode.NORMAL,
}


@dataclass(frozen=True, slots=True)
class CiteGroup:
    """One Cite element (a bracket of pandoc citations) and its citations as core sees them."""

    group: int  # 1-based, in document order
    citations: tuple[Citation, ...]


def collect(found: Iterable[FoundCite]) -> tuple[CiteGroup, ...]:
    """Citations of each Cite element in document order; group numbers count from 1."""
    groups: list[CiteGroup] = []
    prose_of: dict[int, tuple[Sentences, dict[int, int], int]] = {}
    for number, (cite, block) in enumerate(((f.cite, f.block) for f in found), start=1):
        if id(block) not in prose_of:
            text, offsets = _prose(block)
            prose_of[id(block)] = (sentences(text), offsets, len(prose_of) + 1)
        cut, offsets, line = prose_of[id(block)]
        offset = offsets.get(id(cite), 0)
        sentence, context = cut.around(offset)
        location = Location.point(DOCUMENT, line, offset + 1)
        groups.append(
            CiteGroup(
                number,
                tuple(
                    Citation(
                        key=item.id,
                        location=location,
                        sentence=sentence,
                        context=context,
                        prefix=pf.stringify(item.prefix).strip(),
                        locator=_locator(pf.stringify(item.suffix)),
                        mode=_MODES.get(item.mode, CitationMode.NORMAL),
                        group=number,
                    )
                    for item in cite.citations
                ),
            )
        )
    return tuple(groups)


def _locator(suffix: str) -> str:
    """`, p. 33` and `p. 33` are the same locator."""
    return suffix.strip().lstrip(",").strip()


def _prose(block: pf.Element) -> tuple[str, dict[int, int]]:
    """The block's text without its citations, and where each Cite element sat in it."""
    parts: list[str] = []
    offsets: dict[int, int] = {}
    length = 0

    def visit(node: pf.Element) -> None:
        nonlocal length
        if isinstance(node, pf.Cite):
            offsets[id(node)] = length
            return
        if isinstance(node, pf.Note):
            return
        if isinstance(node, pf.Str | pf.Code | pf.Math | pf.RawInline):
            piece = node.text
        elif isinstance(node, pf.Space | pf.SoftBreak | pf.LineBreak):
            piece = " "
        else:
            for child in getattr(node, "content", ()):
                visit(child)
            return
        parts.append(piece)
        length += len(piece)

    for child in getattr(block, "content", ()):
        visit(child)
    return "".join(parts), offsets
