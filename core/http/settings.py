"""How the HTTP client may talk to the indexes: the published limits and the client's bounds.

Values only, without the client: a face can build its settings from the configuration
(core.verify.engine.http_settings) before anything is asked, at no import cost.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Lane:
    """How fast and how wide one API (or one kind of its requests) may be used.

    `concurrency` is read from the API's own entry ("crossref"): one gate serves all of an
    API's lanes, as the servers count requests in flight per client, not per endpoint.
    """

    rate: float  # requests a second
    burst: float
    concurrency: int


# Requests are spaced a little wider than the published rate: a server that allows no burst
# answers 429 to a request that arrives a few milliseconds early.
HEADROOM = 0.9


def default_lanes(*, polite: bool = False) -> dict[str, Lane]:
    """The published limits (ECOSYSTEM.md); `lane` keys are "api" or "api/kind".

    Crossref: public pool 5/s, one request at a time; polite pool (mailto) 10/s for single
    records, 3/s for lists, three at a time. OpenAlex 10/s without bursts. Semantic Scholar
    about 1/s, with a key or without (then a pool shared by everyone, whose 429s slow the
    lane down). arXiv one request every three seconds.
    """
    return {
        "openalex": Lane(10.0, 1.0, 8),
        "crossref": Lane(10.0 if polite else 5.0, 1.0, 3 if polite else 1),
        "crossref/list": Lane(3.0 if polite else 5.0, 1.0, 3 if polite else 1),
        "semanticscholar": Lane(1.0, 1.0, 1),
        "datacite": Lane(10.0, 1.0, 8),
        "arxiv": Lane(1 / 3, 1.0, 1),
        "doi": Lane(5.0, 1.0, 4),  # undocumented: gently
    }


@dataclass(frozen=True, slots=True, kw_only=True)
class HttpSettings:
    """Timeouts and retry bounds; values, so a run can state them."""

    timeout: float = 20.0
    connect_timeout: float = 5.0
    max_attempts: int = 4  # failures (5xx, timeouts, connection errors); a 429 is no failure
    max_retry_seconds: float = 120.0  # the most a request spends waiting between attempts
    backoff: float = 0.5  # first backoff; doubles each attempt, full jitter
    max_backoff: float = 10.0
    breaker_threshold: int = 5
    breaker_cooldown: float = 30.0
    mailto: str = ""
    lanes: Mapping[str, Lane] = field(default_factory=default_lanes)
