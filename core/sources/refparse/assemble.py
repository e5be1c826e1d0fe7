"""Fields to a `Reference`: names through the person parser, the year and date, volume,
issue and pages as numbers, the venue without its "In:", and the kind of work."""

from __future__ import annotations

import re

from cite_sentinel.core.lexicon import (
    CONFERENCE_WORDS,
    YEAR,
    is_descriptor,
    kind_of_genre,
    kind_of_type_code,
    month_number,
)
from cite_sentinel.core.model import Identifiers, Location, Reference
from cite_sentinel.core.sources.reflist_people import parse_people
from cite_sentinel.core.sources.refparse.fields import Fields
from cite_sentinel.core.sources.refparse.labels import Label

# a year, glued to a month's stop as PDFs print it ("Aug.2003"), but not arXiv's "1705.08453"
# nor a number's part ("3.2006", "12/2006" is the day-month-year pattern's)
_YEAR_TOKEN = re.compile(rf"(?<![\d/])(?<!\d\.)({YEAR})[a-z]?(?![\d]|\.\d{{4}})")
_DAY_MONTH_YEAR = re.compile(rf"\b\d{{1,2}}\s?[/.]\s?\d{{1,2}}\s?[/.]\s?({YEAR})\b")  # "25/04/2013"
_NO_DATE = re.compile(
    r"\b(?:n\.\s?d|s\.\s?d|in press|forthcoming|submitted|im druck|sous presse)\b", re.I
)
_YEAR_BEFORE_VOLUME = re.compile(rf"^\s*(?P<year>{YEAR})\s*;\s*")
# "3, 1–10" and IOP's and MNRAS's bare "116 061102" and "540 502–19" (volume, then the first
# page or article number, or the pages) read as pages
_VOLUME_THEN_PAGES = re.compile(
    r"^\s*(?P<volume>\d{1,4})(?:,\s*(?P<pages>[A-Za-z]?\d+\s*[-‐‑–—]\s*[A-Za-z]?\d+)"
    r"|\s+(?P<page>[A-Za-z]?\d+(?:\s*[-‐‑–—]\s*[A-Za-z]?\d+)?))\s*$"
)
_PAGES_ANNOUNCED = re.compile(r"\b(?:pp?|pages?|s|pgs?)\.?\s*$", re.IGNORECASE)
_NUMBER = re.compile(r"\d+[A-Za-z]?|\b[IVXLCDMivxlcdm]+\b")
_ISSUE = re.compile(
    r"\d+[A-Za-z]?(?:\s*[-‐‑–—/]\s*\d+[A-Za-z]?)?|\b[IVXLCDMivxlcdm]+\b"
)  # "1-4", "3/4"
_PAGES = re.compile(r"[A-Za-z]{0,2}\d+[A-Za-z]?(?:\s*[-‐‑–—]+\s*[A-Za-z]{0,2}\d+[A-Za-z]?)?")
_VENUE_LEAD = re.compile(r"^(?:in\s*:?|dans\s*:?|im\s*:?|en\s*:|w\s*:)\s+", re.IGNORECASE)
_VENUE_TAIL = re.compile(r"[\s,;:.(\[]+(?:vol|no|nr|pp?|issue|part)?\.?\s*$", re.IGNORECASE)
_EDITOR_ROLE = re.compile(
    r"\(\s*(?:eds?|editors?|hrsg|hg|éds?|dir|coord|comps?)\.?\s*\)|\b(?:eds?|editors?|edited by"
    r"|hrsg|hg|éds?|herausgegeben von|ed\. by)\b\.?",
    re.IGNORECASE,
)
# A GB/T 7714 type code a field kept ("[J]. Critical Care", "prosperity 2022[R"): it names
# the kind of work, not the field.
_TYPE_CODE_LEFT = re.compile(
    r"^\s*\[[A-Z]{1,2}(?:/OL)?\]\s*[.:/]*\s*|\s*\[[A-Z]{1,2}(?:/OL)?\]?\s*[.:/]*\s*$"
)
# A word that opens the next field, left at a field's end: "…lattices in", "… In:".
_CONNECTOR_TAIL = re.compile(r"[\s,.;:]+(?:in|In|IN|dans|im|en)\s*:?$")
_ET_AL_LEAD = re.compile(r"^\s*et\.?\s+al\b\.?,?\s*", re.IGNORECASE)  # Vancouver's "et al Title"
_DESCRIPTOR = re.compile(r"(?<=\S)\s*\[([^\[\]]{2,40})\]$")  # "… [Computer software]"
_QUOTES = "\"“”‘’'«»„‹›"
_CONFERENCE = re.compile(
    r"\b(?:" + "|".join(sorted(CONFERENCE_WORDS, key=len, reverse=True)) + r")\b", re.IGNORECASE
)


def reference_of(
    fields: Fields,
    *,
    text: str,
    key: str,
    location: Location,
    raw: str,
    identifiers: Identifiers,
) -> Reference:
    """The reference the fields of `text` describe (`raw`: the reference as it was given)."""
    author = fields.text(Label.AUTHOR)
    people, others = parse_people(author) if author else ((), False)
    editor = fields.text(Label.EDITOR)
    editors = parse_people(_EDITOR_ROLE.sub(" ", editor))[0] if editor else ()
    year, date = _date(fields)
    volume, issue = _volume_issue(fields)
    pages_text = fields.text(Label.PAGES)
    if not volume and (split := _volume_then_pages(fields, text)):
        volume, pages_text = split.group("volume"), split.group("pages") or split.group("page")
    venue = _venue(fields.text(Label.CONTAINER))
    pages = _pages(pages_text)
    venue, volume, pages = _volume_glued_to_venue(venue, volume, pages)
    venue = _with_series_letter(fields, text, venue)
    publisher = fields.text(Label.PUBLISHER).strip(" ,;:.")
    title, descriptor = _descriptor_apart(_title(_ET_AL_LEAD.sub("", fields.text(Label.TITLE))))
    return Reference(
        key=key,
        location=location,
        kind=kind_of_type_code(text)
        or kind_of_genre(descriptor)
        or _kind(fields, venue, volume, pages, publisher, identifiers),
        title=title,
        people=people,
        editors=editors,
        others=others
        or _et_al_after(fields, text)
        or bool(_ET_AL_LEAD.match(fields.text(Label.TITLE))),
        year=year,
        date=date,
        venue=venue,
        volume=volume,
        issue=issue,
        pages=pages,
        publisher=publisher,
        identifiers=identifiers,
        raw=raw,
        source_format="reflist",
        confidence=_confidence(fields),
    )


def _volume_then_pages(fields: Fields, text: str) -> re.Match[str] | None:
    """A volume read into the pages: "3, 1–10", and a bare "116 061102" where no "p." or "pp."
    announces the pages (after it, "p. 112 114" is a range printed with a space)."""
    found = fields.first(Label.PAGES)
    split = _VOLUME_THEN_PAGES.match(found.text) if found is not None else None
    if found is None or split is None:
        return None
    if split.group("page") and _PAGES_ANNOUNCED.search(text[: found.start]):
        return None
    return split


# A volume printed against its journal's name where a PDF lost the space: after a series letter
# ("Phys. Rev. D86", "Nucl. Phys. B293") or a word's lower-case end ("Nature248", "Physical
# Review Letters61").
_GLUED_VOLUME = re.compile(r"(?:(?<=[\s.,])[A-Z]|[a-z]{2})(?P<volume>\d{1,4})$")


def _volume_glued_to_venue(venue: str, volume: str, pages: str) -> tuple[str, str, str]:
    """The venue, volume and pages, a volume glued to the venue's name taken from it; the
    number read as the volume after it is then the page ("Nature248, 30 (1974)"). A glued
    year ("Ergonomics2003") is no volume, nor are an acronym's digits ("ICSE99", a
    conference's year; "JHEP0908", JHEP's year and month, which no index keeps as its
    volume)."""
    match = _GLUED_VOLUME.search(venue)
    if match is None or re.fullmatch(YEAR, match.group("volume")) or (volume and pages):
        return venue, volume, pages
    return venue[: match.start("volume")].rstrip(" ,"), match.group("volume"), pages or volume


_SERIES_VOLUME = re.compile(r"(?P<series>[A-Z])\d{1,4}")  # "D86" after "Phys. Rev."


def _with_series_letter(fields: Fields, text: str, venue: str) -> str:
    """The venue with its series letter where the volume read after it was printed against
    the letter: "Phys. Rev. D86, 054009" is Phys. Rev. D, volume 86. Apart from the venue
    ("PhyS, T37") the letter is the volume's."""
    journal, volume = fields.first(Label.CONTAINER), fields.first(Label.VOLUME)
    if journal is None or volume is None or not venue:
        return venue
    series = _SERIES_VOLUME.fullmatch(volume.text)
    if series is None or text[journal.end : volume.start] not in ("", " ", ","):
        return venue
    stop = "." if journal.text.rstrip().endswith(".") and not venue.endswith(".") else ""
    return f"{venue}{stop} {series.group('series')}"


def _title(text: str) -> str:
    text = _TYPE_CODE_LEFT.sub("", text)
    text = _CONNECTOR_TAIL.sub("", text.strip(" ,;:." + _QUOTES))
    if text.startswith(("[", "(")) and text.endswith(("]", ")")):
        text = text[1:-1].strip()  # a translated title printed in brackets
    return text.rstrip(" ,;:." + _QUOTES)


def _descriptor_apart(title: str) -> tuple[str, str]:
    """The title without the bracketed descriptor printed after it, and the descriptor:
    "scikit-learn [Computer software]" is ("scikit-learn", "Computer software")."""
    match = _DESCRIPTOR.search(title)
    if match is None or not is_descriptor(match.group(1)):
        return title, ""
    return title[: match.start()].rstrip(" ,;:."), match.group(1)


def _date(fields: Fields) -> tuple[int | None, str]:
    """The year and the ISO date of the first date field; a reference without one may still
    print its year in a field read otherwise (a venue's "2019", a note)."""
    for found in fields.all(Label.DATE):
        match = _YEAR_TOKEN.search(found.text) or _DAY_MONTH_YEAR.search(found.text)
        if match:
            year = match.group(1)
            return int(year), _iso_date(year, found.text)
        if _NO_DATE.search(found.text):
            return None, ""
    for found in fields.all(Label.VOLUME):
        dated = _YEAR_BEFORE_VOLUME.match(found.text)  # Vancouver's "2021;397" read as a volume
        if dated:
            return int(dated.group("year")), dated.group("year")
    for label in (Label.CONTAINER, Label.NOTE, Label.PUBLISHER, Label.LOCATION):
        for found in fields.all(label):
            match = _YEAR_TOKEN.search(found.text)
            if match:
                return int(match.group(1)), match.group(1)
    return None, ""


def _iso_date(year: str, text: str) -> str:
    """ "(2020, March 3)" or "3 Mar 2020" give 2020-03-03, "May 2015" 2015-05."""
    words = re.findall(r"[^\W\d_]+|(?<!\d)\d{1,2}(?!\d)", text)
    month = next((month_number(word) for word in words if month_number(word)), 0)
    if not month:
        return year
    days = [int(word) for word in words if word.isdigit() and 1 <= int(word) <= 31]
    return f"{year}-{month:02d}-{days[0]:02d}" if len(days) == 1 else f"{year}-{month:02d}"


def _volume_issue(fields: Fields) -> tuple[str, str]:
    volume_text = _YEAR_BEFORE_VOLUME.sub("", fields.text(Label.VOLUME))
    issue_text = fields.text(Label.ISSUE)
    volume = _first_number(volume_text)
    printed = _ISSUE.search(issue_text)
    issue = re.sub(r"\s+", "", printed.group(0)) if printed else ""
    if not issue:
        inner = re.search(r"\d\s*\(\s*([\w/–-]{1,12})\s*\)", volume_text)
        issue = inner.group(1) if inner else ""
    if re.fullmatch(YEAR, issue):
        issue = ""
    return volume, issue


def _first_number(text: str) -> str:
    match = _NUMBER.search(text)
    return match.group(0) if match else ""


def _pages(text: str) -> str:
    match = _PAGES.search(text)
    if match is None:
        return ""
    return re.sub(r"\s*[-‐‑–—]+\s*", "-", match.group(0))


def _venue(text: str) -> str:
    text = _TYPE_CODE_LEFT.sub("", text)
    text = _CONNECTOR_TAIL.sub("", _VENUE_LEAD.sub("", text.strip(" ,;:." + _QUOTES)))
    while True:
        trimmed = _VENUE_TAIL.sub("", text)
        if trimmed == text:
            break
        text = trimmed
    return text.strip(" ,;:" + _QUOTES)


def _kind(
    fields: Fields,
    venue: str,
    volume: str,
    pages: str,
    publisher: str,
    identifiers: Identifiers,
) -> str:
    """A CSL type from what the reference prints: its genre first, then its shape."""
    genre = " ".join(found.text for found in fields.all(Label.GENRE))
    by_genre = kind_of_genre(genre) if genre else ""
    if by_genre:
        return by_genre
    if venue and (_CONFERENCE.search(venue) or fields.first(Label.EDITOR)):
        return "paper-conference"
    if venue and (volume or pages):
        return "article-journal"
    if venue:
        return "article-journal" if not publisher else "chapter"
    if publisher and not pages and not identifiers.doi:
        return "book"
    if (identifiers.url and not identifiers.doi and not identifiers.arxiv and not pages
            and not publisher):  # fmt: skip
        return "webpage"
    return ""


def _et_al_after(fields: Fields, text: str) -> bool:
    """ "Smith J, et al." where "et al." was read apart from the names."""
    found = fields.first(Label.AUTHOR)
    if found is None:
        return False
    return bool(re.match(r"[\s,]*(?:et\.?\s*al\b|and others\b|u\.\s?a\.)", text[found.end :]))


def _confidence(fields: Fields) -> tuple[tuple[str, float], ...]:
    names = {
        Label.TITLE: "title", Label.AUTHOR: "author", Label.DATE: "year",
        Label.CONTAINER: "venue", Label.VOLUME: "volume", Label.PAGES: "pages",
        Label.EDITOR: "editor", Label.PUBLISHER: "publisher", Label.ISSUE: "issue",
    }  # fmt: skip
    seen: dict[str, float] = {}
    for label, found in fields.fields:
        name = names.get(label)
        if name is not None and name not in seen:
            seen[name] = round(found.confidence, 3)
    return tuple(seen.items())
