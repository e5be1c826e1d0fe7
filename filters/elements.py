"""core.styles' inline tree as panflute elements, so every output format gets real markup."""

from __future__ import annotations

import re
from collections.abc import Iterable

import panflute as pf
from cite_sentinel.core.styles import (
    Emph,
    Inline,
    Link,
    Mark,
    Rendered,
    Span,
    Strong,
    Superscript,
    Text,
)

_WORDS = re.compile(r"(\s+)")


def inlines(rendered: Rendered | Iterable[Inline]) -> list[pf.Inline]:
    """Pandoc inlines for a rendering: text split into Str and Space as pandoc's readers do."""
    nodes = rendered.inlines if isinstance(rendered, Rendered) else rendered
    return [element for node in nodes for element in _element(node)]


def mark_span(mark: Mark) -> pf.Span:
    """The mark in a Span with the verdict's class and, as its title, what is wrong."""
    symbol = text_inlines(mark.symbol)
    shown = [pf.Superscript(*symbol)] if mark.superscript else symbol
    return pf.Span(*shown, classes=[mark.css_class], attributes={"title": mark.tooltip})


def text_inlines(text: str) -> list[pf.Inline]:
    """Plain text as Str and Space elements."""
    result: list[pf.Inline] = []
    for piece in _WORDS.split(text):
        if not piece:
            continue
        result.append(pf.Space() if piece.isspace() else pf.Str(piece))
    return result


def _element(node: Inline) -> list[pf.Inline]:
    if isinstance(node, Text):
        return text_inlines(node.text)
    children = inlines(node.children)
    if isinstance(node, Emph):
        return [pf.Emph(*children)]
    if isinstance(node, Strong):
        return [pf.Strong(*children)]
    if isinstance(node, Superscript):
        return [pf.Superscript(*children)]
    if isinstance(node, Link):
        attributes = {"aria-label": node.label} if node.label else {}
        return [
            pf.Link(
                *children, url=node.url, title=node.title, identifier=node.id, attributes=attributes
            )
        ]
    assert isinstance(node, Span)
    attributes = {"title": node.title} if node.title else {}
    return [
        pf.Span(*children, identifier=node.id, classes=list(node.classes), attributes=attributes)
    ]
