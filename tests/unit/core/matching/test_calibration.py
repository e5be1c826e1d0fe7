"""Confidence is a probability, and an unverified verdict claims nothing either way."""

from __future__ import annotations

import pytest
from cite_sentinel.core.matching.calibration import UNVERIFIED_CONFIDENCE, Features, confidence
from cite_sentinel.core.model import Status


@pytest.mark.parametrize("status", list(Status))
@pytest.mark.parametrize("strength", [0.0, 0.5, 1.0])
def test_confidence_is_a_probability_for_every_verdict(status: Status, strength: float) -> None:
    features = Features(
        status=status,
        title=strength,
        authors=strength,
        problems=strength,
        errors=strength,
        identifier=strength,
    )
    assert 0.0 <= confidence(features) <= 1.0


def test_unverified_confidence_is_the_fixed_undecided_value() -> None:
    features = Features(
        status=Status.UNVERIFIED, title=1.0, authors=1.0, problems=0, errors=0, identifier=1
    )
    assert confidence(features) == UNVERIFIED_CONFIDENCE


def test_a_fabricated_call_is_less_sure_when_its_identifier_exists_nowhere() -> None:
    base = {"title": 0.3, "authors": 0.0, "problems": 0.0, "errors": 0.0}
    absent = Features(status=Status.FABRICATED, identifier=0.0, **base)
    none_given = Features(status=Status.FABRICATED, identifier=0.5, **base)
    assert confidence(absent) < confidence(none_given)
