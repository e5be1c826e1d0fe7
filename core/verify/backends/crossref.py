"""Crossref: works by DOI and bibliographic search; retractions and preprint links.

`query.bibliographic` with the whole reference as text is Crossref's recommended matching
query; we take five rows and re-rank elsewhere. A 404 for a DOI registered with another
agency (DataCite, mEDRA, …) proves nothing: resolve asks doi.org for the agency first.
A work's retraction or withdrawal shows in `updated-by` (notices pointing at it, from the
publisher or Retraction Watch); `update-to` marks the notice itself, which is not retracted.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cite_sentinel.core.errors import SourceError
from cite_sentinel.core.http.cache import Freshness
from cite_sentinel.core.http.client import Api, FreshnessRule, HttpClient, Reply
from cite_sentinel.core.lexicon.identifiers import normalise_doi
from cite_sentinel.core.model import Reference
from cite_sentinel.core.records import record_from_item
from cite_sentinel.core.verify.backends.endpoints import base_url, doi_path
from cite_sentinel.core.verify.backends.outcome import Answered, Failed, Outcome

ROWS = 5
QUERY_PEOPLE = 3  # authors named in a bibliographic query
QUERY_CHARS = 600  # longest bibliographic query sent


class Crossref:
    """The Crossref REST API, in the polite pool when a mailto is configured."""

    name = Api.CROSSREF

    def __init__(self, http: HttpClient, env: Mapping[str, str]) -> None:
        self._http = http
        self._base = base_url(Api.CROSSREF, env)
        self._mailto = http.settings.mailto  # the polite pool's contact, from the configuration

    async def by_doi(self, doi: str) -> Outcome:
        """The work a Crossref DOI names; Answered(()) when Crossref has no such DOI."""
        doi = normalise_doi(doi)
        if not doi:
            return Answered(())
        try:
            reply = await self._get(f"/works/{doi_path(doi)}", [], "", _lookup_freshness)
            if reply.status in (404, 410):
                return Answered(())
            return Answered((record_from_item(_message(reply)),))
        except SourceError as error:
            return Failed(str(error))
        except (ValueError, TypeError, KeyError, AttributeError):
            return Failed("crossref: malformed response to a DOI look-up")

    async def search(self, reference: Reference, *, rows: int = ROWS) -> Outcome:
        """Candidates (five by default) for the whole reference, best first by Crossref's score."""
        text = bibliographic_text(reference)
        if not text:
            return Answered(())
        params = [("query.bibliographic", text), ("rows", str(rows))]
        try:
            reply = await self._get("/works", params, "list", _search_freshness)
            items = _message(reply).get("items") or []
            return Answered(
                tuple(record_from_item(item) for item in items if isinstance(item, dict))
            )
        except SourceError as error:
            return Failed(str(error))
        except (ValueError, TypeError, KeyError, AttributeError):
            return Failed("crossref: malformed response to a search")

    async def _get(
        self, path: str, params: list[tuple[str, str]], lane: str, freshness: FreshnessRule
    ) -> Reply:
        if self._mailto:
            params = [*params, ("mailto", self._mailto)]
        return await self._http.request(
            Api.CROSSREF, "GET", self._base, path, params=params, lane=lane, freshness=freshness
        )


def bibliographic_text(reference: Reference) -> str:
    """The reference as one line of text: free text as written, else its fields in order.

    Bounded whatever the reference holds: the first authors and the title find a work (a
    paper by a thousand people made a 15 KB query, and Crossref refuses long URLs).
    """
    raw = " ".join(reference.raw.split())
    if (
        reference.source_format == "reflist"
        and raw
        and (len(raw) <= QUERY_CHARS or not reference.title.strip())
    ):
        return raw[:QUERY_CHARS]
    people = ", ".join(person.display for person in reference.people[:QUERY_PEOPLE])
    parts = (people, reference.title, reference.venue, reference.volume, reference.pages)
    year = str(reference.year) if reference.year else ""
    text = ". ".join(part.strip() for part in (*parts, year) if part and part.strip())
    return " ".join(text.split())[:QUERY_CHARS]


def _message(reply: Reply) -> Mapping[str, Any]:
    body = reply.json()
    message = body.get("message") if isinstance(body, dict) else None
    if not isinstance(message, dict):
        raise ValueError("no message object")
    return message


def _lookup_freshness(reply: Reply) -> Freshness | None:
    """A found work carries its retraction status: a week; an absent DOI: three days."""
    if reply.status in (404, 410):
        return Freshness.NOT_FOUND
    if reply.status != 200:
        return None
    try:
        _message(reply)
    except (ValueError, TypeError):
        return None
    return Freshness.RETRACTION


def _search_freshness(reply: Reply) -> Freshness | None:
    if reply.status != 200:
        return None
    try:
        _message(reply)
    except (ValueError, TypeError):
        return None
    return Freshness.SEARCH
