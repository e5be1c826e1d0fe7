"""The APIs' published limits: Crossref's pools, and each API's rate as enforced when asked.

Crossref (since December 2025) puts a request in a pool: the public pool without a contact
address, 5 requests a second and ONE at a time; the polite pool with `mailto=` in the query
or a `mailto:` in the User-Agent, 10 a second for single records (`polite-single`), 3 a
second for lists and queries (`polite-array`), three at a time across both. Every answer
states its pool in `x-api-pool`, `x-rate-limit-limit`, `x-rate-limit-interval` and
`x-concurrency-limit`; a request over the rate or the concurrency is answered 429.

`PUBLISHED` is the fault setting of each API that enforces its published limit:
- OpenAlex: 10 requests a second without bursts (a bucket of 2 tokens, enough for a client
  pacing itself with a little jitter, not for a burst);
- Crossref: the pools above (a bucket as large as the pool's rate, as its 1 s interval says);
- Semantic Scholar without a key: about 1 a second (a bucket of 1 token);
- arXiv: one request every 3 s;
- DataCite: 3,000 requests in 5 minutes (10 a second, bursts of up to 50).
doi.org publishes no limit and gets none.
"""

from __future__ import annotations

from dataclasses import dataclass

from .exchange import ApiRequest, ApiResponse

_POOL_HEADERS = ("x-api-pool", "x-rate-limit-limit", "x-rate-limit-interval", "x-concurrency-limit")


@dataclass(frozen=True, slots=True, kw_only=True)
class Pool:
    """One Crossref pool: its name, rate, and the concurrency it shares with `group`."""

    name: str
    rate: float
    concurrency: int
    group: str


PUBLIC = Pool(name="public", rate=5.0, concurrency=1, group="public")
POLITE_SINGLE = Pool(name="polite-single", rate=10.0, concurrency=3, group="polite")
POLITE_ARRAY = Pool(name="polite-array", rate=3.0, concurrency=3, group="polite")

PUBLISHED: dict[str, dict[str, object]] = {
    "openalex": {"rate": 10.0, "burst": 2.0},
    "crossref": {"pools": True},
    "s2": {"rate": 1.0, "burst": 1.0},
    "arxiv": {"rate": 1 / 3, "burst": 1.0},
    "datacite": {"rate": 10.0, "burst": 50.0},
}


def crossref_pool(request: ApiRequest) -> Pool:
    """The pool Crossref puts a request in: by its contact address, single record or list."""
    polite = bool(request.arg("mailto")) or "mailto:" in request.headers.get("user-agent", "")
    if not polite:
        return PUBLIC
    single = request.path.startswith("/works/") and request.path.count("/") > 2
    return POLITE_SINGLE if single else POLITE_ARRAY


def with_pool_headers(response: ApiResponse, pool: Pool, rate: float | None) -> ApiResponse:
    """The answer with the pool's headers (the configured rate, when one is set, as its limit)."""
    kept = tuple(h for h in response.headers if h[0] not in _POOL_HEADERS)
    limit = rate if rate is not None else pool.rate
    stated = (
        ("x-api-pool", pool.name),
        ("x-rate-limit-limit", _number(limit)),
        ("x-rate-limit-interval", "1s"),
        ("x-concurrency-limit", str(pool.concurrency)),
    )
    return ApiResponse(response.status, kept + stated, response.body, kind=response.kind)


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)
