"""A tiny inline tree, so one rendering serves pandoc elements, plain text, Markdown and HTML,
and the tree written out as plain text, Markdown or HTML (for `format` and raw output)."""

from __future__ import annotations

import html
import re
from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Text:
    """Literal text."""

    text: str


@dataclass(frozen=True, slots=True)
class Emph:
    """Italic: APA's journal names, volumes and book titles."""

    children: tuple[Inline, ...]


@dataclass(frozen=True, slots=True)
class Strong:
    """Bold: the title of an HTML reference entry."""

    children: tuple[Inline, ...]


@dataclass(frozen=True, slots=True)
class Superscript:
    """Superscript: the HTML style's citation numbers."""

    children: tuple[Inline, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Link:
    """A hyperlink; `id` makes it a target too, `label` is its aria-label."""

    children: tuple[Inline, ...]
    url: str
    id: str = ""
    title: str = ""
    label: str = ""
    role: str = ""  # DPUB-ARIA: doc-biblioref, doc-backlink


@dataclass(frozen=True, slots=True, kw_only=True)
class Span:
    """A classed span: how a failed verdict's mark carries its class and tooltip."""

    children: tuple[Inline, ...]
    classes: tuple[str, ...] = ()
    title: str = ""
    id: str = ""


Inline = Text | Emph | Strong | Superscript | Link | Span


@dataclass(frozen=True, slots=True)
class Rendered:
    """Rendered inline content; `str()` is its plain text."""

    inlines: tuple[Inline, ...]

    @property
    def plain(self) -> str:
        return to_plain(self.inlines)

    @property
    def markdown(self) -> str:
        return to_markdown(self.inlines)

    @property
    def html(self) -> str:
        return to_html(self.inlines)

    def __str__(self) -> str:
        return self.plain


def unlinked(rendered: Rendered) -> Rendered:
    """The same content with every Link replaced by its text (nothing for it to point to)."""
    return Rendered(_unlinked(rendered.inlines))


def _unlinked(inlines: tuple[Inline, ...]) -> tuple[Inline, ...]:
    result: list[Inline] = []
    for node in inlines:
        if isinstance(node, Link):
            result.extend(_unlinked(node.children))
        elif isinstance(node, Text):
            result.append(node)
        elif isinstance(node, Span):
            result.append(
                Span(
                    children=_unlinked(node.children),
                    classes=node.classes,
                    title=node.title,
                    id=node.id,
                )
            )
        else:
            result.append(type(node)(_unlinked(node.children)))
    return tuple(result)


_MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]<>|#])")


def to_plain(inlines: Iterable[Inline]) -> str:
    """Plain text: what pandoc `-t plain` would show of it (marks keep their symbol)."""
    return "".join(_plain(node) for node in inlines)


def to_markdown(inlines: Iterable[Inline]) -> str:
    """Pandoc Markdown; text is escaped, so brackets in titles stay brackets."""
    return "".join(_markdown(node) for node in inlines)


def to_html(inlines: Iterable[Inline]) -> str:
    """An HTML fragment; text and attributes are escaped."""
    return "".join(_html(node) for node in inlines)


def _plain(node: Inline) -> str:
    if isinstance(node, Text):
        return node.text
    return to_plain(node.children)


def _markdown(node: Inline) -> str:
    if isinstance(node, Text):
        return _MARKDOWN_SPECIAL.sub(r"\\\1", node.text)
    inner = to_markdown(node.children)
    if isinstance(node, Emph):
        return f"*{inner}*" if inner else ""
    if isinstance(node, Strong):
        return f"**{inner}**" if inner else ""
    if isinstance(node, Superscript):
        return f"^{inner.replace(' ', chr(92) + ' ')}^"
    if isinstance(node, Link):
        return f"[{inner}](<{node.url}>)" if inner != node.url else f"<{node.url}>"
    return f"[{inner}]{{{_markdown_attributes(node)}}}"


def _markdown_attributes(node: Span) -> str:
    parts = [f"#{node.id}"] if node.id else []
    parts += [f".{name}" for name in node.classes]
    if node.title:
        parts.append(f'title="{node.title.replace(chr(34), chr(39))}"')
    return " ".join(parts)


def _html(node: Inline) -> str:
    if isinstance(node, Text):
        return html.escape(node.text, quote=False)
    inner = to_html(node.children)
    if isinstance(node, Emph):
        return f"<em>{inner}</em>"
    if isinstance(node, Strong):
        return f"<strong>{inner}</strong>"
    if isinstance(node, Superscript):
        return f"<sup>{inner}</sup>"
    if isinstance(node, Link):
        attributes = _attributes(
            ("href", node.url),
            ("id", node.id),
            ("title", node.title),
            ("aria-label", node.label),
            ("role", node.role),
        )
        return f"<a{attributes}>{inner}</a>"
    attributes = _attributes(
        ("id", node.id), ("class", " ".join(node.classes)), ("title", node.title)
    )
    return f"<span{attributes}>{inner}</span>"


def _attributes(*pairs: tuple[str, str]) -> str:
    return "".join(f' {name}="{html.escape(value)}"' for name, value in pairs if value)
