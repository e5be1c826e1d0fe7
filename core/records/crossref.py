"""A Crossref work item (its REST API's JSON, or a line of its dump) as a Record."""

from __future__ import annotations

import html
import re
from collections.abc import Mapping
from typing import Any

from cite_sentinel.core.lexicon.identifiers import normalise_doi
from cite_sentinel.core.lexicon.kinds import Kind, kind_of_index_type
from cite_sentinel.core.model import Identifiers, Record
from cite_sentinel.core.records.markup import plain
from cite_sentinel.core.records.names import person_from_parts

_RETRACTION = frozenset({"retraction", "removal"})
_WITHDRAWAL = frozenset({"withdrawal"})
_TAG = re.compile(r"<[^>]+>")
_ARXIV_DOI = re.compile(r"^10\.48550/arxiv\.(.+)$", re.IGNORECASE)
# What a work's container is, by the kind of work.
_VENUE_KINDS = {
    Kind.ARTICLE: "journal",
    Kind.PAPER: "conference",
    Kind.PREPRINT: "repository",
    Kind.CHAPTER: "book",
    Kind.DATASET: "repository",
}


def record_from_item(item: Mapping[str, Any]) -> Record:
    """One Crossref work item as a Record."""
    doi = normalise_doi(str(item.get("DOI") or ""))
    updates = [u for u in item.get("updated-by") or () if isinstance(u, dict)]
    relation = item.get("relation") or {}
    published = _first_related(relation, "is-preprint-of")
    kind = str(item.get("type") or "")
    date = _date(item)
    year = int(date[:4]) if date[:4].isdigit() else None
    arxiv = _ARXIV_DOI.match(doi)
    return Record(
        source="crossref",
        id=doi,
        title=_title(item),
        people=tuple(
            person_from_parts(
                family=str(author.get("family") or ""),
                given=str(author.get("given") or ""),
                literal=str(author.get("name") or ""),
            )
            for author in item.get("author") or ()
            if isinstance(author, dict)
        ),
        year=year,
        date=date,
        print_year=_print_year(item, year),
        venue=_first(item.get("container-title")),
        venue_short=_first(item.get("short-container-title")),
        venue_aliases=_rest(item.get("container-title")) + _rest(item.get("short-container-title")),
        venue_kind=_VENUE_KINDS.get(kind_of_index_type(kind), ""),
        volume=str(item.get("volume") or ""),
        issue=str(item.get("issue") or ""),
        pages=str(item.get("page") or item.get("article-number") or ""),
        publisher=str(item.get("publisher") or ""),
        kind=kind,
        identifiers=Identifiers(doi=doi, arxiv=arxiv.group(1).lower() if arxiv else ""),
        url=str(item.get("URL") or (f"https://doi.org/{doi}" if doi else "")),
        abstract=strip_jats(str(item.get("abstract") or "")),
        cited_by=_int(item.get("is-referenced-by-count")),
        retracted=any(str(u.get("type", "")).lower() in _RETRACTION for u in updates),
        withdrawn=any(str(u.get("type", "")).lower() in _WITHDRAWAL for u in updates),
        is_preprint=bool(published) or item.get("subtype") == "preprint",
        published_doi=published,
        preprint_doi=_first_related(relation, "has-preprint"),
        score=float(item["score"]) if isinstance(item.get("score"), int | float) else None,
    )


def strip_jats(text: str) -> str:
    """Abstract text without JATS markup (`<jats:p>`, `<jats:title>Abstract</jats:title>`)."""
    text = re.sub(r"<jats:title>\s*abstract\s*</jats:title>", " ", text, flags=re.IGNORECASE)
    return " ".join(html.unescape(_TAG.sub(" ", text)).split())


def _title(item: Mapping[str, Any]) -> str:
    title = _first(item.get("title"))
    subtitle = _first(item.get("subtitle"))
    if subtitle and subtitle.lower() not in title.lower():
        title = f"{title}: {subtitle}" if title else subtitle
    return " ".join(plain(html.unescape(_TAG.sub("", title))).split())


def _date(item: Mapping[str, Any]) -> str:
    for name in ("issued", "published", "published-print", "published-online", "created"):
        parts = (item.get(name) or {}).get("date-parts") or ()
        first = parts[0] if parts and isinstance(parts[0], list) else []
        numbers = [part for part in first if isinstance(part, int)]
        if numbers:
            return "-".join(
                f"{number:04d}" if index == 0 else f"{number:02d}"
                for index, number in enumerate(numbers[:3])
            )
    return ""


def _print_year(item: Mapping[str, Any], year: int | None) -> int | None:
    """The printed issue's year where it is not the work's year (`issued`, the first of print
    and online): `published-print`, or the issue's own print date."""
    issue = item.get("journal-issue")
    for dated in (item, issue if isinstance(issue, Mapping) else {}):
        parts = (dated.get("published-print") or {}).get("date-parts") or ()
        first = parts[0] if parts and isinstance(parts[0], list) else []
        printed = first[0] if first and isinstance(first[0], int) else None
        if printed is not None:
            return printed if year is not None and printed != year else None
    return None


def _first_related(relation: Mapping[str, Any], name: str) -> str:
    for entry in relation.get(name) or ():
        if isinstance(entry, dict) and str(entry.get("id-type", "")).lower() == "doi":
            return normalise_doi(str(entry.get("id") or ""))
    return ""


def _rest(value: Any) -> tuple[str, ...]:
    """Container titles after the first: a chapter's book beside its series, a journal's
    former names."""
    if not isinstance(value, list | tuple):
        return ()
    return tuple(str(v).strip() for v in value[1:] if str(v or "").strip())


def _first(value: Any) -> str:
    if isinstance(value, list | tuple):
        value = value[0] if value else ""
    return str(value or "").strip()


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None
