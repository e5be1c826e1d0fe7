"""Citations inside link text, image descriptions and headings under real pandoc: the
filter adds no link inside a link, in any output, and what it writes reads back the same."""

from __future__ import annotations

import re
import subprocess
import zipfile
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tests.e2e.filter_run import SMITH_2020, run_filter

IN_LINKS = SMITH_2020 + "A [see @smith2020](https://x.org) and [text [@smith2020]](#sec).\n"
LINKING = {  # style → metadata that makes its citations links
    "html": (),
    "numbered": ("-M", "link-citations=true"),
    "apa": ("-M", "link-citations=true"),
}


def _build(
    pandoc: str, folder: Path, text: str, *args: str, output: str = ""
) -> subprocess.CompletedProcess[str]:
    # Offline every work is unverified: marked here, so that the marks' places are tested.
    marked = ("-M", "cite-sentinel-mark-on=unverified")
    run = run_filter(pandoc, folder, text, *marked, *args, *(("-o", output) if output else ()))
    assert run.returncode == 0, run.stderr
    return run


def _read_back(pandoc: str, markdown: str) -> str:
    return subprocess.run(
        [pandoc, "-f", "markdown", "-t", "html", "--wrap=none"],
        input=markdown,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    ).stdout


class _Page(HTMLParser):
    """Links opened inside links, every id, the targets of in-page links, images' alt text,
    and the text of each outermost link."""

    def __init__(self) -> None:
        super().__init__()
        self.depth = 0
        self.nested = 0
        self.ids: list[str] = []
        self.targets: list[str] = []
        self.alts: list[str] = []
        self.link_texts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if values.get("id"):
            self.ids.append(str(values["id"]))
        if tag == "img":
            self.alts.append(values.get("alt") or "")
        if tag != "a":
            return
        href = values.get("href") or ""
        if href.startswith("#"):
            self.targets.append(href[1:])
        if self.depth:
            self.nested += 1
        else:
            self.link_texts.append("")
        self.depth += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "a" and self.depth:
            self.depth -= 1

    def handle_data(self, data: str) -> None:
        if self.depth:
            self.link_texts[-1] += data


def _page(html: str) -> _Page:
    page = _Page()
    page.feed(html)
    return page


@pytest.mark.parametrize("style", sorted(LINKING))
def test_a_citation_in_link_text_keeps_its_text_and_mark_but_adds_no_link(
    pandoc: str, tmp_path: Path, style: str
) -> None:
    args = ("-M", f"cite-sentinel-style={style}", *LINKING[style], "-t", "html")
    page = _page(_build(pandoc, tmp_path, IN_LINKS, *args).stdout)
    assert page.nested == 0, "a link inside a link"
    outer = [text for text in page.link_texts if text.startswith(("see", "text"))]
    assert len(outer) == 2, page.link_texts
    for text in outer:
        assert ("Smith" if style == "apa" else "1") in text and "⚠" in text, text
    assert set(page.targets) - {"sec"} <= set(page.ids), "a back-link points nowhere"
    assert len(page.ids) == len(set(page.ids))


def test_a_citation_in_link_text_adds_no_link_in_latex(pandoc: str, tmp_path: Path) -> None:
    latex = _build(pandoc, tmp_path, IN_LINKS, *LINKING["numbered"], "-t", "latex").stdout
    outer = re.search(r"\\href\{https://x\.org\}\{(.*?)\} and", latex)
    assert outer is not None, latex
    assert "1" in outer.group(1) and r"\textsuperscript{{[}!{]}}" in outer.group(1)
    assert "hyperlink" not in outer.group(1) and "href" not in outer.group(1), latex


def test_a_citation_in_link_text_adds_no_hyperlink_in_docx(pandoc: str, tmp_path: Path) -> None:
    _build(pandoc, tmp_path, IN_LINKS, *LINKING["numbered"], output="doc.docx")
    with zipfile.ZipFile(tmp_path / "doc.docx") as docx:
        body = docx.read("word/document.xml").decode("utf-8")
    links = re.findall(r"<w:hyperlink\b.*?</w:hyperlink>", body, re.DOTALL)
    assert len(links) >= 2, body
    for link in links:
        assert "<w:hyperlink" not in link[len("<w:hyperlink") :], link


@pytest.mark.parametrize("style", sorted(LINKING))
def test_markdown_output_reads_back_with_the_citation_inside_the_link_and_the_image(
    pandoc: str, tmp_path: Path, style: str
) -> None:
    text = IN_LINKS + "\n![A figure [@smith2020]](f.png)\n\nInline ![alt @smith2020](g.png).\n"
    args = ("-M", f"cite-sentinel-style={style}", "-t", "markdown")
    markdown = _build(pandoc, tmp_path, text, *args).stdout
    page = _page(_read_back(pandoc, markdown))
    assert page.nested == 0, markdown
    cited = "Smith" if style == "apa" else "1"
    outer = [text for text in page.link_texts if text.startswith(("see", "text"))]
    assert len(outer) == 2 and all(cited in text and "⚠" in text for text in outer), markdown
    assert len(page.alts) == 2 and all(cited in alt for alt in page.alts), markdown


@pytest.mark.parametrize("style", sorted(LINKING))
def test_an_image_description_gets_the_citation_as_text_and_no_dead_back_link(
    pandoc: str, tmp_path: Path, style: str
) -> None:
    text = SMITH_2020 + "![A figure [@smith2020]](f.png)\n\nInline ![alt [@smith2020]](g.png).\n"
    args = ("-M", f"cite-sentinel-style={style}", *LINKING[style], "-t", "html")
    page = _page(_build(pandoc, tmp_path, text, *args).stdout)
    cited = "Smith" if style == "apa" else "1"
    assert len(page.alts) == 2 and all(cited in alt for alt in page.alts), page.alts
    assert page.nested == 0
    assert set(page.targets) <= set(page.ids), "a back-link points nowhere"


@pytest.mark.parametrize("style", sorted(LINKING))
def test_a_cited_heading_in_the_table_of_contents_has_no_inner_link_or_repeated_id(
    pandoc: str, tmp_path: Path, style: str
) -> None:
    text = (
        SMITH_2020 + "# Heading [@smith2020]\n\n## [Linked @smith2020](#x)\n\nText [@smith2020].\n"
    )
    args = ("-M", f"cite-sentinel-style={style}", *LINKING[style], "-t", "html", "-s", "--toc")
    page = _page(_build(pandoc, tmp_path, text, *args, "-M", "title=x").stdout)
    assert page.nested == 0, "a link inside the contents' link"
    assert len(page.ids) == len(set(page.ids)), sorted(page.ids)
    assert set(page.targets) - {"x"} <= set(page.ids)
    assert any(text.startswith("Heading") and "⚠" in text for text in page.link_texts)


@pytest.mark.parametrize("style", ["numbered", "apa"])
def test_markdown_output_keeps_a_citation_inside_its_bracketed_span(
    pandoc: str, tmp_path: Path, style: str
) -> None:
    text = SMITH_2020 + "[Span [@smith2020]]{.x} and [Small [@smith2020]]{.smallcaps}.\n"
    args = ("-M", f"cite-sentinel-style={style}", "-t", "markdown")
    markdown = _build(pandoc, tmp_path, text, *args).stdout
    html = _read_back(pandoc, markdown)
    cited = r"\(Smith, 2020\)" if style == "apa" else r"\[1\]"
    for classes, words in (("x", "Span"), ("smallcaps", "Small")):
        assert re.search(f'<span class="{classes}">{words} {cited}<span', html), markdown
