"""Apply planned fixes to BibTeX text, copying every byte the fixes do not touch as read."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from cite_sentinel.core.fix.bibvalues import bibtex_value, field_name
from cite_sentinel.core.fix.changes import Change, EntryFix, FixField
from cite_sentinel.core.fix.name_style import NameStyle, ends_with_others, name_style
from cite_sentinel.core.lexicon.kinds import Kind, bibtex_type, kind_of_index_type
from cite_sentinel.core.sources.bibtex_blocks import EntryBlock, Field, PieceKind, split_blocks
from cite_sentinel.core.sources.names import split_names

_TYPED = frozenset({Kind.ARTICLE, Kind.PAPER, Kind.CHAPTER, Kind.BOOK, Kind.THESIS, Kind.REPORT})
_KIND = re.compile(r"@\s*([A-Za-z_][\w:.+-]*)")
_YEAR_IN_DATE = re.compile(r"\d{4}")
_PAGE_DASH = re.compile(r"\w\s*([-\u2010-\u2015]+)\s*\w")


@dataclass(frozen=True, slots=True)
class _Edit:
    """Replace text[start:end] with `text`; an insertion has start == end."""

    start: int
    end: int
    text: str


def edit_bibtex(text: str, fixes: Sequence[EntryFix]) -> str:
    """The text with each fix applied to the one entry its key names; the rest unchanged."""
    wanted = {fix.key: fix for fix in fixes}
    if not wanted:
        return text
    entries = [block for block in split_blocks(text) if isinstance(block, EntryBlock)]
    house = _Conventions.of_file(text, entries)
    edits: list[_Edit] = []
    for block in entries:
        if block.key in wanted:
            edits.extend(_entry_edits(text, block, wanted.pop(block.key), house))
    pieces: list[str] = []
    done = 0
    for edit in sorted(edits, key=lambda e: (e.start, e.end)):
        pieces.append(text[done : edit.start])
        pieces.append(edit.text)
        done = edit.end
    pieces.append(text[done:])
    return "".join(pieces)


@dataclass(frozen=True, slots=True)
class _Conventions:
    """How the file writes what `fix` may write: its names and the dash between pages."""

    names: NameStyle
    dash: str

    @classmethod
    def of_file(cls, text: str, entries: list[EntryBlock]) -> _Conventions:
        authors = [_raw(text, f) for e in entries for f in e.fields if f.name == "author"]
        pages = [_raw(text, f) for e in entries for f in e.fields if f.name == "pages"]
        return cls(names=name_style(authors), dash=_dash(pages, "--"))

    def of_entry(self, text: str, entry: EntryBlock) -> _Conventions:
        """The entry's own manner where it shows one, else the file's."""
        author = _find(entry, "author")
        pages = _find(entry, "pages")
        return _Conventions(
            names=name_style([_raw(text, author)]) if author else self.names,
            dash=_dash([_raw(text, pages)], self.dash) if pages else self.dash,
        )


def _raw(text: str, field: Field) -> str:
    first, last = field.pieces[0], field.pieces[-1]
    if len(field.pieces) == 1 and first.kind in (PieceKind.BRACED, PieceKind.QUOTED):
        return first.text
    return text[first.start : last.end]


def _dash(values: list[str], default: str) -> str:
    found = [m.group(1) for value in values if (m := _PAGE_DASH.search(value))]
    return max(set(found), key=found.count) if found else default


def _entry_edits(text: str, entry: EntryBlock, fix: EntryFix, house: _Conventions) -> list[_Edit]:
    own = house.of_entry(text, entry)
    edits: list[_Edit] = []
    kind = entry.kind
    for change in fix.changes:
        if change.field is FixField.KIND:
            new_kind = _entry_type(change.value)
            if new_kind and new_kind != kind:
                edits.append(_kind_edit(text, entry, new_kind))
                kind = new_kind
    names = [field.name for field in entry.fields]
    inserts: list[tuple[str, str]] = []
    for change in fix.changes:
        if change.field is FixField.KIND:
            continue
        if change.field is FixField.RETRACTED:
            edits.extend(_retracted_edits(text, entry, inserts))
            continue
        name = field_name(change.field, kind, names)
        existing = _find(entry, name)
        change = _cut_short(text, existing, change)
        value = bibtex_value(change, names=own.names, dash=own.dash)
        if change.field is FixField.AUTHORS and existing is not None and change.kept:
            value = _with_kept_names(_raw(text, existing), change, value)
        if existing is None:
            inserts.append((name, value))
        else:
            edits.append(_replace(text, existing, value, change))
    edits.extend(_insertions(text, entry, inserts))
    return edits


def _entry_type(index_type: str) -> str:
    """The entry type that cites a work of the index's type; "" where the type says nothing
    an entry type could (a @misc is never written over what the author chose)."""
    kind = kind_of_index_type(index_type)
    return bibtex_type(kind) if kind in _TYPED else ""


def _cut_short(text: str, existing: Field | None, change: Change) -> Change:
    """Authors for a list that ends `and others`: as many as it names, and `and others`."""
    if change.field is not FixField.AUTHORS or existing is None:
        return change
    raw = _raw(text, existing)
    if not ends_with_others(raw):
        return change
    named = max(1, len(split_names(raw)) - 1)
    if named >= len(change.people):
        return change
    return Change(
        change.field, change.value, change.people[:named], others=True, kept=change.kept[:named]
    )


def _with_kept_names(raw: str, change: Change, value: str) -> str:
    """The new list with each name the entry already wrote as well as the index (or better)
    copied as written: its initials, braces and LaTeX accents stay."""
    written = [name.strip() for name in split_names(raw)]
    new = [name.strip() for name in split_names(value)]
    if len(new) < len(change.people):
        return value
    for position, at in enumerate(change.kept[: len(change.people)]):
        if 0 <= at < len(written):
            new[position] = written[at]
    return " and ".join(new)


def _find(entry: EntryBlock, name: str) -> Field | None:
    for field in entry.fields:
        if field.name == name:
            return field
    return None


def _kind_edit(text: str, entry: EntryBlock, new_kind: str) -> _Edit:
    found = _KIND.match(text, entry.start)
    assert found is not None  # the scanner read this entry from the same head
    written = found.group(1)
    return _Edit(found.start(1), found.end(1), _same_case(written, new_kind))


def _replace(text: str, field: Field, value: str, change: Change) -> _Edit:
    first, last = field.pieces[0], field.pieces[-1]
    if field.name == "date" and change.field is FixField.YEAR and len(field.pieces) == 1:
        year = _YEAR_IN_DATE.search(text, first.start, first.end)
        if year is not None:
            return _Edit(year.start(), year.end(), value)
    if len(field.pieces) == 1 and first.kind is PieceKind.NUMBER and value.isdigit():
        return _Edit(first.start, last.end, value)
    if len(field.pieces) == 1 and first.kind is PieceKind.QUOTED and '"' not in value:
        return _Edit(first.start, last.end, f'"{value}"')
    return _Edit(first.start, last.end, "{" + value + "}")


def _retracted_edits(text: str, entry: EntryBlock, inserts: list[tuple[str, str]]) -> list[_Edit]:
    """Add `retracted` to the keywords (creating them), and a note when the entry has none."""
    keywords = _find(entry, "keywords")
    edits: list[_Edit] = []
    if keywords is None:
        inserts.append(("keywords", "retracted"))
    else:
        last = keywords.pieces[-1]
        inner_end = last.end - 1 if last.kind in (PieceKind.BRACED, PieceKind.QUOTED) else last.end
        if last.kind in (PieceKind.BRACED, PieceKind.QUOTED):
            separator = ", " if last.text.strip() else ""
            edits.append(_Edit(inner_end, inner_end, f"{separator}retracted"))
        else:
            edits.append(_Edit(last.end, last.end, ' # ", retracted"'))
    if _find(entry, "note") is None:
        inserts.append(("note", "Retracted"))
    return edits


def _insertions(text: str, entry: EntryBlock, inserts: list[tuple[str, str]]) -> list[_Edit]:
    """New fields in the entry's own layout: indentation, `=` alignment, name case, order."""
    if not inserts:
        return []
    if not entry.fields:
        closer = entry.end - 1
        newline = "\r\n" if "\r\n" in text else "\n"
        lines = "".join(f",{newline}  {name} = {{{value}}}" for name, value in inserts)
        return [_Edit(closer, closer, lines + newline)]
    layout = _Layout.of(text, entry)
    edits: list[_Edit] = []
    for name, value in inserts:
        before = layout.sorted_position(name)
        line = layout.render(name, value)
        if before is not None:
            edits.append(_Edit(before.start, before.start, line + "," + layout.separator))
        else:
            edits.append(layout.append(line))
    return edits


@dataclass(frozen=True, slots=True)
class _Layout:
    """How an entry writes its fields, so a new one looks like its neighbours."""

    entry: EntryBlock
    text: str
    separator: str  # what separates a field from the next: "\n  ", "\n\t" or " "
    name_width: int  # column of "=" after the name start when the entry aligns them, else 0
    before_equals: str  # what the last field writes between its name and "="
    after_equals: str
    case: str
    alphabetical: bool

    @classmethod
    def of(cls, text: str, entry: EntryBlock) -> _Layout:
        last = entry.fields[-1]
        line_start = text.rfind("\n", entry.start, last.start) + 1
        indent = text[line_start : last.start]
        newline = "\r\n" if text.startswith("\r\n", line_start - 2) else "\n"
        separator = newline + indent if line_start > 0 and not indent.strip() else " "
        equals = text.index("=", last.start)
        written = text[last.start : last.start + len(last.name)]
        widths = {text.index("=", field.start) - field.start for field in entry.fields}
        aligned = len(entry.fields) > 1 and len(widths) == 1
        names = [field.name for field in entry.fields]
        return cls(
            entry=entry,
            text=text,
            separator=separator,
            name_width=equals - last.start if aligned else 0,
            before_equals=text[last.start + len(last.name) : equals],
            after_equals=text[equals + 1 : last.pieces[0].start],
            case=written,
            alphabetical=len(names) > 2 and names == sorted(names),
        )

    def render(self, name: str, value: str) -> str:
        written = _same_case(self.case, name)
        gap = self.before_equals
        if self.name_width > len(written):
            gap = " " * (self.name_width - len(written))
        return f"{written}{gap}={self.after_equals}{{{value}}}"

    def sorted_position(self, name: str) -> Field | None:
        if not self.alphabetical:
            return None
        for field in self.entry.fields:
            if field.name > name:
                return field
        return None

    def append(self, line: str) -> _Edit:
        last = self.entry.fields[-1].pieces[-1].end
        rest = self.text[last : self.entry.end - 1]
        if rest.lstrip().startswith(","):
            comma = last + rest.index(",") + 1
            return _Edit(comma, comma, self.separator + line + ",")
        return _Edit(last, last, "," + self.separator + line)


def _same_case(model: str, word: str) -> str:
    if model.isupper() and len(model) > 1:
        return word.upper()
    if model[:1].isupper():
        return word[:1].upper() + word[1:]
    return word
