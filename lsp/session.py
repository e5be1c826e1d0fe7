"""One client's session: protocol glue between the messages and the one core Workspace."""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Callable, Mapping
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from cite_sentinel.core import CheckSession, Finding, Location, Verdict
from cite_sentinel.core.verify import Engine
from cite_sentinel.core.workspace import (
    Pending,
    Workspace,
    complete_pending,
    finish,
    local_findings,
    placements,
    verdict_findings,
)
from cite_sentinel.lsp.config import UNUSED_LIMIT, Settings, verification_config
from cite_sentinel.lsp.convert import path_of, to_range, uri_of
from cite_sentinel.lsp.features.diagnostics import RangeOf, by_uri
from lsprotocol import types
from pygls.lsp.server import LanguageServer

if TYPE_CHECKING:
    from cite_sentinel.core.ground import CitationSupport

log = logging.getLogger(__name__)

TYPING_PAUSE = 0.3  # seconds without an edit before a large .bib's entries are read again


class Verifying(Protocol):
    """The network wave (features.verification): verdicts for the workspace's references."""

    def lease(self) -> AbstractAsyncContextManager[Engine]: ...
    def schedule(self) -> None: ...
    def cancel(self, *, by_user: bool) -> None: ...
    def shutdown(self) -> None: ...
    def is_progress(self, token: object) -> bool: ...


class Judging(Protocol):
    """Groundedness (features.grounding): each citing sentence against the work it cites."""

    def schedule(self) -> None: ...
    def cancel(self) -> None: ...
    def findings(self) -> list[Finding]: ...
    def support_at(self, location: Location, key: str) -> CitationSupport | None: ...


class Session:
    """Everything the handlers share; created once per server."""

    def __init__(
        self,
        server: LanguageServer,
        environ: Mapping[str, str] | None,
        *,
        wave: Callable[[Session], Verifying],
        grounding: Callable[[Session], Judging],
    ) -> None:
        self.server = server
        self.environ = dict(os.environ if environ is None else environ)
        self.settings = Settings()
        self.workspace = Workspace(self.settings.config, live=True, unused_limit=UNUSED_LIMIT)
        self.root: Path | None = None  # the first workspace folder: its settings are used
        # the engine and the verdicts, keyed as check keys them (by key and content)
        self.checks = CheckSession(verification_config(self.settings), self.environ)
        self.verdicts = self.checks.verdicts
        self.pull = False  # the client pulls diagnostics (decided at initialize); else we push
        self._published: dict[str, list[types.Diagnostic]] = {}
        self._result_ids: dict[str, int] = {}  # pull mode: bumped when a file's list changes
        self._pending: dict[str, asyncio.Task[None]] = {}  # edits waiting for the debounce
        self._completing: dict[str, asyncio.Task[None]] = {}  # large .bib entries being read
        self._lines: dict[str, tuple[str, list[str]]] = {}  # path: (text, its lines)
        self.wave = wave(self)
        self.grounding = grounding(self)  # judged citations, refreshed by the wave

    def configure(self, root: Path | None, settings: Settings) -> None:
        """New settings; the workspace keeps what it read but takes the new core Config."""
        self.root = root
        self.settings = settings
        self.workspace.config = settings.config
        self.checks.reconfigure(verification_config(settings), offline=settings.offline)

    def changed(self, uri: str, text: str, version: int | None, *, at_once: bool) -> None:
        """A buffer changed: read it now or after the debounce delay, then publish."""
        path = path_of(uri)
        previous = self._pending.pop(path, None)
        if previous is not None:
            previous.cancel()
        if at_once or self.settings.debounce_ms == 0:
            self._refresh(path, text, version)
            return
        self._pending[path] = asyncio.ensure_future(self._later(path, text, version))

    def flush(self) -> None:
        """Read the edits still waiting for their debounce delay now: a request that names
        positions (hover, a quick fix, rename) must see the text as typed, not as last read."""
        for path, pending in list(self._pending.items()):
            pending.cancel()
            del self._pending[path]
            document = self.server.workspace.text_documents.get(uri_of(path))
            if document is not None:
                self._refresh(path, document.source, document.version)

    def refreshed(self) -> None:
        """The workspace changed (files read, forgotten, settings): push, read, verify."""
        self.publish()
        self.complete()
        self.wave.schedule()

    async def _later(self, path: str, text: str, version: int | None) -> None:
        await asyncio.sleep(self.settings.debounce_ms / 1000)  # the debounce delay itself
        self._pending.pop(path, None)
        self._refresh(path, text, version)

    def _refresh(self, path: str, text: str, version: int | None) -> None:
        try:
            self.workspace.update(path, text, version=version)
        except Exception:  # a reader's bug must not end the server
            log.exception("reading %s failed; please report this with the file", path)
            return
        self.refreshed()

    def complete(self) -> None:
        """Start reading the entries of each large .bib whose reading is behind its text."""
        for job in self.workspace.pending():
            if job.path not in self._completing:
                self._completing[job.path] = asyncio.ensure_future(self._complete(job.path))

    async def _complete(self, path: str) -> None:
        """Read in a worker thread, so the event loop keeps answering; newer text reads again.

        The thread gets an immutable job (the snapshot to read, the entries to reuse) and
        returns new entries; only this loop changes the workspace.
        """
        workspace = self.workspace
        try:
            while (job := _job(workspace, path)) is not None:
                if job.pause:  # the local findings are complete: wait for a pause in typing
                    await asyncio.sleep(TYPING_PAUSE)
                    if _job(workspace, path) != job:
                        continue  # edited meanwhile: wait for the next pause
                entries = await asyncio.to_thread(complete_pending, job)
                if workspace.commit(entries):  # else edited meanwhile: read again, reusing
                    # pushed even unchanged where the first push was not complete
                    self.publish(complete=uri_of(path) if job.snapshot.crossing else None)
                    self.wave.schedule()
        except Exception:  # a reader's bug must not end the server
            log.exception("reading %s failed; please report this with the file", path)
        finally:
            self._completing.pop(path, None)
        self.complete()  # bibliographies named by what was just read

    def publish(self, complete: str | None = None) -> None:
        """Push every file's diagnostics that changed since the last push (empty where gone).

        `complete` names a file whose entries were just read: it is pushed even unchanged,
        telling the client its diagnostics are now complete.
        """
        try:
            fresh = by_uri(self.findings(), self.range_of, self.verdict_of())
        except Exception:
            log.exception("computing diagnostics failed; please report this")
            return
        for uri in set(self._published) - set(fresh):
            fresh[uri] = []
        for gone in set(self._lines) - set(self.workspace.documents):
            del self._lines[gone]  # a forgotten file's lines
        refresh = False
        for uri, diagnostics in fresh.items():
            if uri != complete and uri in self._published and self._published[uri] == diagnostics:
                continue
            self._published[uri] = diagnostics
            if self.pull:
                self._result_ids[uri] = self._result_ids.get(uri, 0) + 1
                refresh = True
                continue
            document = self.workspace.document(path_of(uri))
            version = document.version if document is not None and document.is_open else None
            self.server.text_document_publish_diagnostics(
                types.PublishDiagnosticsParams(uri=uri, diagnostics=diagnostics, version=version)
            )
        if refresh:
            self.server.workspace_diagnostic_refresh(None)

    def current(self, uri: str) -> tuple[str, list[types.Diagnostic]]:
        """Pull mode: a file's result id and its diagnostics as last computed."""
        return str(self._result_ids.get(uri, 0)), self._published.get(uri, [])

    def findings(self) -> dict[str, list[Finding]]:
        """What the workspace says, the verdicts on its current entries, the judged citations."""
        workspace = self.workspace
        by_path: dict[str, list[Finding]] = {path: [] for path in workspace.documents}
        for path, found in local_findings(workspace).items():  # every file: [] says "clean"
            by_path.setdefault(path, []).extend(found)
        for finding in verdict_findings(workspace, self.verdicts.values()):
            by_path.setdefault(finding.location.path, []).append(finding)
        for judged in finish(self.grounding.findings(), workspace.config.severities):
            by_path.setdefault(judged.location.path, []).append(judged)
        return by_path

    def verdict_of(self) -> Callable[[Finding], Verdict | None]:
        """The verdict a finding tells of: the one placed where the finding is (a key defined
        for two works has one at each), else the first on its key."""
        verdicts = self.verdicts.values()
        placed = {
            (verdict.key, where): verdict
            for verdict, places in placements(self.workspace, verdicts)
            for where in places
        }
        first: dict[str, Verdict] = {}
        for verdict in verdicts:
            first.setdefault(verdict.key, verdict)

        def verdict_of(finding: Finding) -> Verdict | None:
            if not finding.key:
                return None
            return placed.get((finding.key, finding.location)) or first.get(finding.key)

        return verdict_of

    def verdict_at(self, path: str, key: str, *, is_entry: bool, where: Location) -> Verdict | None:
        """The verdict on the entry a key names at a place: the entry written there, or the
        one a citation there resolves to."""
        workspace = self.workspace
        if is_entry:
            here = [ref for ref in workspace.references(key) if ref.location.path == where.path]
            reference = next((ref for ref in here if ref.key_location == where), None)
            reference = reference or next(iter(here), None)
        else:
            reference = workspace.target(path, key)
        if reference is None:
            return next((v for v in self.verdicts.values() if v.key == key), None)
        return self.verdicts.get(reference)  # by key and content: no walk over every verdict

    def range_of(self, path: str) -> RangeOf:
        """The converter of one file's locations into the client's encoding."""
        codec = self.server.workspace.position_codec

        def convert(location: Location) -> types.Range:
            return to_range(location, self.lines(path), codec)  # split once, on first use

        return convert

    def lines(self, path: str) -> list[str]:
        """A known file's lines as the server read them (split once per text)."""
        document = self.workspace.document(path)
        if document is None:
            return []
        cached = self._lines.get(path)
        if cached is not None and cached[0] is document.text:
            return cached[1]
        lines = document.text.splitlines(keepends=True)
        self._lines[path] = (document.text, lines)
        return lines

    def cancel_all(self) -> None:
        """Stop the debounce timers and the readings in flight (shutdown)."""
        for task in (*self._pending.values(), *self._completing.values()):
            task.cancel()
        self._pending.clear()
        self.grounding.cancel()


def _job(workspace: Workspace, path: str) -> Pending | None:
    return next((job for job in workspace.pending() if job.path == path), None)
