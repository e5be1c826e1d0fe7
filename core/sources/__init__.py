"""Readers, one per format; `read_text` picks the reader for a file by its name."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import PurePath

from cite_sentinel.core.model import Read

Reader = Callable[[str, str], Read]

BIBLIOGRAPHY_SUFFIXES = frozenset({".bib", ".json", ".yaml", ".yml"})
MANUSCRIPT_SUFFIXES = frozenset({".md", ".markdown", ".tex", ".typ", ".txt"})
SUFFIXES = BIBLIOGRAPHY_SUFFIXES | MANUSCRIPT_SUFFIXES


def reader_for(path: str) -> Reader | None:
    """The reader of a file, chosen by its suffix; None when no reader knows it."""
    suffix = PurePath(path).suffix.lower()
    if suffix == ".bib":
        from cite_sentinel.core.sources.bibtex import read_bibtex

        return read_bibtex
    if suffix == ".json":
        from cite_sentinel.core.sources.csl import read_csl_json

        return read_csl_json
    if suffix in {".yaml", ".yml"}:
        from cite_sentinel.core.sources.csl import read_csl_yaml

        return read_csl_yaml
    if suffix in {".md", ".markdown"}:
        from cite_sentinel.core.sources.markdown import read_markdown

        return read_markdown
    if suffix == ".tex":
        from cite_sentinel.core.sources.latex import read_latex

        return read_latex
    if suffix == ".typ":
        from cite_sentinel.core.sources.typst import read_typst

        return read_typst
    if suffix == ".txt":
        from cite_sentinel.core.sources.reflist import read_reflist

        return read_reflist
    return None


def read_text(text: str, path: str) -> Read:
    """Read one file's text with the reader its name calls for (empty Read if none)."""
    reader = reader_for(path)
    return reader(text, path) if reader else Read()
