"""Groundedness in the editor: each citing sentence judged against its cited work, off the loop.

It runs as `check --ground` does (core.ground.ground_check.ground: claims, evidence, the
scorer) on what the workspace holds, after the network wave brought the verdicts whose
records carry the abstracts. A run is cancelled when its inputs change; the local scorer
works in a worker thread so the event loop keeps answering; pairs already judged are not
judged again. A clearly unrelated work becomes a hint on its citation, a contradiction (only
a verdict-capable scorer says that) a warning; related and grey judgements stay quiet.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Hashable
from pathlib import Path
from typing import TYPE_CHECKING

from cite_sentinel.core import CheckResult, ConfigError, Finding, Location
from cite_sentinel.core.sources import MANUSCRIPT_SUFFIXES
from cite_sentinel.lsp.config import fulltext_dir, grounding_on, scorer_choice

if TYPE_CHECKING:  # core.ground loads only once groundedness is switched on
    from cite_sentinel.core.ground import CitationSupport, RememberedScorer
    from cite_sentinel.lsp.session import Session

log = logging.getLogger(__name__)


SupportKey = tuple[Location, str]  # a citation's place and key


class Grounding:
    """The judgements of the workspace's citations, and the background run that refreshes them."""

    def __init__(self, session: Session) -> None:
        self._session = session
        self.supports: dict[SupportKey, CitationSupport] = {}
        self._task: asyncio.Task[None] | None = None
        self._inputs: Hashable = None  # what the current supports (or the running task) judge
        self._latest: CheckResult | None = None  # inputs waiting for the next run
        self._refused: tuple[str, bool] | None = None  # a scorer choice that could not judge
        self._local: RememberedScorer | None = None

    def schedule(self) -> None:
        """Judge again when the citations, the entries or the verdicts changed; else nothing."""
        session = self._session
        if not grounding_on(session.settings):
            self.cancel()
            if self.supports:
                self.supports.clear()
                session.publish()
            return
        result = self._result()
        inputs = (result.citations, _reference_marks(result), result.verdicts, self._how())
        if inputs == self._inputs:
            return
        self._inputs = inputs
        self._latest = result
        if self._task is None or self._task.done():
            self._task = asyncio.ensure_future(self._runs())
        # else the running task takes the newest inputs when its run ends: one worker at a
        # time, however fast the edits come

    def cancel(self) -> None:
        """Stop the run in flight (the inputs it judged are judged again on the next change)."""
        if self._task is not None and not self._task.done():
            self._task.cancel()
        self._task = None
        self._inputs = self._latest = None

    def support_at(self, location: Location, key: str) -> CitationSupport | None:
        """The judgement of the citation written at `location`."""
        return self.supports.get((location, key))

    def findings(self) -> list[Finding]:
        """A hint on each citation of a clearly unrelated work, a warning where contradicted."""
        if not self.supports:
            return []
        from cite_sentinel.core.ground import support_finding

        current = {
            (citation.location, citation.key): " ".join(citation.sentence.split())
            for citation in self._session.workspace.citations()
        }
        found: list[Finding] = []
        for place, support in self.supports.items():
            if current.get(place) != support.claim:
                continue  # the sentence changed since it was judged: wait for the new run
            finding = support_finding(support)
            if finding is not None:
                found.append(finding)
        return found

    def _how(self) -> Hashable:
        settings = self._session.settings
        return (scorer_choice(settings), settings.fulltext, self._session.root)

    def _result(self) -> CheckResult:
        """What the workspace holds, shaped as the check result `ground` reads."""
        workspace = self._session.workspace
        citations = tuple(
            citation
            for path, document in workspace.documents.items()
            if Path(path).suffix.lower() in MANUSCRIPT_SUFFIXES
            for citation in document.read.citations
        )
        cited = {citation.key for citation in citations}
        references = tuple(workspace.references_of(cited))
        verdicts = tuple(
            sorted(
                (verdict for verdict in self._session.verdicts.values() if verdict.key in cited),
                key=lambda verdict: (verdict.key, verdict.subject),
            )
        )
        return CheckResult(references=references, citations=citations, verdicts=verdicts)

    async def _runs(self) -> None:
        """Judge the newest inputs until none are waiting."""
        session = self._session
        while self._latest is not None:
            delay = session.settings.debounce_ms / 1000
            if delay:
                await asyncio.sleep(delay)  # the debounce delay: verdicts arrive in batches
            result, self._latest = self._latest, None
            grounded = await self._run(result)
            if grounded is not None:
                self.supports = {(s.location, s.key): s for s in grounded.supports}
                session.publish()

    async def _run(self, result: CheckResult) -> CheckResult | None:
        from cite_sentinel.core.ground import ground

        session = self._session
        scorer = self._scorer()
        directory = fulltext_dir(session.root, session.settings)
        try:
            if scorer.computes:
                return await asyncio.to_thread(_ground_blocking, result, scorer, directory)
            return await ground(result, scorer, fulltext_dir=directory)
        except asyncio.CancelledError:
            raise
        except ConfigError as error:  # a refused key, an unknown model: the local scorer judges
            log.warning("%s; judging with the local scorer", error)
            self._refused = scorer_choice(session.settings)
            self._latest = self._latest or result  # judged again, locally, by the next run
            return None
        except Exception:  # a scorer's failure must not end the server
            log.exception("judging groundedness failed; please report this")
            return None

    def _scorer(self) -> RememberedScorer:
        """The session's scorer (core builds and remembers it), or the local one where the
        chosen scorer cannot judge (its key missing or refused)."""
        from cite_sentinel.core.ground import LocalScorer, RememberedScorer

        session = self._session
        if self._refused != scorer_choice(session.settings):
            try:
                chosen = session.checks.scorer()
            except ConfigError as error:
                log.warning("%s; judging with the local scorer", error)
                self._refused = scorer_choice(session.settings)
            else:
                assert isinstance(chosen, RememberedScorer)  # the session was given none
                return chosen
        if self._local is None:
            self._local = RememberedScorer(LocalScorer())
        return self._local


def _ground_blocking(
    result: CheckResult, scorer: RememberedScorer, directory: Path | None
) -> CheckResult:
    """`ground` in a worker thread (full texts are read and scored there, off the loop)."""
    from cite_sentinel.core.ground import ground

    return asyncio.run(ground(result, scorer, fulltext_dir=directory))


def _reference_marks(result: CheckResult) -> tuple[tuple[str, str, str], ...]:
    return tuple((ref.key, ref.signature, ref.location.path) for ref in result.references)
