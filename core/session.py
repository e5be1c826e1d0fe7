"""The one check session a face holds for its life: configuration, engine, verdicts, what fails.

Every face (a `check` or `fix` run, a Pandoc build, the language server, the MCP server, the
web page, each batch worker) holds one `CheckSession`, built from a `Config` alone: the engine
is made from it on first use (its HTTP settings, pools, catalog and cache derived from the
configuration, never read back from the environment) and rebuilt only when a new
configuration changes what it is made from. The verdicts reached are kept as `check` keys
them, by key and content (`core.verdicts`), so a key reused for two works has two verdicts in
every face. Which verdicts fail is `core.failing`'s rule, applied to the session's `fail-on`.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Callable, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from cite_sentinel.core.check import OnRead, Remembering, Selection, Verifier, check_workspace
from cite_sentinel.core.config import Config
from cite_sentinel.core.failing import Failure, failures
from cite_sentinel.core.model import Read, Record, Reference, Status, Verdict
from cite_sentinel.core.result import CheckResult
from cite_sentinel.core.verdicts import Verdicts
from cite_sentinel.core.workspace.files import DISK, FileAccess

if TYPE_CHECKING:  # asyncio, the engine, httpx and the scorers load only when something is asked
    import asyncio

    import httpx
    from cite_sentinel.core.ground.remembered import RememberedScorer
    from cite_sentinel.core.ground.scorer import Scorer
    from cite_sentinel.core.verify.engine import Engine
    from cite_sentinel.core.verify.find import FoundWorks
    from cite_sentinel.core.verify.resolve import Progress

log = logging.getLogger(__name__)

# Hears of each verdict as soon as it is decided (remembered ones first).
OnVerdict = Callable[[Reference, Verdict], None]

INTERRUPTED = "the check was interrupted before this reference was verified; run it again"


class CheckSession:
    """What a face holds for its life; `check()` fills a workspace and verifies through it.

    `environ` gives only what the configuration does not: the indexes' addresses and the API
    keys (read here, never logged). `engine` is an engine built elsewhere, used as it is
    (tests, benchmarks); `verifier` replaces the engine for checks (a face's own stand-in);
    `scorer` replaces the configured groundedness scorer; `transport` carries the engine's
    requests (the batch's shared budget); `files` is how the workspaces read files (the
    disk; the MCP server's granted folders).
    """

    def __init__(
        self,
        config: Config | None = None,
        environ: Mapping[str, str] | None = None,
        *,
        offline: bool = False,
        refresh: bool = False,
        progress: Progress | None = None,
        files: FileAccess = DISK,
        verifier: Verifier | None = None,
        engine: Engine | None = None,
        transport: httpx.AsyncBaseTransport | None = None,
        scorer: Scorer | None = None,
    ) -> None:
        self._config = config or Config()
        self._environ = dict(environ or {})
        self._offline = offline
        self._refresh = refresh
        self._progress = progress
        self.files = files
        self._given = verifier
        self._transport = transport
        self.verdicts = Verdicts()
        self._engine: Engine | None = engine
        self._fixed = engine is not None  # an engine given is never rebuilt
        self._made_from: object = None
        self._users: dict[Engine, int] = {}
        self._closing: set[asyncio.Future[None]] = set()  # replaced engines closing
        self._scorer: tuple[object, RememberedScorer] | None = None
        self._given_scorer = scorer
        self.interrupted = False  # a stoppable check was stopped by the user
        self.decided = 0  # verdicts it had reached when it was stopped

    # --- the configuration and what is made from it ------------------------------------------

    @property
    def config(self) -> Config:
        return self._config

    @property
    def environ(self) -> Mapping[str, str]:
        return self._environ

    @property
    def offline(self) -> bool:
        return self._offline

    def reconfigure(self, config: Config, *, offline: bool | None = None) -> None:
        """New settings (an editor's); the engine is rebuilt on its next use only if what it
        is made from changed, and the one replaced closes once its uses end."""
        self._config = config
        if offline is not None:
            self._offline = offline

    def failures(
        self, result: CheckResult, fail_on: Iterable[str] | None = None
    ) -> tuple[Failure, ...]:
        """The verdicts that fail this check: `fail_on` (else the configuration's `fail-on`)
        words, never on a reference the author accepted (core.failing)."""
        return failures(result, frozenset(self._config.fail_on if fail_on is None else fail_on))

    def failed(self, result: CheckResult, fail_on: Iterable[str] | None = None) -> bool:
        return bool(self.failures(result, fail_on))

    def scorer(self) -> Scorer:
        """The configured groundedness scorer, built on first use, rebuilt when its choice
        changes; it judges each distinct pair once for the session's life (a scorer the
        session was given is used as it is). A ConfigError says why it cannot be built (a
        remote scorer's key missing)."""
        if self._given_scorer is not None:
            return self._given_scorer
        choice = (self._config.scorer, self._config.embeddings)
        if self._scorer is None or self._scorer[0] != choice:
            from cite_sentinel.core.ground import RememberedScorer, scorer_for

            made = scorer_for(
                self._config.scorer, self._environ, embeddings=self._config.embeddings
            )
            self._scorer = (choice, RememberedScorer(made))
        return self._scorer[1]

    # --- the engine -------------------------------------------------------------------------

    @asynccontextmanager
    async def lease(self) -> AsyncIterator[Engine]:
        """The current engine, for one use (a wave of verification, a lookup)."""
        engine = self._current()
        self._users[engine] = self._users.get(engine, 0) + 1
        try:
            yield engine
        finally:
            self._users[engine] -= 1
            if not self._users[engine]:
                del self._users[engine]
                if engine is not self._engine:
                    await engine.aclose()

    def _current(self) -> Engine:
        from cite_sentinel.core.verify.engine import engine_for, made_from

        wanted = (made_from(self._config), self._offline)
        if self._fixed and self._engine is not None:
            return self._engine
        if self._engine is None or wanted != self._made_from:
            previous = self._engine
            self._engine = engine_for(
                self._config,
                self._environ,
                offline=self._offline,
                refresh=self._refresh,
                progress=self._progress,
                transport=self._transport,
            )
            self._made_from = wanted
            if previous is not None and previous not in self._users:
                import asyncio  # not at import: `cite-sentinel --version` never needs it

                closing = asyncio.ensure_future(previous.aclose())
                self._closing.add(closing)
                closing.add_done_callback(self._closing.discard)
        return self._engine

    async def aclose(self) -> None:
        """Close the engine (the face is done); those still leased close as their uses end."""
        engine, self._engine = self._engine, None
        if engine is not None and engine not in self._users:
            await engine.aclose()
        if self._closing:
            import asyncio

            await asyncio.gather(*self._closing, return_exceptions=True)

    async def __aenter__(self) -> CheckSession:
        return self

    async def __aexit__(self, *_: object) -> None:
        await self.aclose()

    # --- the use case -----------------------------------------------------------------------

    async def check(
        self,
        inputs: Sequence[str],
        *,
        overlays: Mapping[str, str] | None = None,
        reads: Mapping[str, Read] | None = None,
        select: Selection | None = None,
        ground: bool = False,
        fulltext: Path | None = None,
        on_verdict: OnVerdict | None = None,
        stoppable: bool = False,
        verify: bool = True,
        config: Config | None = None,
        files: FileAccess | None = None,
        on_read: OnRead | None = None,
    ) -> CheckResult:
        """`core.check.check` through this session's engine, its verdicts kept in `verdicts`.

        `on_read` hears of every reference read, before any is verified (a progress total);
        `on_verdict` of each verdict as it is decided. With `stoppable`, a cancellation
        of the running task (Ctrl-C, SIGTERM) ends the verification with what it decided:
        the rest unverified, the result marked incomplete and `interrupted` set. `config`
        replaces the session's for this check alone (a build's metadata), `files` its file
        access (a client's roots of the moment); without `verify` nothing is asked.
        """
        scorer = self.scorer() if ground else None
        chosen = config or self._config
        files = files or self.files
        if not verify:
            return await check_workspace(
                inputs, config=chosen, overlays=overlays, reads=reads, scorer=scorer,
                fulltext=fulltext, files=files, on_read=on_read,
            )  # fmt: skip
        async with self._verifier() as verifier:
            hearing = _Hearing(verifier, self.verdicts, on_verdict, stoppable=stoppable)
            result = await check_workspace(
                inputs, config=chosen, verifier=hearing, overlays=overlays, reads=reads,
                select=select, scorer=scorer, fulltext=fulltext, files=files, on_read=on_read,
            )  # fmt: skip
        if hearing.interrupted:
            self.interrupted, self.decided = True, hearing.decided
            result = replace(result, incomplete=True)
        return result

    async def verify(self, references: Sequence[Reference]) -> list[Verdict]:
        """One verdict per reference, in order, through this session's engine (kept too)."""
        async with self._verifier() as verifier:
            return await _Hearing(verifier, self.verdicts, None, stoppable=False).verify(references)

    async def find(self, query: Reference, *, limit: int = 5) -> FoundWorks:
        """The works the indexes hold for a description, best first (core.verify.find)."""
        async with self.lease() as engine:
            return await engine.find(query, limit=limit)

    async def published_versions(self, verdicts: Sequence[Verdict]) -> dict[str, Record]:
        """The published versions of the preprints these verdicts judged, where certain
        (core.fix.published_versions, through this session's engine)."""
        from cite_sentinel.core.fix import published_versions

        async with self._verifier() as verifier:
            return await published_versions(verdicts, verifier)

    @asynccontextmanager
    async def _verifier(self) -> AsyncIterator[Verifier]:
        if self._given is not None:
            yield self._given
            return
        async with self.lease() as engine:
            yield engine


async def check(
    inputs: Sequence[str],
    *,
    config: Config | None = None,
    verifier: Verifier | None = None,
    overlays: Mapping[str, str] | None = None,
    reads: Mapping[str, Read] | None = None,
    select: Selection | None = None,
    scorer: Scorer | None = None,
    fulltext: Path | None = None,
    files: FileAccess = DISK,
) -> CheckResult:
    """One check with a session of its own, for a caller that holds none (tests, scripts).

    Without a `verifier` nothing is asked (the local checks only); with a `scorer`, each
    citing sentence is judged against the work it cites. The rest as `CheckSession.check`.
    """
    session = CheckSession(config, verifier=verifier, scorer=scorer, files=files)
    async with session:
        return await session.check(
            inputs, overlays=overlays, reads=reads, select=select, ground=scorer is not None,
            fulltext=fulltext, verify=verifier is not None,
        )  # fmt: skip


class _Hearing:
    """The session's verifier for one check: each verdict kept and told as it is decided;
    a user's stop ends it with what was decided."""

    def __init__(
        self,
        verifier: Verifier,
        verdicts: Verdicts,
        on_verdict: OnVerdict | None,
        *,
        stoppable: bool,
    ) -> None:
        self._verifier = verifier
        self._verdicts = verdicts
        self._on_verdict = on_verdict
        self._stoppable = stoppable
        self.interrupted = False
        self.decided = 0

    async def verify(self, references: Sequence[Reference]) -> list[Verdict]:
        import asyncio

        decided: dict[int, Verdict] = {}

        def heard(index: int, verdict: Verdict) -> None:
            decided[index] = verdict
            kept = self._verdicts.put(references[index], verdict)
            if self._on_verdict is not None:
                self._on_verdict(references[index], kept)

        try:
            judged = await _verify_hearing(self._verifier, references, heard)
        except asyncio.CancelledError:
            task = asyncio.current_task()
            if not self._stoppable or task is None or not _stop_requested(task):
                raise
            self.interrupted = True
            self.decided = len(decided)
            return [
                decided.get(index) or _interrupted(reference)
                for index, reference in enumerate(references)
            ]
        for index, verdict in enumerate(judged):
            if index not in decided:  # a verifier that does not tell as it goes
                heard(index, verdict)
        return judged

    def remembered(self, references: Sequence[Reference]) -> Sequence[Verdict | None]:
        if isinstance(self._verifier, Remembering):
            return self._verifier.remembered(references)
        return [None] * len(references)


async def _verify_hearing(
    verifier: Verifier, references: Sequence[Reference], heard: Callable[[int, Verdict], None]
) -> list[Verdict]:
    from cite_sentinel.core.verify.engine import Engine

    if isinstance(verifier, Engine):
        return await verifier.verify(references, on_verdict=heard)
    return list(await verifier.verify(references))


def _stop_requested(task: asyncio.Task[object]) -> bool:
    """Whether this cancellation is the user's stop; if so it ends here, consumed."""
    if task.cancelling() == 0:
        return False
    task.uncancel()
    return True


def _interrupted(reference: Reference) -> Verdict:
    return Verdict(key=reference.key, status=Status.UNVERIFIED, reason=INTERRUPTED)
