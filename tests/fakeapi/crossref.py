"""Crossref's /works endpoints: DOI look-ups and bibliographic queries in the real shapes.

The pool headers every answer carries are added by the server (limits.py).
"""

from __future__ import annotations

import html
from urllib.parse import unquote

from .corpus import Corpus
from .exchange import ApiRequest, ApiResponse, json_response, text_response
from .quirks import seen_by
from .works import Agency, Person, Work

LONGEST_QUERY = 4096  # characters of query text Crossref answers; longer ones get a 400
# Crossref's types for the corpus kinds it has no type of its own for.
_TYPES = {"software": "other", "manuscript": "other"}


def _date(year: int | None) -> dict[str, object]:
    return {"date-parts": [[year]] if year else [[None]]}


def render(work: Work, *, score: float | None = None) -> dict[str, object]:
    """One Crossref work message; keys as the recorded /works/{doi} answers."""
    assert work.doi is not None
    message: dict[str, object] = {
        "indexed": {"date-parts": [[2026, 6, 1]], "date-time": "2026-06-01T00:00:00Z"},
        "reference-count": 0,
        "publisher": work.publisher or "Fixture Publisher",
        "DOI": work.doi,
        "type": _TYPES.get(work.kind, work.kind),
        "created": _date(work.year),
        "source": "Crossref",
        "is-referenced-by-count": (work.number * 7) % 500,
        "title": [work.title],
        "prefix": work.doi.split("/", 1)[0],
        "member": "263",
        "container-title": [work.venue] if work.venue else [],
        "short-container-title": [work.venue_short] if work.venue_short else [],
        "original-title": [],
        "subtitle": [work.subtitle] if work.subtitle else [],
        "short-title": [],
        "language": work.iso_language or "en",
        "deposited": _date(work.year),
        "score": score if score is not None else 1,
        "resource": {"primary": {"URL": work.url or f"https://doi.org/{work.doi}"}},
        "issued": _date(work.year),
        "published": _date(work.year),
        **_print_dates(work),
        "references-count": 0,
        "URL": f"https://doi.org/{work.doi}",
        "relation": _relation(work),
        "subject": [],
    }
    if work.authors:
        message["author"] = _people(work.authors)
    if work.editors:
        message["editor"] = _people(work.editors)
    if work.pages:
        message["page"] = work.pages
    if work.volume:
        message["volume"] = work.volume
    if work.issue:
        message["issue"] = work.issue
    if work.isbn:
        message["ISBN"] = list(work.isbn)
        message["isbn-type"] = [{"type": "print", "value": isbn} for isbn in work.isbn]
    if work.kind == "posted-content":
        message["subtype"] = "preprint"
    if work.abstract:
        # As publishers deposit it: a JATS heading, then the text with XML entities escaped.
        text = html.escape(work.abstract, quote=False)
        message["abstract"] = f"<jats:title>Abstract</jats:title><jats:p>{text}</jats:p>"
    if work.retracted and work.retraction_notice:
        message["updated-by"] = [_update(work.retraction_notice, "retraction-watch")]
    if work.retracts:
        message["update-to"] = [_update(work.retracts, "publisher")]
    return message


def _print_dates(work: Work) -> dict[str, object]:
    """Online first, in a later issue: `published-online` the work's year, `published-print`
    the issue's (`issued` is the earlier of the two, as Crossref gives it)."""
    if work.print_year is None:
        return {}
    return {"published-online": _date(work.year), "published-print": _date(work.print_year)}


def _people(people: tuple[Person, ...]) -> list[dict[str, object]]:
    """Authors or editors: a person by given and family name, an organisation by `name`."""
    listed: list[dict[str, object]] = []
    for i, person in enumerate(people):
        sequence = "first" if i == 0 else "additional"
        if person.is_org:
            listed.append({"name": person.family, "sequence": sequence, "affiliation": []})
        else:
            named = {"given": person.given, "family": person.family} if person.given else {}
            listed.append(
                (named or {"family": person.family}) | {"sequence": sequence, "affiliation": []}
            )
    return listed


def _update(doi: str, source: str) -> dict[str, object]:
    return {
        "DOI": doi,
        "type": "retraction",
        "label": "Retraction",
        "source": source,
        "updated": {"date-parts": [[2021, 3, 1]], "date-time": "2021-03-01T00:00:00Z"},
    }


def _relation(work: Work) -> dict[str, object]:
    relation: dict[str, object] = {}
    if work.has_preprint:
        relation["has-preprint"] = [
            {"id-type": "doi", "id": doi, "asserted-by": "object"} for doi in work.has_preprint
        ]
    if work.is_preprint_of:
        relation["is-preprint-of"] = [
            {"id-type": "doi", "id": doi, "asserted-by": "subject"} for doi in work.is_preprint_of
        ]
    return relation


def _too_long(length: int) -> dict[str, object]:
    return {
        "status": "failed",
        "message-type": "validation-failure",
        "message": [{"type": "query-too-long", "value": str(length), "message": "Query too long"}],
    }


def _in_crossref(work: Work) -> bool:
    return work.doi is not None and work.agency is Agency.CROSSREF


def handle(request: ApiRequest, corpus: Corpus) -> ApiResponse:
    path = request.path
    if path.startswith("/works/"):
        doi = unquote(path.removeprefix("/works/"))
        work = corpus.find_doi(doi)
        if work is None or not _in_crossref(work):
            response = text_response(404, "Resource not found.", kind="crossref.work")
        else:
            body = {
                "status": "ok",
                "message-type": "work",
                "message-version": "1.0.0",
                "message": render(seen_by("crossref", work, corpus.quirks).work),
            }
            response = json_response(200, body, kind="crossref.work")
        return response
    if path.rstrip("/") != "/works":
        return text_response(404, "Resource not found.", kind="crossref.other")
    rows = request.int_arg("rows", 20, low=0, high=2000)
    if rows > 1000:
        failure: dict[str, object] = {
            "status": "failed",
            "message-type": "validation-failure",
            "message": [
                {
                    "type": "integer-not-valid",
                    "value": str(rows),
                    "message": f"Integer specified as {rows} but must be a positive integer"
                    " less than or equal to 1000.",
                }
            ],
        }
        return json_response(400, failure, kind="crossref.query")
    terms = " ".join(
        request.arg(name)
        for name in ("query.bibliographic", "query", "query.title", "query.container-title")
        if request.arg(name)
    )
    if len(terms) > LONGEST_QUERY:  # Crossref refuses very long queries outright
        return json_response(400, _too_long(len(terms)), kind="crossref.query")
    author = request.arg("query.author")
    offset = request.int_arg("offset", 0, high=10_000)
    hits = corpus.search(
        terms or author,
        rows + offset,
        author_query=author,
        accept=_in_crossref,
        locators=bool(request.arg("query.bibliographic")),
    )
    items = [
        render(seen_by("crossref", hit.work, corpus.quirks).work, score=hit.score)
        for hit in hits[offset:]
    ]
    body = {
        "status": "ok",
        "message-type": "work-list",
        "message-version": "1.0.0",
        "message": {
            "facets": {},
            "total-results": len(hits),
            "items": items,
            "items-per-page": rows,
            "query": {"start-index": offset, "search-terms": terms or None},
        },
    }
    return json_response(200, body, kind="crossref.query")
