"""A Zotero library read in place from `zotero.sqlite`, read-only, while Zotero may be running.

Zotero keeps its database locked while it runs, so the file is opened `immutable`: SQLite
takes no lock and reads what is on disk (changes Zotero has not yet written back are missed;
import again later to pick them up). Attachments, notes, annotations and items in the trash
are not works.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterator

from cite_sentinel.core.catalog.errors import DumpError
from cite_sentinel.core.catalog.formats.options import ReadOptions
from cite_sentinel.core.catalog.runs import DumpEntry
from cite_sentinel.core.catalog.streams import DumpFile
from cite_sentinel.core.lexicon.identifiers import normalise_arxiv, normalise_doi, normalise_pmid
from cite_sentinel.core.model import Identifiers, Person, Record
from cite_sentinel.core.records import person_from_parts

_NOT_WORKS = ("attachment", "note", "annotation")
_VENUE_FIELDS = (
    "publicationTitle",
    "proceedingsTitle",
    "bookTitle",
    "conferenceName",
    "websiteTitle",
    "repository",
    "university",
)
_EXTRA = re.compile(r"^\s*(arXiv|PMID|DOI)\s*:\s*(\S+)", re.IGNORECASE | re.MULTILINE)


def read_zotero(dump: DumpFile, after: int, options: ReadOptions) -> Iterator[DumpEntry]:
    """Each regular item of the library after the `after`-th, keyed by library and item key."""
    try:
        db = sqlite3.connect(f"{dump.path.resolve().as_uri()}?mode=ro&immutable=1", uri=True)
    except sqlite3.Error as error:
        raise DumpError(dump.name, 1, 1, f"cannot be opened as SQLite ({error})") from None
    try:
        yield from _items(db, dump.name, after, options)
    except sqlite3.DatabaseError as error:
        raise DumpError(
            dump.name, 1, 1, f"is not a Zotero database this version can read ({error})"
        ) from None
    finally:
        db.close()


def _items(
    db: sqlite3.Connection, name: str, after: int, options: ReadOptions
) -> Iterator[DumpEntry]:
    tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master")}
    if "items" not in tables or "itemData" not in tables:
        raise DumpError(name, 1, 1, "is SQLite but not a Zotero library (no items, itemData)")
    fields = "fieldsCombined" if "fieldsCombined" in tables else "fields"
    types = "itemTypesCombined" if "itemTypesCombined" in tables else "itemTypes"
    trash = "deletedItems" in tables
    rows = db.execute(
        f"SELECT i.itemID, i.libraryID, i.key, t.typeName, i.dateModified FROM items AS i"
        f" JOIN {types} AS t ON t.itemTypeID = i.itemTypeID"
        f" WHERE t.typeName NOT IN ({','.join('?' * len(_NOT_WORKS))})"
        + (" AND i.itemID NOT IN (SELECT itemID FROM deletedItems)" if trash else "")
        + " ORDER BY i.itemID",
        _NOT_WORKS,
    ).fetchall()
    for position, (item_id, library, key, kind, modified) in enumerate(rows, 1):
        if position <= after:
            continue
        values = dict(
            db.execute(
                f"SELECT f.fieldName, v.value FROM itemData AS d JOIN {fields} AS f"
                " ON f.fieldID = d.fieldID JOIN itemDataValues AS v ON v.valueID = d.valueID"
                " WHERE d.itemID = ?",
                (item_id,),
            )
        )
        title = " ".join(str(values.get("title") or "").split())
        if not title:
            yield DumpEntry(position=position, skipped=f"item {key}: no title")
            continue
        record = _record(f"{library}/{key}", str(kind), values, _people(db, item_id), options)
        yield DumpEntry(
            position=position,
            key=f"zotero:{library}/{key}",
            record=record,
            updated=str(modified or "")[:10],
        )


def _record(
    id: str, kind: str, values: dict[str, object], people: tuple[Person, ...], options: ReadOptions
) -> Record:
    def text(name: str) -> str:
        return " ".join(str(values.get(name) or "").split())

    extra = {m.group(1).lower(): m.group(2) for m in _EXTRA.finditer(text("extra"))}
    date = text("date").split(" ")[0]  # "2017-03-00 March 2017": the sortable half
    year = date[:4]
    venue = next((text(name) for name in _VENUE_FIELDS if text(name)), "")
    return Record(
        source="zotero",
        id=id,
        title=text("title"),
        people=people,
        year=int(year) if year.isdigit() and year != "0000" else None,
        date="-".join(part for part in date.split("-") if part.strip("0")),
        venue=venue,
        venue_short=text("journalAbbreviation"),
        volume=text("volume"),
        issue=text("issue"),
        pages=text("pages"),
        publisher=text("publisher"),
        kind=kind,
        identifiers=Identifiers(
            doi=normalise_doi(text("DOI") or extra.get("doi", "")),
            arxiv=normalise_arxiv(extra.get("arxiv", "")),
            pmid=normalise_pmid(extra.get("pmid", "")),
            url=text("url"),
        ),
        url=text("url"),
        abstract=text("abstractNote") if options.abstracts else "",
        is_preprint=kind == "preprint",
    )


def _people(db: sqlite3.Connection, item_id: int) -> tuple[Person, ...]:
    rows = db.execute(
        "SELECT c.firstName, c.lastName, c.fieldMode, t.creatorType FROM itemCreators AS ic"
        " JOIN creators AS c ON c.creatorID = ic.creatorID"
        " JOIN creatorTypes AS t ON t.creatorTypeID = ic.creatorTypeID"
        " WHERE ic.itemID = ? ORDER BY ic.orderIndex",
        (item_id,),
    ).fetchall()
    authors = [row for row in rows if row[3] == "author"] or rows
    return tuple(
        Person(literal=str(last or ""))
        if mode == 1
        else person_from_parts(family=str(last or ""), given=str(first or ""))
        for first, last, mode, _ in authors
    )
