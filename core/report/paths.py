"""File paths as CI services want them: relative to the repository root, `/`-separated, no `./`."""

from __future__ import annotations

import os
from pathlib import Path, PurePosixPath


def repository_path(path: str, root: Path | None = None) -> str:
    """`path` relative to `root` (default: the working folder) when under it, else absolute.

    GitHub matches an annotation's file, and GitLab a code quality issue's path, against the
    repository's paths: `./paper/refs.bib`, or a path relative to a job's working folder below
    the repository root, would miss the file in the pull request's diff.
    """
    base = Path(os.path.normpath((root or Path.cwd()).absolute()))
    candidate = Path(os.path.normpath(Path.cwd() / path))
    try:
        inside = candidate.relative_to(base)
    except ValueError:
        return candidate.as_posix()
    return str(PurePosixPath(*inside.parts)) if inside.parts else "."
