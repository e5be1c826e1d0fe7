"""Cut BibTeX text into blocks with exact offsets, fast, resynchronising after each error."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum
from sys import intern  # one string per field name and entry type, not one per entry

__all__ = [
    "Block",
    "EntryBlock",
    "FailedBlock",
    "Field",
    "Piece",
    "PieceKind",
    "StringBlock",
    "iter_blocks",
    "split_blocks",
]


class PieceKind(StrEnum):
    """How one part of a value was written."""

    BRACED = "braced"
    QUOTED = "quoted"
    NUMBER = "number"
    MACRO = "macro"


@dataclass(frozen=True, slots=True)
class Piece:
    """One part of a value joined by `#`: its text without delimiters, and its span."""

    kind: PieceKind
    text: str
    start: int

    @property
    def end(self) -> int:
        delimiters = 0 if self.kind is PieceKind.NUMBER or self.kind is PieceKind.MACRO else 2
        return self.start + len(self.text) + delimiters


@dataclass(frozen=True, slots=True)
class Field:
    """`name = value` inside an entry; `name` is lower-cased."""

    name: str
    pieces: tuple[Piece, ...]
    start: int


@dataclass(frozen=True, slots=True, kw_only=True)
class EntryBlock:
    """`@type{key, fields}`: offsets from `@` to after the closing delimiter."""

    kind: str
    key: str
    key_start: int
    start: int
    end: int
    fields: tuple[Field, ...]


@dataclass(frozen=True, slots=True)
class StringBlock:
    """`@string{name = value}`; `name` is lower-cased, as macros are case-insensitive."""

    name: str
    pieces: tuple[Piece, ...]
    start: int


@dataclass(frozen=True, slots=True, kw_only=True)
class FailedBlock:
    """A block that could not be read: where it broke, what is wrong and what to do."""

    start: int
    offset: int
    message: str
    hint: str
    key: str = ""  # the entry's key when it was read before the trouble


Block = EntryBlock | StringBlock | FailedBlock

_BLOCK_HEAD = re.compile(r"@\s*([A-Za-z_][\w:.+-]*)\s*([{(])?")
_SPACE = re.compile(r"(?:\s+|%[^\n]*)*")
_KEY = re.compile(r"[^\s,{}()=\"#%]+")
_NAME = re.compile(r"[^\s\"#%'(),={}]+")
_NEW_BLOCK = r"\n[ \t]*@[A-Za-z_][\w:.+-]*[ \t]*[{(]"
_IN_BRACES = re.compile(r"[{}]|" + _NEW_BLOCK)
_IN_QUOTES = re.compile(r'[{}"]|' + _NEW_BLOCK)
_NEW_BLOCK_INSIDE = re.compile(_NEW_BLOCK)
# The common field in one match: name = {value up to three brace levels} | "text" | bare,
# trailing white space and the comma. Anything else takes the careful path below.
_FAST_FIELD = re.compile(
    r"\s*([^\s\"#%'(),={}]+)\s*=\s*"
    r"(?:\{([^{}]*(?:\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}[^{}]*)*)\}"
    r"|\"([^\"{}]*)\""
    r"|([^\s\"#%'(),={}]+))"
    r"\s*(,?)"
)
_ASSIGNMENT = re.compile(r"\n\s*[A-Za-z][\w-]*\s*=")
_LINE_START_AT = re.compile(r"\n[ \t]*@")
_CLOSER = {"{": "}", "(": ")"}
_SKIPPED = frozenset({"comment", "preamble"})


class _Broken(Exception):
    """Bad input inside one block; carries where and why, never leaves this module."""

    def __init__(self, offset: int, message: str, hint: str, resume: int | None = None) -> None:
        super().__init__(message)
        self.offset = offset
        self.message = message
        self.hint = hint
        self.resume = resume
        self.key = ""


def split_blocks(text: str) -> list[Block]:
    """Every entry, @string and unreadable block in source order; comments are skipped."""
    return list(iter_blocks(text))


def iter_blocks(text: str) -> Iterator[Block]:
    """split_blocks one block at a time: a reader that keeps only what it needs of each lets
    the rest go at once (a whole file's blocks held together cost the collector dearly)."""
    pos = 0
    length = len(text)
    while pos < length:
        at = text.find("@", pos)
        if at < 0:
            break
        head = _BLOCK_HEAD.match(text, at)
        # Only the text since the last block matters: this keeps one-line files linear.
        line_start = max(text.rfind("\n", pos, at) + 1, pos)
        commented = text.find("%", line_start, at) >= 0
        if head is None or commented:
            pos = at + 1
            continue
        kind = intern(head.group(1).lower())
        opener = head.group(2)
        if opener is None:
            if text[line_start:at].strip() or kind in _SKIPPED:
                pos = at + 1  # an "@" in free text between entries, as in an e-mail address
                continue
            yield FailedBlock(
                start=at,
                offset=head.end(1),
                message=f"expected '{{' after @{head.group(1)}",
                hint="open the entry with a brace, as in @article{key, ...}",
            )
            pos = head.end(1)
            continue
        block: Block | None = None
        try:
            if kind in _SKIPPED:
                pos = _skip_group(text, head.end() - 1, opener)
            elif kind == "string":
                block, pos = _string(text, at, head.end(), _CLOSER[opener])
            else:
                block, pos = _entry(text, at, head.end(), kind, _CLOSER[opener])
        except _Broken as broken:
            block = FailedBlock(
                start=at,
                offset=broken.offset,
                message=broken.message,
                hint=broken.hint,
                key=broken.key,
            )
            pos = broken.resume if broken.resume is not None else _resume(text, broken.offset)
        if block is not None:
            yield block


def _opens_block(text: str, start: int, pos: int) -> bool:
    """Whether the white space from `start` to `pos` ends a line and a block opens at `pos`:
    no key or value reads across an entry opening a line (the next entry is read instead)."""
    newline = text.rfind("\n", start, pos)
    if newline < 0:
        return False
    found = _NEW_BLOCK_INSIDE.match(text, newline)
    return found is not None and text.find("@", newline, found.end()) == pos


def _resume(text: str, offset: int) -> int:
    """The next `@` that starts a line, where reading can safely begin again."""
    if offset < len(text) and text[offset] == "@":
        return offset
    found = _LINE_START_AT.search(text, offset)
    return found.end() - 1 if found else len(text)


def _skip(text: str, pos: int) -> int:
    """The offset after any white space and %-comments at `pos`."""
    found = _SPACE.match(text, pos)
    return found.end() if found else pos


def _entry(text: str, at: int, pos: int, kind: str, closer: str) -> tuple[EntryBlock, int]:
    try:
        return _entry_body(text, at, pos, kind, closer)
    except _Broken as broken:
        start = _skip(text, pos)
        key = None if _opens_block(text, pos, start) else _KEY.match(text, start)
        if key is not None and not text.startswith("=", _skip(text, key.end())):
            broken.key = key.group(0)
        raise


def _entry_body(text: str, at: int, pos: int, kind: str, closer: str) -> tuple[EntryBlock, int]:
    opened, pos = pos, _skip(text, pos)
    block = _opens_block(text, opened, pos)  # the next entry: this one stops here
    key_match = None if block else _KEY.match(text, pos)
    if key_match is None:
        raise _Broken(
            opened if block else pos,
            f"@{kind} entry has no key",
            "write a citation key right after the opening brace, followed by a comma",
            resume=pos if block else None,
        )
    key = key_match.group(0)
    key_start = pos
    pos = _skip(text, key_match.end())
    fields: list[Field] = []
    if text.startswith(closer, pos):
        return EntryBlock(
            kind=kind, key=key, key_start=key_start, start=at, end=pos + 1, fields=()
        ), pos + 1
    if not text.startswith(",", pos):
        if text.startswith("=", pos):
            raise _Broken(
                key_start,
                f"@{kind} entry has no key ('{key}' is followed by '=')",
                "write a citation key right after the opening brace, followed by a comma",
            )
        raise _Broken(
            pos, f"expected ',' after the key '{key}'", "put a comma after the citation key"
        )
    pos += 1
    while True:
        fast = _FAST_FIELD.match(text, pos)
        plain = _plain_field(fast, text) if fast is not None else None
        if plain is not None and fast is not None:
            fields.append(plain)
            pos = fast.end()
            if text[pos - 1] == ",":
                continue
        else:
            pos = _skip(text, pos)
            if pos >= len(text):
                raise _unclosed(fields, at, len(text), key, closer, "is never closed")
            char = text[pos]
            if char == closer:
                return EntryBlock(
                    kind=kind,
                    key=key,
                    key_start=key_start,
                    start=at,
                    end=pos + 1,
                    fields=tuple(fields),
                ), pos + 1
            if char == ",":  # a doubled comma is harmless
                pos += 1
                continue
            if char == "@":
                raise _unclosed(fields, at, pos, key, closer, "is not closed before the next entry")
            field, pos = _field(text, pos, key)
            fields.append(field)
        pos = _skip(text, pos)
        if pos < len(text) and text[pos] == ",":
            pos += 1
        elif pos < len(text) and text[pos] != closer:
            _after_value(text, at, pos, key, fields, closer)


def _plain_field(fast: re.Match[str], text: str) -> Field | None:
    """The field the quick pattern read, or None when it needs the careful path: a `#`
    follows, a new entry starts inside the braces (a value left open), or a bare value
    starts with `@`."""
    name, braced, quoted, bare, comma = fast.groups()
    if not comma and text.startswith("#", fast.end()):
        return None
    if bare is not None and bare.startswith("@"):
        return None  # perhaps the next entry, where a value was left out
    if braced is not None:
        if "@" in braced and _NEW_BLOCK_INSIDE.search(braced):
            return None
        start = fast.start(2) - 1
        piece = Piece(PieceKind.BRACED, braced, start)
    elif quoted is not None:
        start = fast.start(3) - 1
        piece = Piece(PieceKind.QUOTED, quoted, start)
    else:
        start = fast.start(4)
        kind = PieceKind.NUMBER if bare[0].isdigit() else PieceKind.MACRO
        piece = Piece(kind, bare, start)
    return Field(intern(name.lower()), (piece,), fast.start(1))


def _after_value(text: str, at: int, pos: int, key: str, fields: list[Field], closer: str) -> None:
    if text[pos] == "@":
        raise _unclosed(fields, at, pos, key, closer, "is not closed before the next entry")
    name = fields[-1].name
    found = _NAME.match(text, pos)
    shown = found.group(0) if found else text[pos]
    raise _Broken(
        pos,
        f"expected ',' or '{closer}' after the value of field '{name}' in entry '{key}', "
        f"found '{shown}'",
        "put a comma between the fields",
    )


def _unclosed(
    fields: list[Field], at: int, resume: int, key: str, closer: str, what: str
) -> _Broken:
    """An entry that runs on: most often a value's brace left open swallowed the fields after
    it and the entry's own closing brace; point there when a value holds `name =`."""
    for field in fields:
        for piece in field.pieces:
            if piece.kind is PieceKind.BRACED and _ASSIGNMENT.search(piece.text):
                return _Broken(
                    piece.start,
                    f"the {{ opening the value of field '{field.name}' in entry '{key}' "
                    f"is never closed",
                    "close the value (count the braces)",
                    resume=resume,
                )
    return _Broken(
        at, f"entry '{key}' {what}", f"add '{closer}' at the end of entry '{key}'", resume=resume
    )


def _field(text: str, pos: int, key: str) -> tuple[Field, int]:
    name_match = _NAME.match(text, pos)
    if name_match is None:
        raise _Broken(
            pos,
            f"expected a field name in entry '{key}', found '{text[pos]}'",
            "write fields as name = {value}, separated by commas",
        )
    name = intern(name_match.group(0).lower())
    pos = _skip(text, name_match.end())
    if not text.startswith("=", pos):
        raise _Broken(
            pos,
            f"expected '=' after field '{name}' in entry '{key}'",
            "write fields as name = {value}, separated by commas",
        )
    pieces, pos = _value(text, pos + 1, f"field '{name}' in entry '{key}'")
    return Field(name, pieces, name_match.start()), pos


def _string(text: str, at: int, pos: int, closer: str) -> tuple[StringBlock, int]:
    pos = _skip(text, pos)
    name_match = _NAME.match(text, pos)
    if name_match is None:
        raise _Broken(pos, "@string has no name", "write @string{name = {value}}")
    name = name_match.group(0)
    pos = _skip(text, name_match.end())
    if not text.startswith("=", pos):
        raise _Broken(
            pos, f"expected '=' after @string name '{name}'", "write @string{name = {value}}"
        )
    pieces, pos = _value(text, pos + 1, f"@string '{name}'")
    pos = _skip(text, pos)
    if text.startswith(",", pos):
        pos = _skip(text, pos + 1)
    if not text.startswith(closer, pos):
        raise _Broken(
            pos, f"expected '{closer}' to close @string '{name}'", f"add '{closer}' after the value"
        )
    return StringBlock(name.lower(), pieces, at), pos + 1


def _value(text: str, pos: int, where: str) -> tuple[tuple[Piece, ...], int]:
    """A value: pieces joined by `#`, each braced, quoted, a number or a macro name."""
    pieces: list[Piece] = []
    while True:
        pos = _skip(text, pos)
        char = text[pos] if pos < len(text) else ""
        if char == "{":
            end = _closing(text, pos, _IN_BRACES, where)
            pieces.append(Piece(PieceKind.BRACED, text[pos + 1 : end - 1], pos))
        elif char == '"':
            end = _closing(text, pos, _IN_QUOTES, where)
            pieces.append(Piece(PieceKind.QUOTED, text[pos + 1 : end - 1], pos))
        elif char == "@" and not text[text.rfind("\n", 0, pos) + 1 : pos].strip():
            # An "@" opening a line starts the next entry: this value is missing, and reading
            # resumes there instead of taking "@book" for a macro and swallowing the entry.
            raise _Broken(
                pos,
                f"expected a value for {where}, found the next entry",
                "write the value in braces: name = {value}, or remove the field",
            )
        else:
            name = _NAME.match(text, pos)
            if name is None:
                shown = f"'{char}'" if char else "the end of the file"
                raise _Broken(
                    pos,
                    f"expected a value for {where}, found {shown}",
                    "write the value in braces: name = {value}",
                )
            end = name.end()
            kind = PieceKind.NUMBER if char.isdigit() else PieceKind.MACRO
            pieces.append(Piece(kind, name.group(0), pos))
        pos = _skip(text, end)
        if not text.startswith("#", pos):
            return tuple(pieces), pos
        pos += 1


def _closing(text: str, start: int, pattern: re.Pattern[str], where: str) -> int:
    """The offset after the delimiter closing the one at `start`; `@` opening a line stops it."""
    quoted = text[start] == '"'
    depth = 0 if quoted else 1
    pos = start + 1
    while True:
        found = pattern.search(text, pos)
        if found is None:
            break
        char = found.group(0)
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0 and not quoted:
                return found.end()
            if depth < 0:
                break  # a quote left open runs into the entry's closing brace
        elif char == '"':
            if depth == 0:
                return found.end()
        else:
            break  # a new entry begins: this value was never closed
        pos = found.end()
    resume = found.start() if found is not None else len(text)
    delimiter = '"' if quoted else "{"
    raise _Broken(
        start,
        f"the {delimiter} opening the value of {where} is never closed",
        "close the value (count the braces)" if not quoted else 'close the value with "',
        resume=_resume(text, resume),
    )


def _skip_group(text: str, start: int, opener: str) -> int:
    """The end of a @comment or @preamble group; an unclosed one ends at the next entry."""
    closer = _CLOSER[opener]
    pattern = _IN_BRACES if opener == "{" else re.compile(r"[()]|" + _NEW_BLOCK)
    depth = 0
    pos = start
    while True:
        found = pattern.search(text, pos)
        if found is None:
            return len(text)
        char = found.group(0)
        if char == opener:
            depth += 1
        elif char == closer:
            depth -= 1
            if depth == 0:
                return found.end()
        else:
            return found.start()
        pos = found.end()
