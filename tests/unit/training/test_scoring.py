"""How the parser's benchmark compares a field with the hand-labelled gold: what a reader
would call the same text is the same; anything else is not."""

from __future__ import annotations

from training.scoring import normalise


def test_a_word_hyphenated_at_a_line_end_is_the_word_the_reader_joins() -> None:
    assert normalise("Robin Hood: songs, and bal- lads") == normalise(
        "Robin Hood: songs and ballads"
    )


def test_a_compound_keeps_matching_however_its_hyphen_was_printed() -> None:
    assert normalise("self- assembly of monolayers") == normalise("Self-assembly of monolayers")
    assert normalise("Correcting large\u00ad-scale OMR data") == normalise(
        "Correcting large-scale OMR data"
    )


def test_tags_case_and_punctuation_do_not_count_but_words_do() -> None:
    assert normalise("<italic>Jour. AWWA</italic>") == normalise("jour awwa")
    assert normalise("Ballads of the north") != normalise("Ballads of the south")
    assert normalise("bal- lads") != normalise("ballad")
