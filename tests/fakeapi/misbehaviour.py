"""What a misbehaving API answers: a 429 in each API's own shape, 5xx, 503 pages, cut bodies."""

from __future__ import annotations

from .exchange import ApiResponse, json_response
from .faults import ApiFaults, Decision, Fate


def misbehave(
    decision: Decision, api: str, response: ApiResponse, settings: ApiFaults
) -> ApiResponse:
    """The handler's answer as the decided fate turns it (unchanged for a plain answer)."""
    fate = decision.fate
    if fate is Fate.RATE_LIMITED:
        return _too_many(api, response, decision.retry_after_s, settings)
    if fate is Fate.SERVER_ERROR:
        status = 502 if response.kind.endswith("query") else 500
        body = {"status": "error", "message": "Internal Server Error"}
        return json_response(status, body, kind=response.kind)
    if fate is Fate.UNAVAILABLE:
        return ApiResponse(
            503,
            (("content-type", "text/html"), ("retry-after", "30")),
            b"<html><body><h1>503 Service Unavailable</h1></body></html>",
            kind=response.kind,
        )
    if fate is Fate.MALFORMED and response.status == 200:
        cut = response.body[: max(1, len(response.body) // 2)] + b'\x00{"unterminated'
        return ApiResponse(200, response.headers, cut, kind=response.kind)
    return response


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def _too_many(
    api: str, response: ApiResponse, retry_after: int, settings: ApiFaults
) -> ApiResponse:
    limit = _number(settings.rate) if settings.rate else "1"
    headers: tuple[tuple[str, str], ...] = (("retry-after", str(retry_after)),)
    if api == "crossref":  # the pool headers are added to every Crossref answer
        headers += (("content-type", "text/plain"),)
        return ApiResponse(429, headers, b"Too Many Requests", kind=response.kind)
    if api == "openalex":
        headers += (
            ("x-ratelimit-limit", limit),
            ("x-ratelimit-remaining", "0"),
            ("x-ratelimit-reset", str(retry_after)),
        )
        body: dict[str, object] = {
            "error": "Rate limit exceeded",
            "message": "You have exceeded the rate limit. Please wait and try again.",
        }
    elif api == "s2":
        body = {
            "message": "Too Many Requests. Please wait and try again or apply for a key for "
            "higher rate limits. https://www.semanticscholar.org/product/api#api-key-form",
            "code": "429",
        }
    else:
        body = {"error": "Too Many Requests"}
    return json_response(429, body, kind=response.kind, headers=headers)
