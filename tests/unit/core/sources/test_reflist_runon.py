"""A title run into its venue, as IOP prints it, splits where the venue's name opens."""

from __future__ import annotations

import pytest
from cite_sentinel.core.sources.reflist_runon import split_run_on


@pytest.mark.parametrize(
    ("text", "title", "rest"),
    [
        (
            "Neutrino oscillations in dense matter Proceedings of the 39th ICHEP pp 41–9",
            "Neutrino oscillations in dense matter",
            "Proceedings of the 39th ICHEP pp 41–9",
        ),
        (
            "Observation of spin waves Phys. Rev. Lett. 116 061102",
            "Observation of spin waves",
            "Phys. Rev. Lett. 116 061102",
        ),
        (
            "Deep Learning for Sepsis The Thirty-Third AAAI Conference on Artificial Intelligence",
            "Deep Learning for Sepsis",
            "The Thirty-Third AAAI Conference on Artificial Intelligence",
        ),
        (
            "Reading Donne Aloud 2019 IEEE Conference on Speech pp 1–5",
            "Reading Donne Aloud",
            "2019 IEEE Conference on Speech pp 1–5",
        ),
        (
            "Crowd Labels for Retinal Scans KDD '22: The 28th ACM SIGKDD Conference pp 3–9",
            "Crowd Labels for Retinal Scans",
            "KDD '22: The 28th ACM SIGKDD Conference pp 3–9",
        ),
        (
            "Graph Cuts for Retinal Scans European Conference on Computer Vision pp 12–20",
            "Graph Cuts for Retinal Scans",
            "European Conference on Computer Vision pp 12–20",
        ),
        (
            "Sparse coding for peak detection in count data icml pp 324–32",
            "Sparse coding for peak detection in count data",
            "icml pp 324–32",
        ),
        (
            "Spoof Detection for the ASVspoof 2019 Challenge Interspeech 2019, Graz pp 1–5",
            "Spoof Detection for the ASVspoof 2019 Challenge",
            "Interspeech 2019, Graz pp 1–5",
        ),
    ],
)
def test_the_venue_starts_where_its_name_opens(text: str, title: str, rest: str) -> None:
    assert split_run_on(text) == (title, rest)


@pytest.mark.parametrize(
    "text",
    [
        # a venue word inside the title's first two words does not cut it
        "International Trade",
        "Annual Rainfall in the Sahel",
        # nothing opens a venue and no lower-case acronym ends the text
        "Spin Waves in Thin Films",
        "Sepsis in newborns: a cohort",
    ],
)
def test_titles_without_a_venue_stay_whole(text: str) -> None:
    assert split_run_on(text) == (text, "")


def test_a_lower_case_acronym_at_the_end_is_the_venue() -> None:
    # IOP prints every paper's container: the last lower-case word is the venue's
    assert split_run_on("Large Scale GAN Training for Image Synthesis iclr") == (
        "Large Scale GAN Training for Image Synthesis",
        "iclr",
    )
    assert split_run_on("Video Propagation Networks cvpr") == ("Video Propagation Networks", "cvpr")
