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
    if not candidate.suffix and not candidate.exists():
        candidate = candidate.with_suffix(".bib")
    return normal(str(candidate))
