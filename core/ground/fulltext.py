"""A cited work's local full text: the entry's `file` field (Zotero, Better BibTeX) or a folder.

The `file` field is a `;`-separated list of `description:path:mimetype` (Better BibTeX writes
`:path.pdf:application/pdf`, Zotero `Full Text:files/12/x.pdf:application/pdf`), with `\\:`
and `\\;` escaping colons and semicolons inside a path; relative paths are relative to the
.bib. A `--fulltext DIR` holds files named by the key or the DOI (`/` written `_`). PDFs are
read with pypdf, Word files with python-docx, .txt and .md as UTF-8 text; a file read once is
not read again until it changes (`fulltext_cache`).
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from cite_sentinel.core.ground.fulltext_cache import TextCache, shared_texts
from cite_sentinel.core.model import Reference

log = logging.getLogger(__name__)

SUFFIXES = (".pdf", ".txt", ".md", ".docx")
_COLON = "\x00"
_SEMICOLON = "\x01"


@dataclass(frozen=True, slots=True)
class FullText:
    """The text of a cited work read from a local file, and which file."""

    path: str
    text: str


def full_text(reference: Reference, directory: Path | None = None) -> FullText | None:
    """The first readable full text: the `file` field's PDFs and documents, then `directory`."""
    for path in _candidates(reference, directory):
        text = read_document(path)
        if text.strip():
            return FullText(str(path), text)
    return None


def file_field_paths(value: str, base: Path) -> tuple[Path, ...]:
    """The paths a `file` field names, relative ones resolved against `base` (the .bib folder)."""
    value = value.replace("\\:", _COLON).replace("\\;", _SEMICOLON)
    paths: list[Path] = []
    for entry in value.split(";"):
        parts = entry.split(":")
        # description:path:mimetype; a Windows drive letter keeps its colon in the path
        name = ":".join(parts[1:-1]) if len(parts) >= 3 else entry
        name = name.replace(_COLON, ":").replace(_SEMICOLON, ";").strip()
        if name:
            path = Path(name).expanduser()
            paths.append(path if path.is_absolute() else base / path)
    return tuple(paths)


def read_document(path: Path, cache: TextCache | None = None) -> str:
    """The text of a PDF, .docx, .txt or .md file; empty (with a warning) when unreadable.

    A version of the file read before comes from `cache` (default: the process's cache).
    """
    return (shared_texts() if cache is None else cache).text(path, _read)


def _read(path: Path) -> str:
    suffix = path.suffix.lower()
    try:
        if suffix == ".pdf":
            return _pdf_text(path)
        if suffix == ".docx":
            return _docx_text(path)
        if suffix in (".txt", ".md"):
            return path.read_text(encoding="utf-8", errors="replace")
    except Exception as error:
        log.warning("%s: cannot read the full text (%s); using the abstract instead", path, error)
    return ""


def _candidates(reference: Reference, directory: Path | None) -> Iterator[Path]:
    base = Path(reference.location.path).parent
    for name, value in reference.fields:
        if name.lower() == "file":
            for path in file_field_paths(value, base):
                if path.suffix.lower() in SUFFIXES and path.is_file():
                    yield path
    if directory is None:
        return
    stems = [reference.key]
    doi = reference.identifiers.doi
    if doi:
        stems += [doi.replace("/", "_"), doi.lower().replace("/", "_")]
    for stem in dict.fromkeys(stems):
        for suffix in SUFFIXES:
            path = directory / f"{stem}{suffix}"
            if path.is_file():
                yield path


def _pdf_text(path: Path) -> str:
    from pypdf import PdfReader

    reader = PdfReader(path)
    return "\n".join(page.extract_text() or "" for page in reader.pages)


def _docx_text(path: Path) -> str:
    from docx import Document

    return "\n".join(paragraph.text for paragraph in Document(str(path)).paragraphs)
