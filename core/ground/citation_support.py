"""How a cited work bears on the sentence citing it: the record the reports and faces show."""

from __future__ import annotations

from dataclasses import dataclass

from cite_sentinel.core.ground.scorer import Judgement
from cite_sentinel.core.model import Location


@dataclass(frozen=True, slots=True, kw_only=True)
class CitationSupport:
    """One citation's judgement, and the judgement that speaks for its whole claim."""

    key: str
    location: Location  # where the citation is written
    claim: str  # the citing sentence, cleaned of citation markup
    judgement: Judgement  # this cited work against the claim
    claim_judgement: Judgement  # the strongest of the claim's works (any one supports it)
    full_text_path: str = ""  # the local file the evidence came from, when full text
