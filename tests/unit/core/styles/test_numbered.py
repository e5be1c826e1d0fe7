"""The numbered style as a reader of the rendered paper sees it."""

from __future__ import annotations

import re

from cite_sentinel.core.model import (
    Citation,
    CitationMode,
    Identifiers,
    Location,
    Person,
    Problem,
    Reference,
    Severity,
    Status,
    Verdict,
)
from cite_sentinel.core.styles import (
    Numbering,
    cite_html,
    cite_numbered,
    html_reference_list,
    numbered_list,
    numbered_markdown,
)

HERE = Location.point("paper.md", 1, 1)


def _cite(key: str, group: int, locator: str = "") -> Citation:
    return Citation(key=key, location=HERE, group=group, locator=locator)


def test_numbers_follow_the_order_of_first_citation() -> None:
    citations = [_cite("b", 0), _cite("a", 1), _cite("b", 2)]
    numbering = Numbering.from_citations(citations)
    assert [numbering.number(key) for key in ("b", "a")] == [1, 2]
    assert numbering.anchors_of("b") == ("cite1-1", "cite1-2")


def test_brackets_list_collapse_and_keep_locators() -> None:
    citations = [_cite(key, 0) for key in "abcde"]
    numbering = Numbering.from_citations(citations)
    assert cite_numbered([_cite("a", 9), _cite("c", 9)], numbering).plain == "[1, 3]"
    assert cite_numbered([_cite(k, 9) for k in "bcd"], numbering).plain == "[2–4]"
    assert cite_numbered([_cite("a", 9, "p. 33")], numbering).plain == "[1, p. 33]"


def test_a_miscited_reference_is_marked_with_a_tooltip_and_class() -> None:
    numbering = Numbering.from_citations([_cite("a", 0)])
    verdict = Verdict(
        key="a",
        status=Status.MISCITED,
        problems=(Problem("year", "2019", "2020", Severity.WARNING),),
    )
    rendered = cite_numbered([_cite("a", 0)], numbering, {"a": verdict})
    assert rendered.plain == "[1]⚠"
    assert 'class="cite-sentinel-miscited"' in rendered.html
    assert "year cited 2019, found 2020" in rendered.html


def test_a_web_page_is_listed_with_the_date_it_was_accessed() -> None:
    reference = Reference(
        key="zk",
        location=HERE,
        kind="online",
        title="A Beginner's Guide to ZKPs",
        people=(Person(family="Smith", given="Sarah"),),
        date="2024-01-15",
        accessed="2024-02-28",
        identifiers=Identifiers(url="https://blog.example.com/zk-guide"),
    )
    numbering = Numbering.from_citations([_cite("other", 0), _cite("zk", 1)])
    text = numbered_markdown(numbered_list([reference], numbering))
    assert text == (
        "[2] S. Smith, “A Beginner’s Guide to ZKPs.” Accessed: Feb. 28, 2024. \\[Online\\]. "
        "Available: <https://blog.example.com/zk-guide>\n"
    )


def test_a_journal_article_reads_as_ieee_with_venue_volume_issue_pages_and_doi() -> None:
    reference = Reference(
        key="back",
        location=HERE,
        kind="article",
        title="An Adaptive Lattice Architecture",
        people=(Person(family="Back", given="Andrew D."), Person(family="Tsoi", given="Ah Chung")),
        year=1992,
        date="1992-06",
        venue="Neural Computation",
        volume="4",
        issue="6",
        pages="922--931",
        accessed="2026-01-02",  # a journal article shows no Accessed date, even with one
        identifiers=Identifiers(doi="10.1162/neco.1992.4.6.922"),
    )
    (entry,) = numbered_list([reference], Numbering.from_keys(["back"]))
    assert f"{entry.label} {entry.lines[0].plain}" == (
        "[1] A. D. Back and A. C. Tsoi, “An Adaptive Lattice Architecture,” Neural Computation, "
        "vol. 4, no. 6, pp. 922–931, Jun. 1992, doi: 10.1162/neco.1992.4.6.922."
    )
    assert "<em>Neural Computation</em>" in entry.lines[0].html
    assert 'href="https://doi.org/10.1162/neco.1992.4.6.922"' in entry.lines[0].html


def test_an_author_in_text_citation_keeps_the_authors_names() -> None:
    people = (Person(family="Smith", given="Sarah"), Person(family="Doe", given="Jo"))
    references = {
        "one": Reference(key="one", location=HERE, people=people[:1]),
        "two": Reference(key="two", location=HERE, people=people),
        "many": Reference(key="many", location=HERE, people=(*people, Person(family="Lee"))),
    }
    citations = [
        Citation(key=key, location=HERE, group=index, mode=CitationMode.AUTHOR_IN_TEXT)
        for index, key in enumerate(references)
    ]
    numbering = Numbering.from_citations(citations)
    said = [cite_numbered([c], numbering, references=references).plain for c in citations]
    assert said == ["Smith [1]", "Smith and Doe [2]", "Smith et al. [3]"]
    html = cite_html(citations[:1], numbering, references=references)
    assert html.plain == "Smith[1]" and html.html.startswith("Smith<sup>")
    located = Citation(key="one", location=HERE, locator="p. 3", mode=CitationMode.AUTHOR_IN_TEXT)
    assert cite_numbered([located], numbering, references=references).plain == "Smith [1, p. 3]"


def test_html_citations_and_entries_link_both_ways() -> None:
    reference = Reference(key="a", location=HERE, title="Deep <Nets>")
    citations = [_cite("a", 0), _cite("a", 1)]
    numbering = Numbering.from_citations(citations)
    first = cite_html(citations[:1], numbering).html
    assert first.startswith('<sup><a href="#ref1" id="cite1-1"')
    listing = html_reference_list([reference], numbering)
    assert '<li id="ref1"' in listing and "“Deep &lt;Nets&gt;.”" in listing
    assert 'href="#cite1-1"' in listing and 'href="#cite1-2"' in listing
    assert 'id="references"' not in listing  # pandoc's `# References` heading owns that id


def test_a_prefix_such_as_see_is_kept_in_numbered_and_html_citations() -> None:
    group = [
        Citation(key="a", location=HERE, group=0, prefix="see", locator="p. 4"),
        Citation(key="b", location=HERE, group=0, prefix="also", locator="chap. 2"),
    ]
    numbering = Numbering.from_citations(group)
    assert cite_numbered(group, numbering).plain == "see [1, p. 4; also 2, chap. 2]"
    html = cite_html(group, numbering).plain
    assert html.startswith("see ") and "also 2, chap. 2" in html
    alone = [Citation(key="a", location=HERE, group=1, prefix="e.g.")]
    assert cite_numbered(alone, numbering).plain == "e.g. [1]"
    assert cite_html(alone, numbering).plain == "e.g. [1]"


def test_a_key_repeated_in_one_bracket_gives_one_link_and_no_repeated_id() -> None:
    group = [_cite("a", 0), _cite("a", 0), _cite("b", 0, "p. 2"), _cite("b", 0, "p. 9")]
    numbering = Numbering.from_citations(group)
    html = cite_html(group, numbering).html
    ids = re.findall(r'id="([^"]+)"', html)
    assert len(ids) == len(set(ids))
    assert cite_html(group, numbering).plain == "[1, 2, p. 2, 2, p. 9]"
    assert cite_numbered(group, numbering).plain == "[1; 2, p. 2; 2, p. 9]"
