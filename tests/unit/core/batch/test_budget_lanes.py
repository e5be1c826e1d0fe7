"""The limits a batch's workers share: Crossref's public pool is one limit for all requests."""

from __future__ import annotations

from cite_sentinel.core import Config
from cite_sentinel.core.batch import budget_lanes
from cite_sentinel.core.batch.budget import budget_lane


def test_in_crossrefs_public_pool_lists_and_single_works_share_one_budget() -> None:
    public = budget_lanes(Config())
    assert budget_lane("crossref/list", public) == ("crossref", public["crossref"])
    assert public["crossref"].rate == 5.0


def test_in_the_polite_pool_lists_have_their_own_smaller_budget() -> None:
    polite = budget_lanes(Config(mailto="lab@example.org"))
    lane, limit = budget_lane("crossref/list", polite)
    assert lane == "crossref/list" and limit.rate == 3.0 and polite["crossref"].rate == 10.0
