"""`cite-sentinel serve`: the web page for reviewers, editors and programme chairs."""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import socket
import sys
from collections.abc import Mapping
from pathlib import Path

from cite_sentinel.config_file import config_for, with_locations
from cite_sentinel.core import InputError, configured
from cite_sentinel.core.batch import STATE_FILE
from cite_sentinel.core.catalog import is_postgres
from cite_sentinel.core.http import MaskingFilter
from cite_sentinel.exit_codes import ExitCode

MISSING_EXTRA = (
    "the serve command needs Starlette and uvicorn, which are not installed; install them "
    "with `pip install 'cite-sentinel[web]'`"
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of `serve`."""
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="the address to listen on (default 127.0.0.1: this computer only; another "
        "address lets other computers upload manuscripts)",
    )
    parser.add_argument(
        "--port",
        type=int,
        default=8000,
        help="the port to listen on (default 8000; 0: a free one, said on start)",
    )
    parser.add_argument(
        "--catalog",
        metavar="LOCATION",
        help="the local catalog asked first: a SQLite file or a postgresql:// URL, or off",
    )
    parser.add_argument(
        "--cache", metavar="URL", help="a postgresql:// answer cache shared by many machines"
    )
    parser.add_argument(
        "--queue",
        metavar="LOCATION",
        help="share the request budget of a batch queue (a postgresql:// URL, or the "
        "batch.sqlite of a `cite-sentinel batch` output folder) with its workers",
    )
    parser.add_argument(
        "--fulltext",
        metavar="DIR",
        help="a folder of the cited works' full texts (PDFs or texts named by key or DOI, / as "
        "_) that groundedness reads, as `check --fulltext`",
    )
    parser.add_argument(
        "--keep",
        action="store_true",
        help="keep each upload's files after its check (default: removed when it is done)",
    )
    parser.add_argument(
        "--offline", action="store_true", help="answer from the catalog and the cache only"
    )
    parser.add_argument("--refresh", action="store_true", help="ignore cached answers")
    parser.add_argument("--config", metavar="FILE", help="read settings from FILE")


def run_serve(options: argparse.Namespace, environ: Mapping[str, str]) -> ExitCode:
    """Serve the page until interrupted."""
    try:
        import uvicorn
        from cite_sentinel.web import ServeSettings, create_app
    except ImportError as error:
        if error.name is None or error.name.split(".")[0] not in _EXTRA_MODULES:
            raise
        print(f"cite-sentinel: {MISSING_EXTRA}", file=sys.stderr)
        return ExitCode.INPUT
    if not 0 <= options.port <= 65535:
        raise InputError(f"--port {options.port}: a port is a number from 0 to 65535")
    if options.offline and options.refresh:
        raise InputError("--offline and --refresh exclude each other: refreshing needs the network")
    config = with_locations(
        configured(config_for([], options.config), environ, {}), options.catalog, options.cache
    )
    settings = ServeSettings(
        config=config,
        environ=environ,
        host=options.host,
        offline=options.offline,
        refresh=options.refresh,
        keep=options.keep,
        budget=_budget(options.queue),
        fulltext=_fulltext(options.fulltext),
    )
    listener = _listen(options.host, options.port)
    _log_to_stderr(environ)
    server = uvicorn.Server(
        uvicorn.Config(
            create_app(settings),
            log_level="warning",
            lifespan="on",
            timeout_graceful_shutdown=2,
        )
    )
    print(f"cite-sentinel: serving {_url(listener)} (Ctrl-C to stop)", flush=True)
    if not settings.local_only:
        print(
            f"cite-sentinel: --host {options.host}: anyone who can reach this computer can "
            "upload files and use its API keys' allowance; put it behind a proxy you trust",
            file=sys.stderr,
            flush=True,
        )
    # uvicorn stops on SIGINT or SIGTERM, then raises the signal again for the handler it
    # found: Ctrl-C and SIGTERM are how a server is stopped, not an interruption.
    previous = signal.signal(signal.SIGTERM, lambda *_: None)
    try:
        asyncio.run(server.serve(sockets=[listener]))
    except KeyboardInterrupt:
        pass
    finally:
        signal.signal(signal.SIGTERM, previous)
    return ExitCode.CLEAN


_EXTRA_MODULES = frozenset({"starlette", "uvicorn", "multipart", "python_multipart"})


def _log_to_stderr(environ: Mapping[str, str]) -> None:
    """Warnings and the tracebacks of bugs on stderr, every key masked."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(
        logging.Formatter("cite-sentinel serve: %(levelname)s %(name)s: %(message)s")
    )
    handler.addFilter(MaskingFilter(environ))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(logging.WARNING)


def _budget(location: str | None) -> str:
    """The queue whose budget the page shares: a database URL, or a batch's state file."""
    if not location or is_postgres(location):
        return location or ""
    path = Path(location)
    if path.is_dir():
        path = path / STATE_FILE
    if not path.is_file():
        raise InputError(
            f"--queue {location}: no batch queue there; give a postgresql:// URL or the "
            f"{STATE_FILE} of a `cite-sentinel batch` output folder"
        )
    return str(path.absolute())


def _fulltext(folder: str | None) -> Path | None:
    """The full texts' folder, made absolute (the server may change its working folder)."""
    if folder is None:
        return None
    path = Path(folder).expanduser()
    if not path.is_dir():
        raise InputError(f"--fulltext {folder}: no such folder; give a folder of PDFs or texts")
    return path.absolute()


def _listen(host: str, port: int) -> socket.socket:
    """A socket bound to host:port (port 0: one the system chooses), or a sentence why not."""
    try:
        family, kind, _, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    except socket.gaierror as error:
        raise InputError(f"--host {host}: not an address of this computer ({error})") from error
    listener = socket.socket(family, kind)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listener.bind(address)
    except OSError as error:
        listener.close()
        raise InputError(
            f"--port {port}: cannot listen on {host}:{port} ({error.strerror}); choose another "
            "port, or 0 for a free one"
        ) from error
    listener.listen(128)
    return listener


def _url(listener: socket.socket) -> str:
    host, port = listener.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/"
