"""Free-text reference lists (a .txt file, a References section) cut into located References."""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import product

from cite_sentinel.core.findings import Code
from cite_sentinel.core.model import Finding, Location, Read, Reference, Severity
from cite_sentinel.core.sources.reflist_fields import parse_reference, repeats_authors
from cite_sentinel.core.sources.spans import LineIndex

__all__ = ["parse_reference", "read_entries", "read_reflist"]

_NUMBERED = re.compile(
    r"^[ \t]{0,3}(?:\\?\[\s*(\d{1,4})\s*\\?\]|\(\s*(\d{1,4})\s*\)|(\d{1,4})[.)])(?=\s)"
)
# alpha's labels: "[LCRC21]", "[AKW+22]" (from a PDF the raised "+" may come as a space)
_ALPHA_LABEL = re.compile(r"^[ \t]{0,3}\[ ?([^\W\d_](?:[^\W\d_]|[+ -]){0,8}\d{2,4}[a-z]?)\](?=\s)")
_BULLET = re.compile(r"^[ \t]{0,3}[-*+•][ \t]+(?=\S)")
_SKIP = re.compile(
    r"^\s*(?:#{1,6}\s.*|(?:references|bibliography|works cited|literature cited|literature"
    r"|sources|reference list)\s*:?\s*|:::.*|</?div\b.*|[-=*_]{3,}\s*)$",
    re.IGNORECASE,
)
_YEARISH = re.compile(r"\b(?:1[5-9]\d\d|20\d\d)\b")
_ENDS = re.compile(r"(?:[.)\]]|\d|://\S+|\b10\.\d+/\S+)\s*$")
_NAME = r"[A-Z\u00c0-\u024f][\w'’-]+"
_STARTS = re.compile(
    rf"^(?:{_NAME}(?:\s+{_NAME}){{0,2}},\s+(?:[A-Z]\.|{_NAME})"  # Liu, F. / Liu, Fangyu
    rf"|{_NAME}\s+[A-Z]{{1,3}}[,.]"  # Liu F,
    rf"|(?:[A-Z]\.\s*){{1,3}}{_NAME}[,.]"  # F. Liu,
    rf"|{_NAME}(?:\s+{_NAME}){{0,4}}\.\s+\(?\d{{4}})"  # World Health Organization. (2020)
)


@dataclass(frozen=True, slots=True)
class _Item:
    """One reference's span in the text, and the number it was given, if any."""

    start: int
    end: int
    number: str = ""


def read_reflist(text: str, path: str, *, first_line: int = 1) -> Read:
    """Every reference of a free-text list, keyed by its number or by author and year."""
    items = (
        _numbered_items(text) or _labelled_items(text) or _bullet_items(text) or _block_items(text)
    )
    return _read(text, path, items, first_line)


def read_entries(entries: Sequence[tuple[str, str]], path: str) -> Read:
    """References already told apart (a PDF's entries), each with the key its printed label
    gives ("" for none); entry i is line 2i + 1 of the text they make one paragraph each."""
    items: list[_Item] = []
    offset = 0
    for text, key in entries:
        items.append(_Item(offset, offset + len(text), key))
        offset += len(text) + 2
    return _read("\n\n".join(text for text, _ in entries), path, items, 1)


def _read(text: str, path: str, items: Sequence[_Item], first_line: int) -> Read:
    index = LineIndex(text, path)
    references: list[Reference] = []
    findings: list[Finding] = []
    for item in items:
        start, end = item.start, item.end
        line, column = index.position(start)
        end_line, end_column = index.position(end)
        location = Location(
            path, line + first_line - 1, column, end_line + first_line - 1, end_column
        )
        reference = parse_reference(text[start:end], key=item.number, location=location)
        if references and repeats_authors(reference.raw) and not reference.people:
            previous = references[-1]
            reference = replace(
                reference, people=previous.people, others=reference.others or previous.others
            )
        if not _is_reference(reference):
            findings.append(_unreadable(location))
            continue
        references.append(reference)
    if not references:
        return Read()  # nothing here reads as a reference: not a reference list at all
    return Read(references=tuple(_keyed(references)), findings=tuple(findings))


def _is_reference(reference: Reference) -> bool:
    """A title with authors, a year or an identifier: prose or a heading has none of these.
    A style that prints no title (ACS, APS) names the work by its venue, volume and pages,
    and a paper in proceedings (Angewandte) by its authors, venue and year."""
    if reference.identifiers:
        return True
    if reference.title:
        return bool(reference.people or reference.year)
    if reference.venue and reference.volume and reference.pages:
        return bool(reference.people or reference.year)
    # Angewandte's "P. Pu, L. Chen, R. Hu in Proceedings of …, 2011": authors, venue and year
    return bool(reference.venue and reference.people and reference.year) and (
        reference.kind == "paper-conference"
    )


def _numbered_items(text: str) -> list[_Item]:
    """`[1] …`, `1. …`, `(1) …`: each number starts a reference, continued lines belong to it."""
    starts: list[tuple[int, str]] = []
    for offset, line in _lines(text):
        match = _NUMBERED.match(line)
        if match:
            number = next(group for group in match.groups() if group)
            # A wrapped line may start "2019. Title": only the next number starts an item.
            if int(number) in ((int(starts[-1][1]) + 1, 1) if starts else range(1000)):
                starts.append((offset, number))
    if not starts:
        return []
    return _spans(text, starts)


def _labelled_items(text: str) -> list[_Item]:
    """`[LCRC21] …`: alphabetic labels of the alpha styles become the keys."""
    starts = []
    for offset, line in _lines(text):
        match = _ALPHA_LABEL.match(line)
        if match:
            starts.append((offset, alpha_key(match.group(1))))
    return _spans(text, starts) if starts else []


def alpha_key(label: str) -> str:
    """An alpha label as its style wrote it: a space inside it is a raised "+" a PDF lost."""
    return re.sub(r"\++", "+", re.sub(r"\s+", "+", label.strip()))


def _bullet_items(text: str) -> list[_Item]:
    starts = [(offset, "") for offset, line in _lines(text) if _BULLET.match(line)]
    return _spans(text, starts) if starts else []


def _block_items(text: str) -> list[_Item]:
    """Paragraphs, hanging-indent blocks, or one reference per line when each has a year."""
    items: list[_Item] = []
    block: list[tuple[int, str]] = []
    for offset, line in [*_lines(text), (len(text), "")]:
        if line.strip() and not _SKIP.match(line):
            block.append((offset, line))
            continue
        if block:
            items.extend(_split_block(block))
            block = []
    return items


def _split_block(block: list[tuple[int, str]]) -> list[_Item]:
    """A block without blank lines: split under hanging indents, else where a line ends a
    reference and the next one starts with a name."""
    indented = [line[:1].isspace() for _, line in block]
    if any(indented[1:]) and not indented[0]:
        firsts = [number for number, inset in enumerate(indented) if not inset]
    else:
        firsts = [0] + [
            number
            for number in range(1, len(block))
            if _ENDS.search(block[number - 1][1])
            and _STARTS.match(block[number][1])
            and _YEARISH.search(block[number][1])
        ]
        if len(firsts) == 1 and all(_YEARISH.search(line) for _, line in block):
            firsts = list(range(len(block)))
    items = []
    for position, first in enumerate(firsts):
        last = firsts[position + 1] - 1 if position + 1 < len(firsts) else len(block) - 1
        start_offset, start_line = block[first]
        end_offset, end_line = block[last]
        start = start_offset + len(start_line) - len(start_line.lstrip())
        items.append(_Item(start, end_offset + len(end_line.rstrip())))
    return items


def _spans(text: str, starts: list[tuple[int, str]]) -> list[_Item]:
    """From each start to the next, stopping at a blank-line gap followed by other text."""
    items = []
    for position, (start, number) in enumerate(starts):
        stop = starts[position + 1][0] if position + 1 < len(starts) else len(text)
        chunk = text[start:stop]
        gap = re.search(r"\n[ \t]*\n(?=[ \t]*\S)", chunk)
        if gap and position + 1 == len(starts):
            chunk = chunk[: gap.start()]
        chunk_end = start + len(chunk.rstrip())
        begin = start + len(chunk) - len(chunk.lstrip())
        items.append(_Item(begin, chunk_end, number))
    return items


def _lines(text: str) -> list[tuple[int, str]]:
    lines = []
    offset = 0
    for line in text.splitlines(keepends=True):
        lines.append((offset, line.rstrip("\r\n")))
        offset += len(line)
    return lines


def _keyed(references: list[Reference]) -> list[Reference]:
    """Numbers stay; others become family name + year, with a, b, … where two clash."""
    named = [ref if ref.key else replace(ref, key=_author_year(ref)) for ref in references]
    counts = Counter(ref.key for ref in named)
    taken = {key for key, count in counts.items() if count == 1}
    keyed = []
    for ref in named:
        if counts[ref.key] > 1 and not ref.key.isdigit():
            # "li2019" twice beside a written "li2019a": the two become li2019b and li2019c.
            key = next(ref.key + suffix for suffix in _suffixes() if ref.key + suffix not in taken)
            taken.add(key)
            ref = replace(ref, key=key)
        keyed.append(ref)
    return keyed


def _suffixes() -> Iterator[str]:
    """a, b, …, z, then aa, ab, …: never runs out."""
    letters = "abcdefghijklmnopqrstuvwxyz"
    yield from letters
    for size in range(2, 6):
        for combination in product(letters, repeat=size):
            yield "".join(combination)


def _author_year(reference: Reference) -> str:
    first = reference.people[0] if reference.people else None
    name = (first.family or first.literal) if first else ""
    if not name:
        name = reference.title.split()[0] if reference.title else "anon"
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    stem = re.sub(r"[^a-z]", "", ascii_name.lower()) or "anon"
    year_suffix = re.search(r"\b\d{4}([a-z])\b", reference.raw)
    year = str(reference.year) if reference.year else "nd"
    return stem + year + (year_suffix.group(1) if year_suffix and reference.year else "")


def _unreadable(location: Location) -> Finding:
    return Finding(
        code=Code.PARSE_ERROR,
        severity=Severity.WARNING,
        message="could not read this reference: no author or title found",
        location=location,
        hint="write it in a common style, e.g. Author, A. (2020). Title. Journal, 1(2), 3-4.",
    )
