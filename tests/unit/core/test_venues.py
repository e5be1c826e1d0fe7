"""Venue names: aliases and abbreviations agree, other venues do not, preprints claim nothing."""

from __future__ import annotations

import pytest
from cite_sentinel.core.venues import agrees, is_venue_claim, workshop_version

NEURIPS = "Advances in Neural Information Processing Systems 34"


@pytest.mark.parametrize(
    "cited",
    [
        "NeurIPS",
        "NIPS",
        "Advances in Neural Information Processing Systems",
        "Proc. of NeurIPS 2021",
    ],
)
def test_neurips_names_agree_with_the_long_name(cited: str) -> None:
    assert agrees(cited, NEURIPS, "NEURIPS")


def test_proceedings_abbreviation_agrees_with_the_short_name() -> None:
    assert agrees(
        "Proc. of ICML",
        "Proceedings of the 38th International Conference on Machine Learning",
        "ICML",
    )


def test_iso4_journal_abbreviation_agrees() -> None:
    assert agrees("J. Mach. Learn. Res.", "Journal of Machine Learning Research", "JMLR")
    assert agrees("Mach. Learn.", "Machine Learning", "MLJ")


def test_another_conference_disagrees() -> None:
    assert not agrees("ICML", NEURIPS, "NEURIPS")
    assert not agrees(
        "International Conference on Quantum Machine Learning",
        "International Conference on Machine Learning",
        "ICML",
    )


def test_arxiv_is_not_a_venue_claim() -> None:
    assert not is_venue_claim("arXiv preprint arXiv:1706.03762")
    assert not is_venue_claim("CoRR")
    assert agrees("arXiv preprint", NEURIPS, "NEURIPS")


def test_a_conference_workshop_counts_as_the_conference() -> None:
    assert agrees("ICML", "ICML 2022 Workshop on Knowledge Retrieval", "ICMLW")


def test_a_proceedings_series_or_a_bare_proceedings_is_not_a_venue_claim() -> None:
    icml = "Proceedings of the 38th International Conference on Machine Learning"
    assert agrees("Proceedings of Machine Learning Research", icml, "ICML")
    assert agrees("PMLR", icml, "ICML")
    assert agrees("JMLR W&CP", icml, "ICML")  # PMLR's name until 2016
    assert agrees("Lecture Notes in Computer Science", "Computer Vision - ECCV 2022", "ECCV")
    assert agrees("Proceedings", icml, "ICML")


def test_acronyms_and_spaced_short_names_agree() -> None:
    assert agrees("ECML PKDD", "Machine Learning and Knowledge Discovery in Databases", "ECMLPKDD")
    assert agrees("SLT", "IEEE Spoken Language Technology Workshop", "")


def test_the_jmlr_open_source_track_is_jmlr() -> None:
    assert agrees("Journal of Machine Learning Research", "mloss", "MLOSS")
    assert not agrees("ICML", "mloss", "MLOSS")


@pytest.mark.parametrize(
    ("cited", "venue", "venue_short"),
    [
        ("ICML", "ICLR 2022 Workshops: GTRL", "ICLRW"),
        ("NeurIPS", "ICML 2022 Workshops: AI4Science", "ICMLW"),
        ("ECCV", "CVPR Workshops", ""),
    ],
)
def test_a_workshop_version_cannot_refute_a_flagship_of_its_field(
    cited: str, venue: str, venue_short: str
) -> None:
    assert not agrees(cited, venue, venue_short)
    assert workshop_version(cited, venue, venue_short)


@pytest.mark.parametrize(
    ("cited", "venue", "venue_short"),
    [
        ("ACL", "ICLR 2021 Workshops: EBM", "ICLRW"),  # another field
        ("UAI", "ICLR 2021 Workshops: EBM", "ICLRW"),  # not a flagship
        ("ICML Workshop on Graph Learning", "ICLR 2022 Workshops: GTRL", "ICLRW"),
        ("ICML", "Advances in Neural Information Processing Systems 35", "NEURIPS"),
    ],
)
def test_other_venues_for_a_workshop_paper_or_a_main_conference_paper_stay_wrong(
    cited: str, venue: str, venue_short: str
) -> None:
    assert not workshop_version(cited, venue, venue_short)


def test_a_venue_cited_by_its_exact_short_name_agrees() -> None:
    assert agrees("Nature", "Nature")
    assert agrees("Pattern Recognition", "Pattern Recognition")
