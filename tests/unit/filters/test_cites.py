"""Cite elements are found in document order and replaced in place, neighbours untouched."""

from __future__ import annotations

import subprocess
import sys

import panflute as pf
from cite_sentinel.filters.cites import find_cites, replace_cites


def _cite(key: str) -> pf.Cite:
    return pf.Cite(pf.Str(f"[@{key}]"), citations=[pf.Citation(key)])


def test_cites_are_found_in_document_order_with_their_block() -> None:
    first, nested, in_note = _cite("a"), _cite("b"), _cite("c")
    para = pf.Para(pf.Str("One"), first, pf.Emph(pf.Str("two"), nested))
    quoted = pf.BlockQuote(pf.Para(pf.Str("Three"), pf.Note(pf.Para(in_note))))
    doc = pf.Doc(para, quoted)
    found = find_cites(doc)
    assert [entry.cite for entry in found] == [first, nested, in_note]
    assert found[0].block is para and found[1].block is para
    assert isinstance(found[2].block, pf.Para) and found[2].block is not para


def test_replacement_takes_the_cites_place_and_keeps_the_rest() -> None:
    first, second = _cite("a"), _cite("b")
    doc = pf.Doc(pf.Para(pf.Str("See"), pf.Space(), first, pf.Str(","), second, pf.Str(".")))
    found = find_cites(doc)
    replace_cites(
        found,
        {id(first): [pf.Str("[1]")], id(second): [pf.Str("[2,"), pf.Space(), pf.Str("3]")]},
    )
    assert pf.stringify(doc).strip() == "See [1],[2, 3]."
    assert not find_cites(doc)


def test_the_filter_loads_without_httpx_rich_or_the_matching_engine() -> None:
    """A build whose verdicts are all cached never needs them, so it must not pay for them."""
    program = (
        "import sys\n"
        "import cite_sentinel.filter_mode, cite_sentinel.filters.pandoc_filter\n"
        "import cite_sentinel.core.verify.engine\n"
        "heavy = ('httpx', 'rich', 'cite_sentinel.core.verify.resolve',\n"
        "         'cite_sentinel.core.verify.backends')\n"
        "print(sorted(name for name in heavy if name in sys.modules))\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, check=True, timeout=60
    )
    assert run.stdout.strip() == "[]"


def test_each_cite_knows_whether_it_sits_in_a_link_an_image_a_heading_or_a_span() -> None:
    plain, linked, pictured, headed, spanned = (_cite(key) for key in "abcde")
    doc = pf.Doc(
        pf.Header(pf.Str("Title"), headed),
        pf.Para(
            plain,
            pf.Link(linked, url="https://x.org"),
            pf.Image(pictured, url="f.png"),
            pf.Span(spanned, classes=["x"]),
        ),
    )
    where = {id(entry.cite): entry.where for entry in find_cites(doc)}
    assert not (where[id(plain)].link or where[id(plain)].bracketed)
    assert where[id(linked)].link and where[id(linked)].bracketed and where[id(linked)].anchored
    assert where[id(pictured)].image and where[id(pictured)].link
    assert not where[id(pictured)].anchored  # alt text keeps no id
    assert where[id(headed)].heading and not where[id(headed)].link and where[id(headed)].anchored
    assert where[id(spanned)].bracketed and not where[id(spanned)].link
