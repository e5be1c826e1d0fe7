"""In-text citations of a PDF: numbered markers (`[3, 5–7]`, superscripts), author–year
mentions (`Smith et al. (2020)`, `(Lee and Park, 2019a)`), and links to the reference list.

Each becomes a Citation of the entry it names, keyed as the reference list's reader keys the
entries (numbers, or family name and year), so the local checks of every manuscript apply.
A marker that names no entry of the list becomes a finding here, said in the PDF's terms.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from cite_sentinel.core.findings import RULES, Code
from cite_sentinel.core.model import Citation, Finding, Reference, Severity
from cite_sentinel.core.sources.pdf.body import Body
from cite_sentinel.core.sources.pdf.document import Link, LinkKind
from cite_sentinel.core.sources.pdf.margins import PageLine
from cite_sentinel.core.sources.sentences import Flavour, sentences

_NUMBER_LIST = r"\d{1,4}(?:\s*[-–—]\s*\d{1,4})?(?:\s*[,;]\s*\d{1,4}(?:\s*[-–—]\s*\d{1,4})?)*"
_BRACKETS = re.compile(
    rf"\[\s*({_NUMBER_LIST})\s*(?:,\s*(?:pp?|ch|chap|sec|fig|eq)\.?\s*[\d–-]+\s*)?\]"
    r"(?:\s*[-–—]\s*\[\s*(\d{1,4})\s*\])?"
)
_SUPERSCRIPT = re.compile(rf"^({_NUMBER_LIST})[,.;]?$")
_RANGE = re.compile(r"(\d{1,4})\s*[-–—]\s*(\d{1,4})")
_MOST_IN_RANGE = 100
_YEAR = re.compile(r"(?<![\d./-])(1[6-9]\d\d|20\d\d)([a-z])?(?![\d])")
_NAME = re.compile(r"[A-Z\u00c0-\u024f][\w'’\u00c0-\u024f-]*[\w\u00c0-\u024f]")
_WINDOW = 90  # characters before a year searched for the author's name
_CITED = re.compile(  # "Smith et al. (" / "(Smith and Lee, " / "; Smith & Lee "
    r"(?:(?P<open>[(\[;]\s*)|\b)(?P<name>[A-Z\u00c0-\u024f][\w'’\u00c0-\u024f-]+)"
    r"(?P<tail>\s+et\s+al\.?|\s+(?:and|&)\s+[A-Z\u00c0-\u024f][\w'’\u00c0-\u024f-]+)?"
    r"(?P<sep>,?\s*\(?\s*)$"
)


@dataclass(frozen=True, slots=True)
class Listed:
    """A reference of the list, with the lines it was printed on."""

    reference: Reference
    lines: tuple[PageLine, ...]


@dataclass(frozen=True, slots=True)
class Found:
    """What the in-text search found: citations of entries, and markers naming none."""

    citations: tuple[Citation, ...]
    findings: tuple[Finding, ...]


@dataclass(frozen=True, slots=True)
class _Mark:
    key: str
    start: int
    end: int
    label: str
    group: int
    removed: bool  # the marker is no prose (a bracket or superscript), left out of the sentence


def find_citations(
    body: Body, listed: Sequence[Listed], links: Mapping[int, Sequence[Link]], path: str
) -> Found:
    """Every citation the text outside the reference list makes, and every dangling marker."""
    if not listed or not body.text:
        return Found((), ())
    keys = [item.reference.key for item in listed]
    numbered = sum(key.isdigit() for key in keys) >= 0.6 * len(keys)
    marks: list[_Mark] = []
    dangling: list[Finding] = []
    if numbered:
        last = max(int(key) for key in keys if key.isdigit())
        for mark in [*_bracketed(body), *_superscripts(body)]:
            if mark.key in keys:
                marks.append(mark)
            elif int(mark.key) > last and mark.removed and mark.label.startswith("["):
                dangling.append(_beyond_list(mark, last, body, path))
    else:
        found, unknown = _author_year(body, listed)
        marks.extend(found)
        dangling.extend(_unknown_author(mark, body, path) for mark in unknown)
    marks.extend(_linked(body, listed, links))
    return Found(_citations(_distinct(marks), body, path), tuple(dangling))


def _bracketed(body: Body) -> Iterator[_Mark]:
    """`[12]`, `[3, 5–7]`, `[2]–[4]`: one mark per number."""
    for group, match in enumerate(_BRACKETS.finditer(body.text), start=1):
        numbers = _numbers(match[1])
        if match[2]:
            numbers = _numbers(f"{numbers[-1] if numbers else match[1]}-{match[2]}")
        if not numbers or 0 in numbers:
            continue  # "[0, 1]" is an interval
        for number in numbers:
            yield _Mark(str(number), match.start(), match.end(), f"[{number}]", group, True)


def _superscripts(body: Body) -> Iterator[_Mark]:
    """Raised numbers after a word (`shown¹²`), not exponents after a digit or a symbol."""
    group = 100_000
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
                        yield _Mark(str(number), start, end, f"[{number}]", group, True)
                run = []


def _superscript_run(body: Body, index: int, run: list[int]) -> tuple[list[int], int, int] | None:
    line = body.lines[index].line
    text = "".join(line.words[position].text for position in run)
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


@dataclass(frozen=True, slots=True)
class _Author:
    """An entry as author–year citations name it."""

    key: str
    stem: str  # the first author's family name as keys spell it
    suffix: str  # the letter printed after the year ("2020a"), or ""
    others: tuple[str, ...]  # the other authors' stems
    many: bool  # three authors or more ("et al.")


def _author_year(body: Body, listed: Sequence[Listed]) -> tuple[list[_Mark], list[_Mark]]:
    """Years after a family name of an entry of that year; unknown ones only in the forms
    that are surely citations ("Smith et al. (2020)", "(Smith, 2020)")."""
    by_year: dict[str, list[_Author]] = {}
    for item in listed:
        reference = item.reference
        if reference.year is None:
            continue
        printed = re.search(rf"\b{reference.year}([a-z])\b", reference.raw)
        by_year.setdefault(str(reference.year), []).append(
            _Author(
                key=reference.key,
                stem=_stem(_family(reference)),
                suffix=printed[1] if printed else "",
                others=tuple(_stem(p.family or p.literal) for p in reference.people[1:]),
                many=len(reference.people) > 2 or reference.others,
            )
        )
    found: list[_Mark] = []
    unknown: list[_Mark] = []
    previous_end = 0
    previous_stem = ""
    text = body.text
    for group, match in enumerate(_YEAR.finditer(text), start=1):
        start = max(previous_end, match.start() - _WINDOW)
        window = text[start : match.start()]
        previous_end = match.end()
        if window.strip(" ,;") == "" and previous_stem:
            hits = [a for a in by_year.get(match[1], []) if a.stem == previous_stem]
            key = _choose(hits, match[2] or "", window)
            if key:
                found.append(_Mark(key, match.start(), match.end(), match[0], group, False))
            continue
        author, name_at = _named(window, match, by_year)
        previous_stem = author.stem if author else ""
        if author:
            label = " ".join(text[start + name_at : match.end()].split()).replace("(", "")
            found.append(_Mark(author.key, start + name_at, match.end(), label, group, False))
            continue
        cited = _CITED.search(window)
        if cited and (cited["open"] or cited["tail"]) and _stem(cited["name"]):
            label = f"{' '.join(cited[0].split()).strip('([; ,')} {match[0]}"
            key = f"{_stem(cited['name'])}{match[1]}{match[2] or ''}"
            begin = start + cited.start("name")
            unknown.append(_Mark(key, begin, match.end(), label, group, False))
    return found, unknown


def _named(
    window: str, match: re.Match[str], by_year: Mapping[str, list[_Author]]
) -> tuple[_Author | None, int]:
    """The entry of this year whose first author's name the window holds, and where the name
    starts; the name nearest the year wins."""
    candidates = by_year.get(match[1], [])
    if not candidates:
        return None, -1
    names = [(name.start(), _stem(name[0])) for name in _NAME.finditer(window)]
    for offset, stem in reversed(names):
        hits = [author for author in candidates if author.stem == stem]
        key = _choose(hits, match[2] or "", window[offset:])
        if key:
            return next(author for author in hits if author.key == key), offset
    return None, -1


def _choose(hits: list[_Author], suffix: str, written: str) -> str:
    """The key among an author's entries of one year that the citation names: by the letter
    after the year, else by the co-authors it names ("Li & Wang", "Li et al.")."""
    if not hits:
        return ""
    if suffix:
        return next((author.key for author in hits if author.suffix == suffix), "")
    if len(hits) == 1:
        return hits[0].key
    stems = {_stem(name[0]) for name in _NAME.finditer(written)}
    named = [author for author in hits if stems & set(author.others)]
    if len(named) == 1:
        return named[0].key
    many = "et al" in written
    fitting = [author for author in hits if author.many == many]
    return fitting[0].key if fitting else hits[0].key


def _linked(
    body: Body, listed: Sequence[Listed], links: Mapping[int, Sequence[Link]]
) -> Iterator[_Mark]:
    """Links from the text to a place in the reference list: the entry printed there."""
    places = [
        (line.page, line.line.top, line.line.x0, line.line.size, item.reference.key)
        for item in listed
        for line in item.lines
    ]
    group = 200_000
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
            yield _Mark(key, start, end, label, group, key.isdigit())


def _entry_at(places: list[tuple[int, float, float, float, str]], link: Link) -> str:
    best = ""
    nearest = float("inf")
    assert link.target_top is not None
    for page, top, left, size, key in places:
        if page != link.target_page:
            continue
        distance = abs(top - link.target_top)
        if link.target_left is not None:
            distance += 0.5 * max(0.0, abs(left - link.target_left) - 2 * size)
        if distance < nearest and distance <= 2.5 * size:
            best, nearest = key, distance
    return best


def _distinct(marks: list[_Mark]) -> list[_Mark]:
    """One mark per key and place: a linked marker is also found in the text (the text's
    mark is kept: it holds the whole citation, a link may hold a piece)."""
    kept: list[_Mark] = []
    last_end: dict[str, int] = {}
    for mark in sorted(marks, key=lambda mark: (mark.start, mark.group >= 200_000)):
        if last_end.get(mark.key, -1) > mark.start:
            continue
        kept.append(mark)
        last_end[mark.key] = max(last_end.get(mark.key, -1), mark.end)
    return sorted(kept, key=lambda mark: (mark.start, mark.key))


def _citations(marks: list[_Mark], body: Body, path: str) -> tuple[Citation, ...]:
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


def _beyond_list(mark: _Mark, last: int, body: Body, path: str) -> Finding:
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


def _unknown_author(mark: _Mark, body: Body, path: str) -> Finding:
    hint = "correct the citation, or add the work to the reference list"
    return Finding(
        code=Code.UNDEFINED_KEY,
        severity=Severity.WARNING,
        message=f"{mark.label}: cited, but no entry of the reference list has this first "
        f"author and year; {hint}",
        location=body.location(path, mark.start, mark.end, mark.label),
        key=mark.key,
        hint=hint,
    )


def _family(reference: Reference) -> str:
    first = reference.people[0] if reference.people else None
    if first is None:
        return reference.title.split(" ", 1)[0] if reference.title else ""
    return first.family or first.literal.split(" ", 1)[0]


def _stem(name: str) -> str:
    """A family name as the reference list's keys spell it: ASCII letters, lower case."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z]", "", ascii_name.lower())
