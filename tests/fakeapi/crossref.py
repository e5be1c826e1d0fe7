"""Crossref's /works endpoints: DOI look-ups and bibliographic queries, real shapes and pools."""

from __future__ import annotations

import html
from urllib.parse import unquote

from .corpus import Agency, Corpus, Work
from .exchange import ApiRequest, ApiResponse, json_response, text_response

_TYPES = {"posted-content": "posted-content", "dataset": "dataset", "software": "software"}


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
        "subtitle": [],
        "short-title": [],
        "language": "en",
        "deposited": _date(work.year),
        "score": score if score is not None else 1,
        "resource": {"primary": {"URL": work.url or f"https://doi.org/{work.doi}"}},
        "issued": _date(work.year),
        "published": _date(work.year),
        "references-count": 0,
        "URL": f"https://doi.org/{work.doi}",
        "relation": _relation(work),
        "subject": [],
    }
    if work.authors:
        message["author"] = [
            {
                "given": p.given,
                "family": p.family,
                "sequence": "first" if i == 0 else "additional",
                "affiliation": [],
            }
            for i, p in enumerate(work.authors)
        ]
    if work.pages:
        message["page"] = work.pages
    if work.volume:
        message["volume"] = work.volume
    if work.abstract:
        # As publishers deposit it: a JATS heading, then the text with XML entities escaped.
        text = html.escape(work.abstract, quote=False)
        message["abstract"] = f"<jats:title>Abstract</jats:title><jats:p>{text}</jats:p>"
    if work.retracted and work.retraction_notice:
        message["updated-by"] = [_update(work.retraction_notice, "retraction-watch")]
    if work.retracts:
        message["update-to"] = [_update(work.retracts, "publisher")]
    return message


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


def _pool(request: ApiRequest, listing: bool) -> tuple[tuple[str, str], ...]:
    """The pool headers: polite with a mailto (10/s singletons, 3/s lists), else public 5/s."""
    polite = bool(request.arg("mailto")) or "mailto:" in request.headers.get("user-agent", "")
    if not polite:
        pool, limit, concurrency = "public", "5", "1"
    elif listing:
        pool, limit, concurrency = "polite-array", "3", "3"
    else:
        pool, limit, concurrency = "polite-single", "10", "3"
    return (
        ("x-api-pool", pool),
        ("x-concurrency-limit", concurrency),
        ("x-rate-limit-interval", "1s"),
        ("x-rate-limit-limit", limit),
    )


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
                "message": render(work),
            }
            response = json_response(200, body, kind="crossref.work")
        return response.with_headers(_pool(request, listing=False))
    if path.rstrip("/") != "/works":
        response = text_response(404, "Resource not found.", kind="crossref.other")
        return response.with_headers(_pool(request, listing=False))
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
        return json_response(400, failure, kind="crossref.query").with_headers(_pool(request, True))
    terms = " ".join(
        request.arg(name)
        for name in ("query.bibliographic", "query", "query.title", "query.container-title")
        if request.arg(name)
    )
    author = request.arg("query.author")
    offset = request.int_arg("offset", 0, high=10_000)
    hits = corpus.search(terms or author, rows + offset, author_query=author, accept=_in_crossref)
    items = [render(hit.work, score=hit.score) for hit in hits[offset:]]
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
    return json_response(200, body, kind="crossref.query").with_headers(_pool(request, True))
