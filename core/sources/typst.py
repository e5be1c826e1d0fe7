"""Citations in Typst (`@key`, `@key[p. 4]`, `#cite(<key>)`) and the bibliographies named.

An `@` right after a letter or digit (an e-mail address) is not read as a citation, although
Typst itself would try it as a reference; nothing in comments, raw text or strings counts.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass

from cite_sentinel.core.model import (
    BibliographyLink,
    Citation,
    CitationMode,
    Read,
)
from cite_sentinel.core.sources.guard import never_raises
from cite_sentinel.core.sources.sentence_spans import (
    Flavour,
    blank,
    breaks_before,
    clean,
    sentences,
)
from cite_sentinel.core.sources.spans import LineIndex
from cite_sentinel.core.sources.typst_regions import find_regions

_REF = re.compile(r"@([\w\-.:]+)")
_CITE_CALL = re.compile(r"(?<![\w.-])cite\(")
_BIBLIOGRAPHY_CALL = re.compile(r"(?<![\w.-])bibliography\(")
_LABEL = re.compile(r"\s*(?:<([\w\-.:]+)>|label\(\s*\"((?:[^\"\\]|\\.)*)\"\s*\))")
_FORM = re.compile(r"\bform\s*:\s*\"(\w+)\"")
_SUPPLEMENT = re.compile(r"\bsupplement\s*:\s*")
_BREAK = re.compile(r"^[ \t]*(?:=+|[-+]|\d+\.|/)[ \t]", re.MULTILINE)
_FORMS = {
    "prose": CitationMode.AUTHOR_IN_TEXT,
    "author": CitationMode.AUTHOR_IN_TEXT,
    "year": CitationMode.SUPPRESS_AUTHOR,
}


@never_raises("Typst")
def read_typst(text: str, path: str) -> Read:
    """Citations and `#bibliography(...)` files of a Typst document."""
    return _read(text, path)


@dataclass(slots=True)
class _Cite:
    key: str
    key_start: int
    key_end: int
    start: int
    end: int
    locator: str = ""
    mode: CitationMode = CitationMode.NORMAL


def _read(text: str, path: str) -> Read:
    index = LineIndex(text, path)
    regions = find_regions(text)
    scan = blank(text, [*regions.hidden, *regions.escapes, *regions.code])
    code_starts = sorted(regions.code)
    cites = _references(scan) + _cite_calls(text, code_starts)
    cites.sort(key=lambda cite: cite.start)
    links = _bibliographies(text, code_starts, regions.strings, index)
    keys = [(c.key_start, c.key_end) for c in cites if _narrative(c)]
    hidden = [span for span in [*regions.hidden, *regions.plain_code] if not _holds(span, keys)]
    removed = [*hidden, *(span for c in cites for span in _markup(c))]
    breaks = [match.start() for match in _BREAK.finditer(text)]
    breaks += [text.find("\n", match.start()) + 1 for match in _BREAK.finditer(text)]
    breaks += [end for start, end in regions.plain_code if _whole_line(text, start, end)]
    breaks += breaks_before(scan, [c.start for c in cites if _narrative(c)])
    told = sentences(
        text,
        removed=removed,
        breaks=breaks,
        flavour=Flavour.TYPST,
        marks=[c.start for c in cites if not _narrative(c)],
    )
    citations = []
    group, previous_end = 0, -1
    for cite in cites:
        if previous_end < 0 or text[previous_end : cite.start].strip():
            group += 1  # Typst joins citations written next to each other into one group
        previous_end = cite.end
        sentence, context = told.around(cite.start)
        citations.append(
            Citation(
                key=cite.key,
                location=index.location(cite.key_start, cite.key_end),
                sentence=sentence,
                context=context,
                locator=cite.locator,
                mode=cite.mode,
                group=group,
                mark=-1 if _narrative(cite) else told.place(cite.start, cite.start),
            )
        )
    return Read(citations=tuple(citations), bibliographies=tuple(links))


def _narrative(cite: _Cite) -> bool:
    """`#cite(<key>, form: "prose")` prints the authors as part of the sentence."""
    return cite.mode is CitationMode.AUTHOR_IN_TEXT


def _markup(cite: _Cite) -> list[tuple[int, int]]:
    """What a citation leaves out of its sentence: all of it, except the key of a narrative
    one, which stands for the authors it prints ("#cite(<smith20>, form: "prose") showed"
    reads "smith20 showed", as `\\citet` does)."""
    if not _narrative(cite):
        return [(cite.start, cite.end)]
    return [(cite.start, cite.key_start), (cite.key_end, cite.end)]


def _holds(span: tuple[int, int], keys: list[tuple[int, int]]) -> bool:
    """Whether a code span or string holds a narrative citation's key (kept in its sentence;
    `_markup` removes the rest of the call). `keys` are in order and never overlap."""
    first = bisect_left(keys, (span[0], -1))
    return first < len(keys) and keys[first][1] <= span[1]


def _whole_line(text: str, start: int, end: int) -> bool:
    """Code alone on its lines (`#set …`, `#bibliography(…)`) stands apart from prose."""
    line_end = text.find("\n", end)
    after = text[end : line_end if line_end >= 0 else len(text)]
    return not text[text.rfind("\n", 0, start) + 1 : start].strip() and not after.strip()


def _references(scan: str) -> list[_Cite]:
    """`@key` and `@key[supplement]` in markup."""
    cites = []
    for match in _REF.finditer(scan):
        if match.start() > 0 and scan[match.start() - 1].isalnum():
            continue  # an e-mail address
        key = match[1].rstrip(".:")
        if not key:
            continue
        key_end = match.start(1) + len(key)
        cite = _Cite(key, match.start(1), key_end, match.start(), key_end)
        if key_end == match.end() and scan.startswith("[", key_end):
            close = _matching(scan, key_end, "[", "]")
            if close > 0:
                cite.locator = clean(scan[key_end + 1 : close - 1], Flavour.TYPST)
                cite.end = close
        cites.append(cite)
    return cites


def _in_code(code: list[tuple[int, int]], offset: int) -> bool:
    position = bisect_right(code, (offset, len(code) + offset + 1)) - 1
    return any(start <= offset < end for start, end in code[max(position - 8, 0) : position + 1])


def _cite_calls(text: str, code: list[tuple[int, int]]) -> list[_Cite]:
    """`#cite(<key>)`, `#cite(label("key"), supplement: [p. 7], form: "prose")`."""
    cites = []
    for match in _CITE_CALL.finditer(text):
        if not _in_code(code, match.start()):
            continue
        close = _matching(text, match.end() - 1, "(", ")")
        if close < 0:
            continue
        label = _LABEL.match(text, match.end())
        if label is None:
            continue
        group = 1 if label[1] is not None else 2
        start = match.start() - (1 if text[match.start() - 1 : match.start()] == "#" else 0)
        cite = _Cite(label[group], label.start(group), label.end(group), start, close)
        arguments = text[label.end() : close - 1]
        form = _FORM.search(arguments)
        if form:
            cite.mode = _FORMS.get(form[1], CitationMode.NORMAL)
        supplement = _SUPPLEMENT.search(arguments)
        if supplement:
            cite.locator = _supplement(text, label.end() + supplement.end())
        cites.append(cite)
    return cites


def _supplement(text: str, position: int) -> str:
    opening = text[position : position + 1]
    if opening in {"[", '"'}:
        close = _matching(text, position, opening, "]" if opening == "[" else '"')
        if close > 0:
            return clean(text[position + 1 : close - 1], Flavour.TYPST)
    return ""


def _matching(text: str, start: int, opening: str, closing: str) -> int:
    """The offset after the bracket closing the one at `start`, or -1."""
    depth, position = 0, start
    while position < len(text):
        char = text[position]
        if char == "\\":
            position += 2
            continue
        if char == closing and (depth > 0 or opening == closing) and position > start:
            depth -= 1
            if depth <= 0:
                return position + 1
        elif char == opening:
            depth += 1
        elif char == '"' and opening != '"':
            end = _matching(text, position, '"', '"')
            position = end if end > 0 else len(text)
            continue
        position += 1
    return -1


def _bibliographies(
    text: str, code: list[tuple[int, int]], strings: list[tuple[int, int]], index: LineIndex
) -> list[BibliographyLink]:
    """The file names of `#bibliography("a.bib")` or `#bibliography(("a.bib", "b.yml"))`."""
    links = []
    for match in _BIBLIOGRAPHY_CALL.finditer(text):
        if not _in_code(code, match.start()):
            continue
        close = _matching(text, match.end() - 1, "(", ")")
        if close < 0:
            continue
        first = _first_argument(text, match.end(), close - 1)
        for start, end in strings:
            if first[0] <= start and end <= first[1]:
                links.append(BibliographyLink(text[start:end], index.location(start, end)))
    return links


def _first_argument(text: str, start: int, end: int) -> tuple[int, int]:
    position = start
    while position < end and text[position].isspace():
        position += 1
    if text.startswith("(", position):
        close = _matching(text, position, "(", ")")
        return position, close if close > 0 else end
    if text.startswith('"', position):
        close = _matching(text, position, '"', '"')
        return position, close if close > 0 else end
    return position, position
