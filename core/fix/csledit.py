"""Apply planned fixes to CSL-JSON text: only the changed members of the fixed items move."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass

from cite_sentinel.core.fix.changes import Change, EntryFix, FixField
from cite_sentinel.core.fix.csl_names import csl_name
from cite_sentinel.core.fix.json_spans import Item, Member, json_items
from cite_sentinel.core.lexicon.kinds import Kind, csl_type, kind_of_index_type

_NAMES = {
    FixField.DOI: "DOI",
    FixField.TITLE: "title",
    FixField.YEAR: "issued",
    FixField.AUTHORS: "author",
    FixField.VENUE: "container-title",
    FixField.PAGES: "page",
    FixField.VOLUME: "volume",
    FixField.ISSUE: "issue",
    FixField.KIND: "type",
}
_DASH = re.compile(r"\s*[-\u2010-\u2015]+\s*")


@dataclass(frozen=True, slots=True)
class _Edit:
    start: int
    end: int
    text: str


def edit_csl_json(text: str, fixes: Sequence[EntryFix]) -> str:
    """The text with each fix applied to the item whose id is its key; the rest as read."""
    wanted = {fix.key: fix for fix in fixes}
    if not wanted:
        return text
    ascii_only = "\\u" in text and text.isascii()
    edits: list[_Edit] = []
    for item in json_items(text):
        id_member = item.member("id")
        if id_member is None:
            continue
        key = json.loads(text[id_member.value_start : id_member.value_end])
        fix = wanted.pop(str(key), None)
        if fix is not None:
            edits.extend(_item_edits(text, item, fix, ascii_only))
    out: list[str] = []
    done = 0
    for edit in sorted(edits, key=lambda e: e.start):
        out.append(text[done : edit.start])
        out.append(edit.text)
        done = edit.end
    out.append(text[done:])
    return "".join(out)


def _item_edits(text: str, item: Item, fix: EntryFix, ascii_only: bool) -> list[_Edit]:
    layout = _Layout.of(text, item)
    edits: list[_Edit] = []
    added: list[tuple[str, object]] = []
    for change in fix.changes:
        for name, value in _values(text, item, change):
            member = item.member(name)
            if member is None:
                added.append((name, value))
            else:
                edits.append(
                    _Edit(member.value_start, member.value_end, layout.dump(value, ascii_only))
                )
    if added:
        edits.append(layout.append(added, ascii_only))
    return edits


def _values(text: str, item: Item, change: Change) -> list[tuple[str, object]]:
    """The members (name, new JSON value) one change writes."""
    if change.field is FixField.RETRACTED:
        values: list[tuple[str, object]] = []
        keyword = _current(text, item.member("keyword"))
        words = f"{keyword}, retracted" if isinstance(keyword, str) and keyword else "retracted"
        values.append(("keyword", words))
        if item.member("note") is None:
            values.append(("note", "Retracted"))
        return values
    name = _NAMES[change.field]
    if change.field is FixField.KIND:
        kind = kind_of_index_type(change.value)
        return [(name, csl_type(kind))] if kind not in (Kind.UNKNOWN, Kind.OTHER) else []
    if change.field is FixField.AUTHORS:
        return [(name, _names(_current(text, item.member(name)), change))]
    if change.field is FixField.YEAR:
        return [(name, _issued(_current(text, item.member(name)), change.value))]
    if change.field is FixField.PAGES:
        return [(name, _DASH.sub("-", change.value.strip()))]
    return [(name, change.value)]


def _names(current: object, change: Change) -> list[object]:
    """The new list, each name the item already wrote as well as the index (or better) kept
    as written."""
    written = current if isinstance(current, list) else []
    names: list[object] = []
    for position, person in enumerate(change.people):
        at = change.kept[position] if position < len(change.kept) else -1
        names.append(written[at] if 0 <= at < len(written) else csl_name(person))
    return names


def _current(text: str, member: Member | None) -> object:
    return None if member is None else json.loads(text[member.value_start : member.value_end])


def _issued(current: object, year: str) -> object:
    """The date with its year replaced, keeping month, day and the way the year is written."""
    if isinstance(current, dict):
        parts = current.get("date-parts")
        if isinstance(parts, list) and parts and isinstance(parts[0], list) and parts[0]:
            first = parts[0]
            written: object = year if isinstance(first[0], str) else int(year)
            return {**current, "date-parts": [[written, *first[1:]], *parts[1:]]}
    return {"date-parts": [[int(year)]]}


@dataclass(frozen=True, slots=True)
class _Layout:
    """How an item writes its members: on one line, or one per line with an indent."""

    text: str
    item: Item
    indent: str  # before each member; "" when the item is on one line
    unit: str  # one level of indentation inside values
    colon: str  # between a name and its value: ": " or ":"
    newline: str  # the file's line end: "\n", or "\r\n" for a file written on Windows

    @classmethod
    def of(cls, text: str, item: Item) -> _Layout:
        last = item.members[-1] if item.members else None
        newline = "\r\n" if "\r\n" in text[item.start : item.end] else "\n"
        if last is None:
            return cls(text, item, "", " ", ": ", newline)
        line_start = text.rfind("\n", 0, last.key_start) + 1
        indent = text[line_start : last.key_start]
        if "\n" not in text[item.start : item.end] or indent.strip():
            indent = ""
        item_line = text.rfind("\n", 0, item.start) + 1
        outer = text[item_line : item.start] if not text[item_line : item.start].strip() else ""
        unit = indent[len(outer) :] if indent.startswith(outer) and len(indent) > len(outer) else ""
        colon = text[last.key_end : last.value_start]
        return cls(text, item, indent, unit or " ", colon, newline)

    def dump(self, value: object, ascii_only: bool) -> str:
        if not self.indent:
            return json.dumps(value, ensure_ascii=ascii_only, separators=(", ", ": "))
        dumped = json.dumps(value, ensure_ascii=ascii_only, indent=self.unit)
        return dumped.replace("\n", self.newline + self.indent)

    def append(self, members: list[tuple[str, object]], ascii_only: bool) -> _Edit:
        lines = [
            f"{json.dumps(name, ensure_ascii=ascii_only)}{self.colon}{self.dump(v, ascii_only)}"
            for name, v in members
        ]
        if not self.item.members:
            at = self.item.start + 1
            return _Edit(at, at, ", ".join(lines))
        at = self.item.members[-1].value_end
        separator = "," + self.newline + self.indent if self.indent else ", "
        return _Edit(at, at, "".join(separator + line for line in lines))
