"""A file whose name says nothing of its format (a pipe, `paper`) is read by how it begins."""

from __future__ import annotations

import pytest
from cite_sentinel.core.sources import read_text

BIBTEX = "% exported\n@Article{smith2020,\n  title = {A Study},\n  author = {Smith, Ann},\n}\n"
CSL_JSON = '[{"id": "smith2020", "type": "article", "title": "A Study"}]'
CSL_YAML = "- id: smith2020\n  type: article-journal\n  title: A Study\n"
LATEX = "\\documentclass{article}\n\\begin{document}\nAs shown~\\cite{smith2020}.\n"
TYPST = '#set page(width: 10cm)\nAs shown #cite(<smith2020>).\n#bibliography("refs.bib")\n'
MARKDOWN = "# Results\n\nAs shown before [@smith2020].\n"


@pytest.mark.parametrize("text", [BIBTEX, CSL_JSON, CSL_YAML, "\ufeff" + BIBTEX])
def test_a_bibliography_without_a_suffix_gives_its_references(text: str) -> None:
    read = read_text(text, "/dev/fd/63")
    assert [reference.key for reference in read.references] == ["smith2020"]
    assert read.references[0].title == "A Study"


@pytest.mark.parametrize("text", [LATEX, TYPST, MARKDOWN])
def test_a_manuscript_without_a_suffix_gives_its_citations(text: str) -> None:
    read = read_text(text, "paper")
    assert [citation.key for citation in read.citations] == ["smith2020"]


def test_a_known_suffix_wins_over_the_text() -> None:
    # A Markdown file that quotes BibTeX is still Markdown.
    read = read_text("```\n@article{x, title={T}}\n```\n\nSee [@smith2020].\n", "notes.md")
    assert [citation.key for citation in read.citations] == ["smith2020"]
    assert read.references == ()


def test_plain_prose_is_read_as_nothing() -> None:
    read = read_text("Write to me at ann@example.org about the study.\n", "README")
    assert read.references == () and read.citations == ()
