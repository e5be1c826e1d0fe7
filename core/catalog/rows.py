"""How a work is kept and found: its row's look-up keys, and the queries a reference becomes.

Both stores (SQLite and PostgreSQL) keep the same row: the identifiers, a 64-bit hash of the
normalised title for exact look-up, the record as JSON, and the words full-text search indexes
(title; family names). Only the hash of the title is indexed, not its text, to keep the
catalog small; a hash hit is checked against the record's own title.
"""

from __future__ import annotations

import hashlib
import html
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass

from cite_sentinel.core.catalog import record_codec
from cite_sentinel.core.catalog.runs import DumpEntry, WorkRow
from cite_sentinel.core.errors import InternalError
from cite_sentinel.core.matching.titles import fold, normalise
from cite_sentinel.core.model import Record, Reference
from cite_sentinel.core.sources.identifiers import normalise_arxiv, normalise_doi, normalise_pmid

# Words too common in titles to help find one (they still count once a title is found).
STOPWORDS = frozenset({
    "a", "an", "and", "are", "as", "at", "be", "by", "for", "from", "in", "into", "is", "it", "of",
    "on", "or", "that", "the", "their", "this", "to", "with", "via", "its", "we", "our", "using",
    "toward", "towards",
})  # fmt: skip
_TAG = re.compile(r"<[^>]+>")
_NOT_ALNUM = re.compile(r"[^a-z0-9]+")
_WORD = re.compile(r"[^\W_]+")
_SEARCH_WORDS = 12  # the first this many distinctive words of a title make its search
_LABEL = re.compile(r"^(?:doi|arxiv|pmid)(?:\s*:\s*|\s+)", re.IGNORECASE)


@dataclass(frozen=True, slots=True, kw_only=True)
class Query:
    """What the catalog is asked about one reference."""

    doi: str = ""
    arxiv: str = ""
    pmid: str = ""
    title: str = ""  # normalised (core.titles); "" when the reference has none
    key: str = ""  # title_key of the title
    text: str = ""  # the title as cited, for trigram similarity
    words: tuple[str, ...] = ()  # search_tokens of the title, for full-text search


@dataclass(frozen=True, slots=True)
class Found:
    """The catalog's works for one query: by a cited identifier, and by title."""

    by_identifier: tuple[Record, ...] = ()
    by_title: tuple[Record, ...] = ()


def row_of(key: str, record: Record) -> WorkRow:
    """The row a work is stored as."""
    ids = record.identifiers
    title, names = indexed_text(record)
    return WorkRow(
        key=key,
        doi=ids.doi or None,
        arxiv=ids.arxiv or None,
        pmid=ids.pmid or None,
        title_hash=title_hash(title_key(record.title)),
        record=record_codec.encode(record),
        title=title,
        names=names,
    )


def stored_row(entry: DumpEntry) -> WorkRow:
    """The row of an entry that holds a work: sent by a worker, or made from its record."""
    if entry.row is not None:
        return entry.row
    if entry.record is None:
        raise InternalError(f"catalog entry {entry.key} holds no work to store")
    return row_of(entry.key, entry.record)


def indexed_text(record: Record) -> tuple[str, str]:
    """The title and the family names, as full-text search indexes them (and un-indexes them)."""
    names = " ".join(p.family or p.literal for p in record.people[:20])
    return record.title, names


def title_key(title: str) -> str:
    """A title's letters and digits, lower-case, unaccented: what an exact title look-up compares.

    Cheaper than core.titles.normalise (an import computes it for every work); a title that
    differs only in what normalise forgives beyond this is still found by search.
    """
    if "<" in title:
        title = _TAG.sub("", title)
    if "&" in title:
        title = html.unescape(title)
    return _NOT_ALNUM.sub("", fold(title).lower())


def title_hash(key: str) -> int:
    """A signed 64-bit hash of a title key (SQLite and PostgreSQL integers are signed)."""
    digest = hashlib.blake2b(key.encode("utf-8"), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)


def query_for(reference: Reference) -> Query:
    """The catalog query of a reference: its identifiers and its normalised title."""
    ids = reference.identifiers
    return Query(
        doi=ids.doi,
        arxiv=ids.arxiv,
        pmid=ids.pmid,
        title=normalise(reference.title),
        key=title_key(reference.title),
        text=" ".join(reference.title.split()),
        words=search_tokens(reference.title),
    )


def identifier_query(text: str) -> Query | None:
    """A search that is one identifier (a DOI or a link to one, an arXiv id, `PMID:…`), as a
    look-up by it; None for words to search titles and names for."""
    token = _LABEL.sub("", text.strip(), count=1)
    if not token or any(ch.isspace() for ch in token):
        return None
    labelled = token != text.strip()
    if doi := normalise_doi(token):
        return Query(doi=doi)
    if arxiv := normalise_arxiv(token):
        return Query(arxiv=arxiv)
    if labelled and (pmid := normalise_pmid(token)):
        return Query(pmid=pmid)  # a bare number is a year or a word, not a PMID
    return None


def search_tokens(title: str) -> tuple[str, ...]:
    """The words of a title worth searching for, as the full-text indexes cut them (letters and
    digits of any script, lower-case, unaccented: "κ" stays "κ"), at most a dozen, in order."""
    words: list[str] = []
    for word in _WORD.findall(fold(title).lower()):
        if word not in STOPWORDS and word not in words and (len(word) > 1 or word.isdigit()):
            words.append(word)
    return tuple(words[:_SEARCH_WORDS])


def word_groups(words: list[str]) -> list[list[str]]:
    """The words a title search asks for together: all of them, and (from three on) each
    selection of all but one (a title with a word changed)."""
    if len(words) < 2:
        return []
    groups = [words]
    if len(words) >= 3:
        groups += [words[:index] + words[index + 1 :] for index in range(len(words))]
    return groups


def same_title(record: Record, key: str) -> bool:
    """Whether a record found by title hash really has this title key."""
    return bool(key) and title_key(record.title) == key


def distinct(records: Iterable[Record]) -> list[Record]:
    """Each record once (by id), in order."""
    seen: set[str] = set()
    kept = []
    for record in records:
        if record.id not in seen:
            seen.add(record.id)
            kept.append(record)
    return kept


def rank_by_title(rows: list[tuple[str, str]], normalised: str, limit: int) -> list[Record]:
    """The stored works (key, record JSON) whose titles are closest to a title, best first."""
    from rapidfuzz import fuzz

    wanted = _plain_words(normalised)
    scored = sorted(
        rows,
        key=lambda row: fuzz.ratio(wanted, _plain_words(json.loads(row[1]).get("title", ""))),
        reverse=True,
    )
    return [record_codec.decode(text, id=key) for key, text in scored[:limit]]


def _plain_words(title: str) -> str:
    """Lower-case unaccented words, spaced: a cheap stand-in for normalise when ranking."""
    return " ".join(_NOT_ALNUM.split(fold(title).lower())).strip()
