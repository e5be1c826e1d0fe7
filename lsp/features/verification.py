"""The network wave: verify entries in small batches, push verdicts as they come, with progress."""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections.abc import Hashable
from typing import TYPE_CHECKING

from cite_sentinel.core import Reference
from cite_sentinel.core.engine import engine_for
from cite_sentinel.lsp.config import engine_environment, verification_config
from lsprotocol import types

if TYPE_CHECKING:
    from cite_sentinel.lsp.session import Session

log = logging.getLogger(__name__)

BATCH = 10  # references per engine call: results arrive batch by batch
_PARALLEL = 2  # batches in flight at once; the engine bounds each host itself


class Wave:
    """Batches of references under verification; a batch is cancelled when one of them changes."""

    def __init__(self, session: Session) -> None:
        self._session = session
        self._signatures: dict[str, Hashable] = {}  # key -> signature its verdict belongs to
        self._known: dict[str, tuple[Reference, Hashable]] = {}  # an unchanged entry: same object
        self._flying: dict[str, tuple[Hashable, asyncio.Task[None]]] = {}
        self._skipped: set[Hashable] = set()  # cancelled by the user: not asked again
        self._limit = asyncio.Semaphore(_PARALLEL)
        self._token: str | None = None
        self._progress_task: asyncio.Future[None] | None = None
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
        # a batch holding an entry that changed is cancelled: all its entries are asked again
        stale = {
            flying[1]
            for key, flying in self._flying.items()
            if key in marks and flying[0] != marks[key]
        }
        pending: list[Reference] = []
        for key, reference in wanted.items():
            mark = marks[key]
            if self._signatures.get(key) == mark and key in session.verdicts:
                continue
            session.verdicts.pop(key, None)
            flying = self._flying.get(key)
            if flying is not None and flying[1] not in stale:
                continue  # already being verified, as it is now
            if mark not in self._skipped:
                pending.append(reference)
        for task in stale:
            task.cancel()
        for start in range(0, len(pending), BATCH):
            batch = pending[start : start + BATCH]
            task = asyncio.ensure_future(self._verify(batch))
            for reference in batch:
                self._flying[reference.key] = (reference.signature, task)
        if pending:
            self._total += len(pending)
            self._progress_task = asyncio.ensure_future(self._begin_progress())
        session.grounding.schedule()  # with the verdicts kept; again as new ones arrive

    def cancel(self, *, by_user: bool) -> None:
        """Stop every batch; what the user cancelled is not asked again until it changes."""
        for mark, task in list(self._flying.values()):
            if by_user:
                self._skipped.add(mark)
            task.cancel()
        self._flying.clear()
        self._session.grounding.cancel()
        self._end_progress("cancelled")

    def is_progress(self, token: object) -> bool:
        """Whether a cancelled progress token is this wave's."""
        return token is not None and token == self._token

    async def _verify(self, batch: list[Reference]) -> None:
        session = self._session
        task = asyncio.current_task()
        try:
            async with self._limit:
                env = engine_environment(session.environ, session.settings)
                config = verification_config(session.settings)
                engine = engine_for(config, env, offline=session.settings.offline)
                verdicts = await engine.verify(batch)
        except asyncio.CancelledError:
            self._forget(batch, task)
            raise
        except Exception:  # the engine turns outages into unverified; anything else is a bug
            log.exception("verification failed; please report this")
            self._forget(batch, task)
            return
        current = {r.key: r.signature for r in batch}
        for verdict in verdicts:
            flying = self._flying.get(verdict.key)
            if flying is None or flying[1] is not task:
                continue  # rescheduled since: this answer belongs to an older entry
            session.verdicts[verdict.key] = verdict
            self._signatures[verdict.key] = current[verdict.key]
        self._forget(batch, task)
        self._done += len(batch)
        self._report()
        session.publish()
        session.grounding.schedule()

    def _forget(self, batch: list[Reference], task: asyncio.Task[None] | None) -> None:
        for reference in batch:
            flying = self._flying.get(reference.key)
            if flying is not None and flying[1] is task:
                del self._flying[reference.key]

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
