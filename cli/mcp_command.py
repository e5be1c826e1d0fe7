"""`cite-sentinel mcp`: the MCP server for AI assistants, on stdio or on localhost over HTTP."""

from __future__ import annotations

import argparse
import asyncio
import logging
import socket
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from cite_sentinel.config_file import config_for
from cite_sentinel.core import InputError, with_environment
from cite_sentinel.core.http import MaskingFilter
from cite_sentinel.exit_codes import ExitCode

if TYPE_CHECKING:  # the SDK loads only when the command runs
    from collections.abc import Callable
    from typing import Any

    from cite_sentinel.mcp.session import Session, Settings
    from mcp.server.mcpserver import MCPServer

    Builder = Callable[[Session], MCPServer[Any]]

LOCALHOST = "127.0.0.1"
MISSING_EXTRA = (
    "the mcp command needs the MCP SDK, which is not installed; install it with "
    "`pip install 'cite-sentinel[mcp]'`"
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of `mcp`."""
    parser.add_argument(
        "--http",
        metavar="PORT",
        type=int,
        help=f"serve streamable HTTP on {LOCALHOST}:PORT/mcp instead of stdio "
        "(0: a free port, said on stderr)",
    )
    parser.add_argument(
        "--root",
        metavar="FOLDER",
        action="append",
        default=[],
        help="a folder check_bibliography may read when the client grants no roots "
        "(repeatable; a client's roots take precedence)",
    )
    parser.add_argument("--config", metavar="FILE", help="configuration file (TOML)")
    parser.add_argument(
        "--offline", action="store_true", help="answer from the cache only; ask no index"
    )
    parser.add_argument(
        "--log-level", default="WARNING", help="log level on stderr (default WARNING)"
    )


def run_mcp(options: argparse.Namespace, environ: Mapping[str, str]) -> ExitCode:
    """Serve until the client closes stdin (stdio) or until interrupted (HTTP)."""
    try:
        from cite_sentinel.core.workspace import Roots
        from cite_sentinel.mcp.server import build_server
        from cite_sentinel.mcp.session import Settings
    except ImportError as error:
        if error.name is None or not error.name.startswith("mcp"):
            raise
        print(f"cite-sentinel: {MISSING_EXTRA}", file=sys.stderr)
        return ExitCode.INPUT
    if options.http is not None and not 0 <= options.http <= 65535:
        raise InputError(f"--http {options.http}: a port is a number from 0 to 65535")
    folders = [_folder(name) for name in options.root]
    settings = Settings(
        config=with_environment(
            config_for([str(folder) for folder in folders], options.config), environ
        ),
        environ=environ,
        roots=Roots.of(folders, "--root"),
        offline=options.offline,
    )
    _log_to_stderr(str(options.log_level).upper(), environ)
    asyncio.run(_serve(build_server, settings, options.http))
    return ExitCode.CLEAN


async def _serve(build_server: Builder, settings: Settings, port: int | None) -> None:
    from cite_sentinel.mcp.session import open_session

    async with open_session(settings) as session:
        app = build_server(session)
        if port is None:
            await app.run_stdio_async()
        else:
            await _serve_http(app.streamable_http_app(host=LOCALHOST), port)


async def _serve_http(app: object, port: int) -> None:
    """Serve on localhost only; the port chosen is said on stderr (for --http 0)."""
    import uvicorn

    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listener.bind((LOCALHOST, port))
    except OSError as error:
        listener.close()
        raise InputError(
            f"--http {port}: cannot listen on {LOCALHOST}:{port} ({error.strerror}); "
            "choose another port, or 0 for a free one"
        ) from error
    chosen = listener.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on"))  # type: ignore[arg-type]
    print(f"cite-sentinel mcp: serving on http://{LOCALHOST}:{chosen}/mcp", file=sys.stderr)
    sys.stderr.flush()
    await server.serve(sockets=[listener])


def _folder(name: str) -> Path:
    path = Path(name).expanduser()
    if not path.is_dir():
        raise InputError(f"--root {name}: no such folder; name a folder the server may read")
    return path.absolute()


def _log_to_stderr(level: str, environ: Mapping[str, str]) -> None:
    """Log lines on stderr (stdout is the protocol on stdio), with every key masked."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(
        logging.Formatter("cite-sentinel mcp: %(levelname)s %(name)s: %(message)s")
    )
    handler.addFilter(MaskingFilter(environ))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
