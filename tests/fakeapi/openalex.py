"""OpenAlex's /works and /sources endpoints in the shapes of the recorded real answers."""

from __future__ import annotations

from urllib.parse import unquote

from . import openalex_sources
from .corpus import Corpus
from .exchange import ApiRequest, ApiResponse, json_response
from .openalex_sources import ARXIV_NAME, location_source, named_source
from .quirks import Quirk, Seen, seen_by
from .works import Work, normalise_doi, tokens

# Prices in USD per call, after the cost headers recorded in 2026 (singleton 0.0001) and the
# 2026 limits in ECOSYSTEM.md (search 0.001); lists cost more than singletons.
_COST = {"work": "0.0001", "filter": "0.001", "search": "0.001", "source": "0.0001"}
_OA_TYPES = {
    "journal-article": "article",
    "proceedings-article": "article",
    "posted-content": "preprint",
    "book": "book",
    "edited-book": "book",
    "monograph": "book",
    "book-chapter": "book-chapter",
    "dataset": "dataset",
    "dissertation": "dissertation",
    "report": "report",
    "reference-entry": "reference-entry",
    "standard": "standard",
}
_ARXIV_DOI = "10.48550/arxiv."
_PHRASE_POOL = 2000  # works ranked before a phrase filters them
_PUBMED_FORMS = (  # how /works/{id} names a PubMed or PubMed Central record
    ("pmid", "pmid:"),
    ("pmcid", "pmcid:"),
    ("pmid", "https://pubmed.ncbi.nlm.nih.gov/"),
    ("pmcid", "https://www.ncbi.nlm.nih.gov/pmc/articles/"),
)


def _location(
    landing: str | None, source: dict[str, object] | None, version: str, kind: str
) -> dict[str, object]:
    return {
        "id": landing,
        "is_oa": version != "publishedVersion",
        "landing_page_url": landing,
        "pdf_url": None,
        "source": source,
        "license": None,
        "license_id": None,
        "version": version,
        "is_accepted": version != "submittedVersion",
        "is_published": version == "publishedVersion",
        "raw_source_name": source["display_name"] if source else None,
        "raw_type": kind,
    }


def _doi_url(work: Work) -> str | None:
    doi = work.doi or work.datacite_doi
    return f"https://doi.org/{doi}" if doi else None


def render(seen: Seen) -> dict[str, object]:
    """One OpenAlex work object; keys and nesting as the recorded /works/{id} answers."""
    work = seen.work
    doi_url = _doi_url(work)
    openalex_url = f"https://openalex.org/{work.openalex_id}"
    locations = _locations(seen, doi_url)
    first_page, _, last_page = (work.pages or "").partition("-")
    return {
        "id": openalex_url,
        "doi": doi_url,
        "title": work.title,
        "display_name": work.title,
        "publication_year": work.year,
        "publication_date": f"{work.year}-01-01" if work.year else None,
        "ids": _ids(work, openalex_url, doi_url),
        "language": work.iso_language,
        "primary_location": locations[0] if locations else None,
        "type": _OA_TYPES.get(work.kind, "other"),
        "indexed_in": _indexed_in(work),
        "open_access": {
            "is_oa": any(loc["is_oa"] for loc in locations),
            "oa_status": "green" if any(loc["is_oa"] for loc in locations) else "closed",
        },
        "authorships": [
            {
                "author_position": "first" if i == 0 else "middle",
                "author": {
                    "id": f"https://openalex.org/A{5_000_000_000 + work.number * 50 + i}",
                    "display_name": p.display,
                    "orcid": None,
                },
                "institutions": [],
                "countries": [],
                "is_corresponding": i == 0,
                "raw_author_name": work.raw_names[i] if i < len(work.raw_names) else p.display,
                "raw_affiliation_strings": [],
                "affiliations": [],
            }
            for i, p in enumerate(work.authors)
        ],
        "cited_by_count": (work.number * 7) % 500,
        "biblio": {
            "volume": work.volume,
            "issue": work.issue,
            "first_page": first_page.strip() or None,
            "last_page": last_page.strip() or None,
        },
        "is_retracted": work.retracted,
        "is_paratext": False,
        "locations_count": len(locations),
        "locations": locations,
        "abstract_inverted_index": _inverted(work.abstract),
        "updated_date": "2026-07-01T00:00:00.000000",
        "created_date": "2025-01-01T00:00:00",
    }


def _locations(seen: Seen, doi_url: str | None) -> list[dict[str, object]]:
    """The published version first, then arXiv and the PubMed repositories.

    Under the arXiv quirks the arXiv location comes first; `arxiv-only` drops the published one.
    """
    work = seen.work
    arxiv = [work.arxiv] if work.arxiv else []
    arxiv += [d.removeprefix(_ARXIV_DOI) for d in work.has_preprint if d.startswith(_ARXIV_DOI)]
    arxiv_source = named_source(ARXIV_NAME)
    preprints = [
        _location(f"https://arxiv.org/abs/{a}", arxiv_source, "submittedVersion", "article")
        for a in dict.fromkeys(arxiv)
    ]
    landing = doi_url or work.url
    if work.kind == "posted-content":
        return preprints or [
            _location(landing, location_source(seen), "submittedVersion", work.kind)
        ]
    published = [_location(landing, location_source(seen), "publishedVersion", work.kind)]
    repositories = [
        _location(f"{url}{number}", named_source(name), "publishedVersion", work.kind)
        for number, name, url in (
            (work.pmid, "PubMed", "https://pubmed.ncbi.nlm.nih.gov/"),
            (work.pmcid, "PubMed Central", "https://www.ncbi.nlm.nih.gov/pmc/articles/"),
        )
        if number
    ]
    if seen.quirk is Quirk.ARXIV_PRIMARY:
        return [*preprints, *published, *repositories]
    if seen.quirk is Quirk.ARXIV_ONLY:
        return [*preprints, *repositories]
    return [*published, *preprints, *repositories]


def _ids(work: Work, openalex_url: str, doi_url: str | None) -> dict[str, object]:
    ids: dict[str, object] = {"openalex": openalex_url}
    if doi_url:
        ids["doi"] = doi_url
    if work.pmid:
        ids["pmid"] = f"https://pubmed.ncbi.nlm.nih.gov/{work.pmid}"
    if work.pmcid:
        ids["pmcid"] = f"https://www.ncbi.nlm.nih.gov/pmc/articles/{work.pmcid}"
    return ids


def _indexed_in(work: Work) -> list[str]:
    indexed = ["crossref"] if work.doi and work.agency == "Crossref" else []
    if work.datacite_doi:
        indexed.append("datacite")
    if work.arxiv:
        indexed.append("arxiv")
    if work.pmid:
        indexed.append("pubmed")
    return indexed


def _inverted(text: str | None) -> dict[str, list[int]] | None:
    if not text:
        return None
    index: dict[str, list[int]] = {}
    for position, word in enumerate(text.split()):
        index.setdefault(word, []).append(position)
    return index


def _headers(kind: str) -> tuple[tuple[str, str], ...]:
    cost = _COST[kind]
    return (
        ("x-ratelimit-limit", "100000"),
        ("x-ratelimit-remaining", "99999"),
        ("x-ratelimit-reset", "64137"),
        ("x-ratelimit-cost-usd", cost),
        ("x-ratelimit-credits-used", str(round(float(cost) / 0.0001))),
        ("x-ratelimit-limit-usd", "10"),
        ("x-ratelimit-remaining-usd", "9.9999"),
        ("x-ratelimit-onetime-remaining", "0"),
        ("x-ratelimit-prepaid-remaining-usd", "0"),
    )


def _select(item: dict[str, object], select: str) -> dict[str, object]:
    if not select:
        return item
    wanted = [name.strip() for name in select.split(",") if name.strip()]
    return {name: item.get(name) for name in wanted if name in item}


def _listing(
    request: ApiRequest, items: list[dict[str, object]], kind: str, per_page: int
) -> ApiResponse:
    page = request.int_arg("page", 1, low=1)
    shown = items[(page - 1) * per_page : page * per_page]
    select = request.arg("select")
    meta = {
        "count": len(items),
        "db_response_time_ms": 12,
        "page": page,
        "per_page": per_page,
        "groups_count": None,
        "cost_usd": float(_COST[kind]),
    }
    body = {"meta": meta, "results": [_select(item, select) for item in shown], "group_by": []}
    return json_response(200, body, kind=f"openalex.{kind}", headers=_headers(kind))


def _not_found(kind: str) -> ApiResponse:
    body = {"error": "Not Found", "message": "The requested resource could not be found."}
    return json_response(404, body, kind=f"openalex.{kind}", headers=_headers(kind))


def _bad_request(message: str) -> ApiResponse:
    body = {"error": "Invalid query parameters error.", "message": message}
    return json_response(400, body, kind="openalex.filter", headers=_headers("filter"))


def _find(corpus: Corpus, identifier: str) -> Work | None:
    identifier = identifier.strip()
    lowered = identifier.lower()
    if lowered.startswith("https://openalex.org/"):
        lowered = lowered.removeprefix("https://openalex.org/")
    pubmed = next(((k, lowered[len(p) :]) for k, p in _PUBMED_FORMS if lowered.startswith(p)), None)
    if lowered.startswith("w") and lowered[1:].isdigit():
        work = corpus.find_number(int(lowered[1:]) - 4_000_000_000)
    elif pubmed:
        work = corpus.find_pubmed(pubmed[0], pubmed[1].strip("/"))
    elif lowered.startswith("10.48550/arxiv.") or "doi.org/10.48550/arxiv." in lowered:
        work = corpus.by_datacite(identifier)
    else:
        work = corpus.find_doi(identifier) or corpus.by_datacite(identifier)
    return work if work is not None and work.in_openalex else None


def handle(request: ApiRequest, corpus: Corpus) -> ApiResponse:
    path = unquote(request.path)
    if path.rstrip("/") == "/sources" or path.startswith("/sources/"):
        kind = "source" if path.startswith("/sources/") else "filter"
        return openalex_sources.handle(request, corpus, _headers(kind))
    if path.startswith("/works/"):
        work = _find(corpus, path.removeprefix("/works/"))
        if work is None:
            return _not_found("work")
        item = _select(_render(corpus, work), request.arg("select"))
        return json_response(200, item, kind="openalex.work", headers=_headers("work"))
    if path.rstrip("/") != "/works":
        return _not_found("work")
    per_page = request.int_arg("per_page", 25, low=1, high=200)
    if per_page > 100:
        return _bad_request("per-page parameter must be between 1 and 100")
    search = request.arg("search")
    title_search = ""
    for clause in (c for c in request.arg("filter").split(",") if c):
        name, _, value = clause.partition(":")
        if name == "doi":
            values = value.split("|")
            if len(values) > 100:
                return _bad_request("Maximum number of values exceeded for doi. Max is 100.")
            found = [_find(corpus, normalise_doi(v)) for v in values]
            items = [_render(corpus, w) for w in dict.fromkeys(w for w in found if w is not None)]
            return _listing(request, items, "filter", per_page)
        if name in ("title.search", "display_name.search", "title_and_abstract.search"):
            title_search = value
    query = search or title_search
    if not query:
        items = [_render(corpus, corpus.works[n]) for n in range(min(per_page, len(corpus.works)))]
        return _listing(request, items, "filter", per_page)
    wanted = per_page * request.int_arg("page", 1, low=1)
    phrase = _phrase(query)
    if phrase:  # a quoted phrase: only works whose title holds it, best first
        hits = [
            hit
            for hit in corpus.search(phrase, _PHRASE_POOL, accept=_in_openalex)
            if f" {' '.join(tokens(phrase))} " in f" {' '.join(tokens(hit.work.title))} "
        ][:wanted]
    else:
        hits = corpus.search(query, wanted, accept=_in_openalex)
    items = []
    for hit in hits:
        item = _render(corpus, hit.work)
        item["relevance_score"] = hit.score
        items.append(item)
    return _listing(request, items, "search", per_page)


def _phrase(query: str) -> str:
    """The phrase of a query written in double quotes, or ""."""
    text = query.strip()
    return text[1:-1].strip() if len(text) > 2 and text[0] == text[-1] == '"' else ""


def _render(corpus: Corpus, work: Work) -> dict[str, object]:
    return render(seen_by("openalex", work, corpus.quirks))


def _in_openalex(work: Work) -> bool:
    return work.in_openalex
