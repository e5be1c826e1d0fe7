"""In-text citations of a PDF: numbered markers (`[3, 5–7]`, superscripts), author–year
mentions (`Smith et al. (2020)`, `(Lee and Park, 2019a)`), and links to the reference list.

Each becomes a Citation of the entry it names, keyed as the reference list's reader keys the
entries (numbers, or family name and year), so the local checks of every manuscript apply.
A marker that names no entry of the list becomes a finding here, said in the PDF's terms.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from cite_sentinel.core.findings import RULES, Code
from cite_sentinel.core.model import Citation, Finding
from cite_sentinel.core.sources.pdf.body import Body
from cite_sentinel.core.sources.pdf.document import Link, LinkKind
from cite_sentinel.core.sources.pdf.marks import Listed, Mark
from cite_sentinel.core.sources.pdf.mentions import author_year_marks, unknown_author
from cite_sentinel.core.sources.sentence_spans import Flavour, sentences

_NUMBER_LIST = r"\d{1,4}(?:\s*[-–—]\s*\d{1,4})?(?:\s*[,;]\s*\d{1,4}(?:\s*[-–—]\s*\d{1,4})?)*"
_BRACKETS = re.compile(
    rf"\[\s*({_NUMBER_LIST})\s*(?:,\s*(?:pp?|ch|chap|sec|fig|eq)\.?\s*[\d–-]+\s*)?\]"
    r"(?:\s*[-–—]\s*\[\s*(\d{1,4})\s*\])?"
)
_SUPERSCRIPT = re.compile(rf"^({_NUMBER_LIST})[,.;]?$")
_RANGE = re.compile(r"(\d{1,4})\s*[-–—]\s*(\d{1,4})")
_MOST_IN_RANGE = 100
_RAISED = 100_000  # group numbers of superscript marks start here
_LINKED = 200_000  # group numbers of marks found by their links start here


@dataclass(frozen=True, slots=True)
class Found:
    """What the in-text search found: citations of entries, and markers naming none."""

    citations: tuple[Citation, ...]
    findings: tuple[Finding, ...]


def find_citations(
    body: Body, listed: Sequence[Listed], links: Mapping[int, Sequence[Link]], path: str
) -> Found:
    """Every citation the text outside the reference list makes, and every dangling marker."""
    if not listed or not body.text:
        return Found((), ())
    keys = [item.reference.key for item in listed]
    numbered = sum(key.isdigit() for key in keys) >= 0.6 * len(keys)
    marks: list[Mark] = []
    dangling: list[Finding] = []
    if numbered:
        last = max(int(key) for key in keys if key.isdigit())
        for mark in [*_bracketed(body), *_superscripts(body)]:
            if mark.key in keys:
                marks.append(mark)
            elif int(mark.key) > last and mark.group < _RAISED:  # a footnote may be raised too
                dangling.append(_beyond_list(mark, last, body, path))
    linked = list(_linked(body, listed, links))
    if not numbered:
        found, unknown = author_year_marks(body, listed)
        marks.extend(found)
        dangling.extend(
            unknown_author(mark, body, path)
            for mark in unknown
            if not any(link.start < mark.end and mark.start < link.end for link in linked)
        )  # a name the list spells otherwise, whose link leads to its entry, is no dangling one
    marks.extend(linked)
    return Found(_citations(_distinct(marks), body, path), tuple(dangling))


def _bracketed(body: Body) -> Iterator[Mark]:
    """`[12]`, `[3, 5–7]`, `[2]–[4]`: one mark per number."""
    for group, match in enumerate(_BRACKETS.finditer(body.text), start=1):
        numbers = _numbers(match[1])
        if match[2]:
            numbers = _numbers(f"{numbers[-1] if numbers else match[1]}-{match[2]}")
        if not numbers or 0 in numbers:
            continue  # "[0, 1]" is an interval
        for number in numbers:
            yield Mark(str(number), match.start(), match.end(), f"[{number}]", group, True)


def _superscripts(body: Body) -> Iterator[Mark]:
    """Raised numbers after a word (`shown¹²`), not exponents after a digit or a symbol."""
    group = _RAISED
    for index, line in enumerate(body.lines):
        run: list[int] = []
        words = line.line.words
        for position in range(len(words) + 1):
            if position < len(words) and line.line.superscript[position]:
                run.append(position)
                continue
            if run:
                mark = _superscript_run(body, index, run)
                if mark is not None:
                    group += 1
                    numbers, start, end = mark
                    for number in numbers:
                        yield Mark(str(number), start, end, f"[{number}]", group, True)
                run = []


def _superscript_run(body: Body, index: int, run: list[int]) -> tuple[list[int], int, int] | None:
    line = body.lines[index].line
    text = _run_text([line.words[position].text for position in run])
    match = _SUPERSCRIPT.match(text)
    if match is None:
        return None
    before = line.words[run[0] - 1].text if run[0] > 0 else ""
    if run[0] == 0 and index > 0:
        before = body.lines[index - 1].line.text.rsplit(" ", 1)[-1]
    stripped = before.rstrip(".,;:)’”\"'")
    if len(stripped) < 2 or not stripped[-1].isalpha():
        return None  # after a digit, a symbol or a one-letter variable: an exponent
    numbers = _numbers(match[1])
    if not numbers or 0 in numbers:
        return None
    start = body.starts[index] + line.starts[run[0]]
    end = body.starts[index] + line.starts[run[-1]] + len(line.words[run[-1]].text)
    return numbers, start, end


def _run_text(pieces: list[str]) -> str:
    """Raised pieces as one list: "5" "6" set apart are "5,6"; "5" "–" "7" is "5–7"."""
    text = ""
    for piece in pieces:
        if text and text[-1].isdigit() and piece[:1].isdigit():
            text += ","
        text += piece
    return text


def _numbers(text: str) -> list[int]:
    numbers: list[int] = []
    for part in re.split(r"\s*[,;]\s*", text.strip()):
        span = _RANGE.fullmatch(part)
        if span:
            first, last = int(span[1]), int(span[2])
            if not first <= last <= first + _MOST_IN_RANGE:
                return []
            numbers.extend(range(first, last + 1))
        elif part.isdigit():
            numbers.append(int(part))
    return numbers


def _linked(
    body: Body, listed: Sequence[Listed], links: Mapping[int, Sequence[Link]]
) -> Iterator[Mark]:
    """Links from the text to a place in the reference list: the entry printed there."""
    places = [
        (first.page, first.line.top, first.line.x0, first.line.size, item.reference.key)
        for item in listed
        for first in item.lines[:1]
    ]
    group = _LINKED
    for index, line in enumerate(body.lines):
        for link in links.get(line.page, ()):
            if link.kind is not LinkKind.PAGE or link.target_top is None:
                continue
            words = [
                position
                for position, word in enumerate(line.line.words)
                if link.x0 <= (word.x0 + word.x1) / 2 <= link.x1
                and link.top <= (word.top + word.bottom) / 2 <= link.bottom
            ]
            if not words:
                continue
            key = _entry_at(places, link)
            if not key:
                continue
            start = body.starts[index] + line.line.starts[words[0]]
            last = line.line.words[words[-1]]
            end = body.starts[index] + line.line.starts[words[-1]] + len(last.text)
            group += 1
            label = f"[{key}]" if key.isdigit() else body.text[start:end].strip("()[];,. ")
            yield Mark(key, start, end, label, group, key.isdigit())


def _entry_at(places: list[tuple[int, float, float, float, str]], link: Link) -> str:
    """The entry whose first line starts where a link leads: at its target or just below
    (a link's target is the top of the entry's box, above its first line's text)."""
    best = ""
    nearest = float("inf")
    assert link.target_top is not None
    for page, top, left, size, key in places:
        below = top - link.target_top
        if page != link.target_page or not -0.5 * size <= below <= 2.5 * size:
            continue
        distance = abs(below)
        if link.target_left is not None:
            distance += 0.5 * max(0.0, abs(left - link.target_left) - 2 * size)
        if distance < nearest:
            best, nearest = key, distance
    return best


def _distinct(marks: list[Mark]) -> list[Mark]:
    """One mark per citation: the text's marks first (they hold the whole citation), then the
    links that add one (a link split over two lines, or one found in the text, adds none)."""
    kept: list[Mark] = []
    spans: dict[str, list[tuple[int, int]]] = {}
    for linked in (False, True):
        for mark in sorted(marks, key=lambda mark: mark.start):
            if (mark.group >= _LINKED) is not linked:
                continue
            near = spans.setdefault(mark.key, [])
            if any(start - 2 <= mark.end and mark.start <= end + 2 for start, end in near):
                continue
            near.append((mark.start, mark.end))
            kept.append(mark)
    return sorted(kept, key=lambda mark: (mark.start, mark.key))


def _citations(marks: list[Mark], body: Body, path: str) -> tuple[Citation, ...]:
    told = sentences(
        body.text,
        removed=[(mark.start, mark.end) for mark in marks if mark.removed],
        flavour=Flavour.PLAIN,
        marks=[mark.start for mark in marks if mark.removed],
    )
    citations = []
    for mark in marks:
        sentence, context = told.around(mark.start)
        citations.append(
            Citation(
                key=mark.key,
                location=body.location(path, mark.start, mark.end, mark.label),
                sentence=sentence,
                context=context,
                group=mark.group,
                mark=told.place(mark.start, mark.start) if mark.removed else -1,
            )
        )
    return tuple(citations)


def _beyond_list(mark: Mark, last: int, body: Body, path: str) -> Finding:
    hint = "correct the marker, or add the missing entry to the reference list"
    return Finding(
        code=Code.UNDEFINED_KEY,
        severity=RULES[Code.UNDEFINED_KEY].severity,
        message=f"{mark.key}: cited as {mark.label} but the reference list ends at [{last}]; "
        f"{hint}",
        location=body.location(path, mark.start, mark.end, mark.label),
        key=mark.key,
        hint=hint,
    )
