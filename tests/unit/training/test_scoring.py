"""How the parser's benchmark compares a field with the hand-labelled gold: what a reader
would call the same text is the same; anything else is not."""

from __future__ import annotations

from training.scoring import gold_families, normalise


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


def _judged(text: str, venue: str, volume: str, pages: str) -> dict[str, bool]:
    # the gold as GROBID labels "Phys. Rev. D86, 054009 (2012)": journal and page, no volume
    from cite_sentinel.core.model import Location, Reference
    from cite_sentinel.core.sources.refparse.labels import Label

    from training.labelled import Labelled, Span
    from training.scoring import judge

    journal = text.index("Phys")
    page = text.index("054009")
    gold = Labelled(
        text,
        (
            Span(journal, journal + len("Phys. Rev. D86"), Label.CONTAINER),
            Span(page, page + 6, Label.PAGES),
        ),
        "grobid/pdf-physics",
        "g",
    )
    read = Reference(
        key="k", location=Location.point("x", 1, 1), venue=venue, volume=volume, pages=pages
    )
    return judge(gold, read).right


def test_a_volume_the_gold_keeps_glued_to_the_journal_counts_read_as_the_volume() -> None:
    right = _judged("Phys. Rev. D86, 054009 (2012)", "Phys. Rev. D", "86", "054009")
    assert right["venue"] and right["volume"] and right["pages"]


def test_another_volume_or_journal_than_the_glued_one_is_still_wrong() -> None:
    assert not _judged("Phys. Rev. D86, 054009 (2012)", "Phys. Rev. D", "87", "054009")["volume"]
    assert not _judged("Phys. Rev. D86, 054009 (2012)", "Phys. Rev. C", "86", "054009")["venue"]


def test_gold_names_are_read_as_the_reader_reads_names() -> None:
    # initials run together after a family name, in any script: the family name is the first
    assert gold_families("Соколов А.Б., Лебедев Г.Д.") == ["соколов", "лебедев"]
    assert gold_families("Katsonis,K .,Maynard ,G .") == ["katsonis", "maynard"]
