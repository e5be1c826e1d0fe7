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
from operator import itemgetter

from cite_sentinel.core.sources.bibtex import MONTHS, decode_field

__all__ = ["NEW_ENTRY", "EntryScan", "scan_entry"]

# Where every value bibtex_blocks reads ends: an entry opening a line. Pieces cut there read
# alone as they read inside the whole file.
NEW_ENTRY = re.compile(r"\n[ \t]*@[A-Za-z_][\w:.+-]*[ \t]*[{(]")

_NAME = r"[^\s\"#%'(),={}]+"
_VALUE = (
    r"(?:\{[^{}]*(?:\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}[^{}]*)*\}"
    r"|\"[^\"{}]*\""
    r"|\d[^\s\"#%'(),={}]*"
    r"|([^\s\"#%'(),={}\d][^\s\"#%'(),={}]*))"  # a macro's name
)
# An entry's tokens: its head up to the comma after the key, each field with the comma after it
# (or the closing brace ahead), the closing brace with what follows it. A piece is one entry
# when its tokens are head, fields, close, and cover every character of it.
_TOKEN = re.compile(
    r"([ \t]*@\s*([A-Za-z_][\w:.+-]*)\s*\{\s*([^\s,{}()=\"#%]+)\s*,)"
    r"|(\s*(" + _NAME + r")\s*=\s*(" + _VALUE + r")\s*(?:,|(?=\s*\})))"
    r"|(\s*\}[^@]*)"
)
_WHOLE, _NAMES, _RAWS, _MACROS = itemgetter(3), itemgetter(4), itemgetter(5), itemgetter(6)
_OPENS_WITH_TEXT = re.compile(r"[{\"]?\s*\w")  # a value (as written) whose first character is text
_NOT_ENTRIES = frozenset({"comment", "preamble", "string", "xdata"})


@dataclass(frozen=True, slots=True, kw_only=True)
class EntryScan:
    """An entry's kind, key, offsets in its piece; which asked fields hold text once decoded,
    and the decoded first value of each asked identifier field."""

    kind: str
    key: str
    key_start: int
    start: int
    end: int
    present: frozenset[str]
    values: Mapping[str, str]
    parent: bool  # has a crossref or xdata field: its fields come from another entry too


def scan_entry(piece: str, present: frozenset[str], values: frozenset[str]) -> EntryScan | None:
    """The piece's one entry: which `present` fields decode to some text, the decoded `values`;
    None when the piece needs the full reader."""
    tokens = _TOKEN.findall(piece)
    if len(tokens) < 2:
        return None
    (head, kind, key, *_), close = tokens[0], tokens[-1][7]
    if not head or not close:
        return None
    fields = tokens[1:-1]
    wholes = list(map(_WHOLE, fields))
    if not all(wholes):
        return None  # a head or a close among the fields
    if len(head) + len(close) + sum(map(len, wholes)) != len(piece):
        return None  # text no token reads
    if any(map(_MACROS, fields)):
        raws = _with_months(fields)
        if raws is None:
            return None  # a macro: the full reader reports it undefined
    else:  # the first of repeated fields wins
        backwards = fields[::-1]
        raws = dict(zip(map(str.lower, map(_NAMES, backwards)), map(_RAWS, backwards), strict=True))
    found_present = frozenset(name for name in raws.keys() & present if _has_text(name, raws[name]))
    found_values = {
        name: decode_field(name, _unwrapped(raws[name])) for name in raws.keys() & values
    }
    kind = kind.lower()
    if kind in _NOT_ENTRIES:
        return None
    return EntryScan(
        kind=kind,
        key=key,
        key_start=head.find(key, head.index("{")),  # only white space between them
        start=head.index("@"),
        end=len(piece) - len(close) + close.index("}") + 1,
        present=found_present,
        values=found_values,
        parent="crossref" in raws or "xdata" in raws,
    )


def _with_months(fields: list[tuple[str, ...]]) -> dict[str, str] | None:
    """Fields by name (the first of repeated ones), month names resolved; None: another macro."""
    raws: dict[str, str] = {}
    for _, _, _, _, name, raw, macro, _ in fields:
        if macro:
            month = MONTHS.get(macro.lower())
            if month is None:
                return None
            raw = month
        raws.setdefault(name.lower(), raw)
    return raws


def _has_text(name: str, raw: str) -> bool:
    """Whether the value decodes to some text: surely so when it opens with a word character
    (the decoder keeps plain text as written), else as the decoder says."""
    return _OPENS_WITH_TEXT.match(raw) is not None or bool(decode_field(name, _unwrapped(raw)))


def _unwrapped(raw: str) -> str:
    return raw[1:-1] if raw[0] == "{" or raw[0] == '"' else raw
