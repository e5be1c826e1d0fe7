"""Prefixes and suffixes keep their pandoc formatting through core's plain-text styles.

core renders a prefix and a locator as text. A formatted one (a link, emphasis, a quotation)
goes through the style as one placeholder character, which no word pattern and no whitespace
matches, and comes back as the Cite's own inlines. A plain one goes through as text, as before.
A suffix keeps its plain head ("p. 3-4 ") as text, so APA still reads the locator in it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

import panflute as pf
from cite_sentinel.core import Citation
from cite_sentinel.core.styles import Inline, Link, Rendered, Text
from panflute.elements import from_json

_FIRST = 0xF0000  # Supplementary Private Use Area-A: no document writes these
_LAST = 0xFFFFD
_PLACEHOLDER = re.compile("([\U000f0000-\U000ffffd])")
_PLAIN = (pf.Str, pf.Space, pf.SoftBreak)
_BLANK = (pf.Space, pf.SoftBreak, pf.LineBreak)


@dataclass(frozen=True, slots=True)
class Formatted:
    """Citations to render, and the inlines each placeholder in them stands for."""

    citations: tuple[Citation, ...]
    fragments: Mapping[str, tuple[pf.Inline, ...]]


def formatted(cite: pf.Cite, citations: Sequence[Citation]) -> Formatted:
    """`citations` (the Cite's, in order) with each formatted prefix and suffix tail as a
    placeholder; identical ones share it, so `[*see* @a; *see* @a]` still reads as one."""
    fragments: dict[str, tuple[pf.Inline, ...]] = {}
    by_content: dict[str, str] = {}

    def placeholder(elements: Sequence[pf.Inline]) -> str | None:
        content = json.dumps([element.to_json() for element in elements])
        if content not in by_content:
            if _FIRST + len(by_content) > _LAST:
                return None
            by_content[content] = chr(_FIRST + len(by_content))
            fragments[by_content[content]] = tuple(elements)
        return by_content[content]

    result: list[Citation] = []
    for item, citation in zip(cite.citations, citations, strict=False):
        prefix = _trimmed(list(item.prefix))
        if not all(isinstance(element, _PLAIN) for element in prefix):
            mark = placeholder(prefix)
            citation = replace(citation, prefix=mark) if mark else citation
        suffix = list(item.suffix)
        head = 0
        while head < len(suffix) and isinstance(suffix[head], _PLAIN):
            head += 1
        tail = _trimmed(suffix[head:])
        if tail:
            mark = placeholder(tail)
            locator = (
                "".join(pf.stringify(element) for element in suffix[:head]) + (mark or "")
            ).strip()
            if mark:
                citation = replace(citation, locator=locator.lstrip(",").strip())
        result.append(citation)
    return Formatted(tuple(result), fragments)


def lifted(rendered: Rendered) -> Rendered:
    """A citation link keeps out a formatted prefix and suffix tail, as citeproc's does, so a
    link among them stays a link: `(see [the review](…) in [Smith, 2020])`."""
    return Rendered(tuple(node for child in rendered.inlines for node in _lifted(child)))


def linked_placeholders(rendered: Rendered) -> frozenset[str]:
    """Placeholders inside a link of the rendering: their own links must become text."""
    return frozenset(_inside_links(rendered.inlines, linked=False))


def restore(
    elements: list[pf.Inline],
    fragments: Mapping[str, tuple[pf.Inline, ...]],
    delinked: frozenset[str],
) -> list[pf.Inline]:
    """Each placeholder in Str or raw text replaced by its inlines (a copy, text for links
    where `delinked` says it sits in a link)."""
    if not fragments:
        return elements
    result: list[pf.Inline] = []
    for element in elements:
        if isinstance(element, pf.Str | pf.RawInline) and _PLACEHOLDER.search(element.text):
            for piece in _PLACEHOLDER.split(element.text):
                if piece in fragments:
                    copies = [_copy(fragment) for fragment in fragments[piece]]
                    result.extend(_delinked(copies) if piece in delinked else copies)
                elif piece and isinstance(element, pf.RawInline):
                    result.append(pf.RawInline(piece, format=element.format))
                elif piece:
                    result.append(pf.Str(piece))
            continue
        if isinstance(element, pf.Inline) and hasattr(element, "content") and element.content:
            element.content = restore(list(element.content), fragments, delinked)
        result.append(element)
    return result


def _trimmed(elements: list[pf.Inline]) -> list[pf.Inline]:
    start, end = 0, len(elements)
    while start < end and isinstance(elements[start], _BLANK):
        start += 1
    while end > start and isinstance(elements[end - 1], _BLANK):
        end -= 1
    return elements[start:end]


def _lifted(node: Inline) -> list[Inline]:
    if not isinstance(node, Link) or len(node.children) != 1:
        return [node]
    child = node.children[0]
    if not isinstance(child, Text):
        return [node]
    text = child.text
    before = re.match(r"[\U000f0000-\U000ffffd] ", text)
    after = re.search(r" [\U000f0000-\U000ffffd]$", text)
    start = before.end() if before else 0
    end = after.start() if after else len(text)
    if (not before and not after) or start >= end:
        return [node]
    inside = replace(node, children=(Text(text[start:end]),))
    return [
        *([Text(text[:start])] if start else []),
        inside,
        *([Text(text[end:])] if end < len(text) else []),
    ]


def _inside_links(nodes: Sequence[Inline], *, linked: bool) -> set[str]:
    found: set[str] = set()
    for node in nodes:
        if isinstance(node, Text):
            if linked:
                found.update(_PLACEHOLDER.findall(node.text))
        else:
            found |= _inside_links(node.children, linked=linked or isinstance(node, Link))
    return found


def _delinked(elements: list[pf.Inline]) -> list[pf.Inline]:
    """No link in a link: each of the fragment's links becomes its text."""
    result: list[pf.Inline] = []
    for element in elements:
        if isinstance(element, pf.Link):
            result.extend(_delinked(list(element.content)))
            continue
        if hasattr(element, "content") and element.content:
            element.content = _delinked(list(element.content))
        result.append(element)
    return result


def _copy(element: pf.Inline) -> pf.Inline:
    """A fresh element: one fragment may stand in two places, and each needs its own parent."""
    copied: pf.Inline = json.loads(json.dumps(element.to_json()), object_hook=from_json)
    return copied
