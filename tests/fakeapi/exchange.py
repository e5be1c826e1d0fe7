"""One request in, one answer out: the types every fake API handler speaks."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from urllib.parse import parse_qs


@dataclass(frozen=True, slots=True, kw_only=True)
class ApiRequest:
    """A request as one API sees it: the path after the API's prefix, decoded query."""

    method: str
    path: str
    query: dict[str, list[str]] = field(default_factory=dict)
    headers: dict[str, str] = field(default_factory=dict)
    body: bytes = b""
    base_url: str = ""

    def arg(self, name: str, default: str = "") -> str:
        values = self.query.get(name)
        return values[0] if values else default

    def int_arg(self, name: str, default: int, *, low: int = 0, high: int = 1000) -> int:
        try:
            return max(low, min(high, int(self.arg(name, str(default)))))
        except ValueError:
            return default


@dataclass(frozen=True, slots=True)
class ApiResponse:
    """Status, headers and body bytes; `kind` names the endpoint for the request counters."""

    status: int
    headers: tuple[tuple[str, str], ...]
    body: bytes
    kind: str = field(default="", kw_only=True)

    def with_headers(self, extra: tuple[tuple[str, str], ...]) -> ApiResponse:
        return ApiResponse(self.status, self.headers + extra, self.body, kind=self.kind)


def parse_query(raw: str) -> dict[str, list[str]]:
    return parse_qs(raw, keep_blank_values=True)


def json_response(
    status: int,
    payload: object,
    *,
    kind: str,
    content_type: str = "application/json",
    headers: tuple[tuple[str, str], ...] = (),
) -> ApiResponse:
    body = json.dumps(payload, ensure_ascii=False).encode()
    return ApiResponse(status, (("content-type", content_type), *headers), body, kind=kind)


def text_response(
    status: int, text: str, *, kind: str, content_type: str = "text/plain"
) -> ApiResponse:
    return ApiResponse(status, (("content-type", content_type),), text.encode(), kind=kind)
