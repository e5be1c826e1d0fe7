"""Formatted prefixes and suffixes through core's plain-text styles: plain ones unchanged,
formatted ones back as the Cite's own inlines, the APA locator still read."""

from __future__ import annotations

import panflute as pf
from cite_sentinel.core import Citation, Location
from cite_sentinel.core.styles import Rendered, Text
from cite_sentinel.filters.formatted import formatted, restore

_AT = Location.point("doc.md", 1, 1)


def _cite(*items: pf.Citation) -> tuple[pf.Cite, tuple[Citation, ...]]:
    cite = pf.Cite(pf.Str("[@a]"), citations=list(items))
    core = tuple(
        Citation(key=item.id, location=_AT, prefix=pf.stringify(item.prefix).strip())
        for item in cite.citations
    )
    return cite, core


def test_a_plain_prefix_and_suffix_go_to_the_style_as_written() -> None:
    item = pf.Citation("a", prefix=[pf.Str("see")], suffix=[pf.Str(","), pf.Space(), pf.Str("p.")])
    cite, core = _cite(item)
    found = formatted(cite, core)
    assert found.citations == core
    assert not found.fragments


def test_two_identical_formatted_prefixes_read_as_one_so_html_keeps_one_link() -> None:
    cite, core = _cite(
        pf.Citation("a", prefix=[pf.Emph(pf.Str("see"))]),
        pf.Citation("a", prefix=[pf.Emph(pf.Str("see"))]),
    )
    found = formatted(cite, core)
    assert found.citations[0].prefix == found.citations[1].prefix
    assert len(found.fragments) == 1


def test_a_formatted_suffix_keeps_its_plain_locator_for_apa() -> None:
    suffix = [pf.Str(","), pf.Space(), pf.Str("p."), pf.Space(), pf.Str("3-4"), pf.Space()]
    cite, core = _cite(pf.Citation("a", suffix=[*suffix, pf.Strong(pf.Str("x"))]))
    (citation,) = formatted(cite, core).citations
    head, mark = citation.locator[:-1], citation.locator[-1]
    assert head == "p. 3-4 " and not mark.isalnum() and not mark.isspace()


def test_a_placeholder_comes_back_as_its_inlines_and_as_text_inside_a_link() -> None:
    link = pf.Link(pf.Str("the"), pf.Space(), pf.Str("review"), url="https://r.org")
    cite, core = _cite(pf.Citation("a", prefix=[pf.Str("see"), pf.Space(), link]))
    found = formatted(cite, core)
    mark = found.citations[0].prefix
    rendered = Rendered((Text(f"({mark} Smith, 2020)"),))
    elements = [pf.Str(rendered.plain)]
    kept = restore(elements, found.fragments, frozenset())
    assert any(isinstance(element, pf.Link) for element in kept)
    assert pf.stringify(pf.Span(*kept)) == "(see the review Smith, 2020)"
    text = restore([pf.Str(rendered.plain)], found.fragments, frozenset({mark}))
    assert not any(isinstance(element, pf.Link) for element in text)
    assert pf.stringify(pf.Span(*text)) == "(see the review Smith, 2020)"
