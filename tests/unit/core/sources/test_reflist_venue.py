"""The part after a title gives venue, numbers and publisher in each style's layout."""

from __future__ import annotations

import pytest
from cite_sentinel.core.sources.reflist_venue import (
    late_year,
    pages,
    publisher,
    venue_and_editors,
    venue_like,
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


@pytest.mark.parametrize(
    "text",
    [
        "Proceedings of the 2011 ACM Conference",
        "IEEE/CVF Conference on Computer Vision",
        "CIDR 2013, Sixth Biennial Conference",
        "iclr, 2023.",
        "Icml (2013), pp. 1049",
        "Neurips, 2016: pp. 4125",
        "The Thirty-Third AAAI Conference on Artificial Intelligence",
        "2018 IEEE International Conference on Acoustics",
        "European Conference on Computer Vision (2022)",
        "British Machine Vision Conference, 2011.",
        "WWW '21: The Web Conference",
        "J. Chem. Phys. 12",
        "Medieval History Journal 4",
    ],
)
def test_what_reads_as_a_venue_after_in(text: str) -> None:
    assert venue_like(text)


@pytest.mark.parametrize(
    "text",
    [
        "Spoken Conversations",  # the end of Annual Reviews' title
        "a comment rating environment",
        "Videos",
        "practice. Journal of Things, 1, 2.",
        "kagome lattices in Proceedings of the APS March Meeting",
        "Private SGD: A Geometric Perspective",
        "vivo",
    ],
)
def test_what_stays_in_the_title_after_in(text: str) -> None:
    assert not venue_like(text)


@pytest.mark.parametrize(
    ("rest", "venue", "volume", "page_range"),
    [
        # IOP ends with volume and page, or the range, and no marks
        ("Phys. Rev. Lett. 116 061102", "Phys. Rev. Lett", "116", "061102"),
        ("Foundations and Trends in Machine Learning 335–536", "Foundations and Trends in"
         " Machine Learning", "", "335-536"),
        # GOST's "Pp."
        ("Slavic Review. 2015. Vol. 3. Pp. 5 – 20.", "Slavic Review", "3", "5-20"),
        # GB/T 7714's "Year: pages" is no volume
        ("Proceedings of ICML. 2021: 112-120.", "Proceedings of ICML", "", "112-120"),
    ],
)  # fmt: skip
def test_locators_of_iop_gost_and_gb(rest: str, venue: str, volume: str, page_range: str) -> None:
    assert venue_and_editors(rest)[0] == venue
    assert volume_issue(rest)[0] == volume
    assert pages(rest) == page_range
    assert late_year("Physica, June 1988.") == "1988"  # a year at the end is no page
