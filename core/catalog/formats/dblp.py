"""dblp's XML dump (`dblp.xml.gz`): one element a publication, names and accents as DTD entities.

dblp.xml declares `<!DOCTYPE dblp SYSTEM "dblp.dtd">` and writes accented letters as the
entities that DTD defines (`&ouml;`). The entities are read from the DTD beside the dump (or
`--dtd`); without one, the HTML names stand in (dblp's DTD defines the ISO Latin-1 set, which
HTML shares). Homonyms carry a number ("Wei Wang 0001"): it is dropped from the name.
"""

from __future__ import annotations

import html
import html.entities
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator, Mapping
from pathlib import Path

from cite_sentinel.core.catalog.errors import DumpError
from cite_sentinel.core.catalog.formats.options import ReadOptions
from cite_sentinel.core.catalog.runs import DumpEntry
from cite_sentinel.core.catalog.streams import DumpFile
from cite_sentinel.core.catalog.xml_records import records, text_of
from cite_sentinel.core.lexicon.identifiers import normalise_arxiv, normalise_doi
from cite_sentinel.core.lexicon.kinds import Kind, kind_of_bibtex
from cite_sentinel.core.model import Identifiers, Record
from cite_sentinel.core.records import person_from_name

# The elements of dblp's records.
_RECORDS = frozenset({
    "article", "inproceedings", "incollection", "book", "proceedings", "phdthesis",
    "mastersthesis", "data",
})  # fmt: skip
_ENTITY = re.compile(r"<!ENTITY\s+([A-Za-z][\w.-]*)\s+(?:\"([^\"]*)\"|'([^']*)')\s*>")
_HOMONYM = re.compile(r"\s+\d{4}$")
_ARXIV_URL = re.compile(r"arxiv\.org/abs/([^\s?#]+)", re.IGNORECASE)


def read_dblp(dump: DumpFile, after: int, options: ReadOptions) -> Iterator[DumpEntry]:
    """Each publication after the `after`-th (person pages, `www`, are not works)."""
    entities = dtd_entities(options.dtd or dump.path.with_name("dblp.dtd"), dump.name)
    position = 0
    for element in records(dump, _RECORDS | {"www"}, entities):
        position += 1
        if position <= after or element.tag == "www":
            continue
        key = element.get("key", "")
        record = _record(element, key)
        if record is None:
            yield DumpEntry(position=position, skipped=f"{key or element.tag}: no title")
            continue
        yield DumpEntry(
            position=position, key=f"dblp:{key}", record=record, updated=element.get("mdate", "")
        )


def dtd_entities(dtd: Path, dump_name: str) -> Mapping[str, str]:
    """The general entities a DTD declares (name: text), or HTML's when there is no DTD."""
    try:
        text = dtd.read_text(encoding="latin-1")
    except FileNotFoundError:
        return {name: chr(code) for name, code in html.entities.name2codepoint.items()}
    except OSError as error:
        raise DumpError(str(dtd), 1, 1, f"the DTD of {dump_name} cannot be read: {error}") from None
    return {
        m.group(1): html.unescape(m.group(2) or m.group(3) or "") for m in _ENTITY.finditer(text)
    }


def _record(element: ET.Element, key: str) -> Record | None:
    title = text_of(element.find("title")).removesuffix(".")
    if not title:
        return None
    year = text_of(element.find("year"))
    journal = text_of(element.find("journal"))
    booktitle = text_of(element.find("booktitle"))
    volume = text_of(element.find("volume"))
    links = [text_of(ee) for ee in element.findall("ee")]
    doi = next((normalise_doi(link) for link in links if "doi.org/" in link), "")
    arxiv = _arxiv(links, journal, volume)
    preprint = journal == "CoRR" or element.get("publtype") == "informal"
    return Record(
        source="dblp",
        id=key,
        title=title,
        people=tuple(
            person_from_name(_HOMONYM.sub("", text_of(author)))
            for author in element.findall("author") or element.findall("editor")
        ),
        year=int(year) if year.isdigit() else None,
        date=year if year.isdigit() else "",
        venue=journal or booktitle,
        venue_short=booktitle,
        volume=volume,
        issue=text_of(element.find("number")),
        pages=text_of(element.find("pages")),
        publisher=text_of(element.find("publisher")),
        kind=Kind.PREPRINT if preprint else _kind(element.tag),
        identifiers=Identifiers(doi=doi, arxiv=arxiv),
        url=links[0] if links else "",
        is_preprint=preprint,
    )


def _arxiv(links: list[str], journal: str, volume: str) -> str:
    for link in links:
        found = _ARXIV_URL.search(link)
        if found:
            return normalise_arxiv(found.group(1))
    if journal == "CoRR" and volume.startswith("abs/"):
        return normalise_arxiv(volume.removeprefix("abs/"))
    return ""


def _kind(tag: str) -> str:
    """The kind of work a dblp record's element names: BibTeX's entry types, and `data`."""
    if tag == "data":
        return Kind.DATASET
    return kind_of_bibtex(tag) or tag
