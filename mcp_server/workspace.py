"""The folders the server may read, and reading a file only when it lies inside one of them.

The folders are the roots the client grants (MCP `roots/list`) or, from a client that grants
none, those named by `--root`. A path is refused when it contains `..`, when it or a link on
its way leads outside every folder, when it is not a regular file (a device, a pipe, a
folder), or when it is larger than the cap.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePath
from urllib.parse import unquote, urlparse

from cite_sentinel.core import InputError
from cite_sentinel.core.workspace import TextFileError, decode

MAX_FILE_BYTES = 8 * 1024 * 1024

NO_ROOTS = (
    "no folder may be read: the client grants no roots and the server was started without "
    "--root; start it as `cite-sentinel mcp --root FOLDER`, or pass the file's text instead"
)


@dataclass(frozen=True, slots=True)
class Roots:
    """Folders, each as the client or the command line named it and as it really is."""

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


def read_inside(name: str, roots: Roots, *, limit: int = MAX_FILE_BYTES) -> tuple[str, str]:
    """The path of a file a tool was given and its text, when it lies inside the roots.

    A relative name is taken from the first folder in which it exists. Raises InputError
    saying why the file may not be read.
    """
    path = locate(name, roots)
    return str(path), _read_regular(path, name, limit)


def read_linked(path: str, roots: Roots, *, limit: int = MAX_FILE_BYTES) -> str:
    """The text of a file a document names (`../refs.bib` may be), when it lies inside."""
    if not inside(path, roots):
        raise InputError(f"{path}: lies outside the folders {roots.granted_by} granted")
    return _read_regular(Path(path), path, limit)


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


def all_inside(paths: Sequence[str], roots: Roots) -> str | None:
    """The first path outside the roots, or None."""
    return next((path for path in paths if not inside(path, roots)), None)


def _read_regular(path: Path, name: str, limit: int) -> str:
    try:
        status = os.stat(path)
    except FileNotFoundError as error:
        raise InputError(f"{name}: no such file") from error
    except OSError as error:
        raise InputError(f"{name}: cannot be read ({error.strerror or error})") from error
    if stat.S_ISDIR(status.st_mode):
        raise InputError(f"{name}: is a folder; name one file (a bibliography or manuscript)")
    if not stat.S_ISREG(status.st_mode):
        raise InputError(f"{name}: is not a regular file (a device or pipe); name a saved file")
    if status.st_size > limit:
        raise InputError(
            f"{name}: is {status.st_size // 1024} KB; the server reads files up to "
            f"{limit // 1024} KB — split it, or run `cite-sentinel check` on it"
        )
    try:
        return decode(path.read_bytes())
    except TextFileError as error:
        raise InputError(f"{name}: {error}") from error
    except OSError as error:
        raise InputError(f"{name}: cannot be read ({error.strerror or error})") from error


def _listed(roots: Roots) -> str:
    return ", ".join(str(folder) for folder in roots.folders)
