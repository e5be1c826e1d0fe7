"""References that pandoc's citeproc writes are read back with their title, author and year."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support import reflist_accuracy as bench

WORKS = 50


@pytest.mark.slow
@pytest.mark.parametrize("style", ["apa", "ieee", "american-medical-association"])
def test_citeproc_rendered_references_parse_back_above_the_targets(
    style: str, data: Path, pandoc3: str
) -> None:
    # Every 20th work of the sample, so the 50 are spread over many venues.
    works = bench.load_works(WORKS * 20, data / "corpus" / "works_sample5k.jsonl")[::20]
    strings = bench.render(works, data / "csl" / f"{style}.csl", pandoc3)
    score = bench.score(style, works, strings)
    wrong = [text for text, _ in bench.failures(works, strings, "title")]
    assert score.title >= bench.TARGETS["title"], wrong
    assert score.author >= bench.TARGETS["author"]
    assert score.year >= bench.TARGETS["year"]
    assert score.doi == 1.0
