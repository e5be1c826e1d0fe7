"""Which files a check reads: named files as given, folders walked for known suffixes."""

from __future__ import annotations

import fnmatch
import os
from collections.abc import Iterable, Sequence
from pathlib import Path

from cite_sentinel.core.sources import SUFFIXES

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
        if path.is_dir():
            files.extend(_walk(path, exclude))
        elif path.exists():
            files.append(str(path))
        else:
            missing.append(name)
    return list(dict.fromkeys(files)), missing


def is_excluded(path: str, exclude: Iterable[str]) -> bool:
    """Whether a path matches one of the exclude globs (matched against the whole path)."""
    posix = Path(path).as_posix()
    return any(
        fnmatch.fnmatch(posix, pattern) or fnmatch.fnmatch(posix, f"*/{pattern}")
        for pattern in exclude
    )


def _walk(folder: Path, exclude: Sequence[str]) -> Iterable[str]:
    for root, folders, names in os.walk(folder):
        folders[:] = sorted(
            name for name in folders if name not in _SKIPPED_FOLDERS and not name.startswith(".")
        )
        for name in sorted(names):
            path = os.path.join(root, name)
            if Path(name).suffix.lower() in _WALKED_SUFFIXES and not is_excluded(path, exclude):
                yield path
