"""OpenAlex: DOIs looked up a hundred at a time, titles searched; works become Records
(core.records).

`filter=doi:A|B|…` takes up to 100 values and `select=` only top-level fields (ECOSYSTEM.md).
A DOI holding `|` or `,` would break the filter syntax, so it is looked up on its own.
Searches are not filtered by year: a reference citing the wrong year must still find its
work, or a miscitation would look like a fabrication.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from cite_sentinel.core.errors import SourceError
from cite_sentinel.core.http.cache import Freshness
from cite_sentinel.core.http.client import Api, HttpClient, Reply
from cite_sentinel.core.lexicon.identifiers import normalise_doi
from cite_sentinel.core.matching.titles import normalise
from cite_sentinel.core.model import Record, Reference
from cite_sentinel.core.records import (
    record_from_work,
)
from cite_sentinel.core.verify.backends.endpoints import base_url
from cite_sentinel.core.verify.backends.outcome import Answered, Failed, Outcome

BATCH = 100
SEARCH_ROWS = 5
PHRASE_ROWS = 25  # works asked for when a title's phrase is searched on its own
_CROWDED = 2  # works on the first page whose titles hold the cited one as a phrase
QUERY_CHARS = 600  # longest search text sent (a free-text reference may be long)
SELECT = ",".join(
    (
        "id", "doi", "display_name", "title", "publication_year", "publication_date", "type",
        "ids", "authorships", "biblio", "primary_location", "locations", "is_retracted",
        "abstract_inverted_index", "cited_by_count",
    )
)  # fmt: skip


class OpenAlex:
    """The OpenAlex works API."""

    name = Api.OPENALEX

    def __init__(self, http: HttpClient, env: Mapping[str, str]) -> None:
        self._http = http
        self._base = base_url(Api.OPENALEX, env)
        self._key = env.get("OPENALEX_API_KEY", "").strip()

    async def by_dois(self, dois: Sequence[str]) -> dict[str, Outcome]:
        """One outcome per DOI as given; a DOI OpenAlex lacks is Answered(())."""
        wanted: dict[str, list[str]] = {}
        for doi in dois:
            wanted.setdefault(normalise_doi(doi), []).append(doi)
        wanted.pop("", None)
        plain = [doi for doi in wanted if "|" not in doi and "," not in doi]
        odd = [doi for doi in wanted if "|" in doi or "," in doi]  # not `not in plain`: O(n²)
        found: dict[str, Outcome] = {}
        for start in range(0, len(plain), BATCH):
            found.update(await self._batch(plain[start : start + BATCH]))
        for doi in odd:
            found[doi] = await self._single(doi)
        result: dict[str, Outcome] = {}
        for doi, originals in wanted.items():
            for original in originals:
                result[original] = found[doi]
        for doi in dois:
            result.setdefault(doi, Answered(()))
        return result

    async def search(self, reference: Reference, *, rows: int = SEARCH_ROWS) -> Outcome:
        """The top works (five by default) for the reference's title (or its whole text).

        A title that is a common phrase ("Attention is all you need") may be crowded off the
        first page by works whose titles contain it ("… is all you need"): then the phrase
        itself is searched, a page deeper, before the work is said not to be held.
        """
        query = _plain(reference.title or reference.raw)[:QUERY_CHARS]
        if not query.strip():
            return Answered(())
        try:
            records = await self._search(query, rows)
            if reference.title and _crowded(reference.title, records):
                phrase = await self._search(f'"{query}"', max(rows, PHRASE_ROWS))
                records += tuple(r for r in phrase if r not in records)
            return Answered(records)
        except SourceError as error:
            return Failed(str(error))
        except (ValueError, TypeError, KeyError, AttributeError):
            return Failed("openalex: malformed response to a search")

    async def _search(self, query: str, rows: int) -> tuple[Record, ...]:
        params = [("search", query), ("per_page", str(rows)), ("select", SELECT)]
        reply = await self._get("/works", params, _search_freshness)
        return tuple(record_from_work(work) for work in _results(reply))

    async def _batch(self, dois: Sequence[str]) -> dict[str, Outcome]:
        params = [
            ("filter", "doi:" + "|".join(dois)),
            ("per_page", str(BATCH)),
            ("select", SELECT),
        ]
        try:
            reply = await self._get(
                "/works", params, lambda reply: _lookup_freshness(reply, len(dois))
            )
            records = [record_from_work(work) for work in _results(reply)]
        except SourceError as error:
            return dict.fromkeys(dois, Failed(str(error)))
        except (ValueError, TypeError, KeyError, AttributeError):
            return dict.fromkeys(dois, Failed("openalex: malformed response to a DOI batch"))
        by_doi = {record.identifiers.doi: record for record in records}
        return {doi: Answered((by_doi[doi],) if doi in by_doi else ()) for doi in dois}

    async def _single(self, doi: str) -> Outcome:
        try:
            reply = await self._get(
                f"/works/doi:{doi}", [("select", SELECT)], lambda reply: _lookup_freshness(reply, 1)
            )
            if reply.status in (404, 410):
                return Answered(())
            return Answered((record_from_work(reply.json()),))
        except SourceError as error:
            return Failed(str(error))
        except (ValueError, TypeError, KeyError, AttributeError):
            return Failed("openalex: malformed response to a DOI look-up")

    async def _get(self, path: str, params: list[tuple[str, str]], freshness: Any) -> Reply:
        if self._key:
            params = [*params, ("api_key", self._key)]
        return await self._http.request(
            Api.OPENALEX, "GET", self._base, path, params=params, freshness=freshness
        )


def _crowded(title: str, records: Sequence[Record]) -> bool:
    """No record has the cited title, and several have titles that contain it: a common
    phrase, whose own work may rank below them."""
    cited = normalise(title)
    held = [normalise(record.title) for record in records]
    if not cited or cited in held:
        return False
    return sum(f" {cited} " in f" {other} " for other in held) >= _CROWDED


def _results(reply: Reply) -> list[Mapping[str, Any]]:
    if reply.status in (404, 410):
        return []
    body = reply.json()
    results = body["results"] if isinstance(body, dict) else body
    if not isinstance(results, list):
        raise ValueError("no results list")
    return [work for work in results if isinstance(work, dict)]


def _lookup_freshness(reply: Reply, asked: int) -> Freshness | None:
    """Found works carry their retraction status: keep them a week; absences three days."""
    if reply.status not in (200, 404, 410):
        return None
    try:
        results = _results(reply)
    except (ValueError, TypeError, KeyError):
        return None
    return Freshness.RETRACTION if len(results) >= asked else Freshness.NOT_FOUND


def _search_freshness(reply: Reply) -> Freshness | None:
    try:
        _results(reply)
    except (ValueError, TypeError, KeyError):
        return None
    return Freshness.SEARCH if reply.status == 200 else None


def _plain(text: str) -> str:
    """Search text without characters OpenAlex's search syntax reads as operators."""
    return " ".join(re.sub(r"[|,:;!?()\[\]{}\"*]", " ", text).split())
