"""Semantic Scholar's Graph API: paper by id, POST /paper/batch, /paper/search/match."""

from __future__ import annotations

import hashlib
import json
import uuid
from urllib.parse import unquote

from .corpus import Corpus
from .exchange import ApiRequest, ApiResponse, json_response
from .quirks import Quirk, Seen, seen_by
from .works import Work, normalise_doi, tokens

# A match needs this share of shared title words (Dice on word sets); below it S2 says 404.
_MATCH_THRESHOLD = 0.6
_MAX_BATCH = 500
_DEFAULT_FIELDS = ("paperId", "title")
_ARXIV_VENUE: dict[str, object] = {
    "id": "1901e811-ee72-4b20-8f7e-de08cd395a10",
    "name": "arXiv.org",
    "alternate_names": ["ArXiv"],
    "issn": "2331-8422",
    "url": "https://arxiv.org",
}
_TYPES = {
    "journal-article": "JournalArticle",
    "proceedings-article": "Conference",
    "book": "Book",
    "edited-book": "Book",
    "book-chapter": "BookSection",
    "dataset": "Dataset",
    "posted-content": "JournalArticle",
}


def render(seen: Seen) -> dict[str, object]:
    """Every field the fake knows, named as in the recorded batch answers."""
    work = seen.work
    external: dict[str, object] = {}
    if work.key.startswith("dblp:"):
        external["DBLP"] = work.key.removeprefix("dblp:")
    if work.doi:
        external["DOI"] = work.doi
    elif work.arxiv:
        external["DOI"] = f"10.48550/arXiv.{work.arxiv}"
    if work.arxiv:
        external["ArXiv"] = work.arxiv
    if work.pmid:
        external["PubMed"] = work.pmid
    if work.pmcid:
        external["PubMedCentral"] = work.pmcid.removeprefix("PMC")
    external["CorpusId"] = work.corpus_id
    venue, publication_venue, journal = _venue(seen)
    kind = _TYPES.get(work.kind)
    return {
        "paperId": work.s2_id,
        "externalIds": external,
        "corpusId": work.corpus_id,
        "publicationVenue": publication_venue,
        "url": f"https://www.semanticscholar.org/paper/{work.s2_id}",
        "title": work.title,
        "abstract": work.abstract,
        "venue": venue,
        "year": work.year,
        "referenceCount": 0,
        "citationCount": (work.number * 7) % 500,
        "influentialCitationCount": 0,
        "isOpenAccess": work.arxiv is not None,
        "publicationTypes": [kind] if kind else None,
        "publicationDate": None,
        "journal": journal,
        "tldr": None,
        "authors": [
            {"authorId": str(10_000_000 + work.number * 50 + i), "name": p.display}
            for i, p in enumerate(work.authors)
        ],
    }


def _venue(seen: Seen) -> tuple[str, dict[str, object] | None, dict[str, object] | None]:
    """`venue`, `publicationVenue` and `journal` as S2 gives them for the work as it holds it."""
    work = seen.work
    on_arxiv = work.kind == "posted-content" and (work.arxiv or work.venue == "arXiv")
    if on_arxiv or seen.quirk is Quirk.ARXIV_PRIMARY:
        preprint: dict[str, object] = {"name": "ArXiv", "volume": f"abs/{work.arxiv}"}
        return "arXiv.org", dict(_ARXIV_VENUE), preprint if work.arxiv else None
    if not work.venue:
        return "", None, None
    journal: dict[str, object] = {"name": work.venue}
    if work.pages:
        journal["pages"] = work.pages
    if work.volume:
        journal["volume"] = work.volume
    if seen.quirk is Quirk.VENUE_PUBLISHER:
        return work.venue, None, journal
    kinds = {"journal-article": "journal", "proceedings-article": "conference"}
    alternates = [n for n in (work.venue_short, work.venue_alt) if n and n != work.venue]
    publication_venue: dict[str, object] = {
        "id": str(uuid.UUID(bytes=hashlib.md5(work.venue.encode()).digest())),
        "name": work.venue,
        "type": kinds.get(work.kind),
        "alternate_names": alternates,
        "url": "",
    }
    return work.venue, publication_venue, journal


def _fields(request: ApiRequest) -> tuple[str, ...]:
    raw = request.arg("fields")
    names = tuple(name.strip() for name in raw.split(",") if name.strip())
    return names or _DEFAULT_FIELDS


def _shape(work: Work, names: tuple[str, ...], corpus: Corpus) -> dict[str, object]:
    full = render(seen_by("s2", work, corpus.quirks))
    shaped = {"paperId": full["paperId"]}
    shaped.update({name: full[name] for name in names if name in full})
    return shaped


def _find(corpus: Corpus, identifier: str) -> Work | None:
    identifier = identifier.strip()
    kind, colon, value = identifier.partition(":")
    if not colon:
        kind, value = ("DOI", identifier) if identifier.startswith("10.") else ("", identifier)
    kind = kind.upper()
    work: Work | None
    if kind == "DOI":
        doi = normalise_doi(value)
        work = corpus.find_doi(doi) or corpus.by_datacite(doi)
    elif kind == "ARXIV":
        work = corpus.find_arxiv(value)
    elif kind in ("PMID", "PMCID"):
        work = corpus.find_pubmed(kind.lower(), value)
    elif kind == "CORPUSID" and value.isdigit():
        work = corpus.find_number(int(value) - 100_000)
    elif kind == "":
        work = corpus.find_s2(value)
    else:
        work = None
    return work if work is not None and work.in_s2 else None


def _error(status: int, message: str, kind: str) -> ApiResponse:
    return json_response(status, {"error": message}, kind=kind)


def handle(request: ApiRequest, corpus: Corpus) -> ApiResponse:
    path = unquote(request.path)
    if not path.startswith("/graph/v1/paper/"):
        return _error(404, "Not found", "s2.other")
    rest = path.removeprefix("/graph/v1/paper/")
    names = _fields(request)
    if rest == "batch":
        if request.method != "POST":
            return _error(405, "Method Not Allowed", "s2.batch")
        try:
            payload = json.loads(request.body or b"{}")
            ids = payload["ids"]
            if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
                raise TypeError
        except (ValueError, KeyError, TypeError):
            return _error(400, 'Unacceptable body. Expected {"ids": [...]}', "s2.batch")
        if len(ids) > _MAX_BATCH:
            return _error(400, f"Too many ids. Maximum is {_MAX_BATCH}", "s2.batch")
        answers = []
        for identifier in ids:
            work = _find(corpus, identifier)
            answers.append(None if work is None else _shape(work, names, corpus))
        return json_response(200, answers, kind="s2.batch")
    if rest == "search/match":
        query = request.arg("query")
        best = next(iter(corpus.search(query, 1, accept=_in_s2)), None)
        if best is None or _dice(query, best.work.title) < _MATCH_THRESHOLD:
            return _error(404, "Title match not found", "s2.match")
        item = _shape(best.work, names, corpus)
        item["matchScore"] = round(best.score * 4.0, 5)
        return json_response(200, {"data": [item]}, kind="s2.match")
    if rest == "search":
        limit = request.int_arg("limit", 10, low=1, high=100)
        offset = request.int_arg("offset", 0, high=10_000)
        hits = corpus.search(request.arg("query"), limit + offset, accept=_in_s2)[offset:]
        data = [_shape(h.work, names, corpus) for h in hits]
        body = {"total": len(hits), "offset": offset, "data": data}
        return json_response(200, body, kind="s2.search")
    work = _find(corpus, rest)
    if work is None:
        return _error(404, f"Paper with id {rest} not found", "s2.paper")
    return json_response(200, _shape(work, names, corpus), kind="s2.paper")


def _in_s2(work: Work) -> bool:
    return work.in_s2


def _dice(query: str, title: str) -> float:
    asked, found = set(tokens(query)), set(tokens(title))
    if not asked or not found:
        return 0.0
    return 2 * len(asked & found) / (len(asked) + len(found))
