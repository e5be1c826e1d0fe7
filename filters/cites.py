"""Find the document's Cite elements and put their rewrites in place, in one read-only pass.

panflute's `walk` rebuilds every container of the document on the way back up (type checks
included), which on a long document costs more than the rest of the filter; this module visits
the children panflute names in `_children`, in the same order as `walk`, and splices the
replacements into the lists that hold the Cite elements.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

import panflute as pf

NOCITE = "nocite"  # the metadata key whose citations only add entries to the list


@dataclass(frozen=True, slots=True)
class Where:
    """What surrounds a Cite element, as far as its rewrite must care."""

    metadata: bool = False  # the title's, an abstract's: read as text too (`<title>`)
    link: bool = False  # a Link's text or an Image's description: no link may go inside
    image: bool = False  # an Image's description: pandoc 3 writes it only as alt text
    heading: bool = False  # pandoc copies a heading into the table of contents, as a link
    bracketed: bool = False  # Markdown writes it in brackets: a link, an image, a figure's
    # caption, a span (`[text]{.x}`, small caps, underline)

    @property
    def anchored(self) -> bool:
        """Whether an id can mark the citation for its back-link: not in alt text, nor on
        the Span that stands for a link in a heading (the table of contents would copy it)."""
        return not (self.image or (self.heading and self.link))

    def within(self, element: pf.Element) -> Where:
        """Where the children of `element` are."""
        if not isinstance(element, _MARKING):
            return self
        image = self.image or isinstance(element, pf.Image)
        link = self.link or image or isinstance(element, pf.Link)
        figure = isinstance(element, pf.Caption) and isinstance(element.parent, pf.Figure)
        return Where(
            metadata=self.metadata or isinstance(element, pf.MetaValue),
            link=link,
            image=image,
            heading=self.heading or isinstance(element, pf.Header),
            bracketed=self.bracketed or link or figure or isinstance(element, _BRACKETED),
        )


ANYWHERE = Where()  # in the body's prose, no link or heading around
_BRACKETED = (pf.Span, pf.SmallCaps, pf.Underline)
_MARKING = (pf.MetaValue, pf.Link, pf.Image, pf.Header, pf.Caption, *_BRACKETED)  # change Where


@dataclass(frozen=True, slots=True)
class FoundCite:
    """A Cite element, the block whose sentence holds it, the list it sits in, and where."""

    cite: pf.Cite
    block: pf.Element
    siblings: list[pf.Element]
    where: Where = ANYWHERE


def find_cites(doc: pf.Doc) -> tuple[FoundCite, ...]:
    """Every Cite element outside another Cite and `nocite`, in the order walk meets them."""
    return tuple(_visit(doc, doc))


def replace_cites(found: Sequence[FoundCite], replacement: Mapping[int, list[pf.Inline]]) -> None:
    """Put each Cite's replacement (keyed by `id(cite)`) where the Cite was."""
    lists: dict[int, list[pf.Element]] = {id(entry.siblings): entry.siblings for entry in found}
    for siblings in lists.values():
        spliced: list[pf.Element] = []
        for element in siblings:
            spliced.extend(replacement.get(id(element), (element,)))
        siblings[:] = spliced


def _visit(element: pf.Element, block: pf.Element, where: Where = ANYWHERE) -> Iterator[FoundCite]:
    if isinstance(element, pf.Block) or isinstance(block, pf.Doc):
        block = element
    where = where.within(element)
    for name in _in_pandoc_order(element._children):
        child = getattr(element, name)
        if isinstance(child, pf.ListContainer):
            for item in child.list:
                if isinstance(item, pf.Cite):
                    yield FoundCite(item, block, child.list, where)
                else:
                    yield from _visit(item, block, where)
        elif isinstance(child, pf.DictContainer):
            top = isinstance(element, pf.MetaMap) and isinstance(element.parent, pf.Doc)
            for key, item in child.dict.items():
                if not (top and key == NOCITE):  # citeproc's to read, never rewritten
                    yield from _visit(item, block, where)
        elif isinstance(child, pf.Element):
            yield from _visit(child, block, where)


def _in_pandoc_order(children: list[str]) -> list[str]:
    """A Table's or Figure's caption comes first in pandoc's AST (and above a table as
    shown), so citeproc numbers it first; panflute lists it last."""
    if "caption" not in children:
        return children
    return ["caption", *(name for name in children if name != "caption")]
