"""Corpus works written in the scholarly dumps' published formats, for import tests and benchmarks.

OpenAlex and Crossref records are the fake API's renderings (the recorded API shapes); dblp,
PubMed and arXiv follow their dump formats (dblp.dtd entities, the PubMed DTD's elements,
the OAI snapshot's JSON keys). Nothing is copied from the shared data: files are written from
the corpus at test time.
"""

from __future__ import annotations

import gzip
import html.entities
import json
import sqlite3
from collections.abc import Iterable, Sequence
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

from tests.fakeapi import crossref, openalex
from tests.fakeapi.corpus import Agency, Work
from tests.fakeapi.loading import load_works
from tests.fakeapi.quirks import Seen

DBLP_KINDS = {
    "proceedings-article": "inproceedings",
    "journal-article": "article",
    "book-chapter": "incollection",
    "book": "book",
}


def corpus_sample(data: Path, count: int = 400) -> list[Work]:
    """The first works of the shared 5k sample (ML venues, 60 % with DOI); FileNotFoundError
    when the shared data is absent."""
    path = data / "corpus" / "works_sample5k.jsonl"
    if not path.is_file():
        raise FileNotFoundError(path)
    return load_works(path)[:count]


def write_openalex(works: Iterable[Work], path: Path) -> int:
    """A snapshot part file: gzip, one OpenAlex work object a line; the number written."""
    count = 0
    with gzip.open(path, "wt", encoding="utf-8") as stream:
        for work in works:
            stream.write(json.dumps(openalex.render(Seen(work)), ensure_ascii=False) + "\n")
            count += 1
    return count


def write_crossref(works: Iterable[Work], path: Path) -> int:
    """A public-data-file part: gzip, `{"items": [...]}` of the works with a Crossref DOI."""
    items = [
        json.dumps(crossref.render(w), ensure_ascii=False)
        for w in works
        if w.doi and w.agency is Agency.CROSSREF
    ]
    with gzip.open(path, "wt", encoding="utf-8") as stream:
        stream.write('{"items": [\n' + ",\n".join(items) + "\n]}\n")
    return len(items)


def write_dblp(works: Iterable[Work], path: Path) -> int:
    """dblp.xml.gz in ISO-8859-1 with accents as dblp.dtd entities, and dblp.dtd beside it."""
    lines = [
        '<?xml version="1.0" encoding="ISO-8859-1"?>',
        '<!DOCTYPE dblp SYSTEM "dblp.dtd">',
        "<dblp>",
    ]
    count = 0
    for work in works:
        lines.append(dblp_record(work))
        count += 1
    lines.append("</dblp>")
    with gzip.open(path, "wb") as stream:
        stream.write(("\n".join(lines) + "\n").encode("latin-1"))
    path.with_name("dblp.dtd").write_text(dblp_dtd(), encoding="latin-1")
    return count


def dblp_record(work: Work) -> str:
    """One dblp publication element, as dblp writes it."""
    tag = DBLP_KINDS.get(work.kind, "article")
    key = (
        work.key.removeprefix("dblp:")
        if work.key.startswith("dblp:")
        else f"journals/x/{work.number}"
    )
    parts = [f'<{tag} mdate="2024-05-06" key={quoteattr(key)}>']
    parts += [
        f"<author>{_dblp_text(f'{p.given} {p.family}'.strip())}</author>" for p in work.authors
    ]
    parts.append(f"<title>{_dblp_text(work.title)}.</title>")
    if work.pages:
        parts.append(f"<pages>{_dblp_text(work.pages)}</pages>")
    if work.year:
        parts.append(f"<year>{work.year}</year>")
    venue = work.venue_short or work.venue
    if venue:
        parts.append(
            f"<booktitle>{_dblp_text(venue)}</booktitle>"
            if tag == "inproceedings"
            else f"<journal>{_dblp_text(venue)}</journal>"
        )
    if work.volume:
        parts.append(f"<volume>{_dblp_text(work.volume)}</volume>")
    if work.doi:
        parts.append(f"<ee>https://doi.org/{_dblp_text(work.doi)}</ee>")
    if work.arxiv:
        parts.append(f'<ee type="oa">https://arxiv.org/abs/{work.arxiv}</ee>')
    parts.append(f"</{tag}>")
    return "".join(parts)


def dblp_dtd() -> str:
    """The entity part of dblp.dtd: ISO Latin-1 characters by name."""
    return (
        "\n".join(
            f'<!ENTITY {name} "&#{code};" >'
            for code, name in sorted(html.entities.codepoint2name.items())
            if 160 <= code <= 255
        )
        + "\n"
    )


def write_pubmed(
    works: Iterable[Work], path: Path, *, deleted: Sequence[str] = (), first_pmid: int = 30_000_000
) -> int:
    """pubmedNNnNNNN.xml.gz: a PubmedArticleSet with the PubMed DTD's elements."""
    lines = [
        '<?xml version="1.0" encoding="utf-8"?>',
        '<!DOCTYPE PubmedArticleSet PUBLIC "-//NLM//DTD PubMedArticle, 1st January 2025//EN"'
        ' "https://dtd.nlm.nih.gov/ncbi/pubmed/out/pubmed_250101.dtd">',
        "<PubmedArticleSet>",
    ]
    count = 0
    for work in works:
        lines.append(pubmed_article(work, str(first_pmid + work.number)))
        count += 1
    if deleted:
        pmids = "".join(f'<PMID Version="1">{pmid}</PMID>' for pmid in deleted)
        lines.append(f"<DeleteCitation>{pmids}</DeleteCitation>")
    lines.append("</PubmedArticleSet>")
    with gzip.open(path, "wt", encoding="utf-8") as stream:
        stream.write("\n".join(lines) + "\n")
    return count


def pubmed_article(work: Work, pmid: str) -> str:
    """One PubmedArticle element."""
    authors = "".join(
        f'<Author ValidYN="Y"><LastName>{escape(p.family)}</LastName>'
        f"<ForeName>{escape(p.given)}</ForeName></Author>"
        for p in work.authors
    )
    ids = f'<ArticleId IdType="pubmed">{pmid}</ArticleId>'
    if work.doi:
        ids += f'<ArticleId IdType="doi">{escape(work.doi)}</ArticleId>'
    year = f"<Year>{work.year}</Year>" if work.year else "<MedlineDate>n.d.</MedlineDate>"
    return (
        '<PubmedArticle><MedlineCitation Status="MEDLINE" Owner="NLM">'
        f'<PMID Version="1">{pmid}</PMID>'
        "<DateRevised><Year>2025</Year><Month>01</Month><Day>15</Day></DateRevised>"
        '<Article PubModel="Print"><Journal><JournalIssue CitedMedium="Internet">'
        f"<Volume>{escape(work.volume or '')}</Volume><PubDate>{year}</PubDate></JournalIssue>"
        f"<Title>{escape(work.venue)}</Title>"
        f"<ISOAbbreviation>{escape(work.venue_short)}</ISOAbbreviation></Journal>"
        f"<ArticleTitle>{escape(work.title)}.</ArticleTitle>"
        f"<Pagination><MedlinePgn>{escape(work.pages or '')}</MedlinePgn></Pagination>"
        f'<AuthorList CompleteYN="Y">{authors}</AuthorList><Language>eng</Language>'
        '<PublicationTypeList><PublicationType UI="D016428">Journal Article</PublicationType>'
        + (
            '<PublicationType UI="D016441">Retracted Publication</PublicationType>'
            if work.retracted
            else ""
        )
        + "</PublicationTypeList></Article></MedlineCitation>"
        f"<PubmedData><ArticleIdList>{ids}</ArticleIdList></PubmedData></PubmedArticle>"
    )


def write_arxiv(works: Iterable[Work], path: Path) -> int:
    """arxiv-metadata-oai-snapshot.json: one paper a line, the OAI snapshot's keys."""
    count = 0
    with path.open("w", encoding="utf-8") as stream:
        for work in works:
            stream.write(json.dumps(arxiv_paper(work), ensure_ascii=False) + "\n")
            count += 1
    return count


def arxiv_paper(work: Work) -> dict[str, object]:
    """One paper as the snapshot writes it."""
    names = ", ".join(f"{p.given} {p.family}".strip() for p in work.authors)
    return {
        "id": work.arxiv or f"{2000 + work.number % 100:04d}.{work.number:05d}",
        "submitter": names.split(",")[0],
        "authors": names,
        "title": work.title,
        "comments": "10 pages",
        "journal-ref": None,
        "doi": work.doi,
        "report-no": None,
        "categories": "cs.LG",
        "license": None,
        "abstract": f"  {work.abstract or 'An abstract.'}\n",
        "versions": [{"version": "v1", "created": f"Mon, 2 Apr {work.year or 2007} 19:18:42 GMT"}],
        "update_date": f"{work.year or 2007}-05-23",
        "authors_parsed": [[p.family, p.given, ""] for p in work.authors],
    }


def write_zotero(works: Iterable[Work], path: Path) -> int:
    """A zotero.sqlite with the tables and columns of Zotero 7 that items are read through."""
    db = sqlite3.connect(path)
    db.executescript(_ZOTERO_SCHEMA)
    count = 0
    for number, work in enumerate(works, 1):
        db.execute(
            "INSERT INTO items VALUES (?, 1, ?, 1, '2025-03-04 10:00:00')",
            (number, f"K{number:07d}"),
        )
        values = {
            1: work.title,
            2: f"{work.year or 0:04d}-00-00 {work.year or ''}",
            3: work.venue,
            4: work.doi or "",
            5: work.pages or "",
        }
        for field, value in values.items():
            if value:
                db.execute("INSERT OR IGNORE INTO itemDataValues(value) VALUES (?)", (value,))
                (value_id,) = db.execute(
                    "SELECT valueID FROM itemDataValues WHERE value = ?", (value,)
                ).fetchone()
                db.execute("INSERT INTO itemData VALUES (?, ?, ?)", (number, field, value_id))
        for order, person in enumerate(work.authors):
            creator = int(db.execute("SELECT count(*) FROM creators").fetchone()[0]) + 1
            db.execute(
                "INSERT INTO creators VALUES (?, ?, ?, 0)", (creator, person.given, person.family)
            )
            db.execute("INSERT INTO itemCreators VALUES (?, ?, 1, ?)", (number, creator, order))
        count += 1
    attachment = count + 1
    db.execute(
        "INSERT INTO items VALUES (?, 14, 'ATTACH01', 1, '2025-03-04 10:00:00')", (attachment,)
    )
    db.commit()
    db.close()
    return count


_ZOTERO_SCHEMA = """
CREATE TABLE itemTypes (
    itemTypeID INTEGER PRIMARY KEY, typeName TEXT, templateItemTypeID INT, display INT DEFAULT 1);
INSERT INTO itemTypes VALUES
    (1, 'journalArticle', NULL, 1), (14, 'attachment', NULL, 0), (31, 'note', NULL, 0);
CREATE TABLE fields (fieldID INTEGER PRIMARY KEY, fieldName TEXT, fieldFormatID INT);
INSERT INTO fields VALUES (1, 'title', NULL), (2, 'date', NULL), (3, 'publicationTitle', NULL),
    (4, 'DOI', NULL), (5, 'pages', NULL);
CREATE TABLE items (itemID INTEGER PRIMARY KEY, itemTypeID INT NOT NULL, key TEXT NOT NULL,
    libraryID INT NOT NULL, dateModified TIMESTAMP NOT NULL);
CREATE TABLE itemDataValues (valueID INTEGER PRIMARY KEY, value UNIQUE);
CREATE TABLE itemData (itemID INT, fieldID INT, valueID INT, PRIMARY KEY (itemID, fieldID));
CREATE TABLE creators (
    creatorID INTEGER PRIMARY KEY, firstName TEXT, lastName TEXT, fieldMode INT);
CREATE TABLE creatorTypes (creatorTypeID INTEGER PRIMARY KEY, creatorType TEXT);
INSERT INTO creatorTypes VALUES (1, 'author'), (2, 'editor');
CREATE TABLE itemCreators (itemID INT NOT NULL, creatorID INT NOT NULL,
    creatorTypeID INT NOT NULL DEFAULT 1, orderIndex INT NOT NULL DEFAULT 0,
    PRIMARY KEY (itemID, creatorID, creatorTypeID, orderIndex));
CREATE TABLE deletedItems (
    itemID INTEGER PRIMARY KEY, dateDeleted DEFAULT CURRENT_TIMESTAMP NOT NULL);
"""


def _dblp_text(text: str) -> str:
    """XML text with Latin-1 accents as dblp's named entities, others as character references."""
    out = []
    for char in escape(text):
        code = ord(char)
        if code < 128:
            out.append(char)
        elif 160 <= code <= 255 and code in html.entities.codepoint2name:
            out.append(f"&{html.entities.codepoint2name[code]};")
        else:
            out.append(f"&#{code};")
    return "".join(out)


def write_bibtex(works: Iterable[Work], path: Path) -> int:
    """A lab's .bib: one @article or @inproceedings per work."""
    entries = []
    for work in works:
        kind = "inproceedings" if work.kind == "proceedings-article" else "article"
        venue = "booktitle" if kind == "inproceedings" else "journal"
        names = " and ".join(f"{p.family}, {p.given}".strip(", ") for p in work.authors)
        fields = [f"  title = {{{work.title}}}", f"  author = {{{names}}}"]
        fields += [f"  year = {{{work.year}}}"] if work.year else []
        fields += [f"  {venue} = {{{work.venue}}}"] if work.venue else []
        fields += [f"  doi = {{{work.doi}}}"] if work.doi else []
        entries.append(f"@{kind}{{w{work.number},\n" + ",\n".join(fields) + "\n}\n")
    path.write_text("\n".join(entries), encoding="utf-8")
    return len(entries)


def write_csl_json(works: Iterable[Work], path: Path) -> int:
    """A lab's CSL-JSON export: an array of items."""
    items = [
        {
            "id": f"w{work.number}",
            "type": "paper-conference" if work.kind == "proceedings-article" else "article-journal",
            "title": work.title,
            "author": [{"family": p.family, "given": p.given} for p in work.authors],
            **({"issued": {"date-parts": [[work.year]]}} if work.year else {}),
            **({"container-title": work.venue} if work.venue else {}),
            **({"DOI": work.doi} if work.doi else {}),
        }
        for work in works
    ]
    path.write_text(json.dumps(items, ensure_ascii=False, indent=1), encoding="utf-8")
    return len(items)
