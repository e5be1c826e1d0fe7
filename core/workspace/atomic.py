"""Write a file the tool rewrites whole or not at all, keeping the previous version as FILE.bak."""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

from cite_sentinel.core.errors import InputError


def write_atomically(
    path: Path,
    data: bytes,
    *,
    backup: bool = True,
    halfway: Callable[[], None] | None = None,
) -> Path | None:
    """Replace `path` with `data`; the backup's path when one was made.

    The data goes to a temporary file in the same folder, is flushed and fsynced, then
    renamed over the original, so a crash at any moment leaves the old or the new file,
    never a mix. `halfway` runs after half the data is written (tests kill the writer there).
    """
    kept = _backup(path) if backup and path.exists() else None
    _replace(path, data, halfway)
    return kept


def _backup(path: Path) -> Path:
    """FILE.bak, itself written atomically, with the original's bytes and mode."""
    target = path.with_name(path.name + ".bak")
    try:
        original = path.read_bytes()
    except OSError as error:
        raise InputError(f"cannot read {path}: {error.strerror or error}") from error
    _replace(target, original, None)
    with contextlib.suppress(OSError):
        shutil.copymode(path, target)
    return target


def _replace(path: Path, data: bytes, halfway: Callable[[], None] | None) -> None:
    folder = path.parent
    try:
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".tmp")
    except OSError as error:
        raise InputError(f"cannot write {path}: {error.strerror or error}") from error
    try:
        with os.fdopen(handle, "wb") as stream:
            half = len(data) // 2
            stream.write(data[:half])
            if halfway is not None:
                stream.flush()
                halfway()
            stream.write(data[half:])
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, _mode_for(path))
        os.replace(temporary, path)
    except BaseException as error:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        if isinstance(error, OSError):
            raise InputError(f"cannot write {path}: {error.strerror or error}") from error
        raise
    _sync_folder(folder)


def _mode_for(path: Path) -> int:
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        return 0o644


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable; some file systems refuse to open a folder, which is fine."""
    with contextlib.suppress(OSError):
        descriptor = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)
