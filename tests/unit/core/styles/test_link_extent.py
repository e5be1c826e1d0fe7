"""With `link-citations`, what a citation's link covers, as citeproc links it: the citation
proper, never its prefix or the words after its locator."""

from __future__ import annotations

from collections.abc import Sequence

from cite_sentinel.core.model import Citation, CitationMode, Location, Person, Reference
from cite_sentinel.core.styles import (
    Disambiguation,
    Inline,
    Link,
    Numbering,
    Superscript,
    Text,
    cite_apa,
    cite_html,
    cite_numbered,
)
from cite_sentinel.core.styles.locator import apa_locator, locator_text, split_locator

HERE = Location.point("paper.md", 1, 1)
SMITH = Person(family="Smith", given="Sarah")


def _ref(key: str, year: int) -> Reference:
    return Reference(key=key, location=HERE, people=(SMITH,), year=year, title=key)


REFS = {"s20": _ref("s20", 2020), "s19": _ref("s19", 2019)}


def _shown(inlines: Sequence[Inline]) -> str:
    """The text, each link's text in ‹›."""
    return "".join(
        f"‹{_shown(node.children)}›"
        if isinstance(node, Link)
        else node.text
        if isinstance(node, Text)
        else _shown(node.children)
        if isinstance(node, Superscript)
        else ""
        for node in inlines
    )


def _apa(*citations: Citation) -> str:
    disambiguation = Disambiguation.from_references(tuple(REFS.values()))
    return _shown(cite_apa(citations, REFS, disambiguation, link=True).inlines)


def _numbered(*citations: Citation) -> str:
    numbering = Numbering.from_citations(citations)
    return _shown(cite_numbered(citations, numbering, link=True).inlines)


def _cite(key: str, **options: object) -> Citation:
    return Citation(key=key, location=HERE, **options)  # type: ignore[arg-type]


def test_apa_leaves_the_prefix_and_the_words_after_the_locator_outside() -> None:
    assert _apa(_cite("s20", prefix="see", locator="p. 3")) == "(see ‹Smith, 2020, p. 3›)"
    assert _apa(_cite("s20", locator="p. 3, emphasis added")) == (
        "(‹Smith, 2020, p. 3›, emphasis added)"
    )
    assert _apa(_cite("s20", locator="for a view", bare_suffix=True)) == (
        "(‹Smith, 2020› for a view)"
    )


def test_apa_author_in_text_links_the_year_and_locator_only() -> None:
    narrative = _cite("s20", locator="pp. 3-4 for more", mode=CitationMode.AUTHOR_IN_TEXT)
    assert _apa(narrative) == "Smith (‹2020, pp. 3–4› for more)"


def test_apa_a_second_year_of_one_author_links_to_its_own_work() -> None:
    assert _apa(_cite("s19"), _cite("s20", locator="p. 3")) == "(‹Smith, 2019›, ‹2020, p. 3›)"


def test_apa_text_without_links_is_unchanged() -> None:
    disambiguation = Disambiguation.from_references(tuple(REFS.values()))
    group = [_cite("s20", prefix="see", locator="pp. 3-4 for more")]
    assert cite_apa(group, REFS, disambiguation).plain == "(see Smith, 2020, pp. 3–4 for more)"


def test_numbered_links_the_number_and_locator_only() -> None:
    assert _numbered(_cite("s20", prefix="see", locator="p. 3"), _cite("s19", prefix="also")) == (
        "see [‹1, p. 3›; also ‹2›]"
    )
    assert _numbered(_cite("s20", locator="pp. 3-4 for more")) == "[‹1, pp. 3-4› for more]"
    assert _numbered(_cite("s20", locator="for a view")) == "[‹1›, for a view]"
    assert _numbered(_cite("s20"), _cite("s19")) == "[‹1›, ‹2›]"


def test_a_locator_ends_where_its_value_does() -> None:
    assert split_locator("pp. 3-4 for more") == ("pp. 3-4", " for more")
    assert apa_locator("p.\xa033, emphasis added") == ("p. 33", ", emphasis added")
    assert split_locator("for a view") == ("", "for a view")
    assert locator_text("p. 3-4 for more") == "pp. 3–4 for more"


def test_the_html_style_leaves_the_words_after_the_locator_outside_its_link() -> None:
    def html(*citations: Citation) -> str:
        return _shown(cite_html(citations, Numbering.from_citations(citations)).inlines)

    assert html(_cite("s20", locator="p. 3")) == "‹[1, p. 3]›"
    assert html(_cite("s20", locator="pp. 3-4 for more")) == "[‹1, pp. 3-4› for more]"
    assert html(_cite("s20", prefix="see"), _cite("s19", prefix="also", locator="for a view")) == (
        "see [‹1›, also ‹2›, for a view]"
    )
