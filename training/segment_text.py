"""A training document as plain text, as people paste reference lists: one entry a line, or
wrapped with blank lines between entries, with hanging indents of spaces, or wrapped with
nothing between them; with or without the text around. Roles are known as the text is made."""

from __future__ import annotations

import random
import textwrap

from cite_sentinel.core.sources.segment import ListLine, Role
from cite_sentinel.core.sources.segment.text_lines import text_lines

from training.segment_documents import RULE, Document

# one reference a line is how most people paste a list; wrapped ones need the other cues
_CONVENTIONS = ("one-a-line", "one-a-line", "one-a-line", "blank-lines", "hanging", "wrapped",
                "bullets")  # fmt: skip
_FEW = 0.3  # share of texts that paste only one to five references


def labelled_text(
    document: Document, rng: random.Random
) -> tuple[tuple[ListLine, ...], tuple[Role, ...], tuple[str, ...]]:
    """The document as text lines, their roles and their texts; the list alone, or with the
    text around it."""
    convention = rng.choice(_CONVENTIONS)
    width = rng.choice((60, 72, 80, 100))
    hang = " " * rng.choice((2, 3, 4, 5))
    alone = rng.random() < 0.5
    few = rng.randint(1, 5) if rng.random() < _FEW else None
    rows: list[tuple[str, Role]] = []
    for block in document.blocks:
        if block.kind == "refs":
            for entry in block.entries[:few]:
                rows.extend(_entry(entry, convention, width, hang))
        elif block.kind == "list-heading":
            rows.extend([(block.text, Role.HEADING), ("", Role.OTHER)])
        elif not alone:
            for text in (block.text, *block.rows):
                if text:
                    rows.extend((line, Role.OTHER) for line in textwrap.wrap(text, width))
                    rows.append(("", Role.OTHER))
    texts = [text for text, _ in rows]
    roles = [role for text, role in rows if text.strip()]
    lines = text_lines(texts)
    return tuple(lines), tuple(roles), tuple(line.text for line in lines)


def _entry(entry: str, convention: str, width: int, hang: str) -> list[tuple[str, Role]]:
    entry = entry.replace(RULE, "———. ")  # text has no drawn rules
    if convention == "one-a-line":
        return [(entry, Role.FIRST)]
    if convention == "bullets":
        entry = f"{hang[:1] or '-'}- {entry}" if len(hang) > 4 else f"- {entry}"
    wrapped = textwrap.wrap(entry, width) or [entry]
    rows = [(wrapped[0], Role.FIRST)]
    indent = hang if convention in ("hanging", "bullets") else ""
    rows.extend((indent + line, Role.MORE) for line in wrapped[1:])
    if convention == "blank-lines":
        rows.append(("", Role.OTHER))
    return rows
