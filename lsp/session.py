"""One client's session: the workspace state, settings, verdicts and what has been published."""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path

from cite_sentinel.core import Finding, Location, Severity, Verdict
from cite_sentinel.core.verdict_findings import verdict_findings
from cite_sentinel.lsp.config import Settings, file_accepts, severities
from cite_sentinel.lsp.convert import path_of, to_range
from cite_sentinel.lsp.features.diagnostics import RangeOf, by_uri
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
        self.root: Path | None = None
        self.file_accepts: tuple[str, ...] = ()
        self.verdicts: dict[str, Verdict] = {}
        self._published: dict[str, list[types.Diagnostic]] = {}
        self._pending: dict[str, asyncio.Task[None]] = {}
        self.wave = Wave(self)

    def configure(self, root: Path | None, settings: Settings) -> None:
        """New settings; the workspace keeps what it read but takes the new core Config."""
        self.root = root
        self.settings = settings
        self.workspace.config = settings.config
        self.file_accepts = file_accepts(root)

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
        self.wave.schedule()

    def publish(self) -> None:
        """Push every file's diagnostics that changed since the last push (empty where gone)."""
        try:
            findings = self.findings()
            fresh = by_uri(findings, self.range_of, self.verdicts)
        except Exception:
            log.exception("computing diagnostics failed; please report this")
            return
        for uri in set(self._published) - set(fresh):
            fresh[uri] = []
        for uri, diagnostics in fresh.items():
            if self._published.get(uri, []) == diagnostics and uri in self._published:
                continue
            self._published[uri] = diagnostics
            state = self.workspace.files.get(path_of(uri))
            version = state.version if state and state.is_open else None
            self.server.text_document_publish_diagnostics(
                types.PublishDiagnosticsParams(uri=uri, diagnostics=diagnostics, version=version)
            )

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
        return by_path

    def range_of(self, path: str) -> RangeOf:
        """The converter of one file's locations into the client's encoding."""
        state = self.workspace.files.get(path)
        lines = state.text.splitlines(keepends=True) if state else []
        codec = self.server.workspace.position_codec

        def convert(location: Location) -> types.Range:
            return to_range(location, lines, codec)

        return convert

    def lines(self, path: str) -> list[str]:
        """A known file's lines as the server read them."""
        state = self.workspace.files.get(path)
        return state.text.splitlines(keepends=True) if state else []

    def cancel_all(self) -> None:
        """Stop the debounce timers (shutdown)."""
        for task in self._pending.values():
            task.cancel()
        self._pending.clear()


def _levelled(finding: Finding, levels: Mapping[str, Severity | None]) -> Finding | None:
    if finding.code not in levels:
        return finding
    level = levels[finding.code]
    return None if level is None else replace(finding, severity=level)
