"""Readers, one per format; `read_text` picks the reader for a file by its name, or, for a name
without a known suffix (a pipe, `paper` with no extension), by how its text begins."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path, PurePath
from typing import TYPE_CHECKING

from cite_sentinel.core.exports import lazy
from cite_sentinel.core.model import Read

if TYPE_CHECKING:
    from cite_sentinel.core.sources.bibtex import read_bibtex
    from cite_sentinel.core.sources.csl import is_report_head, read_csl_json, read_csl_yaml
    from cite_sentinel.core.sources.csl_item import reference_from_item
    from cite_sentinel.core.sources.identifiers import (
        find_identifiers_in_text,
        normalise_arxiv,
        normalise_doi,
    )
    from cite_sentinel.core.sources.names import parse_name
    from cite_sentinel.core.sources.reflist import read_reflist
    from cite_sentinel.core.sources.sentence_spans import Sentences, sentences

Reader = Callable[[str, str], Read]
BinaryReader = Callable[[Path], Read]  # reads the file itself; never raises on a bad one

BIBLIOGRAPHY_SUFFIXES = frozenset({".bib", ".json", ".yaml", ".yml", ".ris"})
MANUSCRIPT_SUFFIXES = frozenset({".md", ".markdown", ".tex", ".typ", ".txt"})
BINARY_SUFFIXES = frozenset({".pdf"})  # self-contained: a PDF cites its own reference list
SUFFIXES = BIBLIOGRAPHY_SUFFIXES | MANUSCRIPT_SUFFIXES | BINARY_SUFFIXES


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
    if suffix == ".ris":
        from cite_sentinel.core.sources.ris import read_ris

        return read_ris
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
        return _read_reference_text
    return None


def _read_reference_text(text: str, path: str) -> Read:
    """A .txt list: Manubot citation ids one a line, else free-text references."""
    from cite_sentinel.core.sources.manubot import is_manubot_list, read_manubot_ids

    if is_manubot_list(text):
        return read_manubot_ids(text, path)
    from cite_sentinel.core.sources.reflist import read_reflist

    return read_reflist(text, path)


def binary_reader_for(path: str) -> BinaryReader | None:
    """The reader of a file that is no text (a PDF), chosen by its suffix; None for text."""
    if PurePath(path).suffix.lower() == ".pdf":
        from cite_sentinel.core.sources.pdf import read_pdf_file

        return read_pdf_file
    return None


_BIBTEX = re.compile(r"^[ \t]*@[A-Za-z]+[ \t]*[{(]", re.MULTILINE)
_LATEX = re.compile(r"\\(?:documentclass|begin\{document\}|[A-Za-z]*cite[A-Za-z]*\*?[\[{])")
_TYPST = re.compile(r"^[ \t]*#(?:set|import|show|let|bibliography)\b|#cite\(", re.MULTILINE)
_MARKDOWN = re.compile(r"\[[^\]\n]*@[A-Za-z0-9_]|^---[ \t]*$", re.MULTILINE)
_CSL_YAML = re.compile(r"^(?:references:|- id:)", re.MULTILINE)
_RIS = re.compile(r"\ATY  - ")  # a RIS export starts with its first record's type
_SNIFFED = 65536  # characters looked at


def reader_for_text(text: str) -> Reader | None:
    """The reader a file's text calls for, when its name says nothing; None if none fits."""
    head = text[:_SNIFFED].lstrip("\ufeff \t\r\n")
    if head.startswith(("[", "{")):
        return reader_for("x.json")
    if head.startswith("@") and not _BIBTEX.search(head):
        from cite_sentinel.core.sources.manubot import is_manubot_list, read_manubot_ids

        if is_manubot_list(head):
            return read_manubot_ids
    for pattern, suffix in (
        (_RIS, ".ris"),
        (_BIBTEX, ".bib"),
        (_LATEX, ".tex"),
        (_TYPST, ".typ"),
        (_MARKDOWN, ".md"),  # front matter included: it may hold `references:` too
        (_CSL_YAML, ".yaml"),
    ):
        if pattern.search(head):
            return reader_for(f"x{suffix}")
    return None


def read_text(text: str, path: str) -> Read:
    """Read one file's text with the reader its name calls for, else the one its text calls
    for (an empty Read if none)."""
    from cite_sentinel.core.sources.surrogates import without_surrogates

    text = without_surrogates(text)
    reader = reader_for(path) or reader_for_text(text)
    return reader(text, path) if reader else Read()


_OWN = (
    "BIBLIOGRAPHY_SUFFIXES",
    "BINARY_SUFFIXES",
    "MANUSCRIPT_SUFFIXES",
    "SUFFIXES",
    "BinaryReader",
    "Reader",
    "binary_reader_for",
    "read_text",
    "reader_for",
    "reader_for_text",
)
_READERS = {
    "bibtex": ("read_bibtex",),
    "csl": ("is_report_head", "read_csl_json", "read_csl_yaml"),
    "csl_item": ("reference_from_item",),
    "identifiers": ("find_identifiers_in_text", "normalise_arxiv", "normalise_doi"),
    "names": ("parse_name",),
    "reflist": ("read_reflist",),
    "sentence_spans": ("Sentences", "sentences"),
}
__all__ = [
    "BIBLIOGRAPHY_SUFFIXES",
    "BINARY_SUFFIXES",
    "MANUSCRIPT_SUFFIXES",
    "SUFFIXES",
    "BinaryReader",
    "Reader",
    "Sentences",
    "binary_reader_for",
    "find_identifiers_in_text",
    "is_report_head",
    "normalise_arxiv",
    "normalise_doi",
    "parse_name",
    "read_bibtex",
    "read_csl_json",
    "read_csl_yaml",
    "read_reflist",
    "read_text",
    "reader_for",
    "reader_for_text",
    "reference_from_item",
    "sentences",
]
__getattr__, __dir__ = lazy(__name__, _READERS, own=_OWN)
