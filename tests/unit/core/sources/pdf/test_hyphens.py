"""Line-end hyphens: a word broken by the typesetter is made whole, a compound keeps its hyphen."""

from __future__ import annotations

from collections import Counter

import pytest
from cite_sentinel.core.sources.pdf.hyphens import Words


@pytest.mark.parametrize(
    ("before", "after", "kept"),
    [
        ("Classifica", "tion,", False),  # a syllable: the typesetter's hyphen
        ("Semi", "supervised", True),  # a prefix that keeps its hyphen in titles
        ("Time", "series", True),  # both halves are words of the document
        ("Pre", "diction", False),  # the document writes "prediction" whole elsewhere
        ("Inter", "speech", False),  # no word of the document, no known prefix: joined
        ("Multi", "ple", False),  # "-ple" is no word
    ],
)
def test_a_hyphen_at_a_line_end_is_kept_only_for_compounds(
    before: str, after: str, kept: bool
) -> None:
    words = Words(Counter({"time": 3, "series": 2, "prediction": 1, "supervised": 1}))
    assert words.keeps_hyphen(before, after) is kept


def test_a_compound_written_with_its_hyphen_elsewhere_keeps_it() -> None:
    words = Words(Counter({"end-to-end": 1}))
    assert words.keeps_hyphen("end-to", "end") is True
