"""The HTTP plumbing: one threaded server, six APIs under path prefixes, control and counters."""

from __future__ import annotations

import json
import logging
import os
import socket
import struct
import threading
from collections.abc import Callable
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
from .corpus import Corpus
from .counters import Counters, Stats
from .exchange import ApiRequest, ApiResponse, json_response, parse_query
from .faults import APIS, ApiFaults, Fate, Faults
from .limits import PUBLISHED, crossref_pool, with_pool_headers
from .loading import load_corpus
from .misbehaviour import misbehave
from .quirks import Quirks

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


CORPUS_CHOICES = ("sample", "full", "xfield", "all")


def corpus_paths(choice: str, data_dir: Path | None = None) -> tuple[Path, ...]:
    """The files of a corpus choice: `sample` (5,000 ML works), `full` (256k ML works),
    `xfield` (38k works of every field), `all` (full and xfield), or a JSONL(.gz) path."""
    folder = (data_dir or default_data_dir()) / "corpus"
    full, xfield = folder / "works_full.jsonl.gz", folder / "works_xfield.jsonl.gz"
    named = {
        "sample": (folder / "works_sample5k.jsonl",),
        "full": (full,),
        "xfield": (xfield,),
        "all": (full, xfield),
    }
    return named.get(choice, (Path(choice),))


def corpus_path(choice: str, data_dir: Path | None = None) -> Path:
    """The first file of a corpus choice (the only one, except for `all`)."""
    return corpus_paths(choice, data_dir)[0]


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


class _App:
    """What the request handler asks: routing, faults, counters."""

    def __init__(self, corpus: Corpus, faults: Faults) -> None:
        self.corpus = corpus
        self.faults = faults
        self.counters = Counters()
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
        pool = crossref_pool(request) if api == "crossref" else None
        decision = app.faults.decide(api, pool)
        try:
            if decision.fate is Fate.RESET:
                app.counters.count(api, "", 0)
                self._reset()
                return
            if decision.delay_s and app.stopping.wait(decision.delay_s):
                return
            settings = app.faults.settings(api)
            response = misbehave(decision, api, handler(request, app.corpus), settings)
            if pool is not None:
                stated = None if settings.pools else settings.rate
                response = with_pool_headers(response, pool, stated)
            app.counters.count(
                api,
                response.kind,
                response.status,
                decision.refused,
                pool.name if pool is not None else "",
            )
            if decision.fate is Fate.TIMEOUT and app.stopping.wait(decision.hold_s):
                return
            self._send(response, method)
        finally:
            app.faults.release(decision.slot)

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
            command = json.loads(body or b"{}")
            apply_control(app.faults, command)
            if isinstance(command, dict) and "quirks" in command:
                app.corpus.quirks = Quirks(float(command["quirks"]), app.corpus.quirks.seed)
        except (ValueError, TypeError) as error:
            return json_response(400, {"error": str(error)}, kind="")
        return json_response(200, {"ok": True}, kind="")
    return json_response(404, {"error": f"no control endpoint {method} {path}"}, kind="")


def _settings_json(settings: ApiFaults) -> dict[str, object]:
    return {name: getattr(settings, name) for name in settings.__dataclass_fields__}


def apply_control(faults: Faults, command: object) -> None:
    """Apply a /_control body: {"reset": true, "seed": 7, "apis": {"crossref": {...}}}.

    ({"quirks": 0.1} sets the rate of the index quirks; `_control` applies it.)
    """
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


def published_limits() -> dict[str, dict[str, object]]:
    """The /_control "apis" settings that enforce the APIs' published limits (limits.py)."""
    return {api: dict(settings) for api, settings in PUBLISHED.items()}


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
        quirks: float = 0.0,
        published_limits: bool = False,
    ) -> FakeApi:
        """Load the corpus (plus fixtures and the examples' abstracts) and serve it.

        `corpus`: a choice of CORPUS_CHOICES, a JSONL(.gz) path or a loaded Corpus. `quirks`:
        the share of works each index holds in a quirky way (quirks.py; 0 = none).
        `published_limits`: enforce the APIs' published rate and concurrency limits (limits.py).
        """
        if not isinstance(corpus, Corpus):
            paths = corpus_paths(str(corpus), data_dir)
            corpus = load_corpus(paths, fixtures.ALL, abstracts=abstracts.BY_DOI)
        corpus.quirks = Quirks(quirks, seed)
        api = cls(corpus, host=host, port=port, seed=seed)
        if published_limits:
            api.enforce_published_limits()
        api._thread.start()
        return api

    def enforce_published_limits(self) -> None:
        """Each API's published rate and concurrency limits from now on (limits.py)."""
        apply_control(self.faults, {"apis": published_limits()})

    def set_quirks(self, rate: float, seed: int | None = None) -> None:
        """Hold this share of works in a quirky way in each index (quirks.py); 0 for none."""
        current = self._app.corpus.quirks
        self._app.corpus.quirks = Quirks(rate, current.seed if seed is None else seed)

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
