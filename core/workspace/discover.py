"""Which files a check reads: named files as given, folders walked for known suffixes."""

from __future__ import annotations

import fnmatch
import os
import stat
from collections.abc import Iterable, Sequence
from pathlib import Path

from cite_sentinel.core.sources import BINARY_SUFFIXES, SUFFIXES
from cite_sentinel.core.workspace.paths import is_folder, path_exists

# Plain text is read only when named: a folder holds too many .txt files that are no reference list.
_WALKED_SUFFIXES = SUFFIXES - {".txt"}

_SKIPPED_FOLDERS = frozenset(
    {
        ".git",
        ".hg",
        ".svn",
        ".venv",
        "venv",
        "node_modules",
        "__pycache__",
        "_build",
        "site-packages",
    }
)


def discover(inputs: Sequence[str], exclude: Sequence[str] = ()) -> tuple[list[str], list[str]]:
    """Files to read, and the inputs that do not exist; a folder yields its known files."""
    files: list[str] = []
    missing: list[str] = []
    for name in inputs:
        path = Path(name)
        if is_folder(path):
            files.extend(_walk(path, exclude))
        elif path_exists(path):
            files.append(str(path))
        else:
            missing.append(name)
    return list(dict.fromkeys(files)), missing


def is_excluded(path: str, exclude: Iterable[str]) -> bool:
    """Whether a path matches one of the exclude globs (matched against the whole path).

    A pattern ending in `/` names a folder, as in .gitignore: everything under it is excluded.
    """
    posix = Path(path).as_posix()
    for pattern in exclude:
        if pattern.endswith("/"):
            folder = pattern.rstrip("/")
            if folder and any(_matches(parent, folder) for parent in _folders(posix)):
                return True
        elif _matches(posix, pattern):
            return True
    return False


def _matches(posix: str, pattern: str) -> bool:
    return fnmatch.fnmatch(posix, pattern) or fnmatch.fnmatch(posix, f"*/{pattern}")


def _folders(posix: str) -> Iterable[str]:
    """The folders a path lies in, as prefixes: a/b/c.md -> a, a/b."""
    parts = posix.split("/")
    return ("/".join(parts[:end]) for end in range(1, len(parts)))


def _walk(folder: Path, exclude: Sequence[str]) -> Iterable[str]:
    for root, folders, names in os.walk(folder):
        folders[:] = sorted(
            name for name in folders if name not in _SKIPPED_FOLDERS and not name.startswith(".")
        )
        for name in sorted(names):
            path = os.path.join(root, name)
            if (
                Path(name).suffix.lower() in _WALKED_SUFFIXES
                and not is_excluded(path, exclude)
                and _is_regular(path)
                and not _built_from_source(name, names)
            ):
                yield path


def _built_from_source(name: str, names: Sequence[str]) -> bool:
    """A PDF beside the manuscript it was made from (paper.pdf, paper.tex): the source is read."""
    stem, suffix = os.path.splitext(name)
    if suffix.lower() not in BINARY_SUFFIXES:
        return False
    return any(f"{stem}{source}" in names for source in (".tex", ".md", ".markdown", ".typ"))


def _is_regular(path: str) -> bool:
    """A plain file (or a link to one): a FIFO or device named *.md would block its reader."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False
