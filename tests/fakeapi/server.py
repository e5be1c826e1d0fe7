"""The HTTP plumbing: one threaded server, six APIs under path prefixes, control and counters."""

from __future__ import annotations

import json
import logging
import os
import socket
import struct
import threading
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from types import TracebackType

from . import (
    abstracts,
    anthropic,
    arxiv,
    crossref,
    datacite,
    doiorg,
    fixtures,
    openalex,
    semanticscholar,
)
from .corpus import Corpus, load_corpus
from .exchange import ApiRequest, ApiResponse, json_response, parse_query
from .faults import APIS, ApiFaults, Decision, Fate, Faults

log = logging.getLogger(__name__)

Handler = Callable[[ApiRequest, Corpus], ApiResponse]
HANDLERS: dict[str, Handler] = {
    "openalex": openalex.handle,
    "crossref": crossref.handle,
    "s2": semanticscholar.handle,
    "datacite": datacite.handle,
    "arxiv": arxiv.handle,
    "doi": doiorg.handle,
    "publisher": doiorg.handle_publisher,
    "anthropic": anthropic.handle,
}
# What stands for each API in ARCHITECTURE.md's CITE_SENTINEL_*_URL variables.
ENV_NAMES = {
    "openalex": "CITE_SENTINEL_OPENALEX_URL",
    "crossref": "CITE_SENTINEL_CROSSREF_URL",
    "s2": "CITE_SENTINEL_S2_URL",
    "datacite": "CITE_SENTINEL_DATACITE_URL",
    "arxiv": "CITE_SENTINEL_ARXIV_URL",
    "doi": "CITE_SENTINEL_DOI_URL",
}
# The Messages API stand-in is reached the way the anthropic SDK documents: its base URL.
ANTHROPIC_URL_VARIABLE = "ANTHROPIC_BASE_URL"
_MAX_BODY = 8 * 1024 * 1024


def default_data_dir() -> Path:
    """../shared/data beside the repository (or under CITE_SENTINEL_SHARED)."""
    root = Path(__file__).resolve().parents[2]
    shared = Path(os.environ.get("CITE_SENTINEL_SHARED", root.parent / "shared"))
    return shared / "data"


def corpus_path(choice: str, data_dir: Path | None = None) -> Path:
    """`sample` (5,000 works), `full` (256k) or a path to a JSONL(.gz) file."""
    folder = (data_dir or default_data_dir()) / "corpus"
    named = {"sample": folder / "works_sample5k.jsonl", "full": folder / "works_full.jsonl.gz"}
    return named.get(choice, Path(choice))


def env_for(base_url: str, down: tuple[str, ...] = ()) -> dict[str, str]:
    """The CITE_SENTINEL_*_URL variables that point a client at the fake server.

    APIs named in `down` point at a closed local port, so connecting to them is refused.
    """
    refused = _refused_url() if down else ""
    return {
        name: refused if api in down else f"{base_url}/{api}" for api, name in ENV_NAMES.items()
    }


def _refused_url() -> str:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    return f"http://127.0.0.1:{port}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Stats:
    """Request counts since the last reset: all, per API, per endpoint kind, per API and status."""

    total: int
    by_api: dict[str, int] = field(default_factory=dict)
    by_kind: dict[str, int] = field(default_factory=dict)
    by_status: dict[str, dict[str, int]] = field(default_factory=dict)

    def as_json(self) -> dict[str, object]:
        return {
            "total": self.total,
            "by_api": self.by_api,
            "by_kind": self.by_kind,
            "by_status": self.by_status,
        }


class _Counters:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._apis: Counter[str] = Counter()
        self._kinds: Counter[str] = Counter()
        self._statuses: dict[str, Counter[str]] = {}

    def count(self, api: str, kind: str, status: int) -> None:
        with self._lock:
            self._apis[api] += 1
            if kind:
                self._kinds[kind] += 1
            self._statuses.setdefault(api, Counter())[str(status)] += 1

    def snapshot(self) -> Stats:
        with self._lock:
            by_api = {api: self._apis[api] for api in APIS if self._apis[api]}
            return Stats(
                total=sum(by_api.values()),
                by_api=by_api,
                by_kind=dict(sorted(self._kinds.items())),
                by_status={api: dict(c) for api, c in sorted(self._statuses.items())},
            )

    def reset(self) -> None:
        with self._lock:
            self._apis.clear()
            self._kinds.clear()
            self._statuses.clear()


class _App:
    """What the request handler asks: routing, faults, counters."""

    def __init__(self, corpus: Corpus, faults: Faults) -> None:
        self.corpus = corpus
        self.faults = faults
        self.counters = _Counters()
        self.stopping = threading.Event()
        self.base_url = ""


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 128

    def __init__(self, address: tuple[str, int], app: _App) -> None:
        super().__init__(address, _RequestHandler)
        self.app = app

    def handle_error(self, request: object, client_address: object) -> None:
        log.debug("fake API connection from %s ended abruptly", client_address)


class _RequestHandler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: _Server

    def setup(self) -> None:
        super().setup()
        # Headers and body go out in two writes; without this, Nagle's algorithm and delayed
        # ACKs add 40 ms to every answer on a kept-alive connection.
        self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def log_message(self, format: str, *args: object) -> None:
        log.debug("fake API: " + format, *args)

    def do_GET(self) -> None:
        self._serve("GET")

    def do_HEAD(self) -> None:
        self._serve("HEAD")

    def do_POST(self) -> None:
        self._serve("POST")

    def _serve(self, method: str) -> None:
        app = self.server.app
        raw_path, _, raw_query = self.path.partition("?")
        length = int(self.headers.get("content-length") or 0)
        body = self.rfile.read(min(length, _MAX_BODY)) if length else b""
        if raw_path.startswith("/_"):
            self._send(_control(app, method, raw_path, body), method)
            return
        api, _, rest = raw_path.lstrip("/").partition("/")
        handler = HANDLERS.get(api)
        if handler is None:
            self._send(json_response(404, {"error": f"no fake API at /{api}"}, kind=""), method)
            return
        request = ApiRequest(
            method="GET" if method == "HEAD" else method,
            path="/" + rest,
            query=parse_query(raw_query),
            headers={k.lower(): v for k, v in self.headers.items()},
            body=body,
            base_url=app.base_url,
        )
        if api not in APIS:  # the publisher pages and the Messages stand-in have no faults
            self._send(handler(request, app.corpus), method)
            return
        decision = app.faults.decide(api)
        if decision.fate is Fate.RESET:
            app.counters.count(api, "", 0)
            self._reset()
            return
        if decision.delay_s and app.stopping.wait(decision.delay_s):
            return
        response = _apply(decision, api, handler(request, app.corpus), app.faults.settings(api))
        app.counters.count(api, response.kind, response.status)
        if decision.fate is Fate.TIMEOUT and app.stopping.wait(decision.hold_s):
            return
        self._send(response, method)

    def _send(self, response: ApiResponse, method: str) -> None:
        try:
            self.send_response(response.status)
            for name, value in response.headers:
                self.send_header(name, value)
            self.send_header("content-length", str(len(response.body)))
            self.end_headers()
            if method != "HEAD":
                self.wfile.write(response.body)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    def _reset(self) -> None:
        """Close with RST, as a host that refuses or drops connections does."""
        self.close_connection = True
        self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        self.connection.close()


def _apply(decision: Decision, api: str, response: ApiResponse, settings: ApiFaults) -> ApiResponse:
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
    if settings.rate and api == "crossref":
        # The pool headers speak of the configured limit, so a client that adapts keeps to it.
        kept = tuple(h for h in response.headers if h[0] != "x-rate-limit-limit")
        return ApiResponse(
            response.status,
            (*kept, ("x-rate-limit-limit", _number(settings.rate))),
            response.body,
            kind=response.kind,
        )
    return response


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def _too_many(
    api: str, response: ApiResponse, retry_after: int, settings: ApiFaults
) -> ApiResponse:
    limit = _number(settings.rate) if settings.rate else "1"
    headers: tuple[tuple[str, str], ...] = (("retry-after", str(retry_after)),)
    if api == "crossref":
        pool = dict(response.headers).get("x-api-pool", "public")
        headers += (
            ("content-type", "text/plain"),
            ("x-api-pool", pool),
            ("x-rate-limit-limit", limit),
            ("x-rate-limit-interval", "1s"),
        )
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


def _control(app: _App, method: str, path: str, body: bytes) -> ApiResponse:
    if path == "/_stats" and method == "GET":
        return json_response(200, app.counters.snapshot().as_json(), kind="")
    if path == "/_stats/reset" and method == "POST":
        app.counters.reset()
        return json_response(200, {"ok": True}, kind="")
    if path == "/_control" and method == "GET":
        settings = {api: _settings_json(app.faults.settings(api)) for api in APIS}
        return json_response(200, settings, kind="")
    if path == "/_control" and method == "POST":
        try:
            apply_control(app.faults, json.loads(body or b"{}"))
        except (ValueError, TypeError) as error:
            return json_response(400, {"error": str(error)}, kind="")
        return json_response(200, {"ok": True}, kind="")
    return json_response(404, {"error": f"no control endpoint {method} {path}"}, kind="")


def _settings_json(settings: ApiFaults) -> dict[str, object]:
    return {name: getattr(settings, name) for name in settings.__dataclass_fields__}


def apply_control(faults: Faults, command: object) -> None:
    """Apply a /_control body: {"reset": true, "seed": 7, "apis": {"crossref": {...}}}."""
    if not isinstance(command, dict):
        raise ValueError("control body must be a JSON object")
    if command.get("reset"):
        faults.reset(seed=command.get("seed"))
    elif "seed" in command:
        faults.reset(seed=int(command["seed"]))
    apis = command.get("apis") or {}
    if not isinstance(apis, dict):
        raise ValueError('"apis" must map API names to settings')
    for api, raw in apis.items():
        names = APIS if api == "*" else (api,)
        for name in names:
            if name not in APIS:
                raise ValueError(f"unknown API {name!r}; known: {', '.join(APIS)}")
            faults.configure(name, ApiFaults.from_json(raw, faults.settings(name)))


class FakeApi:
    """A running fake server: its base URL, its faults, its counters; close() stops it."""

    def __init__(self, corpus: Corpus, *, host: str = "127.0.0.1", port: int = 0, seed: int = 0):
        self.faults = Faults(seed=seed)
        self._app = _App(corpus, self.faults)
        self._server = _Server((host, port), self._app)
        bound_host, bound_port = self._server.server_address[:2]
        self.base_url = f"http://{bound_host!s}:{bound_port}"
        self._app.base_url = self.base_url
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )

    @classmethod
    def start(
        cls,
        corpus: str | Path | Corpus = "sample",
        *,
        data_dir: Path | None = None,
        host: str = "127.0.0.1",
        port: int = 0,
        seed: int = 0,
    ) -> FakeApi:
        """Load the corpus (plus fixtures and the examples' abstracts) and serve it."""
        if not isinstance(corpus, Corpus):
            path = corpus_path(str(corpus), data_dir)
            corpus = load_corpus(path, fixtures.ALL, abstracts=abstracts.BY_DOI)
        api = cls(corpus, host=host, port=port, seed=seed)
        api._thread.start()
        return api

    @property
    def corpus(self) -> Corpus:
        return self._app.corpus

    def url(self, api: str) -> str:
        return f"{self.base_url}/{api}"

    def env(self, down: tuple[str, ...] = ()) -> dict[str, str]:
        return env_for(self.base_url, down)

    def judge_env(self, key: str) -> dict[str, str]:
        """The variables that send the anthropic scorer, with `key`, to the Messages stand-in."""
        return {ANTHROPIC_URL_VARIABLE: self.url("anthropic"), "ANTHROPIC_API_KEY": key}

    def configure(self, api: str, **settings: object) -> None:
        """Change one API's faults (`"*"` for all), e.g. configure("crossref", rate=5)."""
        apply_control(self.faults, {"apis": {api: settings}})

    def reset_faults(self, seed: int | None = None) -> None:
        self.faults.reset(seed)

    def stats(self) -> Stats:
        return self._app.counters.snapshot()

    def reset_stats(self) -> None:
        self._app.counters.reset()

    def close(self) -> None:
        self._app.stopping.set()
        if self._thread.is_alive():
            self._server.shutdown()
            self._thread.join(timeout=5)
        self._server.server_close()

    def __enter__(self) -> FakeApi:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()
