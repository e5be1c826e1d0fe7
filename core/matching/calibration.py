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


# Fitted by `.venv/bin/python -m benchmarks.match_harness --fit` on the HALLMARK dev split
# (1,119 entries judged against the 256k-work corpus): per verdict, a logistic regression of
# "this verdict agrees with the label" on Features.vector() (3,000 steps of gradient descent,
# rate 0.5, L2 0.01 on all but the bias). Verified was never wrong on dev, so its bias only
# says "rarely wrong"; fabricated is less sure when the cited identifier was absent, because
# the dev set's wrong "fabricated" calls are real preprints missing from the corpus.
# Unverified is not a claim about the work: its confidence is fixed.
COEFFICIENTS: dict[Status, tuple[float, ...]] = {
    Status.VERIFIED: (6.522, 0.122, 0.122, 0.000, 0.000, 0.070),
    Status.MISCITED: (4.158, 0.160, -0.387, -0.045, -0.223, -0.090),
    Status.FABRICATED: (1.682, 0.183, 0.090, 0.000, 0.000, 1.527),
}
UNVERIFIED_CONFIDENCE = 0.5


def confidence(features: Features) -> float:
    """The calibrated probability, 0–1, that the verdict these features describe is right."""
    weights = COEFFICIENTS.get(features.status)
    if weights is None:
        return UNVERIFIED_CONFIDENCE
    z = sum(w * x for w, x in zip(weights, features.vector(), strict=True))
    return round(1.0 / (1.0 + math.exp(-z)), 3)
