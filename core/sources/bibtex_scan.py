"""One well-formed BibTeX entry read by one pattern, for checks that need no full Reference.

The pattern accepts only what bibtex_blocks reads the same way on its quick path (braced values
up to three levels, quoted values without braces, numbers and month names, commas between
fields, nothing but white space and no `@` after the entry); any other text gives None and
belongs to the full reader.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from cite_sentinel.core.sources.bibtex import MONTHS, decode_field

__all__ = ["NEW_ENTRY", "EntryScan", "scan_entry"]

# Where every value bibtex_blocks reads ends: an entry opening a line. Pieces cut there read
# alone as they read inside the whole file.
NEW_ENTRY = re.compile(r"\n[ \t]*@[A-Za-z_][\w:.+-]*[ \t]*[{(]")

_NAME = r"[^\s\"#%'(),={}]+"
_VALUE = (
    r"(?:\{[^{}]*(?:\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}[^{}]*)*\}"
    r"|\"[^\"{}]*\""
    r"|" + _NAME + ")"
)
_ONE = r"\s*" + _NAME + r"\s*=\s*" + _VALUE + r"\s*"
_ENTRY = re.compile(
    r"[ \t]*@\s*([A-Za-z_][\w:.+-]*)\s*\{\s*([^\s,{}()=\"#%]+)\s*,"
    r"((?:" + _ONE + r",)*(?:" + _ONE + r"(?:,\s*)?)?)\s*\}[^@]*"
)
_FIELD = re.compile(r"\s*(" + _NAME + r")\s*=\s*(" + _VALUE + r")")
_NOT_ENTRIES = frozenset({"comment", "preamble", "string", "xdata"})


@dataclass(frozen=True, slots=True, kw_only=True)
class EntryScan:
    """An entry's kind, key, offsets in its piece, and the decoded first value of each field."""

    kind: str
    key: str
    key_start: int
    start: int
    end: int
    values: Mapping[str, str]


def scan_entry(piece: str, names: frozenset[str]) -> EntryScan | None:
    """The piece's one entry with the fields in `names`, or None when it needs the full reader."""
    whole = _ENTRY.fullmatch(piece)
    if whole is None:
        return None
    kind = whole.group(1).lower()
    if kind in _NOT_ENTRIES:
        return None
    values: dict[str, str] = {}
    for name, raw in _FIELD.findall(piece, whole.start(3), whole.end(3)):
        opener = raw[0]
        if opener == "{" or opener == '"':
            raw = raw[1:-1]
        elif not opener.isdigit():
            month = MONTHS.get(raw.lower())
            if month is None:
                return None  # a macro: the full reader reports it undefined
            raw = month
        name = name.lower()
        if name in names and name not in values:  # the first of repeated fields wins
            values[name] = decode_field(name, raw)
    end = whole.end(3)
    end = piece.index("}", end) + 1
    return EntryScan(
        kind=kind,
        key=whole.group(2),
        key_start=whole.start(2),
        start=piece.index("@"),
        end=end,
        values=values,
    )
