"""DataCite's /dois/{doi} and /dois?query=… as JSON:API documents, in the recorded shapes.

DataCite holds the DOIs its members register (datasets, software, reports, theses, and the
articles of DataCite-registered journals) and arXiv's 10.48550 DOIs. The search takes a
free-text `query` (field prefixes such as `titles.title:` are read as plain words; `doi:A OR
doi:B` looks DOIs up), `sort`, `resource-type-id`, `page[size]` and `page[number]`. As the
real one (Elasticsearch `query_string`, default operator AND), it finds only works holding
every word of the query in their title, creators, publisher, description or year unless the
words are joined with OR; and it lists them newest first unless `sort=relevance`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from urllib.parse import unquote, urlencode

from .corpus import Corpus
from .exchange import ApiRequest, ApiResponse, json_response
from .quirks import seen_by
from .works import Person, Work, normalise_doi, tokens

_CONTENT_TYPE = "application/json; charset=utf-8"
_BASE = "https://api.datacite.org"
_GENERAL = {
    "dataset": "Dataset",
    "software": "Software",
    "report": "Report",
    "dissertation": "Dissertation",
    "journal-article": "JournalArticle",
    "posted-content": "Preprint",
    "book": "Book",
    "edited-book": "Book",
    "book-chapter": "BookChapter",
    "proceedings-article": "ConferencePaper",
    "standard": "Standard",
}
# resourceTypeGeneral: (ris, bibtex, citeproc, schemaOrg)
_TYPES = {
    "Dataset": ("DATA", "misc", "dataset", "Dataset"),
    "Software": ("COMP", "misc", "article", "SoftwareSourceCode"),
    "Report": ("RPRT", "techreport", "report", "Report"),
    "Dissertation": ("THES", "phdthesis", "thesis", "Thesis"),
    "JournalArticle": ("JOUR", "article", "article-journal", "ScholarlyArticle"),
    "Preprint": ("GEN", "misc", "article", "CreativeWork"),
    "Book": ("BOOK", "book", "book", "Book"),
    "BookChapter": ("CHAP", "inbook", "chapter", "Chapter"),
    "ConferencePaper": ("CPAPER", "inproceedings", "paper-conference", "Article"),
}
_CONTAINED = frozenset(("journal-article", "book-chapter", "proceedings-article"))
_QUERY_SYNTAX = re.compile(r"\b[\w.]+:|\b(?:AND|OR|NOT)\b|[()\"\\~*^\[\]{}]")
_DOI_CLAUSE = re.compile(r"\bdoi:\s*\"?(10\.[^\s\")]+)", re.IGNORECASE)
_OR = re.compile(r"\bOR\b")
_MAX_PAGE = 1000
_UNRANKED = 1000  # matches a search unsorted by relevance picks its newest from


def render(work: Work, doi: str) -> dict[str, object]:
    """One DataCite `data` object; keys as the recorded /dois/{doi} answers."""
    on_arxiv = doi.startswith("10.48550/")
    general = _general(work, on_arxiv)
    ris, bibtex, citeproc, schema = _TYPES.get(general, ("GEN", "misc", "article", "CreativeWork"))
    prefix, _, suffix = doi.partition("/")
    published = [d for d in (work.doi,) if on_arxiv and d] + list(work.is_preprint_of)
    attributes: dict[str, object] = {
        "doi": doi,
        "prefix": prefix,
        "suffix": suffix,
        "identifiers": [],
        "alternateIdentifiers": (
            [{"alternateIdentifier": work.arxiv, "alternateIdentifierType": "arXiv"}]
            if on_arxiv and work.arxiv
            else []
        ),
        "creators": [_creator(p) for p in work.authors],
        "titles": [{"title": work.title}],
        "publisher": "arXiv" if on_arxiv else (work.publisher or _repository(work)),
        "container": {} if on_arxiv else _container(work),
        "publicationYear": work.year,
        "subjects": [],
        "contributors": [],
        "dates": [{"date": str(work.year), "dateType": "Issued"}] if work.year else [],
        "language": work.iso_language,
        "types": {
            "ris": ris,
            "bibtex": bibtex,
            "citeproc": citeproc,
            "schemaOrg": schema,
            "resourceType": general,
            "resourceTypeGeneral": general,
        },
        "relatedIdentifiers": [
            {
                "relationType": "IsPreviousVersionOf",
                "relatedIdentifier": d,
                "relatedIdentifierType": "DOI",
            }
            for d in dict.fromkeys(published)
        ],
        "sizes": [],
        "formats": [],
        "version": None,
        "rightsList": [],
        "descriptions": (
            [{"description": work.abstract, "descriptionType": "Abstract"}] if work.abstract else []
        ),
        "geoLocations": [],
        "fundingReferences": [],
        "url": (f"https://arxiv.org/abs/{work.arxiv}" if on_arxiv else work.url)
        or f"https://doi.org/{doi}",
        "contentUrl": None,
        "metadataVersion": 1,
        "schemaVersion": "http://datacite.org/schema/kernel-4",
        "source": "api",
        "isActive": True,
        "state": "findable",
        "reason": None,
        "created": f"{work.year or 2020}-01-01T00:00:00.000Z",
        "registered": f"{work.year or 2020}-01-01T00:00:00.000Z",
        "published": str(work.year) if work.year else None,
        "updated": "2026-01-01T00:00:00.000Z",
    }
    client = "arxiv.content" if on_arxiv else f"{prefix.replace('.', '')}.repository"
    return {
        "id": doi,
        "type": "dois",
        "attributes": attributes,
        "relationships": {
            "client": {"data": {"id": client, "type": "clients"}},
            "provider": {"data": {"id": client.split(".")[0], "type": "providers"}},
        },
    }


def _general(work: Work, on_arxiv: bool) -> str:
    if on_arxiv:
        return "Preprint"
    if work.resource_type and work.resource_type != "Text":
        return work.resource_type
    return _GENERAL.get(work.kind, "Text")


def _creator(person: Person) -> dict[str, object]:
    if person.is_org:
        return {
            "name": person.family,
            "nameType": "Organizational",
            "affiliation": [],
            "nameIdentifiers": [],
        }
    return {
        "name": f"{person.family}, {person.given}" if person.given else person.family,
        "nameType": "Personal",
        "givenName": person.given,
        "familyName": person.family,
        "affiliation": [],
        "nameIdentifiers": [],
    }


def _repository(work: Work) -> str:
    return work.venue if work.kind not in _CONTAINED else ""


def _container(work: Work) -> dict[str, object]:
    """The journal, book or proceedings holding the work (none for a dataset or software)."""
    if work.kind not in _CONTAINED or not work.venue:
        return {}
    first, _, last = (work.pages or "").partition("-")
    container: dict[str, object] = {
        "type": {"journal-article": "Journal", "book-chapter": "Book"}.get(work.kind, "Series"),
        "title": work.venue,
    }
    if work.volume:
        container["volume"] = work.volume
    if first.strip():
        container["firstPage"] = first.strip()
    if last.strip():
        container["lastPage"] = last.strip()
    return container


def handle(request: ApiRequest, corpus: Corpus) -> ApiResponse:
    path = request.path.rstrip("/")
    if path == "/dois":
        return _search(request, corpus)
    if not request.path.startswith("/dois/"):
        return _not_found()
    doi = normalise_doi(unquote(request.path.removeprefix("/dois/")))
    work = corpus.by_datacite(doi)
    if work is None:
        return _not_found()
    held = seen_by("datacite", work, corpus.quirks).work
    body = {"data": render(held, doi), "included": []}
    return json_response(200, body, kind="datacite.doi", content_type=_CONTENT_TYPE)


def _search(request: ApiRequest, corpus: Corpus) -> ApiResponse:
    size = request.int_arg("page[size]", 25, low=0, high=_MAX_PAGE)
    number = request.int_arg("page[number]", 1, low=1, high=10_000)
    query = request.arg("query")
    kinds = {k.strip().lower() for k in request.arg("resource-type-id").split(",") if k.strip()}
    dois = _DOI_CLAUSE.findall(query)
    if dois:
        found = [corpus.by_datacite(d) for d in dois]
        works = [w for w in dict.fromkeys(found) if w is not None]
    else:
        text = _QUERY_SYNTAX.sub(" ", query)
        among = corpus.datacite_numbers()
        every = None if _OR.search(query) else _holding_every_word(text)
        ranked = request.arg("sort") == "relevance"
        rows = size * number if ranked else _UNRANKED
        hits = corpus.search(text, rows, among=among, accept=every) if text.strip() else []
        works = [hit.work for hit in hits]
        if not ranked:
            works.sort(key=lambda w: (-(w.year or 0), -w.number))  # last updated first
    items = [render(seen_by("datacite", w, corpus.quirks).work, str(w.datacite_doi)) for w in works]
    if kinds:
        items = [i for i in items if _general_id(i) in kinds]
    shown = items[(number - 1) * size : number * size]
    total = len(items)
    pages = -(-total // size) if size else 0
    meta = {
        "total": total,
        "totalPages": pages,
        "page": number,
        "resourceTypes": _facet(items),
    }
    links = {"self": f"{_BASE}/dois?{urlencode(request.query, doseq=True)}"}
    if number < pages:
        following = {**request.query, "page[number]": [str(number + 1)]}
        links["next"] = f"{_BASE}/dois?{urlencode(following, doseq=True)}"
    body = {"data": shown, "meta": meta, "links": links}
    return json_response(200, body, kind="datacite.query", content_type=_CONTENT_TYPE)


def _holding_every_word(query: str) -> Callable[[Work], bool]:
    """The default operator AND: every word of the query is in one of the searched fields."""
    words = set(tokens(query))

    def holds(work: Work) -> bool:
        people = " ".join(f"{p.given} {p.family}" for p in work.authors)
        text = " ".join((work.title, people, work.publisher or "", work.venue, str(work.year)))
        return words <= set(tokens(f"{text} {work.abstract or ''}"))

    return holds


def _general_id(item: dict[str, object]) -> str:
    attributes = item["attributes"]
    assert isinstance(attributes, dict)
    general = str(attributes["types"]["resourceTypeGeneral"])
    return re.sub(r"(?<!^)(?=[A-Z])", "-", general).lower()  # "JournalArticle" -> "journal-article"


def _facet(items: list[dict[str, object]]) -> list[dict[str, object]]:
    counts: dict[str, int] = {}
    for item in items:
        counts[_general_id(item)] = counts.get(_general_id(item), 0) + 1
    return [
        {"id": kind, "title": kind.replace("-", " ").title(), "count": count}
        for kind, count in sorted(counts.items(), key=lambda kv: -kv[1])
    ]


def _not_found() -> ApiResponse:
    title = "The resource you are looking for doesn't exist."
    body = {"errors": [{"status": "404", "title": title}]}
    return json_response(404, body, kind="datacite.doi", content_type=_CONTENT_TYPE)
