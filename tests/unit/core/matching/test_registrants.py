"""A DOI prefix that no registrant holds cannot be real; a known one may be."""

from __future__ import annotations

from cite_sentinel.core.matching.registrants import is_plausible, prefix


def test_known_publisher_prefixes_are_plausible() -> None:
    assert is_plausible("10.1109/cvpr.2016.90")
    assert is_plausible("10.48550/arxiv.1706.03762")


def test_invented_prefix_is_implausible_unless_an_index_returned_it() -> None:
    assert not is_plausible("10.88880/bpr.633067")
    assert is_plausible("10.88880/bpr.633067", seen=["10.88880/other"])


def test_prefix_of_a_doi() -> None:
    assert prefix("10.1145/3292500.3330701") == "10.1145"
    assert prefix("not a doi") == ""
