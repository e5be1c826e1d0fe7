"""Text edits of BibTeX entries: set a field, remove an entry, mark one accepted, add one."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from cite_sentinel.core import Location, Reference
from cite_sentinel.lsp.state import ACCEPT_MARK
from lsprotocol import types

RangeOf = Callable[[Location], types.Range]


def set_field(
    reference: Reference, lines: list[str], range_of: RangeOf, name: str, value: str
) -> types.TextEdit:
    """Replace a field's value in the entry, or add the field after the entry's first line."""
    pattern = re.compile(rf"^(\s*{re.escape(name)}\s*=\s*)", re.IGNORECASE)
    for number in range(reference.location.line, reference.location.end_line + 1):
        text = lines[number - 1] if number - 1 < len(lines) else ""
        found = pattern.match(text)
        if found is None:
            continue
        start = found.end()
        end = _value_end(text, start)
        where = Location(reference.location.path, number, start + 1, number, end + 1)
        return types.TextEdit(range=range_of(where), new_text="{" + value + "}")
    below = reference.location.line + 1
    where = Location.point(reference.location.path, below, 1)
    return types.TextEdit(range=range_of(where), new_text=f"  {name} = {{{value}}},\n")


def remove_entry(reference: Reference, range_of: RangeOf) -> types.TextEdit:
    """Delete the entry and the line break after it."""
    where = reference.location
    span = Location(where.path, where.line, 1, where.end_line + 1, 1)
    return types.TextEdit(range=range_of(span), new_text="")


def accept_comment(reference: Reference, range_of: RangeOf) -> types.TextEdit:
    """A `% cite-sentinel: accept` line above the entry, so its verdict is not reported."""
    where = Location.point(reference.location.path, reference.location.line, 1)
    return types.TextEdit(range=range_of(where), new_text=f"% {ACCEPT_MARK}\n")


def entry_text(key: str, record: Mapping[str, Any]) -> str:
    """A BibTeX entry written from a record's fields as the code actions carry them."""
    kind = "inproceedings" if "proceedings" in str(record.get("kind", "")) else "article"
    venue_field = "booktitle" if kind == "inproceedings" else "journal"
    fields = [
        ("author", " and ".join(record.get("authors") or ())),
        ("title", record.get("title") or ""),
        (venue_field, record.get("venue") or ""),
        ("year", str(record.get("year") or "")),
        ("volume", record.get("volume") or ""),
        ("number", record.get("issue") or ""),
        ("pages", record.get("pages") or ""),
        ("doi", record.get("doi") or ""),
    ]
    body = "".join(f"  {name} = {{{value}}},\n" for name, value in fields if value)
    return f"\n@{kind}{{{key},\n{body}}}\n"


def _value_end(text: str, start: int) -> int:
    """Where a field value starting at `start` ends: balanced braces, quotes, or a bare word."""
    if start < len(text) and text[start] == "{":
        depth = 0
        for index in range(start, len(text)):
            depth += {"{": 1, "}": -1}.get(text[index], 0)
            if depth == 0:
                return index + 1
        return len(text.rstrip("\n"))
    if start < len(text) and text[start] == '"':
        closing = text.find('"', start + 1)
        return closing + 1 if closing > 0 else len(text.rstrip("\n"))
    found = re.match(r"[^,}\s]*", text[start:])
    return start + (found.end() if found else 0)
