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
from contextlib import AbstractAsyncContextManager
from typing import TYPE_CHECKING

from cite_sentinel.core import Identity, Reference, Verdict, identity
from cite_sentinel.core.verify import Engine
from lsprotocol import types

if TYPE_CHECKING:
    from cite_sentinel.lsp.session import Session

log = logging.getLogger(__name__)

_PUBLISH_EVERY = 0.5  # seconds between pushes while verdicts stream in
_GATHER = 0.05  # a first verdict waits this long for those reached with it (one push)


class Wave:
    """Entries under verification, by key: the signature asked about and the wave asking."""

    def __init__(self, session: Session) -> None:
        self._session = session
        self._known: dict[int, tuple[Reference, Identity]] = {}  # an unchanged entry: same object
        self._flying: dict[Identity, asyncio.Task[None]] = {}
        self._skipped: set[Identity] = set()  # cancelled by the user: not asked again
        self._token: str | None = None
        self._progress_task: asyncio.Future[None] | None = None
        self._waves: dict[asyncio.Task[None], int] = {}  # each wave: verdicts still to come
        self._flush_handle: asyncio.TimerHandle | None = None
        self._last_flush = 0.0
        self._closing: asyncio.Future[None] | None = None
        self._total = 0
        self._done = 0

    def schedule(self) -> None:
        """Verify every entry without a current verdict; drop verdicts of changed entries.

        Entries are told apart as `check` tells them: by key and content, so a key defined
        for two works in two bibliographies gets a verdict for each."""
        session = self._session
        if not session.settings.verify:
            session.grounding.schedule()  # local full texts need no verdicts
            return
        wanted = self._wanted(session.workspace.references())
        session.verdicts.keep_only(wanted)
        pending = [
            (known, reference)
            for known, reference in wanted.items()
            if known not in session.verdicts
            and known not in self._flying
            and known not in self._skipped
        ]
        for known in [known for known in self._flying if known not in wanted]:
            del self._flying[known]  # an entry edited or removed: its answer is not wanted
        if pending:
            task = asyncio.ensure_future(self._verify(pending))
            self._waves[task] = len(pending)
            for known, _ in pending:
                self._flying[known] = task
            self._total += len(pending)
            self._progress_task = asyncio.ensure_future(self._begin_progress())
        self._cancel_idle_waves()
        session.grounding.schedule()  # with the verdicts kept; again as new ones arrive

    def _wanted(self, references: list[Reference]) -> dict[Identity, Reference]:
        """Each distinct entry by its identity; an unchanged entry (the same object as at the
        last wave) keeps the identity computed then."""
        known = self._known
        self._known = {}
        wanted: dict[Identity, Reference] = {}
        for reference in references:
            seen = known.get(id(reference))
            mark = seen[1] if seen is not None and seen[0] is reference else identity(reference)
            self._known[id(reference)] = (reference, mark)
            wanted.setdefault(mark, reference)
        return wanted

    def cancel(self, *, by_user: bool) -> None:
        """Stop every wave; what the user cancelled is not asked again until it changes."""
        if by_user:
            self._skipped.update(self._flying)
        for task in self._waves:
            task.cancel()
        self._waves.clear()
        self._flying.clear()
        self._session.grounding.cancel()
        self._end_progress("cancelled")

    def lease(self) -> AbstractAsyncContextManager[Engine]:
        """The server's one engine, for one use (a command's lookup)."""
        return self._session.checks.lease()

    def shutdown(self) -> None:
        """Stop every wave and close the engine (the server is shutting down)."""
        self.cancel(by_user=False)
        if self._flush_handle is not None:
            self._flush_handle.cancel()
            self._flush_handle = None
        self._closing = asyncio.ensure_future(self._session.checks.aclose())

    def is_progress(self, token: object) -> bool:
        """Whether a cancelled progress token is this wave's."""
        return token is not None and token == self._token

    async def _verify(self, pending: list[tuple[Identity, Reference]]) -> None:
        task = asyncio.current_task()
        references = [reference for _, reference in pending]

        def arrived(index: int, verdict: Verdict) -> None:
            if task in self._waves:
                self._waves[task] -= 1
                self._done += 1
            known = pending[index][0]
            if self._flying.get(known) is not task:
                return  # edited or removed since: this answer belongs to an older entry
            del self._flying[known]
            self._session.verdicts.put(references[index], verdict, known)
            self._soon()

        try:
            async with self._session.checks.lease() as engine:
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
        for known in [known for known, flying in self._flying.items() if flying is task]:
            del self._flying[known]

    def _cancel_idle_waves(self) -> None:
        """Cancel each wave whose every entry was edited or removed since it began."""
        owners = set(self._flying.values())
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
