"""PubMed/MEDLINE baseline and update files (`pubmed26n0001.xml.gz`): articles and deletions.

Update files repeat an article that changed (the newer replaces the older) and list PMIDs
NLM withdrew in `<DeleteCitation>`, which the catalog removes.
"""

from __future__ import annotations

import html.entities
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

from cite_sentinel.core.catalog.formats.options import ReadOptions
from cite_sentinel.core.catalog.runs import DumpEntry
from cite_sentinel.core.catalog.streams import DumpFile
from cite_sentinel.core.catalog.xml_records import records, text_of
from cite_sentinel.core.lexicon import YEAR
from cite_sentinel.core.lexicon.identifiers import normalise_doi
from cite_sentinel.core.model import Identifiers, Person, Record
from cite_sentinel.core.records import person_from_parts

_ENTITIES = {name: chr(code) for name, code in html.entities.name2codepoint.items()}
_YEAR = re.compile(rf"\b({YEAR})\b")
_MONTHS = {
    m: n
    for n, m in enumerate(
        ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"), 1
    )
}


def read_pubmed(dump: DumpFile, after: int, options: ReadOptions) -> Iterator[DumpEntry]:
    """Each article (and each deletion) after the `after`-th element."""
    position = 0
    for element in records(dump, frozenset({"PubmedArticle", "DeleteCitation"}), _ENTITIES):
        position += 1
        if position <= after:
            continue
        if element.tag == "DeleteCitation":
            for pmid in element.iter("PMID"):
                yield DumpEntry(position=position, key=f"pubmed:{text_of(pmid)}", deleted=True)
            continue
        record = _record(element, abstracts=options.abstracts)
        if record is None:
            yield DumpEntry(position=position, skipped="an article without PMID or title")
            continue
        yield DumpEntry(
            position=position, key=f"pubmed:{record.id}", record=record, updated=_revised(element)
        )


def _record(article: ET.Element, *, abstracts: bool) -> Record | None:
    citation = article.find("MedlineCitation")
    body = citation.find("Article") if citation is not None else None
    if citation is None or body is None:
        return None
    pmid = text_of(citation.find("PMID"))
    title = _title(text_of(body.find("ArticleTitle")) or text_of(body.find("VernacularTitle")))
    if not pmid or not title:
        return None
    journal = body.find("Journal")
    issue = journal.find("JournalIssue") if journal is not None else None
    date = _date(issue.find("PubDate") if issue is not None else None)
    ids = {i.get("IdType", ""): text_of(i) for i in article.iter("ArticleId")}
    doi = ids.get("doi") or next(
        (text_of(e) for e in body.findall("ELocationID") if e.get("EIdType") == "doi"), ""
    )
    kinds = [text_of(t) for t in body.iter("PublicationType")]
    return Record(
        source="pubmed",
        id=pmid,
        title=title,
        people=tuple(_person(a) for a in body.iter("Author") if a.get("ValidYN", "Y") == "Y"),
        year=int(date[:4]) if date[:4].isdigit() else None,
        date=date,
        venue=text_of(journal.find("Title")) if journal is not None else "",
        venue_short=text_of(journal.find("ISOAbbreviation")) if journal is not None else "",
        volume=text_of(issue.find("Volume")) if issue is not None else "",
        issue=text_of(issue.find("Issue")) if issue is not None else "",
        pages=text_of(body.find("Pagination/MedlinePgn")),
        kind="journal-article",
        identifiers=Identifiers(doi=normalise_doi(doi), pmid=pmid, pmcid=ids.get("pmc", "")),
        url=f"https://pubmed.ncbi.nlm.nih.gov/{pmid}/",
        abstract=" ".join(text_of(t) for t in body.iter("AbstractText")) if abstracts else "",
        retracted="Retracted Publication" in kinds,
        is_preprint="Preprint" in kinds,
    )


def _title(title: str) -> str:
    """MEDLINE's title without its closing period, or the brackets of a translated title."""
    title = title.removesuffix(".")
    if title.startswith("[") and title.endswith("]"):
        title = title[1:-1]
    return title


def _person(author: ET.Element) -> Person:
    collective = text_of(author.find("CollectiveName"))
    if collective:
        return Person(literal=collective)
    person = person_from_parts(
        family=text_of(author.find("LastName")),
        given=text_of(author.find("ForeName")) or text_of(author.find("Initials")),
    )
    suffix = text_of(author.find("Suffix"))
    return Person(family=person.family, given=person.given, suffix=suffix) if suffix else person


def _date(pub_date: ET.Element | None) -> str:
    if pub_date is None:
        return ""
    year = text_of(pub_date.find("Year"))
    if not year:
        found = _YEAR.search(text_of(pub_date.find("MedlineDate")))
        return found.group(1) if found else ""
    month = text_of(pub_date.find("Month")).lower()[:3]
    number = _MONTHS.get(month) or (int(month) if month.isdigit() else 0)
    return f"{year}-{number:02d}" if number else year


def _revised(article: ET.Element) -> str:
    revised = article.find("MedlineCitation/DateRevised")
    if revised is None:
        return ""
    parts = [text_of(revised.find(name)) for name in ("Year", "Month", "Day")]
    return "-".join(parts) if all(p.isdigit() for p in parts) else ""
