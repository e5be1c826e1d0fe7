"""One name per file: the path normalisation and bibliography resolution every face shares."""

from __future__ import annotations

import os
from pathlib import Path


def normal(path: str) -> str:
    """A path as the workspace names it: `a/../b/refs.bib` is `b/refs.bib` (links are kept,
    as an editor names them; a path is never made absolute or resolved on disk)."""
    return os.path.normpath(path)


def bibliography_path(document: str, name: str) -> str:
    """A bibliography as a document names it, as a path beside the document (`\\bibliography{refs}`
    means refs.bib when no file `refs` exists)."""
    candidate = Path(document).parent / name
    if not candidate.suffix and not path_exists(candidate):
        candidate = candidate.with_suffix(".bib")
    return normal(str(candidate))


def path_exists(path: Path) -> bool:
    """Whether something is at the path; False for a name no file can have (a NUL in it, a
    part longer than the file system allows), which a document may well write."""
    try:
        return path.exists()
    except (OSError, ValueError):
        return False


def is_folder(path: Path) -> bool:
    """Whether the path is a folder; False where `path_exists` is."""
    try:
        return path.is_dir()
    except (OSError, ValueError):
        return False
