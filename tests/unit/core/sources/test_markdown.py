"""Markdown citations: keys, spans an editor can rename, groups, locators, sentences."""

from __future__ import annotations

import pytest
from cite_sentinel.core.findings import Code
from cite_sentinel.core.model import Citation, CitationMode, Location
from cite_sentinel.core.sources.markdown import read_markdown
from hypothesis import given, settings
from hypothesis import strategies as st


def _keys(text: str) -> list[str]:
    return [citation.key for citation in read_markdown(text, "paper.md").citations]


def test_bracketed_group_shares_a_group_and_keeps_prefix_and_locator() -> None:
    read = read_markdown("Nets work [see @a, pp. 33-35 and *passim*; @b].\n", "paper.md")
    first, second = read.citations
    assert (first.key, first.prefix, first.locator) == ("a", "see", "pp. 33-35 and passim")
    assert (second.key, second.prefix, second.locator) == ("b", "", "")
    assert first.group == second.group
    assert first.mode is second.mode is CitationMode.NORMAL


def test_key_location_covers_the_key_text_only() -> None:
    read = read_markdown("Intro.\nAs [@smith2020] and @{odd:key} show.\n", "paper.md")
    smith, odd = read.citations
    assert smith.location == Location("paper.md", 2, 6, 2, 15)
    assert odd.location == Location("paper.md", 2, 23, 2, 30)
    assert odd.key == "odd:key"


def test_key_location_counts_code_points_after_accents() -> None:
    (citation,) = read_markdown("Élève ü [@k]\n", "paper.md").citations
    assert citation.location == Location("paper.md", 1, 11, 1, 12)


def test_author_in_text_with_locator_and_suppressed_author() -> None:
    read = read_markdown("@smith [p. 4] says so, as [-@jones] agrees.\n", "paper.md")
    smith, jones = read.citations
    assert (smith.mode, smith.locator) == (CitationMode.AUTHOR_IN_TEXT, "p. 4")
    assert jones.mode is CitationMode.SUPPRESS_AUTHOR
    assert smith.group != jones.group


def test_trailing_punctuation_is_not_part_of_the_key() -> None:
    assert _keys("See @doe:2019. And @a.b, then @x-y; end\n") == ["doe:2019", "a.b", "x-y"]


@pytest.mark.parametrize(
    "text",
    [
        "Write to me@example.org today.",
        "Code `@notakey` here.",
        "```\n@fenced\n```\n",
        "Para.\n\n    @indented\n",
        "<!-- @commented -->",
        "Escaped \\@notakey here.",
        "Math $x@y$ here.",
        "A link [text](http://x.org/@nope) here.",
    ],
)
def test_no_citation_in_emails_code_comments_math_or_escapes(text: str) -> None:
    assert _keys(text) == []


def test_sentence_is_cleaned_of_markup_and_context_is_the_sentence_before() -> None:
    text = "We study nets. Deep *nets* work well [@a; @b, p. 3] on images, e.g. photos.\n"
    first, _ = read_markdown(text, "paper.md").citations
    assert first.sentence == "Deep nets work well on images, e.g. photos."
    assert first.context == "We study nets."


def test_front_matter_names_bibliographies_with_their_locations() -> None:
    text = "---\ntitle: T\nbibliography:\n  - refs.bib\n  - more.json\n---\nText [@a].\n"
    read = read_markdown(text, "paper.md")
    assert [link.name for link in read.bibliographies] == ["refs.bib", "more.json"]
    assert read.bibliographies[0].location == Location("paper.md", 4, 5, 4, 13)
    assert read.citations[0].location.line == 7


def test_front_matter_with_one_bibliography_string() -> None:
    read = read_markdown("---\nbibliography: refs.bib\n---\n", "paper.md")
    assert [link.name for link in read.bibliographies] == ["refs.bib"]


def test_broken_front_matter_is_a_finding_with_its_line() -> None:
    read = read_markdown("---\ntitle: [unclosed\n---\nText [@a].\n", "paper.md")
    assert [finding.code for finding in read.findings] == [Code.PARSE_ERROR]
    assert read.findings[0].location.line >= 2
    assert _keys("---\ntitle: [unclosed\n---\nText [@a].\n") == ["a"]


def test_inline_references_in_front_matter_are_read_with_file_lines() -> None:
    text = (
        "---\nreferences:\n- id: doe2020\n  type: article-journal\n"
        "  title: A study\n  issued:\n    date-parts: [[2020]]\n---\nAs [@doe2020].\n"
    )
    read = read_markdown(text, "paper.md")
    assert [reference.key for reference in read.references] == ["doe2020"]
    assert read.references[0].location.line == 3


def test_free_text_reference_section_becomes_references() -> None:
    text = (
        "As [@a].\n\n# References\n\n"
        "Smith, J. (2020). Deep nets for science. *Nature*, 521(7553), 436-444.\n"
    )
    read = read_markdown(text, "paper.md")
    assert len(read.references) == 1
    assert read.references[0].location.line == 5


def test_pandoc_refs_div_is_not_a_free_text_list() -> None:
    read = read_markdown("As [@a].\n\n# References\n\n::: {#refs}\n:::\n", "paper.md")
    assert read.references == ()


def test_nothing_raises_on_unbalanced_input() -> None:
    read = read_markdown("[[[@a ]] [@ @{ -@ \\", "paper.md")
    assert all(finding.code is not Code.PARSE_ERROR for finding in read.findings)


_MARKUP = st.text(alphabet="@[]{}-;,.:`$\\%<>#*_()!^~/ \n\tabzAZ09é", max_size=120)


@settings(max_examples=300, deadline=None)
@given(_MARKUP)
def test_any_text_reads_without_error_and_every_span_holds_its_key(text: str) -> None:
    read = read_markdown(text, "paper.md")
    assert not any("internal error" in finding.message for finding in read.findings)
    lines = text.split("\n")
    for citation in read.citations:
        where = citation.location
        assert where.line == where.end_line
        assert lines[where.line - 1][where.column - 1 : where.end_column - 1] == citation.key
        assert -1 <= citation.mark <= len(citation.sentence)


def test_an_author_in_text_key_stays_as_the_subject_of_its_sentence() -> None:
    text = "Nets are old. As @smith20 [p. 4] showed, they learn. @jones21 agrees; -@lee22 too.\n"
    by_key = {c.key: c for c in read_markdown(text, "paper.md").citations}
    assert by_key["smith20"].sentence == "As smith20 showed, they learn."
    assert by_key["jones21"].sentence == "jones21 agrees; too."
    assert by_key["jones21"].context == "As smith20 showed, they learn."
    assert by_key["lee22"].sentence == by_key["jones21"].sentence


def test_a_bracketed_citation_leaves_no_trace_in_its_sentence() -> None:
    (citation,) = read_markdown("Nets learn [see @smith20, p. 4].\n", "paper.md").citations
    assert citation.sentence == "Nets learn."


def _before(citation: Citation) -> str:
    """The part of its sentence a citation closes: the text before where it stood."""
    assert citation.mark >= 0, f"{citation.key} has no place in its sentence"
    return citation.sentence[: citation.mark]


def test_each_citation_keeps_where_it_stood_in_its_cleaned_sentence() -> None:
    text = (
        "*Remdesivir* shortens **recovery** [see @a, p. 3; @b], and steroids lower "
        "mortality [@c] [-@d].\n"
    )
    a, b, c, d = read_markdown(text, "paper.md").citations
    assert a.sentence == "Remdesivir shortens recovery, and steroids lower mortality."
    assert _before(a) == _before(b) == "Remdesivir shortens recovery"
    assert _before(c) == "Remdesivir shortens recovery, and steroids lower mortality"
    assert _before(d) == _before(c)


def test_an_author_in_text_citation_stands_nowhere_its_key_is_part_of_the_sentence() -> None:
    text = "As @smith20 [p. 4; @lee22] showed, nets learn [@jones21].\n"
    smith, lee, jones = read_markdown(text, "paper.md").citations
    assert smith.sentence == "As smith20 showed, nets learn."
    assert smith.mark == -1
    assert _before(lee) == "As smith20"
    assert _before(jones) == "As smith20 showed, nets learn"


def test_brackets_nested_thousands_deep_cost_no_citation_around_them() -> None:
    text = "Deep " + "[@" * 3000 + "a" + "]" * 3000 + " and [@b].\n\nAfter [@c].\n"
    read = read_markdown(text, "paper.md")
    assert [citation.key for citation in read.citations] == ["a", "b", "c"]
    assert read.citations[2].sentence == "After."
