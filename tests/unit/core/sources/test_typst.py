"""Typst citations: @key, supplements, #cite forms, comments and raw text, bibliographies."""

from __future__ import annotations

import pytest
from cite_sentinel.core.model import CitationMode, Location
from cite_sentinel.core.sources.typst import read_typst
from hypothesis import given, settings
from hypothesis import strategies as st


def _keys(text: str) -> list[str]:
    return [citation.key for citation in read_typst(text, "paper.typ").citations]


def test_reference_keys_stop_before_a_trailing_period_or_colon() -> None:
    assert _keys("As @doe:2019. And @a.b: and @x-y_z.\n") == ["doe:2019", "a.b", "x-y_z"]


def test_key_location_covers_the_key_text_only() -> None:
    (citation,) = read_typst("Text\nso @smith2020[p. 4].\n", "paper.typ").citations
    assert citation.location == Location("paper.typ", 2, 5, 2, 14)
    assert citation.locator == "p. 4"


def test_cite_function_with_label_supplement_and_form() -> None:
    text = (
        'A #cite(<a>, supplement: [p. 7]) and #cite(label("b"), form: "prose") and '
        '#cite(<c>, form: "year").\n'
    )
    a, b, c = read_typst(text, "paper.typ").citations
    assert (a.key, a.locator, a.mode) == ("a", "p. 7", CitationMode.NORMAL)
    assert (b.key, b.mode) == ("b", CitationMode.AUTHOR_IN_TEXT)
    assert c.mode is CitationMode.SUPPRESS_AUTHOR
    assert b.location == Location("paper.typ", 1, 51, 1, 52)


@pytest.mark.parametrize(
    "text",
    [
        "Mail me@example.org here.",
        "Line // @commented\n",
        "Block /* @commented */ here.",
        "Raw `@raw` and ```\n@fenced\n```.",
        "Escaped \\@notakey here.",
        '#link("mailto:x@notakey.org")[mail]',
        "Link https://example.org/@path here.",
    ],
)
def test_no_citation_in_emails_comments_raw_strings_or_links(text: str) -> None:
    assert _keys(text) == []


def test_citations_written_together_share_a_group() -> None:
    a, b, c = read_typst("Both @a @b agree, unlike @c.\n", "paper.typ").citations
    assert a.group == b.group != c.group


def test_bibliography_names_one_file_or_a_tuple() -> None:
    one = read_typst('#bibliography("refs.bib")\n', "paper.typ").bibliographies
    assert [(link.name, link.location) for link in one] == [
        ("refs.bib", Location("paper.typ", 1, 16, 1, 24))
    ]
    two = read_typst('#bibliography(("a.bib", "b.yml"), style: "apa")\n', "paper.typ")
    assert [link.name for link in two.bibliographies] == ["a.bib", "b.yml"]


def test_sentence_drops_citations_and_markup() -> None:
    text = "= Intro\nWe study nets. Deep *nets* work @a[p. 2] on images.\n"
    (citation,) = read_typst(text, "paper.typ").citations
    assert citation.sentence == "Deep nets work on images."
    assert citation.context == "We study nets."


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet='@#<>[]()"`/*\\-.:_ \nabcitelz09é', max_size=120))
def test_any_text_reads_without_error_and_every_span_holds_its_key(text: str) -> None:
    read = read_typst(text, "paper.typ")
    assert not any("internal error" in finding.message for finding in read.findings)
    lines = text.split("\n")
    for citation in read.citations:
        where = citation.location
        assert lines[where.line - 1][where.column - 1 : where.end_column - 1] == citation.key
        assert -1 <= citation.mark <= len(citation.sentence)


def test_a_prose_or_author_citation_keeps_its_key_as_the_subject_of_its_sentence() -> None:
    text = (
        'Nets are old. #cite(<smith20>, form: "prose") showed that they learn. '
        'As #cite(label("lee22"), form: "author") notes, they fail @jones21.\n'
    )
    smith, lee, jones = read_typst(text, "paper.typ").citations
    assert smith.sentence == "smith20 showed that they learn."
    assert smith.context == "Nets are old."
    assert lee.sentence == jones.sentence == "As lee22 notes, they fail."
    assert smith.mark == lee.mark == -1
    assert jones.sentence[: jones.mark] == "As lee22 notes, they fail"


def test_each_citation_keeps_where_it_stood_in_its_cleaned_sentence() -> None:
    text = "_Remdesivir_ shortens recovery @a @b, and steroids lower mortality #cite(<c>).\n"
    a, b, c = read_typst(text, "paper.typ").citations
    assert a.sentence == "Remdesivir shortens recovery, and steroids lower mortality."
    assert a.sentence[: a.mark] == "Remdesivir shortens recovery"
    assert b.mark == a.mark
    assert c.sentence[: c.mark] == "Remdesivir shortens recovery, and steroids lower mortality"
