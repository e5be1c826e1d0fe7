"""LaTeX citations: natbib and biblatex commands, optional arguments, comments, bibliographies."""

from __future__ import annotations

import pytest
from cite_sentinel.core.findings import Code
from cite_sentinel.core.model import CitationMode, Location
from cite_sentinel.core.sources.latex import read_latex
from hypothesis import given, settings
from hypothesis import strategies as st


def _keys(text: str) -> list[str]:
    return [citation.key for citation in read_latex(text, "paper.tex").citations]


@pytest.mark.parametrize(
    "command",
    [
        "cite",
        "cite*",
        "citep",
        "citet",
        "citealp",
        "citealt",
        "citeauthor",
        "citeyear",
        "citeyearpar",
        "Citet",
        "Citep",
        "parencite",
        "textcite",
        "autocite",
        "footcite",
        "smartcite",
        "supercite",
        "fullcite",
        "Parencite",
        "Textcite",
        "Autocite",
        "nocite",
    ],
)
def test_every_citation_command_cites_its_keys(command: str) -> None:
    assert _keys(f"As shown \\{command}{{a, b}}.\n") == ["a", "b"]


def test_key_locations_cover_each_key_in_a_list() -> None:
    first, second = read_latex("See \\cite{smith2020,  doe}.\n", "paper.tex").citations
    assert first.location == Location("paper.tex", 1, 11, 1, 20)
    assert second.location == Location("paper.tex", 1, 23, 1, 26)
    assert first.group == second.group


def test_two_optional_arguments_are_prefix_and_locator() -> None:
    (citation,) = read_latex("Nets \\citep[see][p.~33]{a}.\n", "paper.tex").citations
    assert (citation.prefix, citation.locator) == ("see", "p. 33")
    (single,) = read_latex("Nets \\parencite[ch. 2]{a}.\n", "paper.tex").citations
    assert (single.prefix, single.locator) == ("", "ch. 2")


def test_multicite_reads_every_key_with_its_own_notes() -> None:
    text = "Both \\parencites(all)(end)[pre][p. 4]{a}[][ch. 2]{b, c} agree.\n"
    a, b, c = read_latex(text, "paper.tex").citations
    assert [a.key, b.key, c.key] == ["a", "b", "c"]
    assert (a.prefix, a.locator, b.locator) == ("pre", "p. 4", "ch. 2")
    assert a.group == b.group == c.group


def test_textual_commands_cite_author_in_text() -> None:
    citet, parencite = read_latex("\\citet{a} says \\parencite{b}.\n", "paper.tex").citations
    assert citet.mode is CitationMode.AUTHOR_IN_TEXT
    assert parencite.mode is CitationMode.NORMAL


def test_comments_and_verbatim_hide_citations_but_escaped_percent_does_not() -> None:
    text = (
        "Half \\% of data \\cite{kept} % \\cite{commented}\n"
        "\\begin{verbatim}\n\\cite{verbatim}\n\\end{verbatim}\n"
        "\\begin{lstlisting}\n\\cite{listing}\n\\end{lstlisting}\n"
        "\\verb|\\cite{inline}| and \\cite{after}.\n"
    )
    assert _keys(text) == ["kept", "after"]


def test_nocite_star_is_one_citation_of_every_entry() -> None:
    (citation,) = read_latex("\\nocite{*}\n", "paper.tex").citations
    assert citation.key == "*"


def test_bibliography_and_addbibresource_are_linked_by_name() -> None:
    text = "\\addbibresource[label=x]{refs.bib}\n\\bibliography{one, two}\n"
    links = read_latex(text, "paper.tex").bibliographies
    assert [link.name for link in links] == ["refs.bib", "one", "two"]
    assert links[1].location == Location("paper.tex", 2, 15, 2, 18)


def test_sentence_is_plain_text_without_the_citation() -> None:
    text = (
        "\\begin{document}\nWe study nets.\nAs \\emph{shown}~\\citep[p.~4]{a}, "
        "nets work in 50\\% of cases.\n\\end{document}\n"
    )
    (citation,) = read_latex(text, "paper.tex").citations
    assert citation.sentence == "As shown, nets work in 50% of cases."
    assert citation.context == "We study nets."


def test_unclosed_citation_is_a_finding_and_reading_goes_on() -> None:
    read = read_latex("\\cite{broken\n\nLater \\cite{fine}.\n", "paper.tex")
    assert [citation.key for citation in read.citations] == ["fine"]
    assert [(f.code, f.location.line) for f in read.findings] == [(Code.PARSE_ERROR, 1)]


def test_thebibliography_items_become_references_at_their_keys() -> None:
    text = (
        "\\begin{thebibliography}{9}\n"
        "\\bibitem[Jones(2019)]{jones2019} A.~Jones and B.~Lee. Learning things.\n"
        "\\newblock \\emph{Science}, 12:3--4, 2019. doi:10.1000/xyz\n"
        "\\end{thebibliography}\n"
    )
    (reference,) = read_latex(text, "paper.tex").references
    assert reference.key == "jones2019"
    assert reference.location.line == 2
    assert reference.identifiers.doi == "10.1000/xyz"
    assert reference.year == 2019


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="\\{}[]()%,*~ \nabcitepsnoz09é", max_size=120))
def test_any_text_reads_without_error_and_every_span_holds_its_key(text: str) -> None:
    read = read_latex(text, "paper.tex")
    assert not any("internal error" in finding.message for finding in read.findings)
    for citation in read.citations:
        where = citation.location
        start = _offset(text, where.line, where.column)
        end = _offset(text, where.end_line, where.end_column)
        assert text[start:end] == citation.key
        assert -1 <= citation.mark <= len(citation.sentence)


def _offset(text: str, line: int, column: int) -> int:
    return sum(len(row) + 1 for row in text.split("\n")[: line - 1]) + column - 1


def test_a_textual_citation_keeps_its_keys_as_the_subject() -> None:
    text = (
        "Nets are old. \\citet[p.~4]{a,b} showed that they learn \\citep{c}. \\citet{d} agrees.\n"
    )
    by_key = {c.key: c for c in read_latex(text, "paper.tex").citations}
    assert by_key["a"].sentence == by_key["b"].sentence == "a b showed that they learn."
    assert by_key["a"].context == "Nets are old."
    assert by_key["c"].sentence == by_key["a"].sentence
    assert by_key["d"].sentence == "d agrees."


def test_each_citation_keeps_where_it_stood_in_its_cleaned_sentence() -> None:
    text = (
        "\\emph{Remdesivir} shortens recovery~\\cite{a, b}, and steroids lower "
        "mortality \\parencite[p.~3]{c}\\footcite{d}. \\citet{e} disagrees \\citep{f}.\n"
    )
    a, b, c, d, e, f = read_latex(text, "paper.tex").citations
    assert a.sentence == "Remdesivir shortens recovery, and steroids lower mortality."
    assert a.sentence[: a.mark] == b.sentence[: b.mark] == "Remdesivir shortens recovery"
    assert c.sentence[: c.mark] == "Remdesivir shortens recovery, and steroids lower mortality"
    assert d.mark == c.mark
    assert e.sentence == "e disagrees."
    assert e.mark == -1  # a textual citation's key is part of the sentence
    assert f.sentence[: f.mark] == "e disagrees"


def test_a_line_of_unclosed_citation_commands_gives_a_finding_for_each() -> None:
    text = "\\begin{document}\n" + "word \\citep{key, " * 2000 + "\n\nAfter \\cite{fine}.\n"
    read = read_latex(text, "paper.tex")
    assert [citation.key for citation in read.citations] == ["fine"]
    assert len(read.findings) == 2000
    assert read.findings[0].message.startswith("\\citep{ is never closed")
