"""Author–year citations in running text: `Smith et al. (2020)`, `(Lee and Park, 2019a)`.

A year is a citation when a family name of the first author of an entry of that year stands
shortly before it; a second year right after ("Smith (2019, 2020b)") is the same author's.
A name and year that match no entry are reported only in the forms that are surely citations.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from cite_sentinel.core.findings import Code
from cite_sentinel.core.model import Finding, Reference, Severity
from cite_sentinel.core.sources.pdf.body import Body
from cite_sentinel.core.sources.pdf.marks import Listed, Mark

_YEAR = re.compile(r"(?<![\d./-])(1[6-9]\d\d|20\d\d)([a-z])?(?![\d])")
_NAME = re.compile(r"[A-Z\u00c0-\u024f][\w'’\u00c0-\u024f-]*[\w\u00c0-\u024f]")
_WORD = re.compile(r"[\w'’\u00c0-\u024f-]+")
_WINDOW = 90  # characters before a year searched for the author's name
_CITED = re.compile(  # "Smith et al. (" / "(Smith and Lee, " / "; Smith & Lee "
    r"(?:(?P<open>[(\[;]\s*)|\b)(?P<name>[A-Z\u00c0-\u024f][\w'’\u00c0-\u024f-]+)"
    r"(?P<tail>\s+et\s+al\.?|\s+(?:and|&)\s+[A-Z\u00c0-\u024f][\w'’\u00c0-\u024f-]+)?"
    r"(?P<sep>,?\s*\(?\s*)$"
)


def author_year_marks(body: Body, listed: Sequence[Listed]) -> tuple[list[Mark], list[Mark]]:
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
                last=_stem(_family(reference).rsplit(" ", 1)[-1]),
                suffix=printed[1] if printed else "",
                others=tuple(_stem(p.family or p.literal) for p in reference.people[1:]),
                many=len(reference.people) > 2 or reference.others,
            )
        )
    found: list[Mark] = []
    unknown: list[Mark] = []
    previous_end = 0
    previous_stem = ""
    text = body.text
    for group, match in enumerate(_YEAR.finditer(text), start=1):
        start = max(previous_end, match.start() - _WINDOW)
        window = text[start : match.start()]
        previous_end = match.end()
        if window.strip(" ,;") == "" and previous_stem:
            hits = [a for a in by_year.get(match[1], []) if previous_stem in (a.stem, a.last)]
            key = _choose(hits, match[2] or "", window)
            if key:
                found.append(Mark(key, match.start(), match.end(), match[0], group, False))
            continue
        author, name_at = _named(window, match, by_year)
        previous_stem = author.stem if author else ""
        if author:
            label = " ".join(text[start + name_at : match.end()].split()).replace("(", "")
            found.append(Mark(author.key, start + name_at, match.end(), label, group, False))
            continue
        cited = _CITED.search(window)
        if cited and (cited["open"] or cited["tail"]) and _stem(cited["name"]):
            label = f"{' '.join(cited[0].split()).strip('([; ,')} {match[0]}"
            key = f"{_stem(cited['name'])}{match[1]}{match[2] or ''}"
            begin = start + cited.start("name")
            unknown.append(Mark(key, begin, match.end(), label, group, False))
    return found, unknown


def _named(
    window: str, match: re.Match[str], by_year: Mapping[str, list[_Author]]
) -> tuple[_Author | None, int]:
    """The entry of this year whose first author's name the window holds, and where the name
    starts; the name nearest the year wins."""
    candidates = by_year.get(match[1], [])
    if not candidates:
        return None, -1
    for offset, stem in reversed(_names(window)):
        hits = [author for author in candidates if stem in (author.stem, author.last)]
        key = _choose(hits, match[2] or "", window[offset:])
        if key:
            return next(author for author in hits if author.key == key), offset
    return None, -1


def _names(window: str) -> list[tuple[int, str]]:
    """Each capitalised word as a family name, alone and with the one or two words before it
    ("De Asis", "van der Berg"), as (where it starts, its stem), in order."""
    words = list(_WORD.finditer(window))
    names: list[tuple[int, str]] = []
    for index, word in enumerate(words):
        if not _NAME.fullmatch(word[0]):
            continue
        for first in range(max(index - 2, 0), index):
            names.append(
                (words[first].start(), _stem("".join(w[0] for w in words[first : index + 1])))
            )
        names.append((word.start(), _stem(word[0])))
    return names


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


@dataclass(frozen=True, slots=True)
class _Author:
    """An entry as author–year citations name it."""

    key: str
    stem: str  # the first author's family name as keys spell it
    last: str  # its last word: "de Freitas" is cited as "Freitas et al." in some styles
    suffix: str  # the letter printed after the year ("2020a"), or ""
    others: tuple[str, ...]  # the other authors' stems
    many: bool  # three authors or more ("et al.")


def unknown_author(mark: Mark, body: Body, path: str) -> Finding:
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
