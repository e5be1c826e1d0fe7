"""With `link-citations`, a citation links only what citeproc links, under real pandoc: the
prefix and a suffix that is no locator stay outside the link, an author-in-text citation links
its year and locator only, and a second work of the same author links to its own entry."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tests.e2e.filter_run import built

DOCUMENT = """\
---
references:
- id: smith2020
  type: article-journal
  title: The cited work
  author: [{family: Smith, given: Sarah}]
  issued: {date-parts: [[2020]]}
- id: smith2019
  type: article-journal
  title: An earlier work
  author: [{family: Smith, given: Sarah}]
  issued: {date-parts: [[2019]]}
- id: doe2018
  type: article-journal
  title: Other work
  author: [{family: Doe, given: Jane}, {family: Roe, given: Ann}]
  issued: {date-parts: [[2018]]}
link-citations: true
---

A [see @smith2020, p. 3].

B @smith2020 [p. 3].

C [see @smith2020, p. 3; also @doe2018, pp. 4-5 for more].

D [@smith2020 for a view].

E [@smith2020, p. 3, emphasis added].

F @smith2020 [pp. 3-4 for more].

G [@smith2019; @smith2020, p. 3].
"""

# What citeproc links with apa.csl (pandoc 2.17 and 3 agree): paragraph → (link text, key).
APA = {
    "A": [("Smith, 2020, p. 3", "smith2020")],
    "B": [("2020, p. 3", "smith2020")],
    "C": [("Smith, 2020, p. 3", "smith2020"), ("Doe & Roe, 2018, pp. 4–5", "doe2018")],
    "D": [("Smith, 2020", "smith2020")],
    "E": [("Smith, 2020, p. 3", "smith2020")],
    "F": [("2020, pp. 3–4", "smith2020")],
    "G": [("Smith, 2019", "smith2019"), ("2020, p. 3", "smith2020")],
}
APA_TEXT = {  # the words around the links, as citeproc writes them (the mark aside)
    "A": "(see Smith, 2020, p. 3)",
    "B": "Smith (2020, p. 3)",
    "F": "Smith (2020, pp. 3–4 for more)",
}
# A link in LaTeX: pandoc 2's \protect\hyperlink{id}, pandoc 3's \hyperref[id].
LATEX_LINK = r"(?:\\protect\\hyperlink\{[^}]*\}|\\hyperref\[[^]]*\])"
NUMBERED = {  # our numbered style's brackets, the link covering what citeproc's covers
    "A": [("1, p. 3", "smith2020")],
    "C": [("1, p. 3", "smith2020"), ("2, pp. 4-5", "doe2018")],
    "D": [("1", "smith2020")],
    "E": [("1, p. 3", "smith2020")],
    "F": [("1, pp. 3-4", "smith2020")],
}


def _build(pandoc: str, folder: Path, style: str, *args: str) -> str:
    return built(pandoc, folder, DOCUMENT, "-M", f"cite-sentinel-style={style}", *args)


class _Paragraphs(HTMLParser):
    """Per paragraph (named by its first word): its text without marks, and each link's
    text and target."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []
        self.links: list[list[tuple[str, str]]] = []
        self.href: str | None = None
        self.marks = 0  # depth inside a mark's span

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "p":
            self.texts.append("")
            self.links.append([])
        elif tag == "a" and self.texts:
            self.href = values.get("href") or ""
            self.links[-1].append(("", self.href))
        elif tag == "span" and (self.marks or "cite-sentinel" in (values.get("class") or "")):
            self.marks += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "a":
            self.href = None
        elif tag == "span" and self.marks:
            self.marks -= 1

    def handle_data(self, data: str) -> None:
        if not self.texts or self.marks:
            return
        data = data.replace("\xa0", " ")  # pandoc joins "p." to its number
        self.texts[-1] += data
        if self.href is not None:
            text, href = self.links[-1][-1]
            self.links[-1][-1] = (text + data, href)

    def paragraph(self, name: str) -> tuple[str, list[tuple[str, str]]]:
        for text, links in zip(self.texts, self.links, strict=True):
            if text.startswith(f"{name} "):
                return text[len(name) + 1 :].strip().rstrip("."), links
        raise AssertionError(f"no paragraph {name}: {self.texts}")


def _paragraphs(html: str) -> _Paragraphs:
    parser = _Paragraphs()
    parser.feed(html)
    return parser


def test_apa_links_only_what_citeproc_links(pandoc: str, tmp_path: Path) -> None:
    page = _paragraphs(_build(pandoc, tmp_path, "apa", "-t", "html"))
    for name, expected in APA.items():
        _, links = page.paragraph(name)
        found = [(text, href.rsplit("-", 1)[-1]) for text, href in links]
        assert found == expected, (name, links)
    for name, text in APA_TEXT.items():
        assert page.paragraph(name)[0] == text


def test_numbered_links_only_the_number_and_locator(pandoc: str, tmp_path: Path) -> None:
    page = _paragraphs(_build(pandoc, tmp_path, "numbered", "-t", "html"))
    for name, expected in NUMBERED.items():
        _, links = page.paragraph(name)
        found = [(text, href.rsplit("-", 1)[-1]) for text, href in links]
        assert found == expected, (name, links)
    assert page.paragraph("C")[0] == "see [1, p. 3; also 2, pp. 4-5 for more]"
    assert page.paragraph("F")[0] == "Smith [1, pp. 3-4 for more]"  # the name is no link


@pytest.mark.parametrize(
    ("style", "linked"),
    [("apa", r"\{Smith, 2020, p\. 3\}"), ("numbered", r"\{1, p\. 3\}")],
)
def test_latex_hyperlinks_have_the_same_extent(
    pandoc: str, tmp_path: Path, style: str, linked: str
) -> None:
    latex = _build(pandoc, tmp_path, style, "-t", "latex")
    line = next(line for line in latex.splitlines() if line.startswith("A "))
    assert re.search(r"see (\{\[\})?" + LATEX_LINK + linked, line), line
    narrative = next(line for line in latex.splitlines() if line.startswith("F "))
    if style == "apa":
        assert re.search(r"Smith \(" + LATEX_LINK + r"\{2020, pp\. 3--4\} for more\)", narrative)


def test_the_html_style_leaves_the_words_after_the_locator_outside_its_link(
    pandoc: str, tmp_path: Path
) -> None:
    page = _paragraphs(_build(pandoc, tmp_path, "html", "-t", "html"))
    assert page.paragraph("F") == ("Smith[1, pp. 3-4 for more]", [("1, pp. 3-4", "#ref1")])
    assert page.paragraph("A") == ("see [1, p. 3]", [("[1, p. 3]", "#ref1")])
