"""What a batch's queue holds: manuscripts to screen, who holds one, and what screening found."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

from cite_sentinel.core.batch.manuscripts import Manuscript


class JobState(StrEnum):
    """A manuscript's place in the batch."""

    PENDING = "pending"
    RUNNING = "running"
    DONE = "done"


@dataclass(frozen=True, slots=True, kw_only=True)
class Screened:
    """One manuscript's result: counts for the summary, and its reports."""

    name: str
    references: int = 0
    verified: int = 0
    miscited: int = 0
    fabricated: int = 0
    unverified: int = 0
    retracted: int = 0
    accepted: int = 0  # accepted by the author though their verdict says something is wrong
    errors: int = 0
    warnings: int = 0
    seconds: float = 0.0
    report_json: str = ""
    report_markdown: str = ""
    failure: str = ""  # why the manuscript could not be screened (a bug, a crash)
    attempts: int = 1  # how many workers took it (more than one: a worker died holding it)
    # The references that need the author: "okafor2021 (fabricated)", "back1993 (miscited)".
    flagged: tuple[str, ...] = ()
    unreadable: tuple[str, ...] = ()  # "paper.pdf: not a PDF": files that could not be read


@dataclass(frozen=True, slots=True)
class Lease:
    """A manuscript a worker holds until it finishes it, or dies and lets it go."""

    id: int
    manuscript: Manuscript
    attempt: int


class JobQueue(Protocol):
    """A batch's manuscripts, shared by every worker (SQLite on one machine, PostgreSQL across)."""

    def enqueue(self, manuscripts: Sequence[Manuscript]) -> int:
        """Add manuscripts not yet screened as they are now; how many were added."""
        ...

    def claim(self, worker: str) -> Lease | None:
        """The next pending manuscript, held for this worker; None when none is free."""
        ...

    def finish(self, claim: Lease, screened: Screened) -> None:
        """Store the result and let the manuscript go, in one step."""
        ...

    def unfinished(self) -> int:
        """Manuscripts pending or held by a worker."""
        ...

    def held(self) -> int:
        """Manuscripts the batch holds, finished or not (none: no batch of this name)."""
        ...

    def results(self) -> list[Screened]:
        """Every finished manuscript, in name order."""
        ...

    def close(self) -> None: ...
