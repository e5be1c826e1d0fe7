"""RIS, as reference managers export it (Zotero, EndNote, Mendeley, Web of Science, PubMed,
publishers' "download citation"): one record from `TY  - JOUR` to `ER  -`, one tag a line (two
capitals or a capital and a digit, two spaces, a hyphen, the value), a value that runs on
over the lines after it without a tag.

Each record is read as the CSL item it describes (`core.sources.csl_item`), so names, dates
and identifiers are read as for CSL-JSON. Its key is the record's `ID` where it has one, else
its first author's family name and its year (`smith2020`, then `smith2020a`, …); a record with
no `TY` at its start, a line that is no tag, or a file that ends inside a record is a finding
with its line, and the rest is read.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from cite_sentinel.core.findings import Code
from cite_sentinel.core.lexicon.kinds import RIS_TYPES
from cite_sentinel.core.model import Finding, Location, Read, Reference, Severity
from cite_sentinel.core.sources.csl_item import reference_from_item

_TAG = re.compile(r"^([A-Z][A-Z0-9])  -(?: (.*))?$")
_YEAR = re.compile(r"^\s*(\d{4})(?:/(\d{1,2})?(?:/(\d{1,2})?)?)?")

_AUTHORS = ("AU", "A1")
_EDITORS = ("ED", "A2")
_TITLES = ("TI", "T1")
# Where the work is printed: a chapter's book, a conference's proceedings, else the journal.
_CONTAINERS = ("T2", "BT", "JO", "JF", "JA", "J2", "J1")
_DATES = ("PY", "Y1", "DA")


@dataclass(slots=True)
class _Record:
    """One record's tags as written, in order, and where it stands."""

    first_line: int
    tags: list[tuple[str, str]] = field(default_factory=list)
    last_line: int = 0

    def values(self, *names: str) -> list[str]:
        return [value for tag, value in self.tags if tag in names and value]

    def first(self, *names: str) -> str:
        for name in names:
            found = self.values(name)
            if found:
                return found[0]
        return ""


def read_ris(text: str, path: str) -> Read:
    """The references of a RIS file, and findings for what cannot be read."""
    findings: list[Finding] = []
    references: list[Reference] = []
    keys: dict[str, int] = {}
    lines = text.splitlines()
    for record in _records(lines, path, findings):
        item = _item(record, keys)
        raw = "\n".join(lines[record.first_line - 1 : record.last_line])
        where = Location(
            path=path,
            line=record.first_line,
            column=1,
            end_line=record.last_line,
            end_column=len(lines[record.last_line - 1]) + 1,
        )
        references.append(
            reference_from_item(
                item, location=where, key_location=None, raw=raw, source_format="ris"
            )
        )
    return Read(references=tuple(references), findings=tuple(findings))


def _records(lines: list[str], path: str, findings: list[Finding]) -> Iterator[_Record]:
    record: _Record | None = None
    for number, line in enumerate(lines, start=1):
        text = line.lstrip("\ufeff").rstrip()
        if not text.strip():
            continue
        match = _TAG.match(text)
        if match is None:
            if record is not None and record.tags:  # a value going on over the next line
                tag, value = record.tags[-1]
                record.tags[-1] = (tag, f"{value} {text.strip()}".strip())
                record.last_line = number
            else:
                findings.append(_problem(path, number, "a line outside any record", text))
            continue
        tag, value = match.group(1), (match.group(2) or "").strip()
        if tag == "TY":
            if record is not None:
                findings.append(_problem(path, record.first_line, "a record with no ER", ""))
                yield record
            record = _Record(first_line=number, tags=[(tag, value)], last_line=number)
        elif tag == "ER":
            if record is None:
                findings.append(_problem(path, number, "an ER with no TY before it", text))
                continue
            record.last_line = number
            yield record
            record = None
        elif record is None:
            findings.append(_problem(path, number, "a tag before the record's TY", text))
        else:
            record.tags.append((tag, value))
            record.last_line = number
    if record is not None:
        findings.append(_problem(path, record.first_line, "a record with no ER", ""))
        yield record


def _item(record: _Record, keys: dict[str, int]) -> dict[str, Any]:
    """The CSL item a record describes."""
    item: dict[str, Any] = {
        "id": _key(record, keys),
        "type": RIS_TYPES.get(record.first("TY").upper(), "article"),
        "title": record.first(*_TITLES),
        "container-title": record.first(*_CONTAINERS),
        "volume": record.first("VL"),
        "issue": record.first("IS"),
        "page": _pages(record.first("SP"), record.first("EP")),
        "publisher": record.first("PB"),
        "publisher-place": record.first("CY"),
        "DOI": record.first("DO"),
        "URL": record.first("UR", "L2"),
        "abstract": record.first("AB", "N2"),
        "collection-title": record.first("T3"),
        "edition": record.first("ET"),
        "language": record.first("LA"),
    }
    authors = [_name(value) for value in record.values(*_AUTHORS)]
    editors = [_name(value) for value in record.values(*_EDITORS)]
    if authors:
        item["author"] = authors
    if editors:
        item["editor"] = editors
    issued = _date(record.first(*_DATES))
    if issued:
        item["issued"] = {"date-parts": [issued]}
    numbers = record.first("SN")
    if numbers:
        item["ISBN" if item["type"] in ("book", "chapter") else "ISSN"] = numbers
    return {name: value for name, value in item.items() if value}


def _key(record: _Record, keys: dict[str, int]) -> str:
    """The record's ID, else its first author's family name and year, made unique."""
    given = record.first("ID").strip()
    if given:
        base = given
    else:
        name = _name(record.first(*_AUTHORS) or record.first(*_EDITORS))
        family = name.get("family") or name.get("literal", "")
        letters = unicodedata.normalize("NFKD", str(family)).encode("ascii", "ignore").decode()
        year = _date(record.first(*_DATES))
        base = (re.sub(r"[^a-z]", "", letters.lower()) or "anon") + (str(year[0]) if year else "")
    seen = keys.get(base, 0)
    keys[base] = seen + 1
    return base if not seen else f"{base}{_suffix(seen)}"


def _suffix(count: int) -> str:
    """a, b, … z, then aa, ab, …: the second record of a base is `a`."""
    letters = ""
    count -= 1
    while True:
        letters = chr(ord("a") + count % 26) + letters
        count = count // 26 - 1
        if count < 0:
            return letters


def _name(value: str) -> dict[str, str]:
    """`Family, Given` or `Family, Given, Suffix` (RIS's forms) as a CSL name; a name without
    a comma is a literal one (an organisation)."""
    family, comma, rest = value.partition(",")
    if not comma:
        return {"literal": value.strip()} if value.strip() else {}
    given, _, suffix = rest.partition(",")
    name = {"family": family.strip(), "given": given.strip(), "suffix": suffix.strip()}
    return {part: text for part, text in name.items() if text}


def _date(value: str) -> list[int]:
    """`2020`, `2020/05/14/`, `2020///Spring` as date parts; [] when no year."""
    match = _YEAR.match(value)
    if match is None:
        return []
    return [int(part) for part in match.groups() if part]


def _pages(start: str, end: str) -> str:
    return f"{start}–{end}" if start and end and end != start else start or end


def _problem(path: str, line: int, what: str, text: str) -> Finding:
    shown = f": {text[:60]}" if text else ""
    return Finding(
        code=Code.PARSE_ERROR,
        severity=Severity.ERROR,
        location=Location.point(path, line, 1),
        message=f"RIS: {what}{shown}",
        hint="each record runs from `TY  - TYPE` to `ER  -`, one `XX  - value` tag a line; "
        "export the file again from the reference manager",
    )
