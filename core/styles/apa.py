"""APA 7 reference-list entries, alphabetised as APA orders them (as apa.csl renders them)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from cite_sentinel.core.lexicon.kinds import Kind, kind_of_reference
from cite_sentinel.core.model import Reference, Verdict
from cite_sentinel.core.styles.apa_cite import Disambiguation, year_text
from cite_sentinel.core.styles.apa_names import family_name, initials, list_names
from cite_sentinel.core.styles.apa_order import apa_sort_key, apa_title
from cite_sentinel.core.styles.entry import Entry
from cite_sentinel.core.styles.inline import Emph, Inline, Link, Rendered, Text
from cite_sentinel.core.styles.marks import DEFAULT_MARKING, Marking, mark_for, problem_note
from cite_sentinel.core.styles.title_case import title_case
from cite_sentinel.core.styles.typography import typographic

_PERIODICAL = frozenset({Kind.ARTICLE})  # kinds of work, `kind_of_reference`
_PROCEEDINGS = frozenset({Kind.PAPER})
_BOOK = frozenset({Kind.BOOK})
_CHAPTER = frozenset({Kind.CHAPTER})
_REPORT = frozenset({Kind.REPORT})
_THESIS = frozenset({Kind.THESIS})
# Written types whose date APA gives to the day (magazines and newspapers among articles).
_DATED = {"webpage", "online", "post", "post-weblog", "article-magazine", "article-newspaper"}
_MONTHS = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]
_RANGE = re.compile(r"^\s*(\w*?)(\d+)\s*(?:-+|–|—)\s*(\w*?)(\d+)\s*$")
_ANY_RANGE = re.compile(r"^\s*([^\s\-–—]+)\s*(?:-+|–|—)\s*([^\s\-–—]+)\s*$")  # 105:1-105:16


def apa_entry(reference: Reference, disambiguation: Disambiguation | None = None) -> Rendered:
    """One APA 7 reference entry, italics as Emph nodes."""
    suffix = disambiguation.suffix(reference.key) if disambiguation else ""
    parts: list[Inline] = []
    authors = list_names(reference.people, others=reference.others) if reference.people else ""
    if not authors and reference.editors:
        count = "Eds." if len(reference.editors) > 1 else "Ed."
        authors = f"{list_names(reference.editors)} ({count})"
    title = apa_title(reference)
    date = _date(reference, suffix)
    if authors:
        parts.append(Text(_terminated(authors) + f" ({date}). "))
        parts += _title_part(reference, title)
    else:
        parts += _title_part(reference, title)
        parts.append(Text(f" ({date})."))
    parts += _source(reference)
    link = _link(reference)
    if link:
        parts += [Text(" "), Link(children=(Text(link),), url=link)]
    return Rendered(_merge([_typographic(part) for part in parts]))


def apa_list(
    references: Sequence[Reference],
    verdicts: Mapping[str, Verdict] | None = None,
    marking: Marking = DEFAULT_MARKING,
) -> tuple[Entry, ...]:
    """The reference list, alphabetised as APA orders it, with marks and notes of failures."""
    verdicts = verdicts or {}
    disambiguation = Disambiguation.from_references(references)
    entries = []
    for reference in sorted(references, key=apa_sort_key):
        verdict = verdicts.get(reference.key)
        note = problem_note(verdict, marking)
        entries.append(
            Entry(
                key=reference.key,
                label="",
                lines=(apa_entry(reference, disambiguation),),
                mark=mark_for(verdict, marking),
                note=Rendered((Text(f"{marking.symbol} {note}"),)) if note else None,
            )
        )
    return tuple(entries)


def _terminated(text: str) -> str:
    return text if text.endswith(".") else f"{text}."


def _date(reference: Reference, suffix: str) -> str:
    year = year_text(reference) + suffix
    if reference.kind in _DATED and len(reference.date) >= 7:
        month = _MONTHS[int(reference.date[5:7]) - 1]
        day = f" {int(reference.date[8:10])}" if len(reference.date) >= 10 else ""
        return f"{year}, {month}{day}"
    return year


def _title_part(reference: Reference, title: str) -> list[Inline]:
    kind = kind_of_reference(reference)
    italic = (
        kind in _BOOK | _REPORT | _THESIS
        or reference.kind in _DATED
        or (not reference.venue and kind not in _PERIODICAL | _PROCEEDINGS | _CHAPTER)
    )
    details = _title_details(reference)
    text = title + details
    end = "" if text.endswith(("?", "!", ".")) else "."
    if italic:
        return [Emph((Text(title),)), Text(details + end)]
    return [Text(text + end)]


def _title_details(reference: Reference) -> str:
    kind = kind_of_reference(reference)
    if kind in _REPORT and reference.field("number"):
        return f" ({reference.field('number')})"
    if kind in _THESIS:  # the school follows as publisher, as apa.csl writes it
        genre = "Master's thesis" if "master" in reference.kind else "Doctoral dissertation"
        return f" [{reference.field('genre') or reference.field('type') or genre}]"
    return ""


def _source(reference: Reference) -> list[Inline]:
    kind = kind_of_reference(reference)
    if kind in _CHAPTER or (kind in _PROCEEDINGS and reference.editors):
        return _in_book(reference)
    if kind in _PERIODICAL | _PROCEEDINGS or (reference.venue and kind not in _BOOK | _THESIS):
        return _periodical(reference)
    publisher = reference.field("school") if kind in _THESIS else ""
    publisher = publisher or reference.publisher
    return [Text(f" {_terminated(publisher)}")] if publisher else []


def _periodical(reference: Reference) -> list[Inline]:
    if not reference.venue and not reference.volume:
        return []
    parts: list[Inline] = [Text(" ")]
    if reference.venue:
        parts.append(Emph((Text(title_case(reference.venue)),)))
    if reference.volume:
        parts += [Text(", "), Emph((Text(reference.volume),))]
    if reference.issue:
        parts.append(Text(f"({reference.issue})" if reference.volume else f", ({reference.issue})"))
    pages = _pages(reference.pages)
    if pages:
        parts.append(Text(f", {pages}"))
    parts.append(Text("."))
    return parts


def _in_book(reference: Reference) -> list[Inline]:
    parts: list[Inline] = [Text(" In ")]
    if reference.editors and reference.people:
        names = [f"{initials(p.given)} {family_name(p)}".strip() for p in reference.editors]
        joined = names[0] if len(names) == 1 else ", ".join(names[:-1]) + f", & {names[-1]}"
        if len(names) == 2:
            joined = f"{names[0]} & {names[1]}"
        parts.append(Text(f"{joined} ({'Eds.' if len(names) > 1 else 'Ed.'}), "))
    parts.append(Emph((Text(reference.venue or ""),)))
    pages = _pages(reference.pages)
    if pages:
        label = "pp." if "–" in pages else "p."
        parts.append(Text(f" ({label} {pages})"))
    parts.append(Text("."))
    if reference.publisher:
        parts.append(Text(f" {_terminated(reference.publisher)}"))
    return parts


def _pages(pages: str) -> str:
    """Page ranges with an en dash, the second number written out (123-9 → 123–129)."""
    match = _RANGE.match(pages)
    if match is None:
        other = _ANY_RANGE.match(pages)
        return f"{other[1]}–{other[2]}" if other else pages.strip()
    first_prefix, first, second_prefix, second = match.groups()
    if len(second) < len(first):
        second = first[: len(first) - len(second)] + second
    return f"{first_prefix}{first}–{second_prefix}{second}"


def _link(reference: Reference) -> str:
    """The DOI as a link, else the URL; a DOI seen only inside the URL leaves the URL as it is."""
    doi = reference.field("doi")
    url = reference.field("url")
    if not doi and not url:
        doi, url = reference.identifiers.doi, reference.identifiers.url
    if doi:
        doi = re.sub(r"^(?:https?://(?:dx\.)?doi\.org/|doi:)", "", doi.strip(), flags=re.I)
        return f"https://doi.org/{doi}"
    return url


def _typographic(part: Inline) -> Inline:
    """Straight apostrophes and double quotes become typographic ones, as citeproc writes them."""
    if isinstance(part, Text):
        return Text(typographic(part.text))
    if isinstance(part, Emph):
        return Emph(tuple(_typographic(child) for child in part.children))
    return part


def _merge(parts: Sequence[Inline]) -> tuple[Inline, ...]:
    merged: list[Inline] = []
    for part in parts:
        if isinstance(part, Text) and merged and isinstance(merged[-1], Text):
            merged[-1] = Text(merged[-1].text + part.text)
        elif not (isinstance(part, Text) and not part.text):
            merged.append(part)
    return tuple(merged)
