"""A new BibTeX entry, its fields written as `fix` writes them (escaped, names, dashes)."""

from __future__ import annotations

from collections.abc import Sequence

from cite_sentinel.core.fix.bibvalues import bibtex_value, field_name
from cite_sentinel.core.fix.changes import Change, FixField

_UNWRITTEN = frozenset({FixField.KIND, FixField.RETRACTED})


def bibtex_entry(key: str, kind: str, changes: Sequence[Change], newline: str = "\n") -> str:
    """`@kind{key, …}` on lines of its own, with a line end before and after it."""
    names: list[str] = []
    lines: list[str] = []
    for change in changes:
        if change.field in _UNWRITTEN or not (change.value or change.people):
            continue
        name = field_name(change.field, kind, names)
        names.append(name)
        lines.append(f"  {name} = {{{bibtex_value(change)}}},{newline}")
    return f"{newline}@{kind}{{{key},{newline}{''.join(lines)}}}{newline}"
