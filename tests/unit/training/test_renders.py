"""The style renders the parser learns from: journal articles carry their journal's ISO 4
abbreviation as the styles of the sciences print it, books never."""

from __future__ import annotations

import random

import pytest

from training.iso4 import abbreviator
from training.renders import csl_item


def _work(kind: str) -> dict[str, object]:
    return {
        "type": kind,
        "title": "Drift chambers",
        "venue": "Journal of Hydrology",
        "authors": [{"family": "Osei", "given": "Kofi"}],
        "year": 2010,
        "volume": "362",
    }


def _short(name: str) -> str:
    return "J. Hydrol." if name == "Journal of Hydrology" else name


def test_most_journal_articles_carry_their_journals_abbreviation_and_some_print_only_it() -> None:
    rng = random.Random(5)
    items = [csl_item(_work("journal-article"), f"w{n}", rng, _short) for n in range(1000)]
    short = sum(item.get("container-title-short") == "J. Hydrol." for item in items)
    only = sum(item.get("container-title") == "J. Hydrol." for item in items)
    assert 450 < short < 600  # half of them, and styles that print a short form print it
    assert 50 < only < 150  # some reference managers keep only the abbreviation
    assert all(item["container-title"] in ("Journal of Hydrology", "J. Hydrol.") for item in items)


def test_books_and_items_without_an_abbreviator_carry_no_abbreviation() -> None:
    rng = random.Random(5)
    books = [csl_item(_work("book"), f"w{n}", rng, _short) for n in range(200)]
    plain = [csl_item(_work("journal-article"), f"w{n}", rng) for n in range(200)]
    assert not any("container-title-short" in item for item in books + plain)
    assert all(item.get("container-title") == "Journal of Hydrology" for item in plain)


def test_the_iso4_abbreviator_keeps_a_name_it_would_give_a_stray_combining_mark() -> None:
    pytest.importorskip("pyiso4", reason="the ISO 4 abbreviator needs pyiso4 (the dev extra)")
    abbreviate = abbreviator()
    assert abbreviate is not None
    assert abbreviate("Journal of Hydrology") == "J. Hydrol."
    assert abbreviate("Osteoarthritis and Cartilage") == "Osteoarthritis and Cartilage"
    medline = abbreviator(full_stops=False)
    assert medline is not None
    assert medline("Journal of Hydrology") == "J Hydrol"
