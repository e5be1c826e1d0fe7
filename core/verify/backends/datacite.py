"""DataCite: DOIs of datasets, software, Zenodo deposits and arXiv papers (10.48550)."""

from __future__ import annotations

import html
import re
from collections.abc import Mapping, Sequence
from typing import Any

from cite_sentinel.core.errors import SourceError
from cite_sentinel.core.http.cache import Freshness
from cite_sentinel.core.http.client import Api, HttpClient, Reply
from cite_sentinel.core.lexicon.identifiers import normalise_doi
from cite_sentinel.core.model import Identifiers, Person, Record, Reference
from cite_sentinel.core.records import person_from_name, person_from_parts
from cite_sentinel.core.verify.backends.endpoints import base_url, doi_path
from cite_sentinel.core.verify.backends.outcome import Answered, Failed, Outcome

SEARCH_ROWS = 5
_TAG = re.compile(r"<[^>]+>")
_ARXIV_DOI = re.compile(r"^10\.48550/arxiv\.(.+)$", re.IGNORECASE)
_OPERATORS = frozenset({"AND", "OR", "NOT", "TO"})  # query syntax, unless written lower case
_QUERY_WORDS = 40


class DataCite:
    """The DataCite REST API."""

    name = Api.DATACITE

    def __init__(self, http: HttpClient, env: Mapping[str, str]) -> None:
        self._http = http
        self._base = base_url(Api.DATACITE, env)

    async def by_doi(self, doi: str) -> Outcome:
        """The work a DataCite DOI names; Answered(()) when DataCite has no such DOI."""
        doi = normalise_doi(doi)
        if not doi:
            return Answered(())
        try:
            reply = await self._http.request(
                Api.DATACITE, "GET", self._base, f"/dois/{doi_path(doi)}", freshness=_freshness
            )
            if reply.status in (404, 410):
                return Answered(())
            body = reply.json()
            return Answered((record_from_doi(body["data"]),))
        except SourceError as error:
            return Failed(str(error))
        except (ValueError, TypeError, KeyError, AttributeError):
            return Failed("datacite: malformed response to a DOI look-up")

    async def search(self, reference: Reference) -> Outcome:
        """The five DataCite records that best fit the reference's title and first author:
        datasets, software and reports that the bibliographic indexes rarely hold.

        DataCite reads `query` with AND between words and sorts by last update unless told
        otherwise, so one word the record lacks would hide it: the words are joined with OR
        and the answer sorted by relevance.
        """
        query = _search_query(reference)
        if not query:
            return Answered(())
        params = [("query", query), ("sort", "relevance"), ("page[size]", str(SEARCH_ROWS))]
        try:
            reply = await self._http.request(
                Api.DATACITE, "GET", self._base, "/dois", params=params, freshness=_list_freshness
            )
            body = reply.json()
            found = body.get("data") if isinstance(body, dict) else None
            if not isinstance(found, list):
                raise ValueError("no data list")
            return Answered(tuple(record_from_doi(d) for d in found if isinstance(d, dict)))
        except SourceError as error:
            return Failed(str(error))
        except (ValueError, TypeError, KeyError, AttributeError):
            return Failed("datacite: malformed response to a search")


def record_from_doi(data: Mapping[str, Any]) -> Record:
    """One DataCite `data` object (a DOI and its attributes) as a Record."""
    attributes = data.get("attributes") or {}
    doi = normalise_doi(str(attributes.get("doi") or data.get("id") or ""))
    types = attributes.get("types") or {}
    container = attributes.get("container") or {}
    related = [r for r in attributes.get("relatedIdentifiers") or () if isinstance(r, dict)]
    arxiv = _ARXIV_DOI.match(doi)
    year = attributes.get("publicationYear")
    publisher = attributes.get("publisher")
    if isinstance(publisher, dict):
        publisher = publisher.get("name")
    return Record(
        source="datacite",
        id=doi,
        title=_first_title(attributes.get("titles")),
        people=tuple(_person(c) for c in attributes.get("creators") or () if isinstance(c, dict)),
        year=int(year) if isinstance(year, int | str) and str(year).isdigit() else None,
        date=_issued(attributes.get("dates")) or (str(year) if year else ""),
        venue=str(container.get("title") or ""),
        venue_kind=_container_kind(container),
        volume=str(container.get("volume") or ""),
        issue=str(container.get("issue") or ""),
        pages=_pages(container),
        publisher=str(publisher or ""),
        kind=str(types.get("resourceTypeGeneral") or types.get("citeproc") or "").lower(),
        identifiers=Identifiers(doi=doi, arxiv=arxiv.group(1).lower() if arxiv else ""),
        url=str(attributes.get("url") or ""),
        abstract=_abstract(attributes.get("descriptions")),
        is_preprint=bool(arxiv) or str(types.get("resourceType") or "").lower() == "preprint",
        published_doi=_related(related, ("IsPreprintOf", "IsPreviousVersionOf")) if arxiv else "",
        preprint_doi=_related(related, ("HasPreprint",)),
    )


def _search_query(reference: Reference) -> str:
    """The reference's title words and its first author's family name, joined with OR."""
    words = _plain(reference.title or reference.raw).split()
    first = reference.people[0].family if reference.people else ""
    words += [w for w in _plain(first).split() if w not in words]
    return " OR ".join(w.lower() if w in _OPERATORS else w for w in words[:_QUERY_WORDS])


def _container_kind(container: Mapping[str, Any]) -> str:
    """ "repository" for a dataset's repository (its title names no venue), else ""."""
    return "repository" if container.get("type") == "DataRepository" else ""


def _freshness(reply: Reply) -> Freshness | None:
    if reply.status in (404, 410):
        return Freshness.NOT_FOUND
    return _kept_as(reply, Freshness.FOUND)


def _list_freshness(reply: Reply) -> Freshness | None:
    return _kept_as(reply, Freshness.SEARCH)


def _kept_as(reply: Reply, freshness: Freshness) -> Freshness | None:
    """Kept only when DataCite answered with data; anything else is asked again next time."""
    if reply.status != 200:
        return None
    try:
        body = reply.json()
    except ValueError:
        return None
    return freshness if isinstance(body, dict) and "data" in body else None


def _plain(text: str) -> str:
    """Words only: DataCite reads `query` as Elasticsearch query syntax."""
    return " ".join(re.sub(r"[^\w\s]", " ", text).split())[:300]


def _person(creator: Mapping[str, Any]) -> Person:
    name = str(creator.get("name") or "")
    if creator.get("nameType") == "Organizational":
        return Person(literal=name)
    family, given = str(creator.get("familyName") or ""), str(creator.get("givenName") or "")
    if family or given:
        return person_from_parts(family=family, given=given, literal=name)
    return person_from_name(name)


def _first_title(titles: Any) -> str:
    main = [t for t in titles or () if isinstance(t, dict) and not t.get("titleType")]
    chosen = main or [t for t in titles or () if isinstance(t, dict)]
    return " ".join(str(chosen[0].get("title") or "").split()) if chosen else ""


def _issued(dates: Any) -> str:
    for entry in dates or ():
        if isinstance(entry, dict) and entry.get("dateType") == "Issued":
            return str(entry.get("date") or "")[:10]
    return ""


def _abstract(descriptions: Any) -> str:
    for entry in descriptions or ():
        if isinstance(entry, dict) and entry.get("descriptionType", "Abstract") == "Abstract":
            text = entry.get("description")
            text = " ".join(text) if isinstance(text, list) else str(text or "")
            return " ".join(html.unescape(_TAG.sub(" ", text)).split())
    return ""


def _pages(container: Mapping[str, Any]) -> str:
    first, last = str(container.get("firstPage") or ""), str(container.get("lastPage") or "")
    return f"{first}-{last}" if first and last and first != last else first or last


def _related(related: Sequence[Mapping[str, Any]], kinds: tuple[str, ...]) -> str:
    for entry in related:
        if entry.get("relationType") in kinds and entry.get("relatedIdentifierType") == "DOI":
            return normalise_doi(str(entry.get("relatedIdentifier") or ""))
    return ""
