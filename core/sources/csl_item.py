"""One CSL item (as Zotero and pandoc write it) made a Reference, whatever its quirks."""

from __future__ import annotations

import datetime
import re
from collections.abc import Mapping
from typing import Any

from cite_sentinel.core.model import Location, Person, Reference
from cite_sentinel.core.sources.identifiers import find_identifiers

_MARKUP = re.compile(r"</?(?:i|b|em|strong|sup|sub|sc|span)(?:\s[^<>]*)?>", re.IGNORECASE)
_NOCASE = re.compile(r"<span\s+class=[\"']nocase[\"']\s*>(.*?)</span>", re.IGNORECASE)
_DATE = re.compile(r"(\d{4})(?:[-/](\d{1,2})(?:[-/](\d{1,2}))?)?")
_OTHERS = {"others", "et al.", "et al", "and others"}
_DATE_FIELDS = ("issued", "accessed", "original-date", "event-date", "submitted", "available-date")
_PEOPLE_FIELDS = ("author", "editor", "translator", "container-author", "collection-editor")


def reference_from_item(
    item: Mapping[str, Any],
    *,
    location: Location,
    key_location: Location | None,
    raw: str,
    source_format: str,
) -> Reference:
    """The Reference a CSL item describes; the caller has checked that it has an id."""
    fields = _flatten(item)
    authors, others = _people(item.get("author"))
    editors, _ = _people(item.get("editor"))
    issued = date_of(item.get("issued"))
    title = _text(item.get("title"))
    return Reference(
        key=_text(item.get("id")),
        location=location,
        kind=_text(item.get("type")),
        title=_MARKUP.sub("", title),
        people=authors,
        editors=editors,
        others=others,
        year=int(issued[:4]) if issued else None,
        date=issued,
        venue=_MARKUP.sub("", _text(item.get("container-title"))),
        volume=_text(item.get("volume")),
        issue=_text(item.get("issue")),
        pages=_text(item.get("page")),
        publisher=_text(item.get("publisher")),
        identifiers=find_identifiers(dict(fields)),
        accessed=date_of(item.get("accessed")),
        fields=fields,
        protected_title=_MARKUP.sub("", _NOCASE.sub(r"{\1}", title)),
        key_location=key_location,
        raw=raw,
        source_format=source_format,
    )


def date_of(value: Any) -> str:
    """An ISO date (2024, 2024-01 or 2024-01-15) from any CSL date shape; "" when none."""
    if isinstance(value, datetime.date):
        return value.isoformat()[:10]
    if isinstance(value, bool):
        return ""
    if isinstance(value, int):
        return f"{value:04d}" if 0 < value < 10000 else ""
    if isinstance(value, str):
        return _date_from_text(value)
    if isinstance(value, list):
        return date_of(value[0]) if value and not isinstance(value[0], list) else ""
    if not isinstance(value, Mapping):
        return ""
    parts = value.get("date-parts")
    if isinstance(parts, list) and parts and isinstance(parts[0], list):
        found = _date_from_parts(parts[0])
        if found:
            return found
    if "year" in value:
        return _date_from_parts([value.get("year"), value.get("month"), value.get("day")])
    for name in ("raw", "literal"):
        if isinstance(value.get(name), str | int):
            found = _date_from_text(str(value[name]))
            if found:
                return found
    return ""


def _date_from_parts(parts: list[Any]) -> str:
    numbers: list[int] = []
    for part in parts[:3]:
        try:
            numbers.append(int(str(part).strip()))
        except ValueError:
            break
    if not numbers or not 0 < numbers[0] < 10000:
        return ""
    text = f"{numbers[0]:04d}"
    if len(numbers) > 1 and 1 <= numbers[1] <= 12:
        text += f"-{numbers[1]:02d}"
        if len(numbers) > 2 and 1 <= numbers[2] <= 31:
            text += f"-{numbers[2]:02d}"
    return text


def _date_from_text(text: str) -> str:
    match = _DATE.search(text)
    if match is None:
        return ""
    year, month, day = match.groups()
    return _date_from_parts([year, month or "", day or ""])


def _people(value: Any) -> tuple[tuple[Person, ...], bool]:
    if isinstance(value, Mapping | str):
        value = [value]
    if not isinstance(value, list):
        return (), False
    people: list[Person] = []
    others = False
    for entry in value:
        person = _person(entry)
        if person is None:
            continue
        if person.literal.strip().lower() in _OTHERS:
            others = True
        else:
            people.append(person)
    return tuple(people), others


def _person(entry: Any) -> Person | None:
    if isinstance(entry, str):
        return Person(literal=entry.strip()) if entry.strip() else None
    if not isinstance(entry, Mapping):
        return None
    literal = _text(entry.get("literal"))
    family = _text(entry.get("family"))
    given = _text(entry.get("given"))
    if literal or not (family or given):
        literal = literal or _text(entry.get("name"))
        return Person(literal=literal) if literal else None
    particles = (_text(entry.get("dropping-particle")), _text(entry.get("non-dropping-particle")))
    return Person(
        family=family,
        given=given,
        von=" ".join(part for part in particles if part),
        suffix=_text(entry.get("suffix")),
    )


def _flatten(item: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
    """Every field as a lower-case name and a string: scalars, lists of scalars, dates, names."""
    fields: list[tuple[str, str]] = []
    for name, value in item.items():
        lowered = str(name).lower()
        if lowered in _DATE_FIELDS:
            text = date_of(value)
        elif lowered in _PEOPLE_FIELDS:
            people, others = _people(value)
            text = " and ".join(person.display for person in people)
            text += " and others" if others else ""
        else:
            text = _text(value)
        if text:
            fields.append((lowered, text))
    return tuple(fields)


def _text(value: Any) -> str:
    """A scalar (or the first of a list of scalars) as stripped text; "" for anything else."""
    if isinstance(value, list):
        scalars = [_text(part) for part in value if not isinstance(part, list | Mapping)]
        return next((part for part in scalars if part), "")
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str | int | float | datetime.date):
        return str(value).strip()
    return ""
