"""Where each item of a CSL-JSON array, and each of its members, sits in the text."""

from __future__ import annotations

import json
from dataclasses import dataclass

_DECODER = json.JSONDecoder()
_SPACE = " \t\n\r"


@dataclass(frozen=True, slots=True)
class Member:
    """`"key": value` inside an item: offsets of the key's quote and of the value."""

    key: str
    key_start: int
    key_end: int
    value_start: int
    value_end: int


@dataclass(frozen=True, slots=True)
class Item:
    """One object of the top-level array, from `{` to after `}`."""

    start: int
    end: int
    members: tuple[Member, ...]

    def member(self, key: str) -> Member | None:
        for member in self.members:
            if member.key == key:
                return member
        return None


class JsonLayoutError(ValueError):
    """The text is not a JSON array of objects; `fix` then leaves it alone."""


def json_items(text: str) -> tuple[Item, ...]:
    """Every object of the top-level array, with its members' spans, in file order."""
    pos = _skip(text, 1 if text.startswith("\ufeff") else 0)  # a byte order mark stays put
    if not text.startswith("[", pos):
        raise JsonLayoutError("a CSL-JSON file to fix must hold an array of items")
    items: list[Item] = []
    pos = _skip(text, pos + 1)
    if text.startswith("]", pos):
        return ()
    while True:
        item, pos = _item(text, pos)
        items.append(item)
        pos = _skip(text, pos)
        if text.startswith(",", pos):
            pos = _skip(text, pos + 1)
            continue
        if text.startswith("]", pos):
            return tuple(items)
        raise JsonLayoutError(f"expected ',' or ']' at offset {pos}")


def _item(text: str, pos: int) -> tuple[Item, int]:
    if not text.startswith("{", pos):
        raise JsonLayoutError(f"expected an object at offset {pos}")
    start = pos
    members: list[Member] = []
    pos = _skip(text, pos + 1)
    if text.startswith("}", pos):
        return Item(start, pos + 1, ()), pos + 1
    while True:
        key_start = pos
        try:
            key, key_end = _DECODER.raw_decode(text, pos)
            pos = _skip(text, key_end)
            if not (isinstance(key, str) and text.startswith(":", pos)):
                raise JsonLayoutError(f"expected a member name at offset {key_start}")
            value_start = _skip(text, pos + 1)
            _, value_end = _DECODER.raw_decode(text, value_start)
        except json.JSONDecodeError as error:
            raise JsonLayoutError(str(error)) from error
        members.append(Member(key, key_start, key_end, value_start, value_end))
        pos = _skip(text, value_end)
        if text.startswith(",", pos):
            pos = _skip(text, pos + 1)
            continue
        if text.startswith("}", pos):
            return Item(start, pos + 1, tuple(members)), pos + 1
        raise JsonLayoutError(f"expected ',' or '}}' at offset {pos}")


def _skip(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] in _SPACE:
        pos += 1
    return pos
