"""doi.org: the resolver's redirect, the handle API and the registration-agency look-up."""

from __future__ import annotations

from html import escape
from urllib.parse import quote, unquote

from .corpus import Corpus
from .exchange import ApiRequest, ApiResponse, json_response
from .works import Agency, normalise_doi

_ARXIV_PREFIX = "10.48550"


def _agency(corpus: Corpus, prefix: str) -> Agency | None:
    if prefix == _ARXIV_PREFIX:
        return Agency.DATACITE
    return corpus.prefixes.get(prefix)


def handle(request: ApiRequest, corpus: Corpus) -> ApiResponse:
    path = unquote(request.path)
    if path.startswith("/api/handles/"):
        doi = normalise_doi(path.removeprefix("/api/handles/"))
        if not corpus.doi_exists(doi):
            return json_response(404, {"responseCode": 100, "handle": doi}, kind="doi.handle")
        value = {
            "index": 1,
            "type": "URL",
            "data": {"format": "string", "value": _publisher_url(request, doi)},
            "ttl": 86400,
            "timestamp": "2020-01-01T00:00:00Z",
        }
        body = {"responseCode": 1, "handle": doi, "values": [value]}
        return json_response(200, body, kind="doi.handle")
    if path.startswith("/ra/"):
        answers: list[dict[str, str]] = []
        for item in path.removeprefix("/ra/").split(","):
            prefix = item.split("/", 1)[0]
            agency = _agency(corpus, prefix)
            whole_doi_missing = "/" in item and not corpus.doi_exists(item)
            if agency is None or whole_doi_missing:
                answers.append({"DOI": item, "status": "DOI does not exist"})
            else:
                answers.append({"DOI": item, "RA": str(agency)})
        return json_response(
            200, answers, kind="doi.ra", content_type="application/json;charset=UTF-8"
        )
    doi = normalise_doi(path.lstrip("/"))
    if not doi.startswith("10.") or "/" not in doi:
        return _html(400, "DOI Error: not a DOI", "doi.resolve")
    if not corpus.doi_exists(doi):
        return _html(404, f"DOI Not Found: {escape(doi)}", "doi.resolve")
    location = _publisher_url(request, doi)
    return ApiResponse(
        302,
        (("location", location), ("content-type", "text/html;charset=utf-8")),
        f'<html><body><a href="{escape(location)}">{escape(location)}</a></body></html>'.encode(),
        kind="doi.resolve",
    )


def _publisher_url(request: ApiRequest, doi: str) -> str:
    return f"{request.base_url}/publisher/{quote(doi, safe='/')}"


def _html(status: int, text: str, kind: str) -> ApiResponse:
    body = f"<html><head><title>{text}</title></head><body><h1>{text}</h1></body></html>"
    return ApiResponse(
        status, (("content-type", "text/html;charset=utf-8"),), body.encode(), kind=kind
    )


def handle_publisher(request: ApiRequest, corpus: Corpus) -> ApiResponse:
    """The landing page a DOI redirects to: exists for every DOI the fake knows."""
    doi = normalise_doi(unquote(request.path.lstrip("/")))
    work = corpus.find_doi(doi) or corpus.by_datacite(doi)
    if work is None:
        return _html(404, "Not Found", "publisher.page")
    return _html(200, escape(work.title), "publisher.page")
