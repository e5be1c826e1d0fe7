"""OpenAlex sources: the venue inside each location, and the /sources entities with their names.

A work's venue is a source of the type OpenAlex gives it (journal, conference, book series,
repository, ebook platform); arXiv, PubMed and PubMed Central are the repositories OpenAlex
lists beside the published version. `/sources/{id}` and `/sources?filter=display_name.search:…`
(or `search=`, or `filter=issn:…`) answer the entity with its `abbreviated_title` (the
corpus's short name of the venue where it differs) and `alternate_titles`.
"""

from __future__ import annotations

import zlib
from collections import Counter
from dataclasses import dataclass, field
from urllib.parse import unquote

from .corpus import Corpus, Works
from .exchange import ApiRequest, ApiResponse, json_response
from .quirks import REPOSITORIES, Seen
from .works import tokens

ARXIV_NAME = "arXiv (Cornell University)"
_KNOWN: dict[str, tuple[str, str, str]] = {  # name: (id, type, host organisation)
    ARXIV_NAME: ("S4306400194", "repository", "Cornell University"),
    "PubMed": ("S4306525036", "repository", "National Institutes of Health"),
    "PubMed Central": ("S2764455111", "repository", "National Institutes of Health"),
}
_TYPES = {
    "journal-article": "journal",
    "proceedings-article": "conference",
    "book-chapter": "book series",
    "book": "book series",
    "edited-book": "book series",
    "monograph": "book series",
    "reference-entry": "book series",
}
_MEMO = "openalex.sources"


@dataclass(slots=True)
class _Venue:
    """What the corpus says of one venue name, gathered over its works."""

    name: str
    kind: str
    short: Counter[str] = field(default_factory=Counter)
    alternates: set[str] = field(default_factory=set)
    issn: str | None = None
    publishers: Counter[str] = field(default_factory=Counter)

    def names(self) -> set[str]:
        return {self.name, *self.alternates, *self.short}


@dataclass(frozen=True, slots=True)
class _Sources:
    """The sources by id, and by each word of their names (for the name search)."""

    by_id: dict[str, _Venue]
    by_word: dict[str, tuple[_Venue, ...]]


def source_id(name: str) -> str:
    """The stable OpenAlex id of a source name ("S" and digits)."""
    known = _KNOWN.get(name)
    return known[0] if known else f"S{3_000_000_000 + zlib.crc32(name.encode()) % 10**9}"


def source_type(kind: str) -> str:
    """The OpenAlex source type that holds works of a corpus kind."""
    return _TYPES.get(kind, "repository")


def location_source(seen: Seen) -> dict[str, object] | None:
    """The source of the work's own (published) location, as the index holds the work."""
    work = seen.work
    if not work.venue:
        return None
    if work.venue == "arXiv":
        return named_source(ARXIV_NAME)
    kind = seen.venue_kind or work.venue_kind or source_type(work.kind)
    publisher = None if seen.venue_kind or work.venue_kind else work.publisher
    return _dehydrated(work.venue, kind, work.issn, publisher)


def named_source(name: str) -> dict[str, object]:
    """One of the repositories OpenAlex lists beside published versions (arXiv, PubMed …)."""
    _, kind, host = _KNOWN.get(name, ("", "repository", None))
    return _dehydrated(name, kind, None, host)


def _dehydrated(name: str, kind: str, issn: str | None, host: str | None) -> dict[str, object]:
    return {
        "id": f"https://openalex.org/{source_id(name)}",
        "display_name": name,
        "issn_l": issn,
        "issn": [issn] if issn else None,
        "is_oa": kind == "repository",
        "is_in_doaj": False,
        "is_core": kind in ("journal", "conference"),
        "host_organization": None,
        "host_organization_name": host,
        "type": kind,
    }


def handle(
    request: ApiRequest, corpus: Corpus, headers: tuple[tuple[str, str], ...]
) -> ApiResponse:
    """/sources/{id} and /sources?filter=… or ?search=…"""
    path = unquote(request.path)
    sources = _sources(corpus)
    if path.startswith("/sources/"):
        wanted = path.removeprefix("/sources/").removeprefix("https://openalex.org/").upper()
        venue = sources.by_id.get(wanted)
        if venue is None:
            missing = {
                "error": "Not Found",
                "message": "The requested resource could not be found.",
            }
            return json_response(404, missing, kind="openalex.source", headers=headers)
        return json_response(200, _entity(venue), kind="openalex.source", headers=headers)
    per_page = request.int_arg("per_page", 25, low=1, high=100)
    found = _matching(sources, request)
    page = request.int_arg("page", 1, low=1)
    shown = found[(page - 1) * per_page : page * per_page]
    meta: dict[str, object] = {
        "count": len(found),
        "db_response_time_ms": 9,
        "page": page,
        "per_page": per_page,
        "groups_count": None,
        "cost_usd": 0.001,
    }
    body = {"meta": meta, "results": [_entity(v) for v in shown], "group_by": []}
    return json_response(200, body, kind="openalex.sources", headers=headers)


def _matching(sources: _Sources, request: ApiRequest) -> list[_Venue]:
    query, issn = request.arg("search"), ""
    for clause in (c for c in request.arg("filter").split(",") if c):
        name, _, value = clause.partition(":")
        if name in ("display_name.search", "default.search"):
            query = value
        elif name == "issn":
            issn = value.strip()
    if issn:
        return [v for v in sources.by_id.values() if v.issn == issn]
    asked = set(tokens(query))
    if not asked:
        return sorted(sources.by_id.values(), key=lambda v: v.name)
    rarest = min(asked, key=lambda w: len(sources.by_word.get(w, ())))
    found = [
        venue
        for venue in sources.by_word.get(rarest, ())
        if any(asked <= set(tokens(name)) for name in venue.names())
    ]
    return sorted(found, key=lambda v: (len(tokens(v.name)), v.name))


def _entity(venue: _Venue) -> dict[str, object]:
    sid = source_id(venue.name)
    short = next((s for s, _ in venue.short.most_common() if s != venue.name), None)
    host = venue.publishers.most_common(1)[0][0] if venue.publishers else None
    if venue.name in _KNOWN:
        host = _KNOWN[venue.name][2]
    ids: dict[str, object] = {"openalex": f"https://openalex.org/{sid}"}
    if venue.issn:
        ids |= {"issn_l": venue.issn, "issn": [venue.issn]}
    return {
        "id": f"https://openalex.org/{sid}",
        "issn_l": venue.issn,
        "issn": [venue.issn] if venue.issn else None,
        "display_name": venue.name,
        "host_organization": None,
        "host_organization_name": host,
        "host_organization_lineage": [],
        "works_count": sum(venue.short.values()) or 1,
        "cited_by_count": 0,
        "is_oa": venue.kind == "repository",
        "is_in_doaj": False,
        "is_core": venue.kind in ("journal", "conference"),
        "ids": ids,
        "homepage_url": None,
        "country_code": None,
        "societies": [],
        "alternate_titles": sorted(venue.names() - {venue.name, short}),
        "abbreviated_title": short,
        "type": venue.kind,
        "works_api_url": f"https://api.openalex.org/works?filter=primary_location.source.id:{sid}",
        "updated_date": "2026-07-01T00:00:00.000000",
        "created_date": "2016-06-24",
    }


def _sources(corpus: Corpus) -> _Sources:
    """Every source the fake can name: built once per corpus (a second or so)."""
    built = corpus.memo.get(_MEMO)
    if isinstance(built, _Sources):
        return built
    by_name: dict[str, _Venue] = {}
    for number in range(len(corpus.works)):
        _gather(by_name, corpus.works, number)
    for publisher in list({p for v in by_name.values() for p in v.publishers}):
        for name in (publisher, f"{publisher} eBooks"):
            by_name.setdefault(name, _Venue(name, "ebook platform"))
    for name in (*_KNOWN, *REPOSITORIES):
        by_name.setdefault(name, _Venue(name, "repository"))
    by_word: dict[str, list[_Venue]] = {}
    for venue in by_name.values():
        for word in {w for name in venue.names() for w in tokens(name)}:
            by_word.setdefault(word, []).append(venue)
    built = _Sources(
        {source_id(name): venue for name, venue in by_name.items()},
        {word: tuple(venues) for word, venues in by_word.items()},
    )
    corpus.memo[_MEMO] = built
    return built


def _gather(by_name: dict[str, _Venue], works: Works, number: int) -> None:
    name = str(works.value(number, "venue") or "")
    if not name or name == "arXiv":
        return
    venue = by_name.get(name)
    if venue is None:
        venue = by_name[name] = _Venue(name, source_type(str(works.value(number, "kind"))))
    short = str(works.value(number, "venue_short") or "")
    venue.short[short or name] += 1
    alternate = str(works.value(number, "venue_alt") or "")
    if alternate:
        venue.alternates.add(alternate)
    issn = works.value(number, "issn")
    venue.issn = venue.issn or (str(issn) if issn else None)
    publisher = works.value(number, "publisher")
    if publisher:
        venue.publishers[str(publisher)] += 1
