"""The common ends of two texts, as a character-by-character comparison would find them."""

from __future__ import annotations

import pytest
from cite_sentinel.core.sources.text_diff import common_ends


def _slow(old: str, new: str) -> tuple[int, int]:
    prefix = 0
    while prefix < min(len(old), len(new)) and old[prefix] == new[prefix]:
        prefix += 1
    suffix = 0
    room = min(len(old), len(new)) - prefix
    while suffix < room and old[-1 - suffix] == new[-1 - suffix]:
        suffix += 1
    return prefix, suffix


LONG = "".join(f"line {n} of a long file\n" for n in range(5000))


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("", ""),
        ("abc", "abc"),
        ("abc", ""),
        ("aaaa", "aaaaa"),  # a repeated letter: the ends must not overlap
        (LONG, LONG[:40000] + "{" + LONG[40000:]),
        (LONG, LONG[:70000] + LONG[70010:]),
        (LONG, "x" + LONG),
        (LONG, LONG + "x"),
        (LONG, LONG.replace("line 4999", "LINE 4999")),
    ],
)
def test_common_ends_agree_with_a_character_loop(old: str, new: str) -> None:
    assert common_ends(old, new) == _slow(old, new)
