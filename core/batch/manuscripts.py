"""The manuscripts of a batch: each folder or file of a directory, or each path of a manifest.

A manuscript travels as its files' bytes (name relative to the manuscript, content), so a
worker on another machine needs no shared file system. A folder is one manuscript with every
file a check reads; a file at the top of the directory is a manuscript of its own (a .bib, a
free-text list, a document that holds its bibliography).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from cite_sentinel.core.errors import InputError
from cite_sentinel.core.sources import SUFFIXES
from cite_sentinel.core.workspace.discover import is_excluded

LARGEST_FILE = 20 << 20  # a file larger than this is no manuscript's
_SKIPPED = frozenset({".git", ".hg", ".svn", ".venv", "venv", "node_modules", "__pycache__"})


@dataclass(frozen=True, slots=True)
class Manuscript:
    """One manuscript of a batch: its name in reports, and its files."""

    name: str
    files: tuple[tuple[str, bytes], ...]  # (path relative to the manuscript, content)

    @property
    def digest(self) -> str:
        """Changes when any file changes: a resumed batch screens a changed manuscript again."""
        hashed = hashlib.sha256()
        for name, content in self.files:
            hashed.update(name.encode("utf-8") + b"\0" + hashlib.sha256(content).digest())
        return hashed.hexdigest()


def manuscripts_in(source: Path, *, exclude: tuple[str, ...] = ()) -> list[Manuscript]:
    """The manuscripts a directory or a manifest (one path a line, # comments) names."""
    if source.is_dir():
        entries = sorted(p for p in source.iterdir() if not p.name.startswith("."))
        named = [(p.name, p) for p in entries if not is_excluded(str(p), exclude)]
    elif source.is_file():
        named = _manifest(source)
    else:
        raise InputError(f"{source}: no such folder or manifest")
    found = [_manuscript(name, path) for name, path in named]
    return [m for m in found if m is not None and m.files]


def _manifest(manifest: Path) -> list[tuple[str, Path]]:
    try:
        text = manifest.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as error:
        raise InputError(f"{manifest}: the manifest cannot be read ({error})") from error
    named = []
    for number, line in enumerate(text.splitlines(), 1):
        entry = line.strip()
        if not entry or entry.startswith("#"):
            continue
        path = (manifest.parent / entry).resolve()
        if not path.exists():
            raise InputError(
                f"{manifest}:{number}:1: error: {entry}: no such file or folder; fix the path"
            )
        named.append((entry, path))
    return named


def _manuscript(name: str, path: Path) -> Manuscript | None:
    if path.is_file():
        if path.suffix.lower() not in SUFFIXES or path.stat().st_size > LARGEST_FILE:
            return None
        return Manuscript(name, ((path.name, path.read_bytes()),))
    files = []
    for file in sorted(path.rglob("*")):
        relative = file.relative_to(path)
        if any(part in _SKIPPED or part.startswith(".") for part in relative.parts):
            continue
        readable = file.is_file() and file.suffix.lower() in SUFFIXES
        if readable and file.stat().st_size <= LARGEST_FILE:
            files.append((relative.as_posix(), file.read_bytes()))
    return Manuscript(name, tuple(files))
