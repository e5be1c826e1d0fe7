"""How a workspace reads files: the disk, or only the folders a client granted.

`FileAccess` is the workspace's one seam to the file system: `DISK` reads whatever a person
names (the CLI, the filter, the language server); `Granted` reads only inside folders (the MCP
server's roots, the web page's upload folder). Under `Granted`, a path is refused when it
contains `..`, when it or a link on its way leads outside every folder, when it is not a
regular file (a device, a pipe, a folder), when it has more than one name (a hard link inside
a folder may name a file outside it, which no path can show), or when it is larger than the
cap. The file is checked as opened: a link swapped in between the check and the reading is
seen. A refused file is unreadable, with the reason, and the rest is read.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path, PurePath
from typing import Protocol
from urllib.parse import unquote, urlparse

from cite_sentinel.core.errors import InputError
from cite_sentinel.core.workspace.textfile import TextFileError, decode, read_text_file

MAX_FILE_BYTES = 8 * 1024 * 1024

NO_ROOTS = (
    "no folder may be read: the client grants no roots and the server was started without "
    "--root; start it as `cite-sentinel mcp --root FOLDER`, or pass the file's text instead"
)


class FileAccess(Protocol):
    """How a workspace reads the files it is given and the bibliographies they name."""

    def refusal(self, path: str) -> str | None:
        """Why the file may not be read at all, in words for a person; None when it may."""
        ...

    def read_text(self, path: str) -> str:
        """The file's text; raises TextFileError saying why it cannot be read."""
        ...


class Disk:
    """Whatever a person names, as the file system allows (the CLI, the filter, an editor)."""

    def refusal(self, path: str) -> str | None:
        return None

    def read_text(self, path: str) -> str:
        return read_text_file(Path(path))


DISK = Disk()


@dataclass(frozen=True, slots=True)
class Roots:
    """Folders, each as the client or the command line named it."""

    folders: tuple[Path, ...]
    granted_by: str  # "the client" or "--root"

    @classmethod
    def of(cls, folders: Iterable[str | Path], granted_by: str) -> Roots:
        absolute = (Path(folder).expanduser().absolute() for folder in folders)
        return cls(tuple(dict.fromkeys(absolute)), granted_by)

    @classmethod
    def from_uris(cls, uris: Iterable[str]) -> Roots:
        """The client's roots: its file:// URIs as folders (others are not folders)."""
        paths = [
            unquote(parsed.path)
            for parsed in (urlparse(uri) for uri in uris)
            if parsed.scheme == "file"
        ]
        return cls.of(paths, "the client")


@dataclass(frozen=True, slots=True)
class Granted:
    """Only the files inside granted folders, each at most `limit` bytes (a FileAccess)."""

    roots: Roots
    limit: int = MAX_FILE_BYTES

    def refusal(self, path: str) -> str | None:
        if not self.roots.folders:
            return NO_ROOTS
        if not inside(path, self.roots):
            return f"it lies outside the folders {self.roots.granted_by} granted"
        return None

    def locate(self, name: str) -> str:
        """Where a file a request names is (a relative name from the first folder holding
        it), when it lies inside and is no folder; InputError saying why when it does not."""
        path = locate(name, self.roots)
        if path.is_dir():
            raise InputError(f"{name}: is a folder; name one file (a bibliography or manuscript)")
        return str(path)

    def read_text(self, path: str) -> str:
        refused = self.refusal(path)
        if refused is not None:
            raise TextFileError(refused)
        try:
            return _read_regular(Path(path), path, self.limit, self.roots)
        except InputError as error:
            raise TextFileError(str(error).removeprefix(f"{path}: ")) from error


def locate(name: str, roots: Roots) -> Path:
    """Where a named file is, when it lies inside the roots; InputError when it does not."""
    if not roots.folders:
        raise InputError(NO_ROOTS)
    if "\x00" in name or not name.strip():
        raise InputError("give the path of a file")
    given = PurePath(name)
    if ".." in given.parts:
        raise InputError(f"{name}: paths with `..` are refused; name the file inside a root")
    candidates = [Path(given)] if given.is_absolute() else [r / given for r in roots.folders]
    path = next((c for c in candidates if os.path.lexists(c)), candidates[0])
    if not inside(path, roots):
        raise InputError(f"{name}: lies outside the folders {roots.granted_by} granted")
    return path


def inside(path: str | Path, roots: Roots) -> bool:
    """Whether the path, once every link on its way is followed, lies inside one of the roots."""
    real = Path(os.path.realpath(path))
    return any(real.is_relative_to(os.path.realpath(folder)) for folder in roots.folders)


def _read_regular(path: Path, name: str, limit: int, roots: Roots) -> str:
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK)  # a pipe must not block
    except FileNotFoundError as error:
        raise InputError(f"{name}: no such file") from error
    except (OSError, ValueError) as error:
        raise InputError(f"{name}: cannot be read ({_why(error)})") from error
    try:
        _refuse_unsafe(os.fstat(descriptor), descriptor, name, limit, roots)
        data = _read_all(descriptor, name, limit)
    except OSError as error:
        raise InputError(f"{name}: cannot be read ({_why(error)})") from error
    finally:
        os.close(descriptor)
    try:
        return decode(data)
    except TextFileError as error:
        raise InputError(f"{name}: {error}") from error


def _refuse_unsafe(
    status: os.stat_result, descriptor: int, name: str, limit: int, roots: Roots
) -> None:
    """Refuse what the opened file is, whatever its path said."""
    if stat.S_ISDIR(status.st_mode):
        raise InputError(f"{name}: is a folder; name one file (a bibliography or manuscript)")
    if not stat.S_ISREG(status.st_mode):
        raise InputError(f"{name}: is not a regular file (a device or pipe); name a saved file")
    if status.st_nlink > 1:
        raise InputError(
            f"{name}: the file has {status.st_nlink} names (hard links), and another name may "
            f"lie outside the folders {roots.granted_by} granted; the server reads only files "
            "with one name: copy it into the folder, or pass its text instead"
        )
    opened = _opened_path(descriptor)
    if opened is not None and not inside(opened, roots):
        raise InputError(f"{name}: lies outside the folders {roots.granted_by} granted")
    if status.st_size > limit:
        raise InputError(
            f"{name}: is {status.st_size // 1024} KB; the server reads files up to "
            f"{limit // 1024} KB — split it, or run `cite-sentinel check` on it"
        )


def _opened_path(descriptor: int) -> str | None:
    """Where an open file really is (Linux says in /proc); None where that cannot be known."""
    try:
        return os.readlink(f"/proc/self/fd/{descriptor}")
    except OSError:
        return None


def _read_all(descriptor: int, name: str, limit: int) -> bytes:
    chunks: list[bytes] = []
    total = 0
    while chunk := os.read(descriptor, 1 << 20):
        total += len(chunk)
        if total > limit:  # it grew since it was measured
            raise InputError(f"{name}: grew beyond {limit // 1024} KB while it was read")
        chunks.append(chunk)
    return b"".join(chunks)


def _why(error: BaseException) -> str:
    if isinstance(error, ValueError):
        return "its name holds a NUL character"
    return getattr(error, "strerror", None) or str(error)
