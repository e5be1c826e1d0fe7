"""The inline tree written out as plain text, Markdown or HTML (for `format` and raw output)."""

from __future__ import annotations

import html
import re
from collections.abc import Iterable

from cite_sentinel.core.styles.inline import (
    Emph,
    Inline,
    Link,
    Span,
    Strong,
    Superscript,
    Text,
)

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
