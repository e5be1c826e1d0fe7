"""A cited work's local full text: the entry's `file` field (Zotero, Better BibTeX) or a folder.

The `file` field is a `;`-separated list of `description:path:mimetype` (Better BibTeX writes
`:path.pdf:application/pdf`, Zotero `Full Text:files/12/x.pdf:application/pdf`), with `\\:`,
`\\;` and `\\\\` escaping colons, semicolons and backslashes inside a path and nothing else
(no LaTeX: a `--` or `~` in a file name is itself), so it is taken from the entry as written;
relative paths are relative to the .bib. A `--fulltext DIR` holds files named by the key or
the DOI (`/` written `_`). PDFs are read as the reference reader reads them (PDFium in a child
process within the limits of `core.sources.pdf`: a PDF over them gives no full text, and a
warning says why), Word files with python-docx, .txt and .md as UTF-8 text; a file read once
is not read again until it changes (`fulltext_cache`).
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from cite_sentinel.core.ground.fulltext_cache import TextCache, shared_texts
from cite_sentinel.core.model import Reference
from cite_sentinel.core.sources.bibtex_blocks import EntryBlock, PieceKind, split_blocks

log = logging.getLogger(__name__)

SUFFIXES = (".pdf", ".txt", ".md", ".docx")


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


def file_paths(reference: Reference) -> tuple[Path, ...]:
    """The paths the entry's `file` fields name, read as the .bib writes them."""
    base = Path(reference.location.path).parent
    values = _written_file_fields(reference)
    if not values:  # not BibTeX, or inherited through crossref: the decoded value
        values = [value for name, value in reference.fields if name.lower() == "file"]
    return tuple(path for value in values for path in file_field_paths(value, base))


def file_field_paths(value: str, base: Path) -> tuple[Path, ...]:
    """The paths a `file` field names, relative ones resolved against `base` (the .bib folder)."""
    paths: list[Path] = []
    for parts in _attachments(value):
        # description:path:mimetype; a Windows drive letter keeps its colon in the path
        name = ":".join(parts[1:-1] if len(parts) >= 3 else parts).strip()
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


def _attachments(value: str) -> list[list[str]]:
    """The field split at `;` (attachments) and `:` (their parts); `\\;`, `\\:` and `\\\\` stand
    for the character itself, any other backslash for itself (an unescaped Windows path)."""
    attachments: list[list[str]] = [[""]]
    at = 0
    while at < len(value):
        char = value[at]
        if char == "\\" and value[at + 1 : at + 2] in ("\\", ";", ":"):
            attachments[-1][-1] += value[at + 1]
            at += 1
        elif char == ";":
            attachments.append([""])
        elif char == ":":
            attachments[-1].append("")
        else:
            attachments[-1][-1] += char
        at += 1
    return attachments


def _written_file_fields(reference: Reference) -> list[str]:
    """The `file` fields of a BibTeX entry as written, before any LaTeX decoding."""
    if reference.source_format != "bibtex" or not reference.raw:
        return []
    for block in split_blocks(reference.raw):
        if isinstance(block, EntryBlock):
            return [
                "".join(piece.text for piece in field.pieces if piece.kind is not PieceKind.MACRO)
                for field in block.fields
                if field.name == "file"
            ]
    return []


def _candidates(reference: Reference, directory: Path | None) -> Iterator[Path]:
    for path in file_paths(reference):
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
    from cite_sentinel.core.sources.pdf.text import pdf_text  # PDFium loads on first use

    read = pdf_text(path)
    if read.reason:
        log.warning("%s: no full text: %s; using the abstract instead", path, read.reason)
    return read.text


def _docx_text(path: Path) -> str:
    from docx import Document

    return "\n".join(paragraph.text for paragraph in Document(str(path)).paragraphs)
