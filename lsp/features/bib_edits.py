"""Text edits of BibTeX entries: set a field, remove an entry, mark one accepted, add one."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from cite_sentinel.core import Location, Reference
from cite_sentinel.core.sources.bibtex_blocks import EntryBlock, split_blocks
from cite_sentinel.core.workspace import ACCEPT_MARK
from lsprotocol import types

RangeOf = Callable[[Location], types.Range]
_PROCEEDINGS_WORDS = ("proceedings", "conference", "workshop", "symposium")


def set_field(
    reference: Reference, lines: list[str], range_of: RangeOf, name: str, value: str
) -> types.TextEdit:
    """Replace a field's whole value (over several lines too), or add the field after the
    entry's first line; the value's span comes from the reader's own scan of the entry."""
    span = _value_span(reference, name)
    if span is not None:
        start, end = span
        where = Location(
            reference.location.path, *_point(reference, start), *_point(reference, end)
        )
        return types.TextEdit(range=range_of(where), new_text="{" + value + "}")
    below = reference.location.line + 1
    where = Location.point(reference.location.path, below, 1)
    return types.TextEdit(
        range=range_of(where), new_text=f"  {name} = {{{value}}},{newline_of(lines)}"
    )


def remove_entry(reference: Reference, range_of: RangeOf) -> types.TextEdit:
    """Delete the entry and the line break after it."""
    where = reference.location
    span = Location(where.path, where.line, 1, where.end_line + 1, 1)
    return types.TextEdit(range=range_of(span), new_text="")


def accept_comment(reference: Reference, range_of: RangeOf, newline: str = "\n") -> types.TextEdit:
    """A `% cite-sentinel: accept` line above the entry, so its verdict is not reported."""
    where = Location.point(reference.location.path, reference.location.line, 1)
    return types.TextEdit(range=range_of(where), new_text=f"% {ACCEPT_MARK}{newline}")


def newline_of(lines: Sequence[str]) -> str:
    """The file's line ending (as its first line ends), for the lines an edit adds."""
    first = lines[0] if lines else ""
    return "\r\n" if first.endswith("\r\n") else "\n"


def entry_text(key: str, record: Mapping[str, Any], newline: str = "\n") -> str:
    """A BibTeX entry written from a record's fields as the code actions carry them."""
    kind = "inproceedings" if _in_proceedings(record) else "article"
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
    body = "".join(f"  {name} = {{{value}}},{newline}" for name, value in fields if value)
    return f"{newline}@{kind}{{{key},{newline}{body}}}{newline}"


def _in_proceedings(record: Mapping[str, Any]) -> bool:
    """A conference paper: said by its type (Crossref, S2) or, as OpenAlex types every paper
    `article`, by its venue's name."""
    kind = str(record.get("kind") or "").lower()
    if "proceedings" in kind or "conference" in kind:
        return True
    venue = str(record.get("venue") or "").lower()
    return any(word in venue for word in _PROCEEDINGS_WORDS)


def _value_span(reference: Reference, name: str) -> tuple[int, int] | None:
    """Offsets in the entry's raw text of the named field's value (all its `#` parts)."""
    blocks = split_blocks(reference.raw) if reference.raw else []
    entry = next((b for b in blocks if isinstance(b, EntryBlock)), None)
    if entry is None:
        return None
    for field in entry.fields:
        if field.name == name.lower() and field.pieces:
            return field.pieces[0].start, field.pieces[-1].end
    return None


def _point(reference: Reference, offset: int) -> tuple[int, int]:
    """A raw-text offset as a (line, column) of the file, both 1-based."""
    before = reference.raw[:offset]
    newlines = before.count("\n")
    if newlines == 0:
        return reference.location.line, reference.location.column + offset
    return reference.location.line + newlines, offset - before.rfind("\n")
