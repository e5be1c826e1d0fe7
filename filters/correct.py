"""`cite-sentinel-correct`: the indexes' metadata used for the matched references, by every style.

It goes into `references` for citeproc (style `none`), and the filter's own styles render
the corrected references; a miscitation so corrected is no longer marked.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

import panflute as pf
from cite_sentinel.core import CheckResult, Record, Reference, Status, Verdict
from cite_sentinel.core.fix import csl_name
from cite_sentinel.core.sources import reference_from_item

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


@dataclass(frozen=True, slots=True)
class Correction:
    """The check's result as the corrected document renders it, and what was corrected."""

    result: CheckResult  # matched references hold the indexes' metadata
    miscited: tuple[str, ...]  # keys whose cited metadata was wrong and is now the index's


def correct(doc: pf.Doc, result: CheckResult) -> Correction:
    """Use the matched record's metadata for every matched reference, in `doc`'s `references`
    and in the result the styles render; a corrected miscitation renders as verified. A
    reference the author accepted is kept as written, as `fix` keeps it."""
    existing = doc.get_metadata("references", default=[], builtin=True)
    items: list[object] = list(existing) if isinstance(existing, list) else []
    position = {item.get("id"): index for index, item in enumerate(items) if isinstance(item, dict)}
    references: list[Reference] = []
    miscited: list[str] = []
    for reference in result.references:
        verdict = result.verdict_for(reference)
        if (
            verdict is None
            or verdict.status not in _CORRECTED
            or verdict.match is None
            or reference.key in result.accepted
        ):
            references.append(reference)
            continue
        item = _csl_item(reference, verdict.match)
        if reference.key in position:
            items[position[reference.key]] = item
        else:
            position[reference.key] = len(items)
            items.append(item)
        references.append(_as_reference(item, reference))
        if verdict.status is Status.MISCITED:
            miscited.append(reference.key)
    if not references or references == list(result.references):
        return Correction(result, ())
    doc.metadata["references"] = pf.MetaList(*(_meta(item) for item in items))
    verdicts = tuple(
        _corrected(verdict)
        if verdict.key in miscited and verdict.status is Status.MISCITED
        else verdict
        for verdict in result.verdicts
    )
    corrected = replace(result, references=tuple(references), verdicts=verdicts)
    return Correction(corrected, tuple(dict.fromkeys(miscited)))


def _csl_item(reference: Reference, record: Record) -> dict[str, object]:
    """A CSL item with the cited key and the record's fields (the cited ones where it has none)."""
    item: dict[str, object] = {"id": reference.key, "type": _csl_type(reference)}
    people = record.people or reference.people
    if people:
        item["author"] = [csl_name(person) for person in people]
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


def _as_reference(item: dict[str, object], cited: Reference) -> Reference:
    """The corrected reference, read back as the CSL reader reads it, where it was cited."""
    read = reference_from_item(
        item, location=cited.location, key_location=cited.key_location, raw="", source_format="csl"
    )
    return replace(read, key=cited.key)


def _corrected(verdict: Verdict) -> Verdict:
    """A miscitation whose metadata was replaced by the record's: nothing left to mark but a
    retraction, which correcting metadata does not undo."""
    return replace(verdict, status=Status.VERIFIED, problems=(), reason="")


def _csl_type(reference: Reference) -> str:
    kind = reference.kind.lower()
    if reference.source_format.startswith("csl") and kind:
        return kind
    return _BIBTEX_TYPES.get(kind, "article-journal" if reference.venue else "document")


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
