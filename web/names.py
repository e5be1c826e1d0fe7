"""The names uploaded files are stored under: never a path a request gave."""

from __future__ import annotations

import re
from pathlib import Path, PurePosixPath

_UNSAFE = re.compile(r"[^\w.\- ]+")
_LONGEST = 100


class UploadError(Exception):
    """An upload the page refuses, said in one sentence a person can act on."""


def safe_name(given: str) -> str:
    """A plain file name from what a browser sent: its last part, only word characters,
    dots, dashes and spaces, not hidden, at most 100 characters; its suffix kept."""
    last = re.split(r"[\\/]", given)[-1]
    cleaned = _UNSAFE.sub("_", last).strip(" .")
    if len(cleaned) > _LONGEST:
        _, dot, suffix = cleaned.rpartition(".")
        kept = suffix if dot and len(suffix) <= 10 else ""
        cleaned = cleaned[: _LONGEST - len(kept) - 1].rstrip(" .") + (f".{kept}" if kept else "")
    return cleaned or "upload"


def free_name(folder: Path, name: str) -> Path:
    """`folder/name`, or `name` numbered (`refs-2.bib`) where a file of that name is there."""
    candidate = folder / name
    number = 1
    while candidate.exists():
        number += 1
        stem, dot, suffix = name.partition(".")
        candidate = folder / f"{stem}-{number}{dot}{suffix}"
    return candidate


def plain_parts(given: str) -> tuple[str, ...] | None:
    """A relative path (a bundle's member, a file of a folder chosen in the browser) as plain
    names; None where it would climb out, is absolute or hidden."""
    path = PurePosixPath(given.replace("\\", "/"))
    if path.is_absolute() or not path.parts:
        return None
    parts = tuple(part for part in path.parts if part not in ("", "."))
    if not parts or any(part == ".." or part.startswith(".") or ":" in part for part in parts):
        return None
    if any(part == "__MACOSX" for part in parts):
        return None
    return parts
