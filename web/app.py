"""The web application: routes from requests to uploads, checks, pages, events and downloads.

Nothing a request says is used as a path: uploads are stored under names made by
`names.safe_name` in a folder made here, checks and batches are found by the random id the
server gave them, and a corrected bibliography by its number in its check.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import shutil
import tempfile
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from cite_sentinel.core import CiteSentinelError
from cite_sentinel.web import downloads, pages
from cite_sentinel.web.batching import manuscripts
from cite_sentinel.web.checking import Checker
from cite_sentinel.web.jobs import Batch, Check, Jobs
from cite_sentinel.web.names import UploadError
from cite_sentinel.web.running import run_batch, run_check
from cite_sentinel.web.settings import LOOPBACK, ServeSettings
from cite_sentinel.web.stream import Stream
from cite_sentinel.web.uploads import Stored, Upload, store
from starlette.applications import Starlette
from starlette.datastructures import UploadFile
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import (
    HTMLResponse,
    JSONResponse,
    RedirectResponse,
    Response,
    StreamingResponse,
)
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

log = logging.getLogger(__name__)
BUG = (
    "cite-sentinel met a bug while answering this request (the server's log has the details); "
    "please report it with what you uploaded; the server goes on"
)
STATIC = Path(__file__).parent / "static"

_SECURITY_HEADERS = [
    (
        b"content-security-policy",
        b"default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        b"frame-ancestors 'none'; form-action 'self'; base-uri 'none'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),  # no-referrer would make forms say Origin: null
]


@dataclass(eq=False)
class Server:
    """What the application holds for its life: settings, the checker, the checks."""

    settings: ServeSettings
    checker: Checker
    jobs: Jobs
    tasks: set[asyncio.Task[None]] = field(default_factory=set)

    def start(self, work: Awaitable[None]) -> None:
        task: asyncio.Task[None] = asyncio.ensure_future(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)


def create_app(settings: ServeSettings) -> Starlette:
    """The application `serve` runs; everything it holds is made at start-up and closed at
    shutdown (the engine, and the uploads' folder unless --keep)."""
    holder: dict[str, Server] = {}

    @contextlib.asynccontextmanager
    async def lifespan(_: Starlette) -> AsyncIterator[None]:
        root = Path(tempfile.mkdtemp(prefix="cite-sentinel-web-"))
        checker = Checker(
            settings.config,
            settings.environ,
            offline=settings.offline,
            refresh=settings.refresh,
            budget=settings.budget,
            fulltext=settings.fulltext,
        )
        server = Server(settings, checker, Jobs(root, keep=settings.keep))
        holder["server"] = server
        try:
            yield
        finally:
            for task in list(server.tasks):
                task.cancel()
            await asyncio.gather(*server.tasks, return_exceptions=True)
            await checker.aclose()
            if settings.keep:
                print(f"cite-sentinel: the uploads are kept in {root}", flush=True)
            else:
                shutil.rmtree(root, ignore_errors=True)

    def handler(
        route: Callable[[Server, Request], Awaitable[Response]],
    ) -> Callable[[Request], Awaitable[Response]]:
        async def handle(request: Request) -> Response:
            if request.method == "POST" and not _same_origin(request):
                return _message("Refused", "this form came from another site", 403)
            return await route(holder["server"], request)

        return handle

    routes = [
        Route("/", handler(_index)),
        Route("/checks", handler(_new_check), methods=["POST"]),
        Route("/batches", handler(_new_batch), methods=["POST"]),
        Route("/checks/{id}/", handler(_check_page)),
        Route("/checks/{id}/events", handler(_check_events)),
        Route("/checks/{id}/accept", handler(_accept), methods=["POST"]),
        Route("/checks/{id}/report.{suffix}", handler(_report)),
        Route("/checks/{id}/fixed/{number:int}", handler(_fixed)),
        Route("/checks/{id}/allow.toml", handler(_allow_list)),
        Route("/batches/{id}/", handler(_batch_page)),
        Route("/batches/{id}/events", handler(_batch_events)),
        Mount("/static", app=StaticFiles(directory=STATIC), name="static"),
    ]
    hosts = [*LOOPBACK, "[::1]"] if settings.local_only else ["*"]
    return Starlette(
        routes=routes,
        lifespan=lifespan,
        middleware=[
            Middleware(TrustedHostMiddleware, allowed_hosts=hosts),
            Middleware(_SecurityHeaders),
        ],
        exception_handlers={HTTPException: _http_error, Exception: _bug},
    )


async def _index(server: Server, request: Request) -> Response:
    settings = server.settings
    return HTMLResponse(pages.index_page(settings.limits, ground=settings.config.ground))


async def _new_check(server: Server, request: Request) -> Response:
    folder = server.jobs.new_folder()
    try:
        uploads, pasted, ground = await _read_form(request, server)
        stored = _stored(uploads, pasted, folder, server)
    except UploadError as error:
        server.jobs.release(folder)
        return _refused(server, str(error))
    check = Check(
        title=_title(stored, folder),
        folder=folder,
        inputs=stored.inputs,
        ground=ground,
        notes=stored.notes,
    )
    server.jobs.add(check)
    server.start(run_check(server.checker, check, server.jobs))
    return RedirectResponse(f"/checks/{check.id}/", status_code=303)


async def _new_batch(server: Server, request: Request) -> Response:
    folder = server.jobs.new_folder()
    try:
        uploads, _, _ = await _read_form(request, server)
        stored = _stored(uploads, "", folder, server)
        parts = manuscripts(folder, stored.inputs, server.settings.limits)
        if not parts:
            raise UploadError("the upload holds no manuscript cite-sentinel reads")
    except (UploadError, CiteSentinelError) as error:
        server.jobs.release(folder)
        return _refused(server, str(error))
    checks = [
        Check(title=part.name, folder=part.folder, inputs=part.files, owns_folder=False)
        for part in parts
    ]
    batch = Batch(
        title=f"Batch of {len(checks)} manuscripts", folder=folder, checks=checks,
        notes=stored.notes,
    )  # fmt: skip
    server.jobs.add(batch)
    server.start(run_batch(server.checker, batch, server.jobs))
    return RedirectResponse(f"/batches/{batch.id}/", status_code=303)


def _stored(uploads: list[Upload], pasted: str, folder: Path, server: Server) -> Stored:
    stored = store(uploads, pasted, folder, server.settings.limits)
    if stored.empty:
        said = f" ({'; '.join(stored.notes)})" if stored.notes else ""
        raise UploadError(f"nothing to check: choose files or paste a reference list{said}")
    return stored


async def _read_form(request: Request, server: Server) -> tuple[list[Upload], str, bool]:
    """The files, the pasted text and the groundedness box of an upload form, within limits."""
    limits = server.settings.limits
    length = request.headers.get("content-length", "")
    if not length.isdigit():
        raise UploadError("the browser did not say how large the upload is; try another browser")
    if int(length) > limits.upload_bytes + (1 << 20):  # the form's own text beside the files
        raise UploadError(
            f"the upload is larger than {limits.upload_bytes >> 20} MB; upload fewer files at a "
            "time"
        )
    try:
        async with request.form(
            max_files=limits.files + 1, max_fields=20, max_part_size=limits.pasted_chars * 4
        ) as form:
            files = [item for item in form.getlist("files") if isinstance(item, UploadFile)]
            uploads = [Upload(item.filename or "", await item.read()) for item in files]
            pasted = form.get("pasted")
            ground = form.get("ground") == "1"
    except HTTPException as error:
        raise UploadError(
            f"the upload could not be read ({error.detail}); at most {limits.files} files at a time"
        ) from error
    uploads = [upload for upload in uploads if upload.name or upload.data]
    return uploads, pasted if isinstance(pasted, str) else "", ground


def _title(stored: Stored, folder: Path) -> str:
    names = [path.relative_to(folder).as_posix() for path in stored.inputs]
    shown = ", ".join(names[:4]) + (f" and {len(names) - 4} more" if len(names) > 4 else "")
    return f"Check of {shown}"


def _refused(server: Server, message: str) -> Response:
    settings = server.settings
    page = pages.index_page(settings.limits, ground=settings.config.ground, error=message)
    return HTMLResponse(page, status_code=400)


async def _check_page(server: Server, request: Request) -> Response:
    return HTMLResponse(pages.check_page(_check(server, request)))


async def _batch_page(server: Server, request: Request) -> Response:
    batch = server.jobs.batch(request.path_params["id"])
    if batch is None:
        raise HTTPException(404, "no such batch: it finished long ago or the server restarted")
    return HTMLResponse(pages.batch_page(batch))


async def _check_events(server: Server, request: Request) -> Response:
    return _events(_check(server, request).stream)


async def _batch_events(server: Server, request: Request) -> Response:
    batch = server.jobs.batch(request.path_params["id"])
    if batch is None:
        raise HTTPException(404, "no such batch: it finished long ago or the server restarted")
    return _events(batch.stream)


def _events(stream: Stream) -> Response:
    async def encoded() -> AsyncIterator[bytes]:
        async for event in stream.follow():
            yield event.encoded()

    return StreamingResponse(
        encoded(),
        media_type="text/event-stream",
        headers={"cache-control": "no-cache", "x-accel-buffering": "no"},
    )


async def _accept(server: Server, request: Request) -> Response:
    """Accept a reference (or take it back): remembered for this check, in its downloads."""
    check = _check(server, request)
    async with request.form(max_files=0, max_fields=4) as form:
        key = str(form.get("key") or "")
        accepted = form.get("accepted") != "0"
    known = {reference.key for reference in check.result.references} if check.result else None
    if not key or (known is not None and key not in known):
        raise HTTPException(400, "no reference of that key in this check")
    if accepted:
        check.accepted.add(key)
    else:
        check.accepted.discard(key)
    if "application/json" in request.headers.get("accept", ""):
        return JSONResponse({"key": key, "accepted": accepted})
    return RedirectResponse(f"/checks/{check.id}/", status_code=303)


async def _report(server: Server, request: Request) -> Response:
    check = _finished(server, request)
    suffix = request.path_params["suffix"]
    if suffix not in downloads.REPORT_SUFFIXES:
        raise HTTPException(404, "reports come as .json, .csv, .md and .sarif")
    return _download(downloads.report(check, suffix))


async def _fixed(server: Server, request: Request) -> Response:
    check = _finished(server, request)
    number = request.path_params["number"]
    if not 0 <= number < len(check.kept):
        raise HTTPException(404, "this check has no such bibliography")
    try:
        return _download(downloads.corrected(check, check.kept[number]))
    except CiteSentinelError as error:
        return _message("No corrected copy", str(error), 409)


async def _allow_list(server: Server, request: Request) -> Response:
    return _download(downloads.allow_list(_finished(server, request)))


def _check(server: Server, request: Request) -> Check:
    check = server.jobs.check(request.path_params["id"])
    if check is None:
        raise HTTPException(404, "no such check: it finished long ago or the server restarted")
    return check


def _finished(server: Server, request: Request) -> Check:
    check = _check(server, request)
    if check.result is None:
        raise HTTPException(409, "the check has not finished; the downloads come when it has")
    return check


def _download(download: downloads.Download) -> Response:
    return Response(
        download.text,
        media_type=download.media_type,
        headers={"content-disposition": f'attachment; filename="{download.name}"'},
    )


def _same_origin(request: Request) -> bool:
    """A form posted by this server's own page (or by a client that says no origin)."""
    origin = request.headers.get("origin")
    if origin is None or origin == "null":
        return origin is None
    return urlsplit(origin).netloc == request.headers.get("host", "")


async def _http_error(request: Request, error: Exception) -> Response:
    assert isinstance(error, HTTPException)
    if "application/json" in request.headers.get("accept", ""):
        return JSONResponse({"error": error.detail}, status_code=error.status_code)
    title = {404: "Not found", 409: "Not yet"}.get(error.status_code, "Refused")
    return _message(title, str(error.detail), error.status_code)


async def _bug(request: Request, error: Exception) -> Response:
    """A bug met while answering one request: said in the page, logged, and the server goes on."""
    log.error("%s %s failed", request.method, request.url.path, exc_info=error)
    return _message("Something went wrong", BUG, 500)


def _message(title: str, message: str, status: int) -> Response:
    return HTMLResponse(pages.message_page(title, message), status_code=status)


class _SecurityHeaders:
    """No script, style or frame from elsewhere; no sniffing; no referrer sent out."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers: list[Any] = list(message.get("headers", []))
                message = {**message, "headers": headers + _SECURITY_HEADERS}
            await send(message)

        await self.app(scope, receive, with_headers)
