"""The word lists built from the corpus: a title's word, a name and a journal's word told
apart by how often each is written where."""

from __future__ import annotations

from cite_sentinel.core.lexicon.words import name_counts, venue_count, word_count


def test_journal_abbreviations_are_venue_words_that_titles_do_not_write() -> None:
    for abbreviation in ("virol", "fertil", "lett", "neurosci"):
        assert venue_count(abbreviation) > 0, abbreviation
        assert word_count(abbreviation) <= 2 * venue_count(abbreviation), abbreviation
    assert venue_count("Homeostasis") == 0  # a title's word, any case


def test_a_title_word_and_a_family_name_are_told_apart() -> None:
    assert word_count("perspective") > 100
    family, _given = name_counts("bengio")
    assert family > 0 and word_count("bengio") == 0
