"""APA 7 in-text citations and the disambiguation they need (initials, more names, a/b)."""

from __future__ import annotations

import string
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from cite_sentinel.core.model import Citation, CitationMode, Person, Reference, Verdict
from cite_sentinel.core.styles.apa_names import cite_names, family_name, initials, sort_text
from cite_sentinel.core.styles.apa_order import apa_cite_sort_key, apa_sort_key
from cite_sentinel.core.styles.inline import Rendered
from cite_sentinel.core.styles.locator import apa_locator
from cite_sentinel.core.styles.marks import DEFAULT_MARKING, Mark, Marking, mark_for, mark_span
from cite_sentinel.core.styles.segments import Segment, segment_inlines
from cite_sentinel.core.styles.typography import typographic


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
    marking: Marking = DEFAULT_MARKING,
) -> Rendered:
    """(Smith, 2024), (Smith & Doe, 2023), (Smith et al., 2024), (Doe, 2020; Smith, 2024a).

    A group whose citations are author-in-text gives "Smith (2024)"; locators follow the
    year: (Smith, 2024, p. 33). Failed references add their mark after the citation.
    With `link` (pandoc's `link-citations`) each work links to its entry as citeproc's
    does: author, year and locator, or the year and locator only after the author's name in
    the text ("Smith (2024, p. 3)"); a prefix and the rest of a suffix stay outside.
    """
    known = _sorted(group, references)
    unknown = [[("", f"{citation.key}?")] for citation in group if citation.key not in references]
    narrative = [c for c in known if c.mode is CitationMode.AUTHOR_IN_TEXT]
    if narrative and len(known) == 1:
        key = narrative[0].key
        pieces = [_narrative(narrative[0], references[key], disambiguation)]
        opening, closing = "", ""
    else:
        pieces = [*_parenthetical(known, references, disambiguation), *unknown]
        opening, closing = "(", ")"
    segments: list[Segment] = [("", opening)]
    for index, piece in enumerate(pieces):
        segments += [("", "; ")] if index else []
        segments += piece
    segments.append(("", closing))
    inlines = segment_inlines(segments, link=link, shown=typographic)
    marks: list[tuple[str, Mark]] = []
    for citation in group:
        mark = mark_for((verdicts or {}).get(citation.key), marking)
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


def _sorted(group: Sequence[Citation], references: Mapping[str, Reference]) -> list[Citation]:
    """Sorted as apa.csl sorts citations, except that a citation with a prefix stays where it
    was written.

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
    by_list = [sorted(run, key=lambda c: apa_cite_sort_key(references[c.key])) for run in runs]
    return [citation for run in by_list for citation in run]


def _author(reference: Reference, disambiguation: Disambiguation) -> str:
    if not reference.people:
        return reference.title or reference.key
    return cite_names(
        reference.people,
        disambiguation.shown(reference.key),
        with_initials=reference.key in disambiguation.initials,
        others=reference.others,
    )


def _dated(
    citation: Citation, reference: Reference, disambiguation: Disambiguation
) -> tuple[str, str]:
    """(the year and locator, which a link covers; the rest of the suffix, which it does not)."""
    date = year_text(reference) + disambiguation.suffix(reference.key)
    if not citation.locator:
        return date, ""
    joint = " " if citation.bare_suffix else ", "
    locator, rest = apa_locator(citation.locator)
    return (f"{date}{joint}{locator}", rest) if locator else (date, f"{joint}{rest}")


def _narrative(
    citation: Citation, reference: Reference, disambiguation: Disambiguation
) -> list[Segment]:
    """Smith (2020, p. 3): citeproc links the year and locator only."""
    prefix = f"{citation.prefix} " if citation.prefix else ""
    author = _author(reference, disambiguation)
    date, rest = _dated(citation, reference, disambiguation)
    return [("", f"{prefix}{author} ("), (citation.key, date), ("", f"{rest})")]


def _parenthetical(
    citations: Sequence[Citation],
    references: Mapping[str, Reference],
    disambiguation: Disambiguation,
) -> list[list[Segment]]:
    """Segments per piece; a year added to the author before links to its own work.

    Years collapse only after the same author list ("Smith, 2020, 2022"), as APA 7 and
    citeproc do: two different lists that both shorten to "Wu et al." stay apart. As
    citeproc's, a link leaves out the prefix and what follows the locator in the suffix.
    """
    pieces: list[list[Segment]] = []
    last_author: tuple[str, tuple[Person, ...]] | None = None
    for citation in citations:
        reference = references[citation.key]
        date, rest = _dated(citation, reference, disambiguation)
        author = _author(reference, disambiguation)
        prefix = f"{citation.prefix} " if citation.prefix else ""
        authors = (author, reference.people)
        if citation.mode is CitationMode.SUPPRESS_AUTHOR:
            pieces.append([("", prefix), (citation.key, date), ("", rest)])
            last_author = None
        elif authors == last_author and not prefix:
            pieces[-1] += [("", ", "), (citation.key, date), ("", rest)]
        else:
            pieces.append([("", prefix), (citation.key, f"{author}, {date}"), ("", rest)])
            last_author = authors
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
                reference.people,
                shown[reference.key],
                with_initials=reference.key in with_initials,
                others=reference.others,
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
