"""A tiny inline tree, so one rendering serves pandoc elements, plain text, Markdown and HTML."""

from __future__ import annotations

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
        from cite_sentinel.core.styles.inline_text import to_plain

        return to_plain(self.inlines)

    @property
    def markdown(self) -> str:
        from cite_sentinel.core.styles.inline_text import to_markdown

        return to_markdown(self.inlines)

    @property
    def html(self) -> str:
        from cite_sentinel.core.styles.inline_text import to_html

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
