"""The dump formats the catalog imports, and how a file or folder says which it is in."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from cite_sentinel.core.catalog.formats.options import ReadOptions
from cite_sentinel.core.catalog.runs import DumpEntry
from cite_sentinel.core.catalog.streams import DumpFile
from cite_sentinel.core.errors import InputError

Reader = Callable[[DumpFile, int, ReadOptions], Iterator[DumpEntry]]
# A line-based format's conversion of one line: (file name, line number, line, options).
LineReader = Callable[[str, int, bytes, ReadOptions], DumpEntry]


@dataclass(frozen=True, slots=True)
class Format:
    """One dump format: its reader, the files of a folder that belong to it, and what its works
    may prove."""

    name: str
    description: str
    patterns: tuple[str, ...]  # file names in a folder, as glob patterns
    key_prefix: str  # how the works it brings are keyed: "openalex:W2741809807"
    # A lab's own library (BibTeX, CSL-JSON, Zotero) is what `check` checks, not evidence: its
    # works may never settle a verdict, and it is never complete for a venue.
    library: bool = False

    @property
    def read(self) -> Reader:
        return _reader(self.name)

    @property
    def read_line(self) -> LineReader | None:
        """For a dump of one record a line: the conversion of one line, run in parallel."""
        if self.name == "openalex":
            from cite_sentinel.core.catalog.formats.openalex import openalex_entry

            return openalex_entry
        if self.name == "arxiv":
            from cite_sentinel.core.catalog.formats.arxiv import arxiv_entry

            return arxiv_entry
        return None


FORMATS: dict[str, Format] = {
    f.name: f
    for f in (
        Format(
            "openalex",
            "OpenAlex snapshot works files (part_*.gz, one work a line)",
            ("part_*.gz", "*.jsonl.gz", "*.jsonl"),
            "openalex",
        ),
        Format(
            "crossref",
            "Crossref public data file (*.json.gz with an items array)",
            ("*.json.gz",),
            "crossref",
        ),
        Format(
            "dblp",
            "dblp XML (dblp.xml.gz, with dblp.dtd beside it)",
            ("dblp*.xml.gz", "dblp*.xml"),
            "dblp",
        ),
        Format(
            "pubmed",
            "PubMed/MEDLINE baseline and update files (pubmed*.xml.gz)",
            ("pubmed*.xml.gz", "pubmed*.xml", "medline*.xml.gz"),
            "pubmed",
        ),
        Format(
            "arxiv",
            "arXiv metadata snapshot (OAI-PMH JSON lines)",
            ("arxiv*.json", "arxiv*.jsonl", "arxiv*.json.gz"),
            "arxiv",
        ),
        Format("bibtex", "a BibTeX library (.bib)", ("*.bib",), "bibtex", library=True),
        Format(
            "csl-json",
            "a CSL-JSON library (.json array of items)",
            ("*.json",),
            "csl",
            library=True,
        ),
        Format(
            "zotero",
            "a Zotero library, zotero.sqlite read in place",
            ("zotero.sqlite",),
            "zotero",
            library=True,
        ),
    )
}


def format_of_work(key: str) -> Format | None:
    """The format of the import that brought a work, told by its key ("dblp:conf/aaai/X21")."""
    prefix = key.partition(":")[0]
    return next((f for f in FORMATS.values() if f.key_prefix == prefix), None)


def files_of(format: Format, inputs: Sequence[Path]) -> list[Path]:
    """The input files: files as given, folders walked for the format's files, in name order."""
    found: list[Path] = []
    for path in inputs:
        if path.is_dir():
            matched = sorted(
                {p for pattern in format.patterns for p in path.rglob(pattern) if p.is_file()}
            )
            if not matched:
                patterns = ", ".join(format.patterns)
                raise InputError(f"{path}: no {format.name} files ({patterns}) in this folder")
            found.extend(matched)
        elif path.is_file():
            found.append(path)
        else:
            raise InputError(f"{path}: no such file or folder")
    return found


def detect(path: Path) -> Format | None:
    """The format a file's or folder's name says, or None when it says nothing certain."""
    if path.is_dir():
        return _detect_folder(path)
    name = path.name.lower()
    if name.endswith(".bib"):
        return FORMATS["bibtex"]
    if name.endswith((".sqlite", ".sqlite3")) and "zotero" in name:
        return FORMATS["zotero"]
    if name.endswith((".xml", ".xml.gz")):
        if name.startswith("dblp"):
            return FORMATS["dblp"]
        if name.startswith(("pubmed", "medline")):
            return FORMATS["pubmed"]
        return None
    if "arxiv" in name and name.endswith((".json", ".jsonl", ".json.gz", ".jsonl.gz")):
        return FORMATS["arxiv"]
    if name.startswith("part_") and name.endswith(".gz"):
        return FORMATS["openalex"]
    if name.endswith(".json.gz"):
        return FORMATS["crossref"]
    if name.endswith(".json") and _first_char(path) == "[":
        return FORMATS["csl-json"]
    return None


def _detect_folder(path: Path) -> Format | None:
    for name in ("openalex", "crossref", "pubmed", "dblp"):
        format = FORMATS[name]
        if any(next(path.rglob(pattern), None) for pattern in format.patterns):
            return format
    return None


def _first_char(path: Path) -> str:
    try:
        with path.open("rb") as stream:
            head = stream.read(256).decode("utf-8", "replace").lstrip("\ufeff \t\r\n")
    except OSError:
        return ""
    return head[:1]


def _reader(name: str) -> Reader:
    """The reader of a format, imported only when it is used."""
    if name == "openalex":
        from cite_sentinel.core.catalog.formats.openalex import read_openalex

        return read_openalex
    if name == "crossref":
        from cite_sentinel.core.catalog.formats.crossref import read_crossref

        return read_crossref
    if name == "dblp":
        from cite_sentinel.core.catalog.formats.dblp import read_dblp

        return read_dblp
    if name == "pubmed":
        from cite_sentinel.core.catalog.formats.pubmed import read_pubmed

        return read_pubmed
    if name == "arxiv":
        from cite_sentinel.core.catalog.formats.arxiv import read_arxiv

        return read_arxiv
    if name == "zotero":
        from cite_sentinel.core.catalog.formats.zotero import read_zotero

        return read_zotero
    from cite_sentinel.core.catalog.formats.library import read_bibtex_library, read_csl_library

    return read_bibtex_library if name == "bibtex" else read_csl_library
