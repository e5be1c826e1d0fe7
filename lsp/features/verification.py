"""The network wave: verify entries through the server's one engine, push verdicts as they come.

Each wave is one `verify` call over every entry that lacks a current verdict, so the engine
batches identifiers and schedules searches across the whole workspace, as `check` does, and
its limits hold however many waves overlap. Verdicts arrive one by one (remembered ones at
once) and are published at most every half second. An entry edited while it is in flight joins
a new wave; the old wave's answer for it is dropped, and a wave left with nothing current to
answer is cancelled.
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections.abc import AsyncIterator, Hashable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import TYPE_CHECKING

from cite_sentinel.core import Reference, Verdict
from cite_sentinel.core.verify import Engine, engine_for
from cite_sentinel.lsp.config import verification_config
from lsprotocol import types

if TYPE_CHECKING:
    from cite_sentinel.lsp.session import Session

log = logging.getLogger(__name__)

_PUBLISH_EVERY = 0.5  # seconds between pushes while verdicts stream in
_GATHER = 0.05  # a first verdict waits this long for those reached with it (one push)


class Engines:
    """The server's one engine, rebuilt only when the settings it is made from change.

    An engine replaced by new settings is closed once the waves still using it end.
    """

    def __init__(self) -> None:
        self._engine: Engine | None = None
        self._made_from: object = None
        self._users: dict[Engine, int] = {}
        self._closing: set[asyncio.Future[None]] = set()  # replaced engines closing

    @asynccontextmanager
    async def lease(self, session: Session) -> AsyncIterator[Engine]:
        """The current engine, for one use."""
        engine = self._current(session)
        self._users[engine] = self._users.get(engine, 0) + 1
        try:
            yield engine
        finally:
            self._users[engine] -= 1
            if not self._users[engine]:
                del self._users[engine]
                if engine is not self._engine:
                    await engine.aclose()

    async def aclose(self) -> None:
        """Close the current engine (shutdown); those still leased close as their uses end."""
        engine, self._engine = self._engine, None
        if engine is not None and engine not in self._users:
            await engine.aclose()

    def _current(self, session: Session) -> Engine:
        settings = session.settings
        env = dict(session.environ)  # addresses, keys, cache; the contact is the config's
        config = verification_config(settings)
        made_from = (config, env, settings.offline)
        if self._engine is None or made_from != self._made_from:
            previous = self._engine
            self._engine = engine_for(config, env, offline=settings.offline)
            self._made_from = made_from
            if previous is not None and previous not in self._users:
                closing = asyncio.ensure_future(previous.aclose())
                self._closing.add(closing)
                closing.add_done_callback(self._closing.discard)
        return self._engine


class Wave:
    """Entries under verification, by key: the signature asked about and the wave asking."""

    def __init__(self, session: Session) -> None:
        self._session = session
        self.engines = Engines()
        self._signatures: dict[str, Hashable] = {}  # key -> signature its verdict belongs to
        self._known: dict[str, tuple[Reference, Hashable]] = {}  # an unchanged entry: same object
        self._flying: dict[str, tuple[Hashable, asyncio.Task[None]]] = {}
        self._skipped: set[Hashable] = set()  # cancelled by the user: not asked again
        self._token: str | None = None
        self._progress_task: asyncio.Future[None] | None = None
        self._waves: dict[asyncio.Task[None], int] = {}  # each wave: verdicts still to come
        self._flush_handle: asyncio.TimerHandle | None = None
        self._last_flush = 0.0
        self._closing: asyncio.Future[None] | None = None
        self._total = 0
        self._done = 0

    def schedule(self) -> None:
        """Verify every entry without a current verdict; drop verdicts of changed entries."""
        session = self._session
        if not session.settings.verify:
            session.grounding.schedule()  # local full texts need no verdicts
            return
        wanted: dict[str, Reference] = {}
        for reference in session.workspace.references():
            wanted.setdefault(reference.key, reference)
        marks: dict[str, Hashable] = {}
        known = self._known
        self._known = {}
        for key, reference in wanted.items():
            seen = known.get(key)
            mark = seen[1] if seen is not None and seen[0] is reference else reference.signature
            self._known[key] = (reference, mark)
            marks[key] = mark
        pending: list[Reference] = []
        for key, reference in wanted.items():
            mark = marks[key]
            if self._signatures.get(key) == mark and key in session.verdicts:
                continue
            session.verdicts.pop(key, None)
            flying = self._flying.get(key)
            if flying is not None and flying[0] == mark:
                continue  # already being verified, as it is now
            if mark not in self._skipped:
                pending.append(reference)
        for key in [key for key in self._flying if key not in wanted]:
            del self._flying[key]  # an entry removed: its answer is not wanted
        if pending:
            task = asyncio.ensure_future(self._verify(pending))
            self._waves[task] = len(pending)
            for reference in pending:
                self._flying[reference.key] = (marks[reference.key], task)
            self._total += len(pending)
            self._progress_task = asyncio.ensure_future(self._begin_progress())
        self._cancel_idle_waves()
        session.grounding.schedule()  # with the verdicts kept; again as new ones arrive

    def cancel(self, *, by_user: bool) -> None:
        """Stop every wave; what the user cancelled is not asked again until it changes."""
        for mark, _ in self._flying.values():
            if by_user:
                self._skipped.add(mark)
        for task in self._waves:
            task.cancel()
        self._waves.clear()
        self._flying.clear()
        self._session.grounding.cancel()
        self._end_progress("cancelled")

    def lease(self) -> AbstractAsyncContextManager[Engine]:
        """The server's one engine, for one use (a command's lookup)."""
        return self.engines.lease(self._session)

    def shutdown(self) -> None:
        """Stop every wave and close the engine (the server is shutting down)."""
        self.cancel(by_user=False)
        if self._flush_handle is not None:
            self._flush_handle.cancel()
            self._flush_handle = None
        self._closing = asyncio.ensure_future(self.engines.aclose())

    def is_progress(self, token: object) -> bool:
        """Whether a cancelled progress token is this wave's."""
        return token is not None and token == self._token

    async def _verify(self, references: list[Reference]) -> None:
        task = asyncio.current_task()
        marks = [reference.signature for reference in references]

        def arrived(index: int, verdict: Verdict) -> None:
            if task in self._waves:
                self._waves[task] -= 1
                self._done += 1
            key = references[index].key
            flying = self._flying.get(key)
            if flying is None or flying[1] is not task or flying[0] != marks[index]:
                return  # edited or removed since: this answer belongs to an older entry
            del self._flying[key]
            self._session.verdicts[key] = verdict
            self._signatures[key] = marks[index]
            self._soon()

        try:
            async with self.engines.lease(self._session) as engine:
                await engine.verify(references, on_verdict=arrived)
        except asyncio.CancelledError:
            self._forget(task)
            raise
        except Exception:  # the engine turns outages into unverified; anything else is a bug
            log.exception("verification failed; please report this")
        self._forget(task)
        self._flush()

    def _forget(self, task: asyncio.Task[None] | None) -> None:
        """A wave ended: its entries are no longer in flight, its count is complete."""
        if task is not None:
            self._done += self._waves.pop(task, 0)
        for key in [key for key, flying in self._flying.items() if flying[1] is task]:
            del self._flying[key]

    def _cancel_idle_waves(self) -> None:
        """Cancel each wave whose every entry was edited or removed since it began."""
        owners = {flying[1] for flying in self._flying.values()}
        for task in [task for task in self._waves if task not in owners]:
            self._forget(task)
            task.cancel()

    def _soon(self) -> None:
        """Publish soon: almost at once after a quiet spell, else at most every half second."""
        if self._flush_handle is not None:
            return
        loop = asyncio.get_running_loop()
        wait = max(_GATHER, self._last_flush + _PUBLISH_EVERY - loop.time())
        self._flush_handle = loop.call_later(wait, self._flush)

    def _flush(self) -> None:
        if self._flush_handle is not None:
            self._flush_handle.cancel()
            self._flush_handle = None
        self._last_flush = asyncio.get_running_loop().time()
        self._report()
        self._session.publish()
        self._session.grounding.schedule()

    async def _begin_progress(self) -> None:
        if self._token is not None:
            self._report()
            return
        server = self._session.server
        window = server.client_capabilities.window
        if window is None or not window.work_done_progress:
            return
        token = f"cite-sentinel/{uuid.uuid4()}"
        self._token = token
        try:
            await server.work_done_progress.create_async(token)
        except Exception:  # a client that refuses progress still gets the diagnostics
            self._token = None
            return
        server.work_done_progress.begin(
            token,
            types.WorkDoneProgressBegin(
                title="cite-sentinel: verifying references",
                cancellable=True,
                message=f"0/{self._total}",
                percentage=0,
            ),
        )
        self._report()

    def _report(self) -> None:
        if self._token is None:
            return
        if not self._flying:
            self._end_progress(f"{self._done} verified")
            return
        percentage = int(100 * self._done / max(1, self._total))
        self._session.server.work_done_progress.report(
            self._token,
            types.WorkDoneProgressReport(
                message=f"{self._done}/{self._total}", percentage=percentage
            ),
        )

    def _end_progress(self, message: str) -> None:
        if self._token is not None:
            token, self._token = self._token, None
            self._session.server.work_done_progress.end(
                token, types.WorkDoneProgressEnd(message=message)
            )
        self._total = self._done = 0
