"""DataCite's /dois/{doi}: datasets, software and arXiv's 10.48550 DOIs as JSON:API documents."""

from __future__ import annotations

from urllib.parse import unquote

from .corpus import Corpus, Work
from .exchange import ApiRequest, ApiResponse, json_response

_CONTENT_TYPE = "application/json; charset=utf-8"


def render(work: Work, doi: str) -> dict[str, object]:
    """One DataCite `data` object; keys as the recorded /dois/{doi} answers."""
    general = work.resource_type or ("Preprint" if work.arxiv else "Text")
    prefix, _, suffix = doi.partition("/")
    attributes: dict[str, object] = {
        "doi": doi,
        "prefix": prefix,
        "suffix": suffix,
        "identifiers": [],
        "alternateIdentifiers": (
            [{"alternateIdentifier": work.arxiv, "alternateIdentifierType": "arXiv"}]
            if work.arxiv
            else []
        ),
        "creators": [
            {
                "name": f"{p.family}, {p.given}" if p.given else p.family,
                "nameType": "Personal",
                "givenName": p.given,
                "familyName": p.family,
                "affiliation": [],
                "nameIdentifiers": [],
            }
            for p in work.authors
        ],
        "titles": [{"title": work.title}],
        "publisher": "arXiv" if work.arxiv and not work.resource_type else (work.publisher or ""),
        "container": {},
        "publicationYear": work.year,
        "subjects": [],
        "contributors": [],
        "dates": [{"date": str(work.year), "dateType": "Issued"}] if work.year else [],
        "language": "en",
        "types": {
            "ris": "DATA" if general == "Dataset" else "GEN",
            "bibtex": "misc",
            "citeproc": general.lower(),
            "schemaOrg": "Dataset" if general == "Dataset" else "CreativeWork",
            "resourceTypeGeneral": general,
        },
        "relatedIdentifiers": [
            {
                "relationType": "IsPreviousVersionOf",
                "relatedIdentifier": d,
                "relatedIdentifierType": "DOI",
            }
            for d in work.is_preprint_of
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
        "url": work.url or (f"https://arxiv.org/abs/{work.arxiv}" if work.arxiv else ""),
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
    client = "arxiv.content" if work.arxiv and not work.resource_type else "cern.zenodo"
    return {
        "id": doi,
        "type": "dois",
        "attributes": attributes,
        "relationships": {
            "client": {"data": {"id": client, "type": "clients"}},
            "provider": {"data": {"id": client.split(".")[0], "type": "providers"}},
        },
    }


def handle(request: ApiRequest, corpus: Corpus) -> ApiResponse:
    if not request.path.startswith("/dois/"):
        return _not_found()
    doi = unquote(request.path.removeprefix("/dois/")).lower()
    work = corpus.by_datacite(doi)
    if work is None:
        return _not_found()
    body = {"data": render(work, doi), "included": []}
    return json_response(200, body, kind="datacite.doi", content_type=_CONTENT_TYPE)


def _not_found() -> ApiResponse:
    title = "The resource you are looking for doesn't exist."
    body = {"errors": [{"status": "404", "title": title}]}
    return json_response(404, body, kind="datacite.doi", content_type=_CONTENT_TYPE)
