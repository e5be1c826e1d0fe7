"""Rendering of in-text citations and reference lists: numbered and HTML (IEEE entries), APA 7.

Plain functions over core.model types, no pandoc types: each returns a `Rendered` inline
tree (Text, Emph, Strong, Superscript, Link, Span) that a filter turns into pandoc elements,
and whose `.plain`, `.markdown` and `.html` give text for `cite-sentinel format`.
"""

from cite_sentinel.core.styles.apa import apa_entry, apa_list
from cite_sentinel.core.styles.apa_cite import Disambiguation, cite_apa
from cite_sentinel.core.styles.entry import Entry, entry_anchor
from cite_sentinel.core.styles.html import (
    BACK_LINK,
    LIST_ID,
    cite_html,
    entry_id,
    html_entry,
    html_reference_list,
)
from cite_sentinel.core.styles.ieee import work_kind
from cite_sentinel.core.styles.inline import (
    Emph,
    Inline,
    Link,
    Rendered,
    Span,
    Strong,
    Superscript,
    Text,
    to_html,
    to_markdown,
    to_plain,
    unlinked,
)
from cite_sentinel.core.styles.locator import is_locator
from cite_sentinel.core.styles.marks import (
    DEFAULT_MARKING,
    MARK_SYMBOL,
    MARK_WORDS,
    MARKED_BY_DEFAULT,
    Mark,
    Marking,
    mark_for,
    problem_note,
)
from cite_sentinel.core.styles.numbered import (
    cite_numbered,
    numbered_entry,
    numbered_list,
    numbered_markdown,
)
from cite_sentinel.core.styles.numbering import Numbering

__all__ = [
    "BACK_LINK",
    "DEFAULT_MARKING",
    "LIST_ID",
    "MARKED_BY_DEFAULT",
    "MARK_SYMBOL",
    "MARK_WORDS",
    "Disambiguation",
    "Emph",
    "Entry",
    "Inline",
    "Link",
    "Mark",
    "Marking",
    "Numbering",
    "Rendered",
    "Span",
    "Strong",
    "Superscript",
    "Text",
    "apa_entry",
    "apa_list",
    "cite_apa",
    "cite_html",
    "cite_numbered",
    "entry_anchor",
    "entry_id",
    "html_entry",
    "html_reference_list",
    "is_locator",
    "mark_for",
    "numbered_entry",
    "numbered_list",
    "numbered_markdown",
    "problem_note",
    "to_html",
    "to_markdown",
    "to_plain",
    "unlinked",
    "work_kind",
]
