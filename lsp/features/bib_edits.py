"""Text edits of BibTeX entries: set fields, remove an entry, mark one accepted."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from cite_sentinel.core import Location, Person, Reference
from cite_sentinel.core.fix import Change, EntryFix, rewrite_entry
from cite_sentinel.core.workspace import ACCEPT_MARK
from lsprotocol import types

RangeOf = Callable[[Location], types.Range]


def set_fields(
    reference: Reference, range_of: RangeOf, changes: Sequence[Change]
) -> types.TextEdit | None:
    """The entry with `changes` written by core.fix, as fix writes them (escaped, in the
    entry's layout and name form), as one edit of the whole lines that change; None if none."""
    if not reference.raw:
        return None
    old = reference.raw
    new = rewrite_entry(old, EntryFix(reference.key, tuple(changes), ()))
    if new == old:
        return None
    same = _shared(old, new)
    start = old.rfind("\n", 0, same) + 1
    tail = _shared(old[start:][::-1], new[start:][::-1])
    stop = old.find("\n", len(old) - tail)
    stop = len(old) if stop < 0 else stop
    where = Location(reference.location.path, *_point(reference, start), *_point(reference, stop))
    return types.TextEdit(range=range_of(where), new_text=new[start : len(new) - (len(old) - stop)])


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


def people_of(record: Mapping[str, Any]) -> tuple[Person, ...]:
    """The record's people as the diagnostic data carries them ([family, given, von, suffix,
    literal] each), else from their displayed names."""
    parts = record.get("people")
    if isinstance(parts, list):
        return tuple(Person(*(str(part) for part in person[:5])) for person in parts)
    return tuple(Person(literal=str(name)) for name in record.get("authors") or ())


def _shared(one: str, other: str) -> int:
    """How many characters the two texts begin with in common."""
    for index, (a, b) in enumerate(zip(one, other, strict=False)):
        if a != b:
            return index
    return min(len(one), len(other))


def _point(reference: Reference, offset: int) -> tuple[int, int]:
    """A raw-text offset as a (line, column) of the file, both 1-based."""
    before = reference.raw[:offset]
    newlines = before.count("\n")
    if newlines == 0:
        return reference.location.line, reference.location.column + offset
    return reference.location.line + newlines, offset - before.rfind("\n")
