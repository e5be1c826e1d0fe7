"""Write a file the tool rewrites whole or not at all, keeping the previous version as FILE.bak.

Writers of one file take turns under an advisory lock on it (`flock`, which the kernel drops
when a writer dies), and a caller that planned from bytes it read (`fix`) writes only while the
file still holds exactly those bytes: four `fix --write` at once leave the original in FILE.bak
and say so once; the others write nothing and say why. Temporary files of a writer killed
midway (`.refs.bib.x8k2m1qa.tmp`) are removed by the next writer of the file.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import BinaryIO

from cite_sentinel.core.errors import InputError


class FileChanged(InputError):
    """The file is no longer what the caller read: another writer or an editor came between."""


def write_atomically(
    path: Path,
    data: bytes,
    *,
    backup: bool = True,
    expected: bytes | None = None,
    halfway: Callable[[], None] | None = None,
) -> Path | None:
    """Replace `path` with `data`; the backup's path when one was made.

    The data goes to a temporary file in the same folder, is flushed and fsynced, then
    renamed over the original, so a crash at any moment leaves the old or the new file,
    never a mix. With `expected` (the bytes the caller read), the file is replaced only if it
    still holds them (else FileChanged), and FILE.bak gets exactly them. `halfway` runs after
    half the data is written (tests kill the writer there).
    """
    with _locked(path) as current:
        if expected is not None and current is not None and current != expected:
            raise FileChanged(
                f"{path} changed while cite-sentinel was working on it (another `fix` or an "
                "editor wrote it); nothing was written; run the command again"
            )
        _remove_stale(path)
        kept = None
        if backup and current is not None:
            kept = _backup(path, current if expected is None else expected)
        _replace(path, _halves(data, halfway))
    return kept


def write_text_atomically(path: Path, text: str | Iterable[str]) -> None:
    """Write a whole text file (a report) or nothing, part by part, so that a report of a
    183,000-entry bibliography is never whole in memory: UTF-8, a lone surrogate written as
    its escape (`\\ud800`, which JSON readers take back). Through a link, the file it names
    is replaced and the link kept; what a killed writer left beside it is removed first."""
    path = path.resolve() if path.is_symlink() else path
    remove_stale_temporaries(path)

    def write(stream: BinaryIO) -> None:
        for part in (text,) if isinstance(text, str) else text:
            stream.write(part.encode("utf-8", errors="backslashreplace"))

    _replace(path, write)


def remove_stale_temporaries(path: Path) -> None:
    """Remove what writers of `path` killed midway left beside it, unless one is writing now."""
    try:
        descriptor = os.open(path, os.O_RDONLY)
    except (OSError, ValueError):
        return
    try:
        if _lock(descriptor, wait=False):  # else a writer holds it: its files are alive
            _remove_stale(path)
    finally:
        os.close(descriptor)


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[bytes | None]:
    """Hold the writers' lock on the file and give its bytes (None: there is no file yet).

    A writer that replaced the file while this one waited leaves the lock on the old file:
    then the lock is taken again on the new one.
    """
    while True:
        try:
            descriptor = os.open(path, os.O_RDONLY)
        except FileNotFoundError:
            yield None
            return
        except OSError as error:
            raise InputError(f"cannot read {path}: {error.strerror or error}") from error
        try:
            _lock(descriptor, wait=True)
            if not _same_file(descriptor, path):
                continue  # replaced while we waited: lock the new file
            yield _read_all(descriptor, path)
            return
        finally:
            os.close(descriptor)  # drops the lock


def _lock(descriptor: int, *, wait: bool) -> bool:
    """Take the writers' lock on an open file; False when another holds it and `wait` is off.
    Windows has no advisory locks: there the writes are atomic, not taken in turns."""
    if sys.platform == "win32":
        return True
    import fcntl

    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX if wait else fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def _same_file(descriptor: int, path: Path) -> bool:
    try:
        now = os.stat(path)
    except OSError:
        return False
    held = os.fstat(descriptor)
    return (held.st_dev, held.st_ino) == (now.st_dev, now.st_ino)


def _read_all(descriptor: int, path: Path) -> bytes:
    chunks = []
    try:
        while chunk := os.read(descriptor, 1 << 20):
            chunks.append(chunk)
    except OSError as error:
        raise InputError(f"cannot read {path}: {error.strerror or error}") from error
    return b"".join(chunks)


def _stale_name(path: Path) -> re.Pattern[str]:
    """Names mkstemp gives our temporary files of the file and of its backup."""
    return re.compile(rf"\.{re.escape(path.name)}(?:\.bak)?\.[a-z0-9_]{{8}}\.tmp")


def _remove_stale(path: Path) -> None:
    """Under the lock, every temporary file of ours beside the file is a dead writer's."""
    pattern = _stale_name(path)
    with contextlib.suppress(OSError):
        for entry in os.scandir(path.parent):
            if pattern.fullmatch(entry.name) and entry.is_file(follow_symlinks=False):
                with contextlib.suppress(OSError):
                    os.unlink(entry.path)


def _backup(path: Path, original: bytes) -> Path:
    """FILE.bak, itself written atomically, with the original's bytes and mode."""
    target = path.with_name(path.name + ".bak")
    _replace(target, _halves(original, None))
    with contextlib.suppress(OSError):
        shutil.copymode(path, target)
    return target


def _halves(data: bytes, halfway: Callable[[], None] | None) -> Callable[[BinaryIO], None]:
    """Write the bytes in two halves, `halfway` called between them (tests kill the writer)."""

    def write(stream: BinaryIO) -> None:
        half = len(data) // 2
        stream.write(data[:half])
        if halfway is not None:
            stream.flush()
            halfway()
        stream.write(data[half:])

    return write


def _replace(path: Path, write: Callable[[BinaryIO], None]) -> None:
    """A temporary file beside `path` gets what `write` writes, is synced, then renamed over
    it: a crash at any moment leaves the old file or the new one."""
    folder = path.parent
    try:
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".tmp")
    except OSError as error:
        raise InputError(f"cannot write {path}: {error.strerror or error}") from error
    try:
        with os.fdopen(handle, "wb") as stream:
            write(stream)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, _mode_for(path))
        os.replace(temporary, path)
    except BaseException as error:  # a part that failed to render, Ctrl-C: no stray file
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
