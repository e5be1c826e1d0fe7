"""Every Cite element of the document as core Citations, with the sentence around each."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import panflute as pf
from cite_sentinel.core import Citation, CitationMode, Location
from cite_sentinel.core.sources import Sentences, sentences
from cite_sentinel.core.styles import is_locator
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
    prose_of: dict[int, tuple[Sentences, dict[int, _Place], int]] = {}
    for number, (cite, block) in enumerate(((f.cite, f.block) for f in found), start=1):
        if id(block) not in prose_of:
            text, places = _prose(block)
            marks = [place.text for place in places.values() if place.marked]
            prose_of[id(block)] = (sentences(text, marks=marks), places, len(prose_of) + 1)
        cut, places, line = prose_of[id(block)]
        place = places.get(id(cite), _Place(0, 0, marked=False))
        sentence, context = cut.around(place.text)
        mark = cut.place(place.text, place.text) if place.marked else -1
        location = Location.point(DOCUMENT, line, place.column + 1)
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
                        bare_suffix=_bare(pf.stringify(item.suffix), item.mode),
                        mode=_MODES.get(item.mode, CitationMode.NORMAL),
                        group=number,
                        mark=mark,
                    )
                    for item in cite.citations
                ),
            )
        )
    return tuple(groups)


def _locator(suffix: str) -> str:
    """`, p. 33` and `p. 33` are the same locator."""
    return suffix.strip().lstrip(",").strip()


def _bare(suffix: str, mode: str) -> bool:
    """`[@a for a view]`: no comma, no locator (an author-in-text suffix always takes one)."""
    text = suffix.strip()
    return (
        bool(text)
        and mode != "AuthorInText"
        and not text.startswith(",")
        and not (is_locator(text))
    )


@dataclass(frozen=True, slots=True)
class _Place:
    """Where a Cite element sat: in the block's prose, and in its text without citations (the
    column findings give). A marked place holds one blank standing for the citation, so each
    cited work can be judged on the clause it closes; an author-in-text citation instead
    leaves its key as the subject of its sentence ("As smith20 showed", not "As showed")."""

    text: int
    column: int
    marked: bool


def _prose(block: pf.Element) -> tuple[str, dict[int, _Place]]:
    """The block's prose, and where each Cite element sat in it."""
    parts: list[str] = []
    places: dict[int, _Place] = {}
    length = 0
    column = 0

    def visit(node: pf.Element) -> None:
        nonlocal length, column
        if isinstance(node, pf.Cite):
            textual = _textual_key(node)
            places[id(node)] = _Place(length, column, marked=textual is None)
            piece = " " if textual is None else textual
            parts.append(piece)
            length += len(piece)
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
        column += len(piece)

    for child in getattr(block, "content", ()):
        visit(child)
    return "".join(parts), places


def _textual_key(cite: pf.Cite) -> str | None:
    """The key an author-in-text citation (`@smith20 says`) leaves in its sentence, else None."""
    first = next(iter(cite.citations), None)
    if first is None or first.mode != "AuthorInText":
        return None
    return str(first.id)
