"""The real index records other tools recorded, replayed to the engine as the indexes' answers.

`../shared/data/recorded/{openalex,crossref}/refchecker_cache/` hold what OpenAlex and Crossref
really answered (top-five title searches and DOI look-ups) about the references of nine real
ICLR submissions. Their union is a small "recorded world": 1,740 OpenAlex works (with their
preprint and published locations) and 2,001 Crossref work messages, each exactly as the index
holds it, quirks included. `replay_transport` answers the engine's OpenAlex, Crossref and
doi.org requests from that world, in the APIs' envelopes: a search ranks the world's titles by
how much of each the query covers and returns the best five, as a title search would.

What the world does not hold gets the answer an index gives for an unknown work (no results,
404). So only references whose work the world holds say anything about the engine; the
benchmark that uses this picks those (`holds`).
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote

import httpx

RECORDED = Path(__file__).resolve().parents[2] / "shared" / "data" / "recorded"
OPENALEX_CACHE = RECORDED / "openalex" / "refchecker_cache"
CROSSREF_CACHE = RECORDED / "crossref" / "refchecker_cache"
BASE = "http://recorded-world"
ENV = {
    "CITE_SENTINEL_OPENALEX_URL": f"{BASE}/openalex",
    "CITE_SENTINEL_CROSSREF_URL": f"{BASE}/crossref",
    "CITE_SENTINEL_DOI_URL": f"{BASE}/doi",
}
SOURCES = ("openalex", "crossref", "doi")  # the indexes the recordings cover
ROWS = 5
COVERED = 0.5  # a search returns only titles at least half covered by the query's words
_WORD = re.compile(r"[a-z0-9]+")


def words(text: str) -> frozenset[str]:
    folded = unicodedata.normalize("NFKD", text.casefold())
    return frozenset(_WORD.findall("".join(c for c in folded if not unicodedata.combining(c))))


@dataclass(frozen=True, slots=True)
class Held:
    """One recorded work: the index's own object and the words of its title."""

    body: Mapping[str, object]
    title: frozenset[str]
    doi: str


class RecordedWorld:
    """The recorded works of one index, searchable by title words and by DOI."""

    def __init__(self, works: list[Held]) -> None:
        self.works = works
        self._by_doi = {work.doi: work for work in works if work.doi}

    def search(self, query: str) -> list[Mapping[str, object]]:
        """The best five works for a query: most of the title covered, then the closest."""
        asked = words(query)
        scored = []
        for work in self.works:
            if not work.title:
                continue
            shared = len(work.title & asked)
            coverage = shared / len(work.title)
            if coverage >= COVERED:
                scored.append((coverage, shared / len(work.title | asked), work))
        scored.sort(key=lambda item: (-item[0], -item[1]))
        return [work.body for _, _, work in scored[:ROWS]]

    def by_doi(self, doi: str) -> Mapping[str, object] | None:
        held = self._by_doi.get(doi.lower())
        return held.body if held else None

    def titles(self) -> Iterator[frozenset[str]]:
        return (work.title for work in self.works)


def openalex_world(folder: Path = OPENALEX_CACHE) -> RecordedWorld:
    works: dict[str, Held] = {}
    for body in _items(folder):
        if isinstance(body.get("id"), str):
            doi = str(body.get("doi") or "").lower().removeprefix("https://doi.org/")
            title = words(str(body.get("title") or body.get("display_name") or ""))
            works[str(body["id"])] = Held(body, title, doi)
    return RecordedWorld(list(works.values()))


def crossref_world(folder: Path = CROSSREF_CACHE) -> RecordedWorld:
    works: dict[str, Held] = {}
    for body in _items(folder):
        if isinstance(body.get("DOI"), str):
            titles = body.get("title") or [""]
            title = words(str(titles[0] if isinstance(titles, list) and titles else titles))
            works[str(body["DOI"]).lower()] = Held(body, title, str(body["DOI"]).lower())
    return RecordedWorld(list(works.values()))


def _items(folder: Path) -> Iterator[Mapping[str, object]]:
    for path in sorted(folder.glob("*.json")):
        body = json.loads(path.read_text(encoding="utf-8"))
        for item in body if isinstance(body, list) else [body]:
            if isinstance(item, dict):
                yield item


@dataclass
class Replay:
    """Both worlds behind one transport, with a count of the requests each index got."""

    openalex: RecordedWorld
    crossref: RecordedWorld
    requests: dict[str, int]

    @classmethod
    def load(cls) -> Replay:
        return cls(openalex_world(), crossref_world(), {})

    def holds(self, title: str) -> bool:
        """Whether either index holds a work whose title is this one's (same words)."""
        wanted = words(title)
        return any(
            held == wanted for world in (self.openalex, self.crossref) for held in world.titles()
        )

    def transport(self) -> httpx.MockTransport:
        return httpx.MockTransport(self._answer)

    def _answer(self, request: httpx.Request) -> httpx.Response:
        api, _, path = request.url.path.lstrip("/").partition("/")
        self.requests[api] = self.requests.get(api, 0) + 1
        params = request.url.params
        if api == "openalex":
            return self._openalex("/" + path, params)
        if api == "crossref":
            return self._crossref("/" + path, params)
        if api == "doi":
            return self._doi("/" + path)
        return httpx.Response(404, json={"error": f"not recorded: {api}"})

    def _openalex(self, path: str, params: httpx.QueryParams) -> httpx.Response:
        if path.startswith("/works/doi:"):
            work = self.openalex.by_doi(unquote(path.removeprefix("/works/doi:")))
            return httpx.Response(200, json=work) if work else httpx.Response(404, json={})
        if "filter" in params:
            dois = params["filter"].removeprefix("doi:").split("|")
            found = [w for doi in dois if (w := self.openalex.by_doi(doi)) is not None]
            return httpx.Response(200, json={"meta": {"count": len(found)}, "results": found})
        results = self.openalex.search(params.get("search", ""))
        return httpx.Response(200, json={"meta": {"count": len(results)}, "results": results})

    def _crossref(self, path: str, params: httpx.QueryParams) -> httpx.Response:
        if path.startswith("/works/"):
            work = self.crossref.by_doi(unquote(path.removeprefix("/works/")))
            if work is None:
                return httpx.Response(404, text="Resource not found.")
            return httpx.Response(
                200, json={"status": "ok", "message-type": "work", "message": work}
            )
        items = self.crossref.search(params.get("query.bibliographic", ""))
        message = {"total-results": len(items), "items": items, "items-per-page": ROWS}
        return httpx.Response(
            200, json={"status": "ok", "message-type": "work-list", "message": message}
        )

    def _doi(self, path: str) -> httpx.Response:
        if path.startswith("/ra/"):
            listed = unquote(path.removeprefix("/ra/")).split(",")
            return httpx.Response(200, json=[self._agency(doi) for doi in listed])
        doi = unquote(path.removeprefix("/api/handles/"))
        if self._registered(doi):
            return httpx.Response(200, json={"responseCode": 1, "handle": doi})
        return httpx.Response(404, json={"responseCode": 100, "handle": doi})

    def _agency(self, doi: str) -> dict[str, str]:
        """The recordings know Crossref's DOIs only (and OpenAlex's, most of them Crossref's)."""
        if self._registered(doi):
            return {"DOI": doi, "RA": "Crossref"}
        return {"DOI": doi, "status": "DOI does not exist"}

    def _registered(self, doi: str) -> bool:
        return bool(self.crossref.by_doi(doi) or self.openalex.by_doi(doi))
