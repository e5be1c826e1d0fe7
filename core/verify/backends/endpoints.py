"""Where each index lives: the public base URL, or the override from the environment."""

from __future__ import annotations

from collections.abc import Mapping

from cite_sentinel.core.http.client import Api

_BASES: Mapping[Api, tuple[str, str]] = {
    Api.OPENALEX: ("CITE_SENTINEL_OPENALEX_URL", "https://api.openalex.org"),
    Api.CROSSREF: ("CITE_SENTINEL_CROSSREF_URL", "https://api.crossref.org"),
    Api.SEMANTICSCHOLAR: ("CITE_SENTINEL_S2_URL", "https://api.semanticscholar.org"),
    Api.DATACITE: ("CITE_SENTINEL_DATACITE_URL", "https://api.datacite.org"),
    Api.ARXIV: ("CITE_SENTINEL_ARXIV_URL", "https://export.arxiv.org"),
    Api.DOI: ("CITE_SENTINEL_DOI_URL", "https://doi.org"),
}


def base_url(api: Api, env: Mapping[str, str]) -> str:
    """The API's host root without a trailing slash; a path prefix in an override is kept."""
    variable, default = _BASES[api]
    return (env.get(variable, "").strip() or default).rstrip("/")


def doi_path(doi: str) -> str:
    """A DOI as a path segment: its slashes stay, characters unsafe in a path are escaped."""
    from urllib.parse import quote

    return quote(doi.strip(), safe="/:;()[]-._~")
