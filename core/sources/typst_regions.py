"""Typst's modes, so citations are read only in markup: comments, raw text, code and strings."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_IDENT = re.compile(r"[A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*)*")
_KEYWORD_LINE = frozenset({"let", "set", "show", "import", "include"})


@dataclass(slots=True)
class Regions:
    """Spans found by one pass over a Typst text."""

    hidden: list[tuple[int, int]] = field(default_factory=list)  # comments, raw
    escapes: list[tuple[int, int]] = field(default_factory=list)  # \@ and the like
    code: list[tuple[int, int]] = field(default_factory=list)  # code, less its [content]
    plain_code: list[tuple[int, int]] = field(default_factory=list)  # those with no [content]
    strings: list[tuple[int, int]] = field(default_factory=list)  # string bodies in code


def find_regions(text: str) -> Regions:
    """Walk the text once, keeping a stack of markup and code modes."""
    regions = Regions()
    _Walker(text, regions).markup(0, "")
    regions.hidden.sort()
    return regions


class _Walker:
    __slots__ = ("regions", "text")

    def __init__(self, text: str, regions: Regions) -> None:
        self.text = text
        self.regions = regions

    def markup(self, position: int, closing: str) -> int:
        """Read markup until `closing` (or the end); returns the offset after it."""
        text = self.text
        while position < len(text):
            char = text[position]
            if closing and char == closing:
                return position + 1
            skipped = self.trivia(position)
            if skipped > position:
                continue_at = skipped
            elif _at_link(text, position):
                continue_at = position
                while continue_at < len(text) and not text[continue_at].isspace():
                    continue_at += 1
                self.regions.hidden.append((position, continue_at))
            elif char == "\\":
                continue_at = position + 2
                self.regions.escapes.append((position, continue_at))
            elif char == "`":
                continue_at = self.raw(position)
            elif char == "[" and closing:
                continue_at = self.markup(position + 1, "]")
            elif char == "#" and position + 1 < len(text) and _starts_code(text[position + 1]):
                continue_at = self.expression(position + 1)
                if "[" not in text[position:continue_at]:
                    self.regions.plain_code.append((position, continue_at))
            else:
                continue_at = position + 1
            position = continue_at
        return position

    def trivia(self, position: int) -> int:
        """Skip a comment at `position`, hiding it; returns `position` when there is none."""
        text = self.text
        if text.startswith("//", position) and not _after_scheme(text, position):
            end = text.find("\n", position)
            end = len(text) if end < 0 else end
            self.regions.hidden.append((position, end))
            return end
        if text.startswith("/*", position):
            depth, index = 0, position
            while index < len(text):
                if text.startswith("/*", index):
                    depth, index = depth + 1, index + 2
                elif text.startswith("*/", index):
                    depth, index = depth - 1, index + 2
                    if depth == 0:
                        break
                else:
                    index += 1
            self.regions.hidden.append((position, index))
            return index
        return position

    def raw(self, position: int) -> int:
        text = self.text
        ticks = re.match(r"`+", text[position:])
        count = len(ticks.group()) if ticks else 1
        if count == 2:  # `` is an empty raw
            return position + 2
        marker = "`" * count
        end = text.find(marker, position + count)
        end = len(text) if end < 0 else end + count
        self.regions.hidden.append((position, end))
        return end

    def expression(self, position: int) -> int:
        """A code expression after `#`: identifiers, calls, content blocks, code blocks."""
        text = self.text
        ident = _IDENT.match(text, position)
        if ident and ident.group() in _KEYWORD_LINE:
            self.regions.code.append((position - 1, ident.end()))
            return self.code(ident.end(), "\n")
        if ident:
            self.regions.code.append((position - 1, ident.end()))
            position = ident.end()
        elif text.startswith(("(", "{"), position):
            self.regions.code.append((position - 1, position + 1))
            position = self.code(position + 1, ")" if text[position] == "(" else "}")
        while position < len(text) and text[position] in "([":
            if text[position] == "(":
                self.regions.code.append((position, position + 1))
                position = self.code(position + 1, ")")
            else:
                position = self.markup(position + 1, "]")
        return position

    def code(self, position: int, closing: str) -> int:
        """Read code until `closing`; strings are hidden, [content] is markup again."""
        text = self.text
        segment = position
        while position < len(text):
            char = text[position]
            if char == closing:
                end = position + (0 if closing == "\n" else 1)
                self.regions.code.append((segment, end))
                return end
            skipped = self.trivia(position)
            if skipped > position:
                position = skipped
            elif char == '"':
                position = self.string(position)
            elif char == "`":
                position = self.raw(position)
            elif char in "({":
                self.regions.code.append((segment, position + 1))
                position = self.code(position + 1, ")" if char == "(" else "}")
                segment = position
            elif char == "[":
                self.regions.code.append((segment, position + 1))
                position = self.markup(position + 1, "]")
                segment = position - 1
            else:
                position += 1
        self.regions.code.append((segment, position))
        return position

    def string(self, position: int) -> int:
        text = self.text
        index = position + 1
        while index < len(text) and text[index] != '"':
            index += 2 if text[index] == "\\" else 1
        self.regions.hidden.append((position, min(index + 1, len(text))))
        self.regions.strings.append((position + 1, min(index, len(text))))
        return index + 1


def _starts_code(char: str) -> bool:
    return char.isalpha() or char in "_({"


def _at_link(text: str, position: int) -> bool:
    """Typst makes `https://…` in markup a link, up to the next space."""
    before = text[position - 1] if position else " "
    return not before.isalnum() and text.startswith(("http://", "https://"), position)


def _after_scheme(text: str, position: int) -> bool:
    """`https://` in markup is a link, not a comment."""
    return re.search(r"(?:https?|ftp|file):$", text[max(0, position - 6) : position]) is not None
