"""A Record as compact JSON text for the catalog's rows, and back: only the fields it has."""

from __future__ import annotations

import json
from dataclasses import fields
from typing import Any

from cite_sentinel.core.model import Identifiers, Person, Record

_PERSON_FIELDS = ("family", "given", "von", "suffix", "literal")
_ID_FIELDS = ("doi", "arxiv", "pmid", "pmcid", "isbn", "url")
_SKIPPED = frozenset({"source", "id", "people", "identifiers", "score"})
_PLAIN = tuple(f.name for f in fields(Record) if f.name not in _SKIPPED)


def encode(record: Record) -> str:
    """The record without its source and id (the row holds those), defaults left out."""
    data: dict[str, Any] = {
        name: value for name in _PLAIN if (value := getattr(record, name)) not in ("", None, False)
    }
    if record.people:
        data["people"] = [_person(person) for person in record.people]
    ids = {name: value for name in _ID_FIELDS if (value := getattr(record.identifiers, name))}
    if ids:
        data["ids"] = ids
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def decode(text: str, *, id: str) -> Record:
    """The record a row holds, as the catalog's own source."""
    data = json.loads(text)
    people = tuple(
        Person(**dict(zip(_PERSON_FIELDS, item, strict=False))) for item in data.pop("people", ())
    )
    identifiers = Identifiers(**data.pop("ids", {}))
    return Record(source="catalog", id=id, people=people, identifiers=identifiers, **data)


def _person(person: Person) -> list[str]:
    values = [getattr(person, name) for name in _PERSON_FIELDS]
    while values and not values[-1]:
        values.pop()
    return values
