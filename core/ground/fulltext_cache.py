"""Full texts already read, so that judging again (each edit in the editor) does not re-parse PDFs.

A text is kept under the file's resolved path, size and mtime_ns: a file written since (even
at the same size) has another key and is read again. The cache is bounded by characters, not
files, so that a manuscript citing hundreds of works does not evict each text before its next
use; the least recently used go first. Threads share it (the language server reads in a
worker thread).
"""

from __future__ import annotations

import functools
import threading
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path

MAX_CHARACTERS = 64_000_000  # about 1,000 papers of 60,000 characters
MAX_FILES = 2_000

FileKey = tuple[str, int, int]  # resolved path, size, mtime_ns


@functools.cache
def shared_texts() -> TextCache:
    """The process's cache of full texts, created on first use."""
    return TextCache()


class TextCache:
    """Texts by file identity, the least recently used forgotten beyond the bounds."""

    def __init__(self, max_characters: int = MAX_CHARACTERS, max_files: int = MAX_FILES) -> None:
        self._max_characters = max_characters
        self._max_files = max_files
        self._texts: OrderedDict[FileKey, str] = OrderedDict()
        self._versions: dict[str, FileKey] = {}  # the one version kept of each path
        self._characters = 0
        self._lock = threading.Lock()

    def text(self, path: Path, read: Callable[[Path], str]) -> str:
        """The text of `path`, read with `read` only when this version of the file is new."""
        key = _key(path)
        if key is None:  # gone or unreadable: let the reader say why
            return read(path)
        with self._lock:
            if key in self._texts:
                self._texts.move_to_end(key)
                return self._texts[key]
        text = read(path)
        self._keep(key, text)
        return text

    def clear(self) -> None:
        with self._lock:
            self._texts.clear()
            self._versions.clear()
            self._characters = 0

    def __len__(self) -> int:
        return len(self._texts)

    def _keep(self, key: FileKey, text: str) -> None:
        if len(text) > self._max_characters:
            return
        with self._lock:
            earlier = self._versions.get(key[0])
            if earlier is not None:  # an older version of the file (or this one, read twice)
                self._characters -= len(self._texts.pop(earlier, ""))
            self._texts[key] = text
            self._versions[key[0]] = key
            self._characters += len(text)
            while self._characters > self._max_characters or len(self._texts) > self._max_files:
                (path, _, _), dropped = self._texts.popitem(last=False)
                self._characters -= len(dropped)
                del self._versions[path]


def _key(path: Path) -> FileKey | None:
    try:
        resolved = path.resolve()
        status = resolved.stat()
    except OSError:
        return None
    return (str(resolved), status.st_size, status.st_mtime_ns)
