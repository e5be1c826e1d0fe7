"""Semantic Scholar: papers by id in batches of 500, and its one-best title match.

Keyless use shares a pool throttled hard, so `keyed` tells resolve whether to ask at all.
`/paper/batch` keeps the order of the ids it was given and answers null for an unknown id;
`/paper/search/match` answers 404 when nothing matches, which is an answer, not a failure.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cite_sentinel.core.errors import SourceError
from cite_sentinel.core.http.cache import Freshness
from cite_sentinel.core.http.client import Api, HttpClient, Reply
from cite_sentinel.core.lexicon.identifiers import normalise_doi
from cite_sentinel.core.model import Identifiers, Record, Reference
from cite_sentinel.core.records import person_from_name
from cite_sentinel.core.verify.backends.endpoints import base_url
from cite_sentinel.core.verify.backends.outcome import Answered, Failed, Outcome

BATCH = 500
_QUERY_CHARS = 600  # longest search text sent (a free-text reference may be long)
FIELDS = ",".join(
    (
        "paperId", "externalIds", "title", "authors", "year", "venue", "publicationVenue",
        "journal", "publicationDate", "publicationTypes", "abstract", "tldr", "citationCount",
        "url",
    )
)  # fmt: skip


class SemanticScholar:
    """The Semantic Scholar Graph API."""

    name = Api.SEMANTICSCHOLAR

    def __init__(self, http: HttpClient, env: Mapping[str, str]) -> None:
        self._http = http
        self._base = base_url(Api.SEMANTICSCHOLAR, env)
        self._key = env.get("S2_API_KEY", "").strip()

    @property
    def keyed(self) -> bool:
        """Whether an API key is set; without one the API is a last resort."""
        return bool(self._key)

    async def by_ids(self, ids: Sequence[str]) -> dict[str, Outcome]:
        """One outcome per id ("DOI:10.…", "ARXIV:2101.00001", "PMID:…"), unknown = Answered(())."""
        unique = list(dict.fromkeys(i.strip() for i in ids if i.strip()))
        result: dict[str, Outcome] = {}
        for start in range(0, len(unique), BATCH):
            result.update(await self._batch(unique[start : start + BATCH]))
        return {i: result.get(i.strip(), Answered(())) for i in ids}

    async def match(self, reference: Reference) -> Outcome:
        """The one paper whose title best matches, with its matchScore; none is Answered(())."""
        query = " ".join((reference.title or reference.raw).split())[:_QUERY_CHARS]
        if not query:
            return Answered(())
        params = [("query", query), ("fields", FIELDS)]
        try:
            reply = await self._request("GET", "/graph/v1/paper/search/match", params, None)
            if reply.status in (404, 410):
                return Answered(())
            body = reply.json()
            papers = body.get("data") if isinstance(body, dict) else None
            if not isinstance(papers, list):
                raise ValueError("no data list")
            return Answered(tuple(record_from_paper(p) for p in papers if isinstance(p, dict)))
        except SourceError as error:
            return Failed(str(error))
        except (ValueError, TypeError, KeyError, AttributeError):
            return Failed("semanticscholar: malformed response to a title match")

    async def _batch(self, ids: Sequence[str]) -> dict[str, Outcome]:
        try:
            reply = await self._request(
                "POST", "/graph/v1/paper/batch", [("fields", FIELDS)], {"ids": list(ids)}
            )
            papers = reply.json()
            if not isinstance(papers, list) or len(papers) != len(ids):
                raise ValueError("the batch answer does not have one entry per id")
        except SourceError as error:
            return dict.fromkeys(ids, Failed(str(error)))
        except (ValueError, TypeError):
            return dict.fromkeys(ids, Failed("semanticscholar: malformed response to a batch"))
        result: dict[str, Outcome] = {}
        for paper_id, paper in zip(ids, papers, strict=True):
            try:
                result[paper_id] = Answered(
                    (record_from_paper(paper),) if isinstance(paper, dict) else ()
                )
            except (ValueError, TypeError, KeyError, AttributeError):
                result[paper_id] = Failed("semanticscholar: malformed paper in a batch")
        return result

    async def _request(
        self, method: str, path: str, params: list[tuple[str, str]], body: Any
    ) -> Reply:
        headers = {"x-api-key": self._key} if self._key else None
        return await self._http.request(
            Api.SEMANTICSCHOLAR,
            method,
            self._base,
            path,
            params=params,
            json_body=body,
            headers=headers,
            freshness=_freshness,
        )


def record_from_paper(paper: Mapping[str, Any]) -> Record:
    """One Semantic Scholar paper object as a Record."""
    external = paper.get("externalIds") or {}
    journal = paper.get("journal") or {}
    venue_object = paper.get("publicationVenue") or {}
    venue = str(journal.get("name") or paper.get("venue") or venue_object.get("name") or "")
    arxiv = str(external.get("ArXiv") or "").lower()
    doi = normalise_doi(str(external.get("DOI") or ""))
    is_preprint = venue.lower().startswith("arxiv") or (not doi.strip() and bool(arxiv))
    score = paper.get("matchScore")
    return Record(
        source="semanticscholar",
        id=str(paper.get("paperId") or ""),
        title=" ".join(str(paper.get("title") or "").split()),
        people=tuple(
            person_from_name(str(author.get("name") or ""))
            for author in paper.get("authors") or ()
            if isinstance(author, dict)
        ),
        year=paper["year"] if isinstance(paper.get("year"), int) else None,
        date=str(paper.get("publicationDate") or ""),
        venue=venue,
        venue_aliases=_venue_names(paper, venue),
        venue_kind=str(venue_object.get("type") or "").lower(),
        volume=str(journal.get("volume") or "").strip(),
        pages=str(journal.get("pages") or "").strip(),
        kind=",".join(str(t) for t in paper.get("publicationTypes") or ()),
        identifiers=Identifiers(
            doi=doi,
            arxiv=arxiv,
            pmid=str(external.get("PubMed") or ""),
            pmcid=_pmcid(str(external.get("PubMedCentral") or "")),
        ),
        url=str(paper.get("url") or ""),
        abstract=_abstract(paper),
        cited_by=paper["citationCount"] if isinstance(paper.get("citationCount"), int) else None,
        is_preprint=is_preprint,
        score=float(score) if isinstance(score, int | float) else None,
    )


def _venue_names(paper: Mapping[str, Any], venue: str) -> tuple[str, ...]:
    """Every name S2 gives the venue: the venue string, the publication venue's name and
    alternate names (its acronyms and abbreviations)."""
    venue_object = paper.get("publicationVenue") or {}
    names = [str(paper.get("venue") or ""), str(venue_object.get("name") or "")]
    names += [str(n) for n in venue_object.get("alternate_names") or () if n]
    return tuple(n for n in dict.fromkeys(names) if n.strip() and n != venue)


def _abstract(paper: Mapping[str, Any]) -> str:
    """The abstract, or S2's one-sentence TLDR where it holds no abstract (publishers often
    withhold abstracts from S2; a TLDR is still the work's own gist for groundedness)."""
    abstract = " ".join(str(paper.get("abstract") or "").split())
    tldr = paper.get("tldr")
    if abstract or not isinstance(tldr, dict):
        return abstract
    return " ".join(str(tldr.get("text") or "").split())


def _freshness(reply: Reply) -> Freshness | None:
    if reply.status in (404, 410):
        return Freshness.NOT_FOUND
    if reply.status != 200:
        return None
    try:
        body = reply.json()
    except ValueError:
        return None
    if isinstance(body, list):
        return Freshness.FOUND if body and all(body) else Freshness.NOT_FOUND
    return Freshness.SEARCH if isinstance(body, dict) else None


def _pmcid(value: str) -> str:
    value = value.strip().upper()
    return f"PMC{value}" if value.isdigit() else value
