"""`@string` macros expanded within bounds, so that a file of doubling macros cannot exhaust
the machine.

`@string{m1 = m0 # m0}` written 38 times makes a value of 2^38 characters from 955 bytes. Each
expanded value is cut at MAX_VALUE characters and all expansions of one file together stop at
MAX_EXPANDED: past that, a macro stands for its name, as an undefined one does. Each limit
reached is one `input-limit` finding at the place it was reached.
"""

from __future__ import annotations

from collections.abc import Callable

from cite_sentinel.core.findings import Code
from cite_sentinel.core.model import Finding, Location, Severity
from cite_sentinel.core.sources.bibtex_blocks import Piece, PieceKind

MAX_VALUE = 100_000  # characters of one expanded value; a real field is far shorter
MAX_EXPANDED = 20_000_000  # characters that all expansions of one file may produce

Span = Callable[[int, int], Location]  # offsets in the file to a located span


class Macros:
    """The macros read so far in one file, and what their expansions have cost."""

    __slots__ = ("_cut", "_exhausted", "_span", "findings", "spent", "values")

    def __init__(self, initial: dict[str, str], span: Span, findings: list[Finding]) -> None:
        self.values = dict(initial)
        self.findings = findings  # the reader's own list: findings stay in file order
        self.spent = 0  # characters produced by expanding macros in this file
        self._span = span
        self._exhausted = False
        self._cut: set[str] = set()  # macros whose value was cut: what uses them is not told again

    def define(self, name: str, pieces: tuple[Piece, ...]) -> None:
        """`@string{name = pieces}`."""
        self.values[name] = self.resolve(pieces, "", name)
        if self._inherits_cut(pieces):
            self._cut.add(name)

    def resolve(self, pieces: tuple[Piece, ...], key: str, string: str = "") -> str:
        """A value's LaTeX text: macros expanded and `#` parts joined, within the bounds."""
        if len(pieces) == 1 and pieces[0].kind is not PieceKind.MACRO:
            return pieces[0].text
        parts: list[str] = []
        size = 0
        for piece in pieces:
            value = self._value(piece, key)
            if size + len(value) > MAX_VALUE:
                parts.append(value[: MAX_VALUE - size])
                if not self._inherits_cut(pieces):
                    self.findings.append(self._too_long(pieces, key, string))
                if string:
                    self._cut.add(string)
                break
            parts.append(value)
            size += len(value)
        return "".join(parts)

    def _inherits_cut(self, pieces: tuple[Piece, ...]) -> bool:
        return any(p.kind is PieceKind.MACRO and p.text.lower() in self._cut for p in pieces)

    def _value(self, piece: Piece, key: str) -> str:
        if piece.kind is not PieceKind.MACRO:
            return piece.text
        value = self.values.get(piece.text.lower())
        if value is None:
            self.findings.append(self._undefined(piece, key))
            return piece.text  # as written: more telling than BibTeX's empty string
        if self._exhausted:
            return piece.text
        if self.spent + len(value) > MAX_EXPANDED:
            self._exhausted = True
            self.findings.append(self._spent(piece, key))
            return piece.text
        self.spent += len(value)
        return value

    def _too_long(self, pieces: tuple[Piece, ...], key: str, string: str) -> Finding:
        what = f"@string '{string}'" if string else f"a field of entry '{key}'"
        return Finding(
            code=Code.INPUT_LIMIT,
            severity=Severity.ERROR,
            message=f"{what} expands to more than {MAX_VALUE:,} characters; it is cut there",
            location=self._span(pieces[0].start, pieces[-1].end),
            key=key,
            hint="a macro that doubles itself (`m1 = m0 # m0`) is the usual cause; write the "
            "value out in braces",
        )

    def _spent(self, piece: Piece, key: str) -> Finding:
        return Finding(
            code=Code.INPUT_LIMIT,
            severity=Severity.ERROR,
            message=f"@string macros of this file expand to more than {MAX_EXPANDED:,} "
            f"characters in all; from here on '{piece.text}' and every other macro stands "
            "for its name",
            location=self._span(piece.start, piece.end),
            key=key,
            hint="look for macros that double each other (`m1 = m0 # m0`); write the values "
            "out in braces",
        )

    def _undefined(self, piece: Piece, key: str) -> Finding:
        where = f" in entry '{key}'" if key else ""
        return Finding(
            code=Code.UNDEFINED_STRING,
            severity=Severity.WARNING,
            message=f"@string macro '{piece.text}'{where} is never defined; its name is used as "
            f"the value",
            location=self._span(piece.start, piece.end),
            key=key,
            hint=f"define it with @string{{{piece.text} = {{...}}}} or write the value in braces",
        )
