"""Formatted prefixes and suffixes under real pandoc: links, emphasis and strong text in
`[see [a review](…) in @key]` or `[*cf.* @key, p. 3 **x**]` come out formatted, in every style,
as citeproc keeps them, and never as a link inside a link."""

from __future__ import annotations

import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tests.e2e.filter_run import SMITH_2020, built

STYLES = ("numbered", "html", "apa")

LINKED_PREFIX = SMITH_2020 + "A [see [the review](https://r.org) in @smith2020].\n"
EMPHASIS = SMITH_2020 + "B [*cf.* @smith2020, p. 3 **emphasis**].\n"


class _Links(HTMLParser):
    """Each link's href and text, and how many links opened inside another."""

    def __init__(self) -> None:
        super().__init__()
        self.open: list[list[str]] = []
        self.links: list[tuple[str, str]] = []
        self.nested = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "a":
            self.nested += bool(self.open)
            self.open.append([dict(attrs).get("href") or "", ""])

    def handle_endtag(self, tag: str) -> None:
        if tag == "a" and self.open:
            href, text = self.open.pop()
            self.links.append((href, text))

    def handle_data(self, data: str) -> None:
        for link in self.open:
            link[1] += data


def _links(html: str) -> _Links:
    parser = _Links()
    parser.feed(html)
    return parser


@pytest.mark.parametrize("linking", [(), ("-M", "link-citations=true")])
@pytest.mark.parametrize("style", STYLES)
def test_a_link_in_a_prefix_stays_a_link_of_its_own(
    pandoc: str, tmp_path: Path, style: str, linking: tuple[str, ...]
) -> None:
    html = built(
        pandoc,
        tmp_path,
        LINKED_PREFIX,
        "-M",
        f"cite-sentinel-style={style}",
        *linking,
        "-t",
        "html",
    )
    links = _links(html)
    assert ("https://r.org", "the review") in links.links, html
    assert links.nested == 0, html
    assert "see" in html and " in " in html, html


@pytest.mark.parametrize("style", STYLES)
def test_emphasis_in_a_prefix_and_strong_text_in_a_suffix_are_kept(
    pandoc: str, tmp_path: Path, style: str
) -> None:
    html = built(pandoc, tmp_path, EMPHASIS, "-M", f"cite-sentinel-style={style}", "-t", "html")
    assert "<em>cf.</em>" in html, html
    assert "<strong>emphasis</strong>" in html, html
    assert "cf.</em> <em>cf." not in html  # the prefix once, not twice


def test_apa_keeps_its_page_range_before_a_formatted_suffix(pandoc: str, tmp_path: Path) -> None:
    text = SMITH_2020 + "C [*cf.* @smith2020, p. 3-4 **emphasis**] and [@smith2020 *for a view*].\n"
    html = built(pandoc, tmp_path, text, "-M", "cite-sentinel-style=apa", "-t", "html")
    assert "<em>cf.</em> Smith, 2020, pp. 3–4 <strong>emphasis</strong>)" in html, html
    assert "(Smith, 2020 <em>for a view</em>)" in html, html  # a bare suffix takes no comma


@pytest.mark.parametrize("style", STYLES)
def test_a_formatted_prefix_in_link_text_adds_no_link_inside_the_link(
    pandoc: str, tmp_path: Path, style: str
) -> None:
    text = SMITH_2020 + "D [read [*cf.* @smith2020, p. 3 **x**]](#sec).\n"
    args = ("-M", f"cite-sentinel-style={style}", "-M", "link-citations=true", "-t", "html")
    html = built(pandoc, tmp_path, text, *args)
    assert _links(html).nested == 0, html
    assert "<em>cf.</em>" in html and "<strong>x</strong>" in html, html


@pytest.mark.parametrize("style", STYLES)
def test_markdown_output_reads_back_with_the_formatting(
    pandoc: str, tmp_path: Path, style: str
) -> None:
    markdown = built(
        pandoc,
        tmp_path,
        LINKED_PREFIX + EMPHASIS.split("---\n\n")[1],
        "-M",
        f"cite-sentinel-style={style}",
        "-t",
        "markdown",
    )
    html = subprocess.run(
        [pandoc, "-f", "markdown", "-t", "html", "--wrap=none"],
        input=markdown,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    ).stdout
    assert ("https://r.org", "the review") in _links(html).links, markdown
    assert "<em>cf.</em>" in html and "<strong>emphasis</strong>" in html, markdown
