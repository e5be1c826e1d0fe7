"""What one check returns: every reference, citation, finding and verdict, for the faces to show."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from cite_sentinel.core.model import Citation, Finding, Location, Reference, Verdict

if TYPE_CHECKING:
    from cite_sentinel.core.ground.citation_support import CitationSupport


@dataclass(frozen=True, slots=True, kw_only=True)
class CheckResult:
    """Everything one check found: the faces only present it."""

    files: tuple[str, ...] = ()
    references: tuple[Reference, ...] = ()
    citations: tuple[Citation, ...] = ()
    findings: tuple[Finding, ...] = ()
    verdicts: tuple[Verdict, ...] = ()
    unreadable: tuple[str, ...] = ()  # inputs that could not be read at all
    incomplete: bool = False  # the run was stopped: references not reached are unverified
    supports: tuple[CitationSupport, ...] = ()  # groundedness, one per citation (check --ground)
    # The reference each citation resolves to, by the citation's location (batches of
    # manuscripts may reuse a key for different works).
    targets: Mapping[Location, Reference] = field(default_factory=dict)
    # Keys the author vouches for (an allow-list entry or an accept comment): their verdicts
    # stay in the result but raise no finding and fail no check.
    accepted: frozenset[str] = frozenset()
    _index: dict[tuple[str, str], Verdict] = field(
        init=False, repr=False, compare=False, hash=False, default_factory=dict
    )

    def __post_init__(self) -> None:
        index = {(verdict.key, verdict.subject): verdict for verdict in self.verdicts}
        for verdict in self.verdicts:
            index.setdefault((verdict.key, ""), verdict)
        object.__setattr__(self, "_index", index)

    def with_supports(
        self, supports: Sequence[CitationSupport], findings: Sequence[Finding]
    ) -> CheckResult:
        """The result with groundedness: one judgement per citation, and the findings on the
        citations they speak against."""
        return replace(self, supports=tuple(supports), findings=(*self.findings, *findings))

    def verdict_for(self, reference: Reference) -> Verdict | None:
        """The verdict on this reference (by key and content), or None when it was not judged."""
        return self._index.get((reference.key, reference.subject)) or self._index.get(
            (reference.key, "")
        )

    def verdict_for_citation(self, citation: Citation) -> Verdict | None:
        """The verdict on the reference a citation resolves to."""
        target = self.targets.get(citation.location)
        if target is not None:
            return self.verdict_for(target)
        return self._index.get((citation.key, ""))
