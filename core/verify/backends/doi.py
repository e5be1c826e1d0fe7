"""doi.org: whether a DOI exists at all, and which agency registered it.

Only doi.org's own answer counts: its handle API says 404 / responseCode 100 for a DOI
that was never registered. Publishers' pages after the redirect answer bots with
202/403/418/429, which proves nothing, so we never follow the redirect.

The registration-agency API (`/ra/A,B,…`) answers for many DOIs in one request: which agency
registered each, or that it does not exist. The plan uses it to send each DOI OpenAlex lacks
only to the index that can hold it; the handle API stays the word on existence.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from cite_sentinel.core.errors import SourceError
from cite_sentinel.core.http.cache import Freshness
from cite_sentinel.core.http.client import Api, HttpClient, Reply
from cite_sentinel.core.lexicon.identifiers import normalise_doi
from cite_sentinel.core.verify.backends.endpoints import base_url, doi_path

HANDLE_FOUND = 1
HANDLE_NOT_FOUND = 100
HANDLE_NO_VALUES = 200  # the handle exists but holds no values of the asked type
# DOIs per `/ra/` request: a URL of a couple of thousand characters at most.
RA_BATCH = 50
UNREGISTERED = ""  # `agencies`: doi.org says the DOI does not exist


class DoiState(StrEnum):
    """What doi.org said about a DOI."""

    EXISTS = "exists"
    ABSENT = "absent"
    UNKNOWN = "unknown"


@dataclass(frozen=True, slots=True)
class DoiStatus:
    """A DOI's existence; `reason` says why when it is unknown."""

    state: DoiState
    reason: str = ""


class DoiOrg:
    """The DOI resolver's handle and registration-agency APIs."""

    name = Api.DOI

    def __init__(self, http: HttpClient, env: Mapping[str, str]) -> None:
        self._http = http
        self._base = base_url(Api.DOI, env)

    async def exists(self, doi: str) -> DoiStatus:
        """EXISTS, ABSENT (doi.org itself says it was never registered) or UNKNOWN."""
        doi = normalise_doi(doi)
        if not doi.startswith("10.") or "/" not in doi:
            return DoiStatus(DoiState.ABSENT)
        try:
            reply = await self._http.request(
                Api.DOI, "GET", self._base, f"/api/handles/{doi_path(doi)}", freshness=_freshness
            )
        except SourceError as error:
            return DoiStatus(DoiState.UNKNOWN, str(error))
        return status_from_reply(reply)

    async def agencies(self, dois: Sequence[str]) -> dict[str, str]:
        """Each DOI's registration agency ("Crossref", "DataCite", …) or UNREGISTERED, in
        batches of RA_BATCH; a DOI the answers do not speak of (an outage, a DOI with a
        comma, which the list cannot carry) is left out."""
        wanted = {normalise_doi(doi): doi for doi in dois}
        listable = [doi for doi in wanted if "," not in doi and doi.startswith("10.")]
        known: dict[str, str] = {}
        for start in range(0, len(listable), RA_BATCH):
            batch = listable[start : start + RA_BATCH]
            path = "/ra/" + ",".join(doi_path(doi) for doi in batch)
            try:
                reply = await self._http.request(Api.DOI, "GET", self._base, path)
            except SourceError:
                continue
            known.update(agencies_from_reply(reply, frozenset(batch)))
        return {wanted[doi]: agency for doi, agency in known.items()}

    async def agency(self, doi: str) -> str:
        """The registration agency ("Crossref", "DataCite", "mEDRA", …); "" when unknown."""
        prefix = normalise_doi(doi).split("/", 1)[0]
        if not prefix.startswith("10."):
            return ""
        try:
            reply = await self._http.request(
                Api.DOI, "GET", self._base, f"/ra/{prefix}", freshness=_agency_freshness
            )
            return agency_from_reply(reply)
        except SourceError:
            return ""


def status_from_reply(reply: Reply) -> DoiStatus:
    """Read the handle API's answer."""
    code = _response_code(reply)
    if reply.status in (404, 410) or code == HANDLE_NOT_FOUND:
        return DoiStatus(DoiState.ABSENT)
    if reply.status == 200 and code in (HANDLE_FOUND, HANDLE_NO_VALUES):
        return DoiStatus(DoiState.EXISTS)
    return DoiStatus(DoiState.UNKNOWN, f"doi: HTTP {reply.status}, responseCode {code}")


def agency_from_reply(reply: Reply) -> str:
    """The RA of the first entry of `/ra/{prefix}`; "" for "DOI does not exist" and the like."""
    if reply.status != 200:
        return ""
    try:
        body = reply.json()
    except ValueError:
        return ""
    entries = body if isinstance(body, list) else [body]
    for entry in entries:
        if isinstance(entry, dict) and isinstance(entry.get("RA"), str):
            return str(entry["RA"])
    return ""


def agencies_from_reply(reply: Reply, asked: frozenset[str]) -> dict[str, str]:
    """The agency of each asked DOI a `/ra/A,B,…` answer names; UNREGISTERED for "DOI does not
    exist"; nothing for a DOI it is silent or unclear about."""
    if reply.status != 200:
        return {}
    try:
        body = reply.json()
    except ValueError:
        return {}
    found: dict[str, str] = {}
    for entry in body if isinstance(body, list) else [body]:
        if not isinstance(entry, dict) or not isinstance(entry.get("DOI"), str):
            continue
        doi = normalise_doi(entry["DOI"])
        if doi not in asked:
            continue
        if isinstance(entry.get("RA"), str) and entry["RA"]:
            found[doi] = str(entry["RA"])
        elif str(entry.get("status", "")).lower() == "doi does not exist":
            found[doi] = UNREGISTERED
    return found


def _response_code(reply: Reply) -> int | None:
    try:
        body = reply.json()
    except ValueError:
        return None
    code = body.get("responseCode") if isinstance(body, dict) else None
    return code if isinstance(code, int) else None


def _freshness(reply: Reply) -> Freshness | None:
    state = status_from_reply(reply).state
    if state is DoiState.EXISTS:
        return Freshness.FOUND
    return Freshness.NOT_FOUND if state is DoiState.ABSENT else None


def _agency_freshness(reply: Reply) -> Freshness | None:
    return Freshness.FOUND if agency_from_reply(reply) else None
