"""`cite-sentinel-correct`: the indexes' metadata written into `references` for citeproc to use."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

import panflute as pf
from cite_sentinel.core import Person, Record, Reference, Status, Verdict

_BIBTEX_TYPES = {
    "article": "article-journal",
    "inproceedings": "paper-conference",
    "conference": "paper-conference",
    "incollection": "chapter",
    "inbook": "chapter",
    "book": "book",
    "phdthesis": "thesis",
    "mastersthesis": "thesis",
    "techreport": "report",
    "misc": "document",
    "online": "webpage",
}
_CORRECTED = (Status.VERIFIED, Status.MISCITED)


def correct_references(
    doc: pf.Doc, references: Iterable[Reference], verdicts: Mapping[str, Verdict]
) -> list[str]:
    """Replace or add a `references` entry for each matched reference; the keys corrected."""
    existing = doc.get_metadata("references", default=[], builtin=True)
    items: list[object] = list(existing) if isinstance(existing, list) else []
    position = {item.get("id"): index for index, item in enumerate(items) if isinstance(item, dict)}
    corrected: list[str] = []
    for reference in references:
        verdict = verdicts.get(reference.key)
        if verdict is None or verdict.status not in _CORRECTED or verdict.match is None:
            continue
        item = csl_item(reference, verdict.match)
        if reference.key in position:
            items[position[reference.key]] = item
        else:
            items.append(item)
        corrected.append(reference.key)
    if corrected:
        doc.metadata["references"] = pf.MetaList(*(_meta(item) for item in items))
    return corrected


def csl_item(reference: Reference, record: Record) -> dict[str, object]:
    """A CSL item with the cited key and the record's fields (the cited ones where it has none)."""
    item: dict[str, object] = {"id": reference.key, "type": _csl_type(reference)}
    people = record.people or reference.people
    if people:
        item["author"] = [_person(person) for person in people]
    fields = {
        "title": record.title or reference.title,
        "container-title": record.venue or reference.venue,
        "volume": record.volume or reference.volume,
        "issue": record.issue or reference.issue,
        "page": (record.pages or reference.pages).replace("--", "–"),
        "publisher": record.publisher or reference.publisher,
        "DOI": record.identifiers.doi or reference.identifiers.doi,
        "URL": reference.identifiers.url,
    }
    item.update({name: value for name, value in fields.items() if value})
    issued = _date_parts(record.date, record.year) or _date_parts(reference.date, reference.year)
    if issued:
        item["issued"] = {"date-parts": [issued]}
    if reference.accessed:
        accessed = _date_parts(reference.accessed, None)
        if accessed:
            item["accessed"] = {"date-parts": [accessed]}
    return item


def _csl_type(reference: Reference) -> str:
    kind = reference.kind.lower()
    if reference.source_format.startswith("csl") and kind:
        return kind
    return _BIBTEX_TYPES.get(kind, "article-journal" if reference.venue else "document")


def _person(person: Person) -> dict[str, str]:
    if person.literal:
        return {"literal": person.literal}
    parts = {
        "family": person.family,
        "given": person.given,
        "non-dropping-particle": person.von,
        "suffix": person.suffix,
    }
    return {name: value for name, value in parts.items() if value}


def _date_parts(date: str, year: int | None) -> list[str]:
    found = re.match(r"(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?", date or "")
    if found:
        return [part.lstrip("0") or "0" for part in found.groups() if part]
    return [str(year)] if year else []


def _meta(value: object) -> pf.MetaValue:
    if isinstance(value, dict):
        return pf.MetaMap(*((str(key), _meta(item)) for key, item in value.items()))
    if isinstance(value, list):
        return pf.MetaList(*(_meta(item) for item in value))
    if isinstance(value, bool):
        return pf.MetaBool(value)
    return pf.MetaString(str(value))
