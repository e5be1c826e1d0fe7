"""APA 7 in-text citations and the disambiguation they need (initials, more names, a/b)."""

from __future__ import annotations

import re
import string
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from cite_sentinel.core.model import Citation, CitationMode, Reference, Verdict
from cite_sentinel.core.styles.apa_names import cite_names, family_name, initials, sort_text
from cite_sentinel.core.styles.apa_order import apa_sort_key
from cite_sentinel.core.styles.entry import entry_anchor
from cite_sentinel.core.styles.inline import Inline, Link, Rendered, Text
from cite_sentinel.core.styles.marks import Mark, mark_for
from cite_sentinel.core.styles.numbered import mark_span
from cite_sentinel.core.styles.typography import typographic

_PAGE = ("p.", "pp.")
# pandoc's English locator labels, and how apa.csl names them: (one, several).
_LOCATOR_TERMS = {
    **dict.fromkeys(("p.", "pp.", "page", "pages"), _PAGE),
    **dict.fromkeys(("para.", "paras.", "paragraph", "paragraphs"), ("para.", "paras.")),
    **dict.fromkeys(("chap.", "chaps.", "chapter", "chapters"), ("Chapter", "Chapters")),
    **dict.fromkeys(("sec.", "secs.", "section", "sections"), ("Section", "Sections")),
    **dict.fromkeys(("fig.", "figs.", "figure", "figures"), ("Figure", "Figures")),
    **dict.fromkeys(("vol.", "vols.", "volume", "volumes"), ("Volume", "Volumes")),
    **dict.fromkeys(("l.", "ll.", "line", "lines"), ("Line", "Lines")),
    **dict.fromkeys(("n.", "nn.", "note", "notes"), ("Note", "Notes")),
    **dict.fromkeys(("col.", "cols.", "column", "columns"), ("Column", "Columns")),
}
# The locator's value: words joined by dashes, or by commas before a digit ("3, 7"); what
# follows ("for more", ", emphasis added") is the suffix and stays as written.
_LOCATOR_VALUE = re.compile(r"\w+(?:\s*[-–—]+\s*\w+|,\s*\d\w*)*")


@dataclass(frozen=True, slots=True)
class Disambiguation:
    """What APA adds so that two works never cite alike: initials, more names, a/b suffixes."""

    suffixes: tuple[tuple[str, str], ...]  # (key, "a") for every key that needs one
    initials: tuple[str, ...] = ()  # keys whose first author is cited with initials
    names: tuple[tuple[str, int], ...] = ()  # (key, names shown before et al.) beyond one

    @classmethod
    def from_references(cls, references: Sequence[Reference]) -> Disambiguation:
        """Suffixes in reference-list order (authors, then title), as APA assigns them."""
        ordered = sorted(references, key=apa_sort_key)
        with_initials = _initials_needed(ordered)
        shown = {reference.key: 1 for reference in ordered}
        for group in _clashes(ordered, with_initials, shown):
            shown.update(_more_names(group))
        suffixes: list[tuple[str, str]] = []
        for group in _clashes(ordered, with_initials, shown):
            for index, reference in enumerate(group):
                suffixes.append((reference.key, _letters(index)))
        names = tuple((key, count) for key, count in shown.items() if count > 1)
        return cls(tuple(suffixes), tuple(sorted(with_initials)), names)

    def suffix(self, key: str) -> str:
        """The key's suffix, or ""."""
        for suffix_key, suffix in self.suffixes:
            if suffix_key == key:
                return suffix
        return ""

    def shown(self, key: str) -> int:
        """How many names the citation of `key` shows before et al."""
        for name_key, count in self.names:
            if name_key == key:
                return count
        return 1


def cite_apa(
    group: Sequence[Citation],
    references: Mapping[str, Reference],
    disambiguation: Disambiguation,
    verdicts: Mapping[str, Verdict] | None = None,
    *,
    link: bool = False,
) -> Rendered:
    """(Smith, 2024), (Smith & Doe, 2023), (Smith et al., 2024), (Doe, 2020; Smith, 2024a).

    A group whose citations are author-in-text gives "Smith (2024)"; locators follow the
    year: (Smith, 2024, p. 33). Failed references add their mark after the citation.
    With `link` (pandoc's `link-citations`) each work's text links to its entry.
    """
    known = _sorted(group, references)
    unknown = [("", f"{citation.key}?") for citation in group if citation.key not in references]
    narrative = [c for c in known if c.mode is CitationMode.AUTHOR_IN_TEXT]
    if narrative and len(known) == 1:
        key = narrative[0].key
        pieces = [(key, _narrative(narrative[0], references[key], disambiguation))]
        opening, closing = "", ""
    else:
        pieces = [*_parenthetical(known, references, disambiguation), *unknown]
        opening, closing = "(", ")"
    inlines: list[Inline]
    if link:
        inlines = [Text(opening)] if opening else []
        for index, (key, text) in enumerate(pieces):
            if index:
                inlines.append(Text("; "))
            shown = Text(typographic(text))
            inlines.append(Link(children=(shown,), url=f"#{entry_anchor(key)}") if key else shown)
        inlines += [Text(closing)] if closing else []
    else:
        text = opening + "; ".join(text for _, text in pieces) + closing
        inlines = [Text(typographic(text))]
    marks: list[tuple[str, Mark]] = []
    for citation in group:
        mark = mark_for((verdicts or {}).get(citation.key))
        if mark is not None and all(label != citation.key for label, _ in marks):
            marks.append((citation.key, mark))
    if marks:
        inlines.append(mark_span(marks))
    return Rendered(tuple(inlines))


def year_text(reference: Reference) -> str:
    """The year APA shows: the year, or "n.d." when the work has no date."""
    if reference.year is not None:
        return str(reference.year)
    return reference.date[:4] if reference.date[:4].isdigit() else "n.d."


def is_locator(text: str) -> bool:
    """Whether a suffix starts with a locator pandoc recognises: a label, or a number."""
    label = re.split(r"\s", text.strip(), maxsplit=1)[0].lower()
    return text.strip()[:1].isdigit() or label in _LOCATOR_TERMS


def locator_text(locator: str) -> str:
    """A locator as citeproc writes it with apa.csl: "p. 3-4" is "pp. 3–4", "33" is "p. 33",
    "chap. 2" is "Chapter 2"; a suffix that is no locator stays as written."""
    text = locator.strip()
    label, _, rest = re.sub(r"\s", " ", text, count=1).partition(" ")  # pandoc writes "p.\xa033"
    terms = _LOCATOR_TERMS.get(label.lower())
    if terms is None:
        if not text[:1].isdigit():
            return text
        terms, rest = _PAGE, text  # pandoc reads a bare number as a page
    value = _LOCATOR_VALUE.match(rest.lstrip())
    if value is None:
        return text
    number = re.sub(r"\s*[-–—]+\s*", "–", value.group())
    term = terms[1] if re.search("[–,]", number) else terms[0]
    return f"{term} {number}{rest.lstrip()[value.end() :]}"


def _sorted(group: Sequence[Citation], references: Mapping[str, Reference]) -> list[Citation]:
    """Sorted as the list is, except that a citation with a prefix stays where it was written.

    citeproc sorts only the runs between such citations: "(see Moe, n.d.; Lee, 2020)".
    """
    runs: list[list[Citation]] = [[]]
    for citation in group:
        if citation.key not in references:
            continue
        if citation.prefix:
            runs += [[citation], []]
        else:
            runs[-1].append(citation)
    by_list = [sorted(run, key=lambda c: apa_sort_key(references[c.key])) for run in runs]
    return [citation for run in by_list for citation in run]


def _author(reference: Reference, disambiguation: Disambiguation) -> str:
    if not reference.people:
        return reference.title or reference.key
    return cite_names(
        reference.people,
        disambiguation.shown(reference.key),
        with_initials=reference.key in disambiguation.initials,
    )


def _date(citation: Citation, reference: Reference, disambiguation: Disambiguation) -> str:
    date = year_text(reference) + disambiguation.suffix(reference.key)
    if not citation.locator:
        return date
    joint = " " if citation.bare_suffix else ", "
    return f"{date}{joint}{locator_text(citation.locator)}"


def _narrative(citation: Citation, reference: Reference, disambiguation: Disambiguation) -> str:
    prefix = f"{citation.prefix} " if citation.prefix else ""
    author = _author(reference, disambiguation)
    return f"{prefix}{author} ({_date(citation, reference, disambiguation)})"


def _parenthetical(
    citations: Sequence[Citation],
    references: Mapping[str, Reference],
    disambiguation: Disambiguation,
) -> list[tuple[str, str]]:
    """(key, text) per piece; a piece that adds a year to the author before keeps that key."""
    pieces: list[tuple[str, str]] = []
    last_author = None
    for citation in citations:
        reference = references[citation.key]
        date = _date(citation, reference, disambiguation)
        author = _author(reference, disambiguation)
        prefix = f"{citation.prefix} " if citation.prefix else ""
        if citation.mode is CitationMode.SUPPRESS_AUTHOR:
            pieces.append((citation.key, f"{prefix}{date}"))
            last_author = None
        elif author == last_author and not prefix:
            pieces[-1] = (pieces[-1][0], f"{pieces[-1][1]}, {date}")
        else:
            pieces.append((citation.key, f"{prefix}{author}, {date}"))
            last_author = author
    return pieces


def _initials_needed(references: Sequence[Reference]) -> set[str]:
    """Keys whose first author shares a family name with others and alone has their initials."""
    by_family: dict[str, list[Reference]] = defaultdict(list)
    for reference in references:
        if reference.people and not reference.people[0].literal:
            by_family[sort_text(family_name(reference.people[0]))].append(reference)
    needed: set[str] = set()
    for group in by_family.values():
        given = {reference.people[0].given for reference in group}
        if len(given) < 2:
            continue
        letters = Counter(initials(name) for name in given)
        needed.update(
            reference.key
            for reference in group
            if reference.people[0].given and letters[initials(reference.people[0].given)] == 1
        )
    return needed


def _clashes(
    references: Sequence[Reference], with_initials: set[str], shown: Mapping[str, int]
) -> list[list[Reference]]:
    """Groups of two or more works whose citations would read the same."""
    groups: dict[tuple[str, str], list[Reference]] = defaultdict(list)
    for reference in references:
        author = (
            cite_names(
                reference.people, shown[reference.key], with_initials=reference.key in with_initials
            )
            if reference.people
            else reference.title
        )
        groups[(author, year_text(reference))].append(reference)
    return [group for group in groups.values() if len(group) > 1]


def _more_names(group: Sequence[Reference]) -> dict[str, int]:
    """Names shown per key, as citeproc adds them: at each count, the works it tells apart keep it.

    Names compare as citeproc's primary-name-with-initials rule sees them (first author with
    initials, the others by family name), among the works not yet told apart; works never told
    apart keep the last count that told any apart, and a year suffix separates them later.
    """
    shown: dict[str, int] = {}
    remaining = list(group)
    count = 1
    most = max(len(reference.people) for reference in group)
    while remaining and count <= most:
        told = [
            reference
            for reference in remaining
            if all(
                _name_parts(other, count) != _name_parts(reference, count)
                for other in remaining
                if other is not reference
            )
        ]
        if told:
            shown.update((reference.key, count) for reference in remaining)
            remaining = [reference for reference in remaining if reference not in told]
        count += 1
    return shown


def _name_parts(reference: Reference, count: int) -> tuple[str, ...]:
    people = reference.people[:count]
    parts = [family_name(person) for person in people]
    if people and not people[0].literal:
        parts[0] += " " + initials(people[0].given)
    return tuple(parts)


def _letters(index: int) -> str:
    letters = string.ascii_lowercase
    return letters[index] if index < 26 else letters[index // 26 - 1] + letters[index % 26]
