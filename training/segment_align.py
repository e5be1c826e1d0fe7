"""The lines of a training PDF as the reader gives them, each labelled by finding its text in
the document's known text: which piece it belongs to, and whether a reference starts on it."""

from __future__ import annotations

import unicodedata
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass

from cite_sentinel.core.sources.pdf.document import Opened, open_pdf
from cite_sentinel.core.sources.pdf.list_lines import list_lines
from cite_sentinel.core.sources.pdf.margins import PageLine, strip_margins
from cite_sentinel.core.sources.segment import ListLine, Role

_WINDOW = 4000  # characters a line may lie ahead of the last one found


@dataclass(frozen=True, slots=True)
class Labelled:
    """A document's lines, their roles, and how many lines could not be placed."""

    lines: tuple[ListLine, ...]
    roles: tuple[Role, ...]
    texts: tuple[str, ...]
    unplaced: int


def labelled_pdf(pdf: bytes, pieces: Sequence[tuple[str, str]]) -> Labelled | None:
    """The PDF's lines labelled against its pieces (text, `heading`|`entry`|`other`), or None
    when it cannot be read."""
    opened = open_pdf(pdf)
    if not isinstance(opened, Opened):
        return None
    page_lines = strip_margins(opened.pages)
    roles, unplaced = align(page_lines, pieces)
    return Labelled(
        tuple(list_lines(page_lines)),
        tuple(roles),
        tuple(line.line.text for line in page_lines),
        unplaced,
    )


def align(lines: Sequence[PageLine], pieces: Sequence[tuple[str, str]]) -> tuple[list[Role], int]:
    """Each line's role, found by its letters and digits in the pieces' run together."""
    starts: list[int] = []
    kinds: list[str] = []
    text = ""
    for piece, kind in pieces:
        starts.append(len(text))
        kinds.append(kind)
        text += normal(piece)
    roles: list[Role] = []
    unplaced = 0
    pointer = 0
    for line in lines:
        letters = normal(line.line.text)
        place = _find(text, letters, pointer)
        if place is None:
            stripped = letters.lstrip("0123456789")
            place = _find(text, stripped, pointer) if len(stripped) >= 4 else None
            letters = stripped
        if place is None:
            roles.append(_continued(roles) if not letters else Role.OTHER)
            unplaced += sum(char.isalpha() for char in letters) >= 4  # not a row of marks
            continue
        found, in_order = place
        end = found + len(letters)
        piece = bisect_right(starts, found) - 1
        opened = [
            index
            for index in range(piece, len(starts))
            if found <= starts[index] < end and kinds[index] == "entry"
        ]
        if opened or (kinds[piece] == "entry" and starts[piece] == found):
            roles.append(Role.FIRST)
        elif kinds[piece] == "entry":
            roles.append(Role.MORE)
        elif kinds[piece] == "heading":
            roles.append(Role.HEADING)
        else:
            roles.append(Role.OTHER)
        pointer = end if in_order else pointer
    return roles, unplaced


def normal(text: str) -> str:
    """Letters and digits only, case-folded, accents off: what survives any typesetter."""
    folded = unicodedata.normalize("NFKD", text).casefold()
    return "".join(char for char in folded if char.isalnum())


def _find(text: str, letters: str, pointer: int) -> tuple[int, bool] | None:
    """Where a line's letters are: just ahead of the last line found (True), or anywhere (a
    footnote, a float set out of the text's order: False)."""
    if not letters:
        return None
    found = text.find(letters, pointer, pointer + _WINDOW + len(letters))
    if found >= 0:
        return found, True
    if len(letters) < 12:
        return None
    found = text.find(letters)
    return (found, False) if found >= 0 else None


def _continued(roles: list[Role]) -> Role:
    """A line of punctuation alone goes with the line above."""
    if roles and roles[-1] in (Role.FIRST, Role.MORE):
        return Role.MORE
    return Role.OTHER
