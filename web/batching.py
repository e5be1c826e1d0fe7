"""A batch upload split into manuscripts as `cite-sentinel batch` splits a folder
(`core.batch.manuscripts_in`): each file or folder at the top is one manuscript."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from cite_sentinel.core.batch import manuscripts_in
from cite_sentinel.web.limits import Limits
from cite_sentinel.web.names import UploadError


@dataclass(frozen=True, slots=True)
class Part:
    """One manuscript of a batch: its name, the folder its files lie in, its files."""

    name: str
    folder: Path
    files: tuple[Path, ...]


def manuscripts(folder: Path, inputs: tuple[Path, ...], limits: Limits) -> list[Part]:
    """The manuscripts of an upload stored in `folder`: one bundle's top entries (inside the
    one folder it may wrap them in), else each uploaded file or bundle."""
    top = _unwrapped(inputs[0]) if len(inputs) == 1 and inputs[0].is_dir() else folder
    found = manuscripts_in(top)
    if len(found) > limits.manuscripts:
        raise UploadError(
            f"the batch holds {len(found)} manuscripts, more than the {limits.manuscripts} "
            "one batch takes; split it, or run `cite-sentinel batch` on the folder"
        )
    parts = []
    for manuscript in found:
        where = top / manuscript.name
        home = where if where.is_dir() else top
        files = tuple(home / name for name, _ in manuscript.files)
        parts.append(Part(manuscript.name, home, files))
    return parts


def _unwrapped(folder: Path) -> Path:
    """The folder a bundle holds all its manuscripts in (`submissions/…`), or the bundle's own."""
    while True:
        entries = [entry for entry in folder.iterdir() if not entry.name.startswith(".")]
        if len(entries) != 1 or not entries[0].is_dir():
            return folder
        folder = entries[0]
