"""What the server holds for its lifetime: one core check session, and the last reports."""

from __future__ import annotations

import contextlib
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Mapping
from dataclasses import dataclass

from cite_sentinel.core import CheckSession, Config
from cite_sentinel.core.workspace import Roots
from cite_sentinel.mcp.progress import engine_progress

_KEPT_REPORTS = 64


@dataclass(frozen=True, slots=True, kw_only=True)
class Settings:
    """How the server was started: configuration, environment, folders, offline."""

    config: Config
    environ: Mapping[str, str]
    roots: Roots  # from --root: used when the client grants no roots
    offline: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class StoredReport:
    """The JSON report of the last check of one file."""

    uri: str
    path: str
    text: str
    checked_at: float


class Session:
    """The core session every tool asks through, and the reports of the files checked."""

    def __init__(self, settings: Settings, checks: CheckSession) -> None:
        self.settings = settings
        self.checks = checks
        self._reports: OrderedDict[str, StoredReport] = OrderedDict()

    @property
    def config(self) -> Config:
        return self.checks.config

    def keep_report(self, uri: str, path: str, text: str) -> None:
        """Remember a file's report (the last few files only)."""
        self._reports.pop(uri, None)
        self._reports[uri] = StoredReport(uri=uri, path=path, text=text, checked_at=time.time())
        while len(self._reports) > _KEPT_REPORTS:
            self._reports.popitem(last=False)

    def report(self, uri: str) -> StoredReport | None:
        return self._reports.get(uri)

    def reports(self) -> tuple[StoredReport, ...]:
        return tuple(reversed(self._reports.values()))


@contextlib.asynccontextmanager
async def open_session(settings: Settings) -> AsyncIterator[Session]:
    """The one place the server's check session is made, and closed when the server stops."""
    checks = CheckSession(
        settings.config, settings.environ, offline=settings.offline, progress=engine_progress
    )
    async with checks:  # one HTTP client, cache and set of limits for the server's life
        yield Session(settings, checks)
