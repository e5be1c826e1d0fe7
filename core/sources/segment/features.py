"""What the segmenter knows of each line: the shape of its text and of its place on the page.

Text: how the line starts (a number, a label, a name and initials, a lower-case word), how it
ends, whether it holds a year, a DOI, pages or venue words, whether it reads as a heading, a
caption, an affiliation or a funding statement. Layout: its indent, how far its end falls
short of the column's edge, the space above it, its type size, a new page or column. Each is
binned into a few words, and the line's neighbours lend theirs, so that the model sees "a full
line ending in a comma, then a flush line starting with a name" as GROBID and AnyStyle do.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from cite_sentinel.core.sources.segment.headings import (
    is_list_heading,
    is_other_heading,
    starts_part,
)
from cite_sentinel.core.sources.segment.lines import ListLine

_UPPER = "A-Z\u00c0-\u00de\u0100-\u024f\u0391-\u03a9\u0410-\u042f"
_NAME = rf"[{_UPPER}][\w'’\-]+"
_LABEL = re.compile(
    r"^\s*(?:(?P<bracket>\[\s*(?P<b>\d{1,4})\s*\])|(?P<dot>(?P<d>\d{1,4})\.(?=\s|$))"
    r"|(?P<paren>\(\s*(?P<p>\d{1,4})\s*\))|(?P<bare>(?P<n>\d{1,4})(?=\s+\S)))"
)
_ALPHA = re.compile(r"^\s*\[\s?[^\W\d_](?:[^\W\d_]|[+\-. ]){0,14}\d{2,4}[a-z]?\]")
_STARTS = (
    ("surname_initials", re.compile(rf"^{_NAME}(?:\s+{_NAME}){{0,2}},\s*(?:[{_UPPER}]\.)")),
    ("surname_given", re.compile(rf"^{_NAME}(?:\s+{_NAME}){{0,2}},\s+{_NAME}")),
    ("surname_caps_initials", re.compile(rf"^{_NAME}\s+[{_UPPER}]{{1,3}}[,.]")),
    (
        "initials_surname",
        re.compile(rf"^(?:[{_UPPER}]\.\s?(?:-\s?[{_UPPER}]\.\s?)?){{1,3}}\s*{_NAME}"),
    ),
    ("caps_surname", re.compile(rf"^[{_UPPER}]{{2,}}(?:[\s-][{_UPPER}]{{2,}})*,")),
    ("given_surname", re.compile(rf"^{_NAME}\s+(?:[{_UPPER}]\.\s+)?{_NAME},")),
    ("same_authors", re.compile(r"^(?:[-—–_]{2,}|—)")),
)
_YEAR = re.compile(r"(?<![\d/.])(?:1[6-9]\d\d|20[0-3]\d)(?:[a-z])?(?![\d/])")
_YEAR_PAREN = re.compile(r"\((?:1[6-9]\d\d|20[0-3]\d)[a-z]?\)")
_PAGES = re.compile(r"\b\d+\s?[-–]\s?\d+\b|\bpp?\.\s?\d")
_VOLUME = re.compile(r"\b(?:vol|no|nr|bd|t)\.\s?\d|\b\d+\s?\(\d+\)|\b\d+:\d+", re.IGNORECASE)
# Words that say what a line is, looked up word by word (lower case, punctuation off).
_VENUE_WORDS = frozenset(
    {
        "proc", "proceedings", "journal", "j", "trans", "transactions", "rev", "review", "lett",
        "letters", "phys", "conf", "conference", "symposium", "workshop", "press", "publisher",
        "publishers", "verlag", "eds", "edited", "thesis", "dissertation", "report", "preprint",
        "advances", "annals", "bulletin", "quarterly", "studies", "in:",
    }
)  # fmt: skip
_AFFILIATION_WORDS = frozenset(
    {
        "department", "dept", "center", "centre", "faculty", "school", "college", "academy",
        "observatory", "hospital", "national", "infn", "cnrs", "max-planck",
    }
)  # fmt: skip
_FUNDING_WORDS = frozenset(
    {
        "grant", "grants", "funded", "funding", "supported", "support", "contract", "fellowship",
        "foundation", "council", "agency", "programme", "program",
    }
)  # fmt: skip
_JOINERS = frozenset({"and", "&", "und", "et", "y", "al"})
_PREFIXES = (
    ("universit", ("venue", "affiliation")),
    ("institut", ("affiliation",)),
    ("laborator", ("affiliation",)),
    ("acknowledg", ("funding",)),
    ("thank", ("funding",)),
    ("award", ("funding",)),
    ("http", ("identifier",)),
    ("www.", ("identifier",)),
    ("doi", ("identifier",)),
    ("arxiv", ("identifier",)),
)
_PREFIX_FLAGS = dict(_PREFIXES)
_PREFIX = re.compile("(?<![\\w])(" + "|".join(re.escape(prefix) for prefix, _ in _PREFIXES) + ")")
_TOKEN = re.compile(r"[^\s()\[\]{},.;\"“”‘’']+")
_CAPITALISED = re.compile(rf"(?:^|(?<=\s))[{_UPPER}]")
_WORD_FLAGS = {
    word: tuple(
        flag
        for flag, words in (
            ("venue", _VENUE_WORDS),
            ("affiliation", _AFFILIATION_WORDS),
            ("funding", _FUNDING_WORDS),
            ("joiner", _JOINERS),
        )
        if word in words
    )
    for word in _VENUE_WORDS | _AFFILIATION_WORDS | _FUNDING_WORDS | _JOINERS
}
_DOI = re.compile(r"10\.\d{4,9}/")
_PUNCTUATION = "()[]{},.;\"“”‘’'"
_CAPTION = re.compile(
    r"^(?:fig(?:ure)?|tab(?:le)?|scheme|plate|chart|abb(?:ildung)?)\.?\s*[\dIVX]", re.I
)
_CODE = re.compile(r"\b[A-Z]{2,}[-/ ]?\d[\w-]{3,}|\bNo\.\s?[A-Z0-9-]{4,}")
_NAME_NUMBER = re.compile(rf"{_NAME}\s?\d{{1,3}}\s?[,a-z]")  # "AbouZeid 158 ," in an author list
_DIGIT = re.compile(r"\d")
_COMMAND = re.compile(r"\\[a-zA-Z]{2,}|[a-z]~[A-Z]")
_ENTRY_END = re.compile(r"[.)\]\d]$")
_WORD = re.compile(r"\S+")
_HEADING_LENGTH = 48  # characters: longer lines are no headings
_NEAR = 8  # lines either side that say how a list is spaced
_APART = 1.15  # a gap this much wider than the usual one sets a line apart
_DASHES = frozenset("-—–_")
_OPENERS = frozenset('[(“"‘—–-')


def line_features(lines: Sequence[ListLine]) -> list[list[str]]:
    """The features of every line, its neighbours' included."""
    own = [_own(line) for line in lines]
    lent = [[item for item in items if item.split("=", 1)[0] in _LENT] for items in own]
    ends = [_value(items, "end") for items in own]
    firsts = [_value(items, "first") for items in own]
    sequence = _sequence(lines)
    spacing = _spacing(lines)
    sections = _sections(own)
    features: list[list[str]] = []
    last = len(lines) - 1
    for index, line in enumerate(lines):
        items = ["bias", *own[index], f"seq={sequence[index]}", *_layout(lines, index)]
        items.append(spacing[index])
        items.append(sections[index])
        items.extend(f"-1:{item}" for item in (lent[index - 1] if index else ["start"]))
        items.extend(f"+1:{item}" for item in (lent[index + 1] if index < last else ["end"]))
        before = ends[index - 1] if index else "none"
        after = firsts[index + 1] if index < last else "none"
        items.append(f"-1:end|first={before}|{firsts[index]}")
        items.append(f"-1:end|label={before}|{_value(own[index], 'label')}")
        items.append(f"end|+1:first={ends[index]}|{after}")
        if index < last:
            items.append(f"+1:gap={_gap(lines[index + 1].gap)}")
            items.append(f"+1:indent={_indent(lines[index + 1].indent)}")
        items.append(f"pos={min(int(line.position * 5), 4)}")
        features.append(items)
    return features


_LENT = frozenset(
    {
        "label", "end", "name", "year", "heading", "other_heading", "words", "caption", "room",
        "whole", "part",
    }
)  # fmt: skip


def _own(line: ListLine) -> list[str]:
    """The features a line has by itself (its text, its size)."""
    text = line.text.strip()
    words = _WORD.findall(text)
    number = _LABEL.match(text)
    label = number or _ALPHA.match(text)
    items = [
        f"label={_label(number, label)}",
        f"first={_shape(words[0]) if words else 'none'}",
        f"end={_ending(text)}",
        f"words={_count(len(words))}",
        f"size={_size(line.size)}",
    ]
    body = text[label.end() :].lstrip() if label is not None else text
    name = (
        next((kind for kind, pattern in _STARTS if pattern.match(body)), "")
        if body[:1].isupper() or body[:1] in _DASHES
        else ""
    )
    if name:
        items.append(f"name={name}")
    digits = len(_DIGIT.findall(text))
    found = _keywords(text)
    if digits:  # the patterns that need a digit
        found.update(
            flag
            for flag, present in (
                ("year", _YEAR.search(text)),
                ("year_paren", _YEAR_PAREN.search(text)),
                ("pages", _PAGES.search(text)),
                ("volume", _VOLUME.search(text)),
                ("code", _CODE.search(text)),
                ("name_number", len(_NAME_NUMBER.findall(text)) >= 2),
            )
            if present
        )
    if len(text) <= _HEADING_LENGTH:
        found.update(
            flag
            for flag, present in (
                ("heading", is_list_heading(text)),
                ("other_heading", is_other_heading(text)),
            )
            if present
        )
    if _CAPTION.match(text):
        found.add("caption")
    if starts_part(text, line.size):
        found.add("part")  # heads a part of the document: the list may end before it
    if line.raised_digits >= 2:
        found.add("raised")
    if line.room:
        found.add("room")
    if ("\\" in text or "~" in text) and _COMMAND.search(text):
        found.add("command")  # "\\bibitem{Zub74}": a listing of source, not what it prints
    if name and "year" in found and _ENTRY_END.search(text):
        found.add("whole")  # "Springel, V. 2005, MNRAS, 364, 1105": a reference on one line
    items.extend(f"{flag}=1" for flag in sorted(found))
    items.append(f"commas={_count(text.count(','))}")
    items.append(f"digits={_share(digits, len(text))}")
    items.append(f"caps={_share(len(_CAPITALISED.findall(text)), len(words))}")
    return items


def _keywords(text: str) -> set[str]:
    """What the line's words say it holds: venue words, an affiliation, a funding statement,
    name joiners ("and", "et al."), an identifier."""
    lowered = text.lower()
    found = {flag for word in _TOKEN.findall(lowered) for flag in _WORD_FLAGS.get(word, ())}
    found.update(
        flag for match in _PREFIX.finditer(lowered) for flag in _PREFIX_FLAGS[match.group(1)]
    )
    if "/" in lowered and _DOI.search(lowered):
        found.add("identifier")
    return found


def _layout(lines: Sequence[ListLine], index: int) -> list[str]:
    """Where the line stands against the one above it."""
    line = lines[index]
    items = [
        f"indent={_indent(line.indent)}",
        f"gap={_gap(line.gap)}",
        f"short={_shortfall(line.shortfall)}",
    ]
    if index == 0:
        return [*items, "dx=start"]
    previous = lines[index - 1]
    items.append(f"-1:short={_shortfall(previous.shortfall)}")
    items.append(f"dx={_shift(previous, line)}")  # indents are column's own: comparable across
    if index + 1 < len(lines):
        items.append(f"+1:dx={_shift(line, lines[index + 1])}")
    ratio = line.size / previous.size if previous.size else 1.0
    items.append("resize=smaller" if ratio < 0.92 else "resize=larger" if ratio > 1.08 else "")
    return [item for item in items if item]


def _shift(line: ListLine, after: ListLine) -> str:
    """Where the next line starts against this one: left of it, under it, right of it."""
    shift = after.indent - line.indent
    return "left" if shift < -0.5 else "right" if shift > 0.5 else "same"


def _spacing(lines: Sequence[ListLine]) -> list[str]:
    """The space above each line against the lines around it: in a list whose entries are set
    apart, a line as close as its neighbours goes on an entry; a wider one starts the next."""
    gaps = [line.gap for line in lines]
    found: list[str] = []
    for index, gap in enumerate(gaps):
        near = sorted(
            other for other in gaps[max(0, index - _NEAR) : index + _NEAR + 1] if other is not None
        )
        if gap is None or len(near) < 3:
            found.append("spacing=unknown")
            continue
        usual = near[len(near) // 2]
        spaced = near[-1] > _APART * usual
        place = "wider" if gap > _APART * usual else "usual"
        found.append(f"spacing={'spaced' if spaced else 'even'}|{place}")
    return found


def _sections(own: Sequence[list[str]]) -> list[str]:
    """The part of the document each line is in, as its last heading names it: the list's
    ("References"), another part's ("4 Results", "Appendix A", a short line in larger type),
    or none yet. A line-level model sees only its neighbours; this is its memory of the page
    (GROBID gives its segmentation model the same)."""
    found: list[str] = []
    current = "section=none"
    for items in own:
        if "heading=1" in items:
            current = "section=list"
        elif "part=1" in items:
            current = "section=other"
        found.append(current)
    return found


def _sequence(lines: Sequence[ListLine]) -> list[str]:
    """How a line's leading number follows the last one seen: the next, a restart at 1, or
    neither. A list counts 1, 2, 3; a page of text rarely does."""
    last: int | None = None
    found: list[str] = []
    for line in lines:
        match = _LABEL.match(line.text)
        if match is None:
            found.append("none")
            continue
        number = int(next(group for group in match.group("b", "d", "p", "n") if group))
        if last is not None and number == last + 1:
            found.append("next")
        elif number == 1:
            found.append("one")
        else:
            found.append("other")
        if last is None or number == last + 1 or number == 1:
            last = number
    return found


def _label(number: re.Match[str] | None, label: re.Match[str] | None) -> str:
    if number is not None:
        return next(kind for kind in ("bracket", "dot", "paren", "bare") if number.group(kind))
    return "alpha" if label is not None else "none"


def _shape(word: str) -> str:
    """A word's shape, short: `Aa,` for "Smith,", `A.` for "J.", `a` for "and", `d` for "12"."""
    core = word.rstrip(",.;:")
    tail = word[len(core) :][:1]
    if not core:
        return "punct"
    if core.isdigit():
        digits = "yyyy" if len(core) == 4 and core[:2] in ("19", "20") else f"d{min(len(core), 5)}"
        return f"{digits}{tail}"
    if core[0].isupper():
        if len(core) == 1:
            return f"A{tail}"
        body = "A" if core.isupper() else "Aa"
        return f"{body}{tail}"
    if core[0].islower():
        return f"a{tail}"
    return "o" + (core[0] if core[0] in _OPENERS else "")


def _ending(text: str) -> str:
    last = text[-1:]
    if not last:
        return "none"
    if last.isdigit():
        return "digit"
    if last.isalpha():
        return "letter"
    return last if last in ".,;:-)]" else "other"


def _count(number: int) -> str:
    if number <= 1:
        return str(number)
    if number <= 3:
        return "2-3"
    if number <= 7:
        return "4-7"
    return "8-14" if number <= 14 else "15+"


def _share(part: int, whole: int) -> str:
    if not whole:
        return "0"
    share = part / whole
    return "0" if share == 0 else "low" if share < 0.1 else "mid" if share < 0.3 else "high"


def _size(ratio: float) -> str:
    if ratio < 0.92:
        return "smaller"
    if ratio <= 1.08:
        return "same"
    return "larger" if ratio <= 1.3 else "largest"


def _indent(ems: float) -> str:
    if ems < 0.35:
        return "flush"
    if ems < 1.2:
        return "small"
    if ems < 4:
        return "hang"
    return "deep" if ems < 10 else "far"


def _gap(pitches: float | None) -> str:
    if pitches is None:
        return "new"
    if pitches < 0.85:
        return "tight"
    if pitches <= 1.15:
        return "same"
    if pitches <= 1.6:
        return "wide"
    return "wider" if pitches <= 2.5 else "far"


def _shortfall(share: float) -> str:
    if share < 0.04:
        return "full"
    return "part" if share < 0.33 else "short"


def _value(items: list[str], name: str) -> str:
    prefix = f"{name}="
    return next((item[len(prefix) :] for item in items if item.startswith(prefix)), "none")
