"""The document's references as pandoc finds them: `bibliography:` files, inline `references:`."""

from __future__ import annotations

import bisect
import os
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import yaml
from cite_sentinel.core import BibliographyLink, Citation, Location, Read
from cite_sentinel.core.sources import read_csl_yaml
from cite_sentinel.core.workspace import is_folder, path_exists
from cite_sentinel.filters.collect import DOCUMENT
from cite_sentinel.filters.settings import Lookup

INLINE = "metadata references"  # the name findings give the inline `references:`
# pandoc passes the metadata without its lines, so a place in inline `references:` is an
# item: Location(INLINE, item number, 1), which filters.summary words as "item N".


def document_read(lookup: Lookup, citations: Sequence[Citation], cwd: Path) -> Read:
    """The document as core reads a manuscript: citations, bibliography links, inline references."""
    where = Location.point(DOCUMENT, 1, 1)
    folders = _resource_path(lookup("resource-path"), cwd)
    links = tuple(
        BibliographyLink(_find(name, folders, cwd), where)
        for name in _names(lookup("bibliography"))
    )
    inline = _inline_references(lookup("references"))
    return Read(
        references=inline.references,
        citations=tuple(citations),
        findings=inline.findings,
        bibliographies=links,
    )


def _names(value: object) -> list[str]:
    items = value if isinstance(value, list) else [value] if value is not None else []
    return [
        str(item).strip() for item in items if isinstance(item, str | int) and str(item).strip()
    ]


def _resource_path(value: object, cwd: Path) -> list[Path]:
    """pandoc looks for bibliographies in the working directory, then along the resource path."""
    names: list[str] = []
    for item in value if isinstance(value, list) else [value] if value is not None else []:
        if isinstance(item, str):
            names.extend(part for part in item.split(os.pathsep) if part)
    return [cwd, *(cwd / name for name in names)]


def _find(name: str, folders: Sequence[Path], cwd: Path) -> str:
    expanded = os.path.expanduser(name)
    for folder in folders:
        candidate = folder / expanded
        if path_exists(candidate) and not is_folder(candidate):
            return str(candidate) if folder != cwd else expanded
    return expanded  # core reports it as a bibliography that cannot be read


def _inline_references(value: object) -> Read:
    if not isinstance(value, list) or not value:
        return Read()
    text = yaml.safe_dump({"references": value}, allow_unicode=True, sort_keys=False)
    starts = [number for number, line in enumerate(text.splitlines(), 1) if line.startswith("- ")]
    read = read_csl_yaml(text, INLINE)

    def item(location: Location) -> Location:
        if location.path != INLINE:
            return location
        return Location.point(INLINE, max(bisect.bisect_right(starts, location.line), 1), 1)

    return replace(
        read,
        references=tuple(
            replace(
                reference,
                location=item(reference.location),
                key_location=reference.key_location and item(reference.key_location),
            )
            for reference in read.references
        ),
        findings=tuple(
            replace(
                finding,
                location=item(finding.location),
                related=tuple(item(place) for place in finding.related),
            )
            for finding in read.findings
        ),
    )
