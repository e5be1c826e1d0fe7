"""arXiv's metadata snapshot (OAI-PMH, as JSON lines): one paper a line, its versions listed."""

from __future__ import annotations

import email.utils
from collections.abc import Iterator
from typing import Any

from cite_sentinel.core.catalog.formats.json_lines import lines_after, parse_line
from cite_sentinel.core.catalog.formats.options import ReadOptions
from cite_sentinel.core.catalog.runs import DumpEntry
from cite_sentinel.core.catalog.streams import DumpFile
from cite_sentinel.core.lexicon.identifiers import arxiv_doi, normalise_arxiv, normalise_doi
from cite_sentinel.core.model import Identifiers, Person, Record
from cite_sentinel.core.records import person_from_name, person_from_parts


def read_arxiv(dump: DumpFile, after: int, options: ReadOptions) -> Iterator[DumpEntry]:
    """Each paper after line `after`, dated by its first version, as arXiv's API dates it."""
    for number, line in lines_after(dump, after):
        yield arxiv_entry(dump.name, number, line, options)


def arxiv_entry(name: str, number: int, line: bytes, options: ReadOptions) -> DumpEntry:
    """One line of the snapshot as an entry (this runs in an import's worker processes)."""
    paper = parse_line(name, number, line)
    arxiv = normalise_arxiv(str(paper.get("id") or ""))
    title = " ".join(str(paper.get("title") or "").split())
    if not arxiv or not title:
        return DumpEntry(position=number, skipped="no id or no title", line=number)
    date = _first_version_date(paper.get("versions"))
    comments = str(paper.get("comments") or "")
    doi = str(paper.get("doi") or "").split()
    record = Record(
        source="arxiv",
        id=arxiv,
        title=title,
        people=_people(paper),
        year=int(date[:4]) if date[:4].isdigit() else None,
        date=date,
        venue=" ".join(str(paper.get("journal-ref") or "").split()),
        kind="preprint",
        eprint_class=(str(paper.get("categories") or "").split() or [""])[0],
        identifiers=Identifiers(doi=arxiv_doi(arxiv), arxiv=arxiv),
        url=f"https://arxiv.org/abs/{arxiv}",
        abstract=" ".join(str(paper.get("abstract") or "").split()) if options.abstracts else "",
        withdrawn="withdrawn" in comments.lower(),
        is_preprint=True,
        published_doi=normalise_doi(doi[0]) if doi else "",
    )
    updated = str(paper.get("update_date") or "")
    return DumpEntry(
        position=number, key=f"arxiv:{arxiv}", record=record, updated=updated, line=number
    )


def _people(paper: dict[str, Any]) -> tuple[Person, ...]:
    parsed = paper.get("authors_parsed")
    if isinstance(parsed, list) and parsed:
        people = []
        for parts in parsed:
            if isinstance(parts, list) and parts:
                family, given = str(parts[0]), str(parts[1]) if len(parts) > 1 else ""
                suffix = str(parts[2]) if len(parts) > 2 else ""
                person = person_from_parts(family=family, given=given)
                people.append(
                    Person(family=person.family, given=person.given, suffix=suffix)
                    if suffix
                    else person
                )
        return tuple(people)
    names = str(paper.get("authors") or "").replace(" and ", ", ").split(",")
    return tuple(person_from_name(name) for name in names if name.strip())


def _first_version_date(versions: Any) -> str:
    """ISO date of v1 ("Mon, 2 Apr 2007 19:18:42 GMT"), or ""."""
    if not isinstance(versions, list) or not versions or not isinstance(versions[0], dict):
        return ""
    try:
        return email.utils.parsedate_to_datetime(str(versions[0].get("created"))).date().isoformat()
    except (TypeError, ValueError):
        return ""
