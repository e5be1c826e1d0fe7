"""The contract between groundedness scorers and the rest: claims and evidence in, judgements out.

Every scorer (local, voyage, anthropic) implements `Scorer.score` on a batch of `Pair`s and
returns one `Judgement` per pair, in the same order. Each cited work is judged on its own
against the claim; a claim is supported when any of its works supports it (never average).

Two signals are kept apart:

- `relevance` (0–1, always present): is the cited work about this claim?
- `verdict` with `confidence` and `quote`: only from a scorer whose measured accuracy
  justifies it (`Scorer.verdict_capable`); otherwise None, and `support` (P(supported), 0–1)
  may still be given as a number, or None when the scorer cannot judge stance at all.

Badges (issue 6, item 5; computed by `badges.badge`, never by hand):

- green: verdict supported, from a verdict-capable scorer, with a quote that occurs verbatim
  in the evidence (`quote_verified`);
- red: verdict contradicted, or relevance below the fitted "unrelated" threshold (the work
  is clearly not about the claim, and no verdict says it supports it) when the evidence is an
  abstract or full text;
- yellow: verdict not enough information or partially supported (or supported without a
  verified quote);
- grey: unverifiable (evidence kind title only or none: never red), or relevance only
  (no verdict) and not clearly unrelated.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol


class EvidenceKind(StrEnum):
    """What text of the cited work the judgement rests on."""

    FULL_TEXT = "full text"
    ABSTRACT = "abstract"
    TITLE_ONLY = "title only"
    NONE = "none"


# The kinds of evidence whose text can bear on a claim (a title alone cannot).
JUDGEABLE = frozenset({EvidenceKind.ABSTRACT, EvidenceKind.FULL_TEXT})


class GroundVerdict(StrEnum):
    """How the cited work bears on the claim (only from a verdict-capable scorer)."""

    SUPPORTED = "supported"
    PARTIALLY_SUPPORTED = "partially supported"
    CONTRADICTED = "contradicted"
    NOT_ENOUGH_INFORMATION = "not enough information"


class Badge(StrEnum):
    """The colour a face shows beside a citation; rules in this module's docstring."""

    GREEN = "green"
    YELLOW = "yellow"
    RED = "red"
    GREY = "grey"


@dataclass(frozen=True, slots=True)
class Claim:
    """A citing sentence cleaned of citation markup, the sentence before it, the keys it cites."""

    text: str
    context: str = ""
    keys: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Evidence:
    """The cited work's text: abstract sentences, or ~2000-character full-text chunks."""

    kind: EvidenceKind
    passages: tuple[str, ...] = ()  # sentences of an abstract, or chunks of a full text
    title: str = ""

    @property
    def judgeable(self) -> bool:
        """Only an abstract or a full text can bear on a claim; a title alone cannot."""
        return self.kind in JUDGEABLE and bool(self.passages)


@dataclass(frozen=True, slots=True)
class Pair:
    """One claim against one cited work."""

    claim: Claim
    evidence: Evidence
    key: str = ""  # the cited work's key, when the pair comes from a manuscript


@dataclass(frozen=True, slots=True)
class Passage:
    """A piece of evidence: `index` into `Evidence.passages`, `text` the sentence or span shown."""

    index: int
    text: str
    score: float = 0.0  # the scorer's own ranking score, best first


@dataclass(frozen=True, slots=True, kw_only=True)
class Judgement:
    """How one cited work bears on one claim, with the evidence a reader needs."""

    relevance: float  # 0–1: calibrated probability that the work is about the claim
    support: float | None = None  # P(supported) 0–1, or None when stance cannot be judged
    verdict: GroundVerdict | None = None  # only from a verdict-capable scorer
    confidence: float = 0.0  # in the verdict when there is one, else in relevance
    badge: Badge = Badge.GREY
    evidence: tuple[Passage, ...] = ()  # best first
    quote: str = ""  # the quoted span behind the verdict, verbatim from the evidence
    quote_verified: bool = False  # the quote occurs in the evidence
    evidence_kind: EvidenceKind = EvidenceKind.NONE
    scorer: str = ""  # local, voyage, anthropic
    note: str = ""  # why, when a reader would ask (unverifiable, answer discarded, …)


class Scorer(Protocol):
    """A groundedness scorer; async because the remote ones wait on the network."""

    @property
    def name(self) -> str: ...

    @property
    def verdict_capable(self) -> bool:
        """True only when the scorer's measured stance accuracy justifies verdicts."""
        ...

    async def score(self, pairs: Sequence[Pair]) -> tuple[Judgement, ...]:
        """One judgement per pair, in the order given."""
        ...
