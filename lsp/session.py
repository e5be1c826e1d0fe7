"""One client's session: the workspace state, settings, verdicts and what has been published."""

from __future__ import annotations

import asyncio
import gc
import logging
import os
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path

from cite_sentinel.core import Finding, Location, Severity, Verdict
from cite_sentinel.core.verdict_findings import verdict_findings
from cite_sentinel.lsp.config import Settings, file_accepts, severities
from cite_sentinel.lsp.convert import path_of, to_range, uri_of
from cite_sentinel.lsp.features.diagnostics import RangeOf, by_uri
from cite_sentinel.lsp.features.grounding import Grounding
from cite_sentinel.lsp.features.verification import Wave
from cite_sentinel.lsp.state import Workspace
from lsprotocol import types
from pygls.lsp.server import LanguageServer

log = logging.getLogger(__name__)


class Session:
    """Everything the handlers share; created once per server."""

    def __init__(self, server: LanguageServer, environ: Mapping[str, str] | None = None) -> None:
        self.server = server
        self.environ = dict(os.environ if environ is None else environ)
        self.settings = Settings()
        self.workspace = Workspace(self.settings.config)
        self.root: Path | None = None  # the first workspace folder: its settings are used
        self.file_accepts: tuple[str, ...] = ()
        self.verdicts: dict[str, Verdict] = {}
        self._published: dict[str, list[types.Diagnostic]] = {}
        self.pull = False  # the client pulls diagnostics (decided at initialize); else we push
        self._result_ids: dict[str, int] = {}  # pull mode: bumped when a file's list changes
        self._pending: dict[str, asyncio.Task[None]] = {}
        self._reading: dict[str, asyncio.Task[None]] = {}  # full readings in worker threads
        self._lines: dict[str, tuple[str, list[str]]] = {}  # path: (text, its lines)
        self.wave = Wave(self)
        self.grounding = Grounding(self)  # judged citations, refreshed by the wave

    def configure(self, root: Path | None, settings: Settings) -> None:
        """New settings; the workspace keeps what it read but takes the new core Config."""
        self.root = root
        self.settings = settings
        self.workspace.config = settings.config
        self.file_accepts = file_accepts(settings.config)

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

    async def _later(self, path: str, text: str, version: int | None) -> None:
        await asyncio.sleep(self.settings.debounce_ms / 1000)  # the debounce delay itself
        self._pending.pop(path, None)
        self._refresh(path, text, version)

    def _refresh(self, path: str, text: str, version: int | None) -> None:
        try:
            self.workspace.update(path, text, version)
        except Exception:  # a reader's bug must not end the server
            log.exception("reading %s failed; please report this with the file", path)
            return
        self.publish()
        self.read_staged()
        self.wave.schedule()

    def read_staged(self) -> None:
        """Start the full reading of each staged bibliography that is not being read yet."""
        for path in list(self.workspace.staged):
            if path not in self._reading:
                self._reading[path] = asyncio.ensure_future(self._read_staged(path))

    async def _read_staged(self, path: str) -> None:
        """Read in a worker thread, so the event loop keeps answering; newer text reads again."""
        workspace = self.workspace
        try:
            while (staged := workspace.staged.get(path)) is not None:
                reading = await asyncio.to_thread(workspace.read_staged, path, staged)
                if workspace.staged.get(path) is not staged:
                    continue  # edited meanwhile: the entries read so far are reused
                del workspace.staged[path]
                workspace.commit(path, staged.text, staged.version, reading, is_open=staged.is_open)
                # the entries just read live long: spare them the collector's full passes,
                # which otherwise stall a keystroke for ~100 ms on a large bibliography
                gc.freeze()
                # pushed even unchanged, unless the first push was complete already
                self.publish(complete=None if workspace.complete_at_once(path) else uri_of(path))
                self.wave.schedule()
        except Exception:  # a reader's bug must not end the server
            log.exception("reading %s failed; please report this with the file", path)
            workspace.staged.pop(path, None)
        finally:
            self._reading.pop(path, None)
        self.read_staged()  # bibliographies named by what was just read

    def publish(self, complete: str | None = None) -> None:
        """Push every file's diagnostics that changed since the last push (empty where gone).

        `complete` names a file whose full reading just ended: it is pushed even unchanged,
        telling the client its diagnostics are now complete.
        """
        try:
            findings = self.findings()
            fresh = by_uri(findings, self.range_of, self.verdicts)
        except Exception:
            log.exception("computing diagnostics failed; please report this")
            return
        for uri in set(self._published) - set(fresh):
            fresh[uri] = []
        for gone in set(self._lines) - set(self.workspace.files):
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
            state = self.workspace.files.get(path_of(uri))
            version = state.version if state and state.is_open else None
            self.server.text_document_publish_diagnostics(
                types.PublishDiagnosticsParams(uri=uri, diagnostics=diagnostics, version=version)
            )

        if refresh:
            self.server.workspace_diagnostic_refresh(None)

    def current(self, uri: str) -> tuple[str, list[types.Diagnostic]]:
        """Pull mode: a file's result id and its diagnostics as last computed."""
        return str(self._result_ids.get(uri, 0)), self._published.get(uri, [])

    def findings(self) -> dict[str, list[Finding]]:
        """Local findings, then those of the verdicts that apply to the current entries."""
        levels = severities(self.settings)
        by_path = {
            path: [f for f in (_levelled(f, levels) for f in found) if f is not None]
            for path, found in self.workspace.local_findings().items()
        }
        accept = (*self.settings.accept, *self.file_accepts)
        current = [
            v for key, v in self.verdicts.items() if not self.workspace.accepted(key, accept)
        ]
        references, citations = self.workspace.verdict_targets(current)
        for finding in verdict_findings(current, references, citations, levels):
            by_path.setdefault(finding.location.path, []).append(finding)
        for judged in self.grounding.findings():
            levelled = _levelled(judged, levels)
            if levelled is not None:
                by_path.setdefault(levelled.location.path, []).append(levelled)
        return by_path

    def range_of(self, path: str) -> RangeOf:
        """The converter of one file's locations into the client's encoding."""
        codec = self.server.workspace.position_codec

        def convert(location: Location) -> types.Range:
            return to_range(location, self.lines(path), codec)  # split once, on first use

        return convert

    def lines(self, path: str) -> list[str]:
        """A known file's lines as the server read them (split once per text)."""
        state = self.workspace.files.get(path)
        if state is None:
            return []
        cached = self._lines.get(path)
        if cached is not None and cached[0] is state.text:
            return cached[1]
        lines = state.text.splitlines(keepends=True)
        self._lines[path] = (state.text, lines)
        return lines

    def cancel_all(self) -> None:
        """Stop the debounce timers and the readings in flight (shutdown)."""
        for task in (*self._pending.values(), *self._reading.values()):
            task.cancel()
        self._pending.clear()
        self.grounding.cancel()


def _levelled(finding: Finding, levels: Mapping[str, Severity | None]) -> Finding | None:
    if finding.code not in levels:
        return finding
    level = levels[finding.code]
    return None if level is None else replace(finding, severity=level)
