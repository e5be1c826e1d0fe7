"""What a backend hands back: an answer (maybe empty) or a failure, never confused."""

from __future__ import annotations

from dataclasses import dataclass

from cite_sentinel.core.model import Record


@dataclass(frozen=True, slots=True)
class Answered:
    """The index answered; no records means it holds no such work."""

    records: tuple[Record, ...]


@dataclass(frozen=True, slots=True)
class Failed:
    """The index could not be asked or did not answer usefully: proves nothing."""

    reason: str  # "crossref: 3 timeouts", "openalex: circuit open"


Outcome = Answered | Failed
