"""A reference list's entries and the labels they were printed with: `[12]`, `12.`, `(12)`, a
bare `12` where the list is numbered, or alpha's `[Ame02]`."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from cite_sentinel.core.sources.pdf.margins import PageLine
from cite_sentinel.core.sources.reflist import alpha_key

NUMBER_LABEL = re.compile(
    r"^\s*(?:\[\s*(\d{1,4})\s*\]|(\d{1,4})\.(?=\s|$)|\(\s*(\d{1,4})\s*\)|(\d{1,4})(?=\s+\S))"
)
_ALPHA_LABEL = re.compile(r"^\s*\[ ?([^\W\d_](?:[^\W\d_]|[+\-. ]){0,14}\d{2,4}[a-z]?)\]")
_NUMBERED = 0.5  # share of entries printed with a number that makes the list a numbered one


@dataclass(frozen=True, slots=True)
class Entry:
    """The lines of one reference, and the label it was printed with ("" for none)."""

    lines: tuple[PageLine, ...]
    label: str = ""
    key: str = ""  # the number, or alpha's label without brackets; "" for none


def labelled_entries(runs: Sequence[Sequence[PageLine]]) -> list[Entry]:
    """Each entry's lines with its printed label; a leading number is a label only where most
    entries of the list start with one (else "3M Company (2019)…" would lose its name)."""
    numbers = [NUMBER_LABEL.match(run[0].line.text) for run in runs]
    numbered = sum(match is not None for match in numbers) >= _NUMBERED * len(runs)
    entries = []
    for run, number in zip(runs, numbers, strict=True):
        alpha = _ALPHA_LABEL.match(run[0].line.text)
        if numbered and number is not None:
            label = "".join(number.group(0).split())
            key = next(group for group in number.groups() if group)
        elif alpha is not None:
            key = alpha_key(alpha.group(1))
            label = f"[{key}]"
        else:
            label = key = ""
        entries.append(Entry(tuple(run), label, key))
    return entries
