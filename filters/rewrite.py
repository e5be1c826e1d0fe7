"""A Cite element rewritten in the chosen style, with a mark when its reference failed."""

from __future__ import annotations

from collections.abc import Sequence

import panflute as pf
from cite_sentinel.core import Citation
from cite_sentinel.core.styles import (
    Inline,
    Link,
    Rendered,
    Span,
    Text,
    cite_apa,
    cite_html,
    cite_numbered,
    mark_for,
    unlinked,
)
from cite_sentinel.filters.cites import ANYWHERE, Where
from cite_sentinel.filters.collect import CiteGroup
from cite_sentinel.filters.elements import inlines, mark_span
from cite_sentinel.filters.formatted import formatted, lifted, linked_placeholders, restore
from cite_sentinel.filters.rendering import Rendering
from cite_sentinel.filters.settings import Style

WORD_JOINER = "\u2060"  # invisible; keeps a mark on its citation's line


def rewrite(
    cite: pf.Cite, group: CiteGroup, rendering: Rendering, where: Where = ANYWHERE
) -> list[pf.Inline]:
    """What replaces one Cite element; style `none` keeps it and adds the marks after it.

    In metadata (a title) HTML stays pandoc elements: raw HTML would vanish from `<title>`,
    as from an image's alt text; in a heading too, so that pandoc's table of contents can
    drop its links. In a link's text or an image's description the citation is no link.
    """
    verdicts = rendering.verdicts
    if rendering.style is Style.NONE:
        marks = [
            mark_for(verdicts.get(citation.key), rendering.marking) for citation in group.citations
        ]
        spans = [mark_span(mark) for mark in marks if mark is not None]
        if spans and rendering.is_markdown:  # `[@a][⚠]{…}` and `@a[⚠]{…}` would read back
            return [cite, pf.Str(WORD_JOINER), *spans]  # as a link or a suffix
        return [cite, *spans]
    found = formatted(cite, group.citations)
    rendered = _rendered(found.citations, rendering, where)
    delinked = frozenset(found.fragments) if where.link else linked_placeholders(rendered)
    return restore(_elements(rendered, rendering, where), found.fragments, delinked)


def _rendered(citations: Sequence[Citation], rendering: Rendering, where: Where) -> Rendered:
    verdicts = rendering.verdicts
    if rendering.style is Style.HTML:
        rendered = cite_html(
            citations,
            rendering.numbering,
            verdicts,
            rendering.marking,
            references=rendering.references,
        )
        if not rendering.listed:
            return unlinked(rendered)
    elif rendering.style is Style.APA:
        rendered = cite_apa(
            citations,
            rendering.references,
            rendering.disambiguation,
            verdicts,
            link=rendering.link_citations,
            marking=rendering.marking,
        )
    else:
        rendered = cite_numbered(
            citations,
            rendering.numbering,
            verdicts,
            link=rendering.link_citations,
            marking=rendering.marking,
            references=rendering.references,
        )
    return _anchors_only(rendered) if where.link else lifted(rendered)


def _elements(rendered: Rendered, rendering: Rendering, where: Where) -> list[pf.Inline]:
    if rendering.style is Style.HTML:
        as_text = where.metadata or where.image or where.heading
        if (rendering.is_html or rendering.is_markdown) and not as_text:
            return [pf.RawInline(rendered.html, format="html")]
        return inlines(rendered)
    elements = inlines(rendered)
    if rendering.is_markdown and not where.bracketed:  # a raw `[` would end the brackets
        return _unescaped(elements, rendering)
    return elements


def _anchors_only(rendered: Rendered) -> Rendered:
    """No link in a link: each Link becomes its text, in a Span that keeps its anchor id."""
    return Rendered(_delinked(rendered.inlines))


def _delinked(nodes: tuple[Inline, ...]) -> tuple[Inline, ...]:
    result: list[Inline] = []
    for node in nodes:
        if isinstance(node, Text):
            result.append(node)
        elif isinstance(node, Link):
            children = _delinked(node.children)
            result.extend((Span(children=children, id=node.id),) if node.id else children)
        elif isinstance(node, Span):
            children = _delinked(node.children)
            result.append(
                Span(children=children, classes=node.classes, title=node.title, id=node.id)
            )
        else:
            result.append(type(node)(_delinked(node.children)))
    return tuple(result)


def _unescaped(elements: list[pf.Inline], rendering: Rendering) -> list[pf.Inline]:
    """Markdown writers escape `[1]` as `\\[1\\]`: brackets go out as raw Markdown instead.

    Before a mark's bracketed Span, `[1][⚠]{…}` would read back as a reference link, so
    there the closing bracket stays escaped: `[1\\][⚠]{…}`.
    """
    result: list[pf.Inline] = []
    for index, element in enumerate(elements):
        if isinstance(element, pf.Str) and ("[" in element.text or "]" in element.text):
            text = element.text
            following = elements[index + 1] if index + 1 < len(elements) else None
            if isinstance(following, pf.Span) and text.endswith("]"):
                text = text[:-1] + "\\]"
            result.append(pf.RawInline(text, format=rendering.raw_format))
        else:
            result.append(element)
    return result
