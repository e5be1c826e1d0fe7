"""The part after a title gives venue, numbers and publisher in each style's layout."""

from __future__ import annotations

import pytest
from cite_sentinel.core.sources.reflist_venue import (
    late_year,
    pages,
    publisher,
    venue_and_editors,
    volume_issue,
)


@pytest.mark.parametrize(
    ("rest", "venue", "volume", "issue", "page_range"),
    [
        ("Nature, 521(7553), 436–444.", "Nature", "521", "7553", "436-444"),
        ("Neural Comput. 1997;9(8):1735-80.", "Neural Comput", "9", "8", "1735-80"),
        (
            "Neural Comput., vol. 9, no. 8, pp. 1735–1780, Nov. 1997.",
            "Neural Comput",
            "9",
            "8",
            "1735-1780",
        ),
        ("Nature 596, 583–589 (2021).", "Nature", "596", "", "583-589"),
        (
            "Adv Neural Inf Process Syst 33:6840–6851",
            "Adv Neural Inf Process Syst",
            "33",
            "",
            "6840-6851",
        ),
    ],
)
def test_journal_layouts(rest: str, venue: str, volume: str, issue: str, page_range: str) -> None:
    assert venue_and_editors(rest)[0] == venue
    assert volume_issue(rest) == (volume, issue)
    assert pages(rest) == page_range


def test_proceedings_with_editors_give_venue_and_editors() -> None:
    venue, editors = venue_and_editors(
        "In: M. Jordan & J. Kleinberg (Eds.), Information Science and Statistics (pp. 1–20)."
    )
    assert venue == "Information Science and Statistics"
    assert [person.family for person in editors] == ["Jordan", "Kleinberg"]


def test_publisher_and_late_year() -> None:
    assert publisher("in Proc. AAAI 4257–4266 (AAAI Press, 2021).") == "AAAI Press"
    assert publisher("In: Proceedings of CHI. ACM; 2016:3806-3816.") == "ACM"
    assert late_year("Proceedings, AAAI Press, 2021, pp. 2001–2010.") == "2021"
