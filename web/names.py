"""The names uploaded files are stored under: never a path a request gave."""

from __future__ import annotations

import re
from pathlib import Path

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
