"""Citations in a line of thousands of characters keep the part around them, so a report grows
with the number of citations, not with its square."""

from __future__ import annotations

from cite_sentinel.core.model import Citation, Location, Read
from cite_sentinel.core.sources.long_sentences import MAX_SENTENCE, windowed
from cite_sentinel.core.sources.markdown import read_markdown


def _line_of_citations(count: int) -> str:
    return " ".join(f"claim{i} [@k{i}]" for i in range(count)) + "\n"


def test_each_citation_of_a_long_line_keeps_the_words_around_it() -> None:
    read = windowed(read_markdown(_line_of_citations(4000), "paper.md"))
    assert len(read.citations) == 4000
    for number in (0, 1234, 3999):
        citation = read.citations[number]
        assert len(citation.sentence) <= MAX_SENTENCE + 4
        assert f"claim{number}" in citation.sentence
        before = citation.sentence[: citation.mark].split()
        assert before[-1] == f"claim{number}"  # the mark still points behind its claim
    assert sum(len(c.sentence) for c in read.citations) < 4000 * (MAX_SENTENCE + 4)


def test_the_cut_ends_say_they_were_cut() -> None:
    citation = windowed(read_markdown(_line_of_citations(4000), "paper.md")).citations[2000]
    assert citation.sentence.startswith("… ")
    assert citation.sentence.endswith(" …")


def test_citations_in_ordinary_sentences_are_kept_as_read() -> None:
    read = read_markdown("One claim [@a]. Another claim [@b] here.\n", "paper.md")
    assert windowed(read) is read


def test_a_long_sentence_before_keeps_its_end_as_context() -> None:
    long = " ".join(f"word{i}" for i in range(1000))
    citation = Citation(
        key="k", location=Location.point("p.md", 1, 1), sentence="Short.", context=long
    )
    (cut,) = windowed(Read(citations=(citation,))).citations
    assert len(cut.context) <= MAX_SENTENCE + 2
    assert cut.context.endswith("word999")
    assert cut.sentence == "Short."


def test_a_citation_without_a_mark_keeps_the_start_of_its_sentence() -> None:
    long = " ".join(f"word{i}" for i in range(1000))
    citation = Citation(key="k", location=Location.point("p.md", 1, 1), sentence=long)
    (cut,) = windowed(Read(citations=(citation,))).citations
    assert cut.sentence.startswith("word0 ")
    assert cut.mark == -1
