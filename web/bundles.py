"""A .zip or .tar.gz bundle (an arXiv source, a folder of submissions) unpacked safely.

Only regular files are written, each under the target folder by a name made of its own
path's plain parts: no absolute path, no `..`, no link, no device; hidden files and files no
reader takes (figures, styles) are left out. The members' declared sizes count against the
limits before anything is read (zipfile and tarfile read no more of a member than its header
declares), so a bundle that would unpack to more is refused whole.
"""

from __future__ import annotations

import io
import lzma
import stat
import tarfile
import zipfile
import zlib
from collections.abc import Iterator
from pathlib import Path, PurePosixPath
from typing import IO

from cite_sentinel.core.sources import SUFFIXES
from cite_sentinel.web.limits import Limits, megabytes
from cite_sentinel.web.names import UploadError, plain_parts

BUNDLE_SUFFIXES = (".zip", ".tar.gz", ".tgz", ".tar")
# What the archive modules raise for a damaged, encrypted or oddly compressed bundle.
_DAMAGED = (
    zipfile.BadZipFile,
    tarfile.TarError,
    EOFError,
    zlib.error,
    lzma.LZMAError,
    OSError,
    RuntimeError,  # an encrypted zip member
    NotImplementedError,  # a compression method zipfile does not know
    ValueError,
)
_CHUNK = 1 << 16


def is_bundle(name: str) -> bool:
    return name.lower().endswith(BUNDLE_SUFFIXES)


def bundle_stem(name: str) -> str:
    """The bundle's name without its suffix: the folder its files go to."""
    lower = name.lower()
    for suffix in BUNDLE_SUFFIXES:
        if lower.endswith(suffix):
            return name[: -len(suffix)] or "bundle"
    return name


def unpack(data: bytes, name: str, into: Path, limits: Limits) -> list[Path]:
    """Write the readable files of the bundle `name` into `into`; the files written.

    Raises UploadError, in a sentence naming the bundle, for a damaged bundle or one
    beyond the limits.
    """
    try:
        if name.lower().endswith(".zip"):
            return _unpack_zip(data, name, into, limits)
        return _unpack_tar(data, name, into, limits)
    except _DAMAGED as error:
        raise UploadError(
            f"{name}: not a readable {'zip' if name.lower().endswith('.zip') else 'tar'} "
            f"archive ({error}); upload the bundle again or its files one by one"
        ) from error


def _unpack_zip(data: bytes, name: str, into: Path, limits: Limits) -> list[Path]:
    with zipfile.ZipFile(io.BytesIO(data)) as bundle:
        infos = bundle.infolist()
        _count(len(infos), name, limits)
        _total(sum(info.file_size for info in infos), name, limits)
        written = []
        for info in infos:
            kind = stat.S_IFMT(info.external_attr >> 16)  # 0: the maker did not say
            if info.is_dir() or kind not in (0, stat.S_IFREG):
                continue  # folders are made as needed; links and devices are never made
            parts = plain_parts(info.filename)
            if parts is None or not _readable(parts):
                continue
            _size(info.file_size, name, parts, limits)
            with bundle.open(info) as member:
                written.append(_write(into, parts, _chunks(member), name, limits))
        return written


def _unpack_tar(data: bytes, name: str, into: Path, limits: Limits) -> list[Path]:
    written = []
    seen = 0
    declared = 0
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:*") as bundle:
        for info in bundle:  # one header at a time: a bundle of a million entries stops early
            seen += 1
            _count(seen, name, limits)
            declared += info.size
            _total(declared, name, limits)
            if not info.isreg():
                continue  # links, devices, fifos and folders are never made
            parts = plain_parts(info.name)
            if parts is None or not _readable(parts):
                continue
            _size(info.size, name, parts, limits)
            member = bundle.extractfile(info)
            if member is None:
                continue
            written.append(_write(into, parts, _chunks(member), name, limits))
    return written


def _chunks(member: IO[bytes]) -> Iterator[bytes]:
    while chunk := member.read(_CHUNK):
        yield chunk


def _readable(parts: tuple[str, ...]) -> bool:
    return PurePosixPath(parts[-1]).suffix.lower() in SUFFIXES


def _write(
    into: Path, parts: tuple[str, ...], chunks: Iterator[bytes], name: str, limits: Limits
) -> Path:
    """The member written, read no further than the limit whatever its header said."""
    target = into.joinpath(*parts)
    if target.exists():
        raise UploadError(f"{name}: holds {'/'.join(parts)} twice; keep one copy in the bundle")
    target.parent.mkdir(parents=True, exist_ok=True)
    written = 0
    with target.open("xb") as out:  # never through a file already there
        for chunk in chunks:
            written += len(chunk)
            _size(written, name, parts, limits)
            out.write(chunk)
    return target


def _count(count: int, name: str, limits: Limits) -> None:
    if count > limits.bundle_members:
        raise UploadError(
            f"{name}: holds more than {limits.bundle_members:,} entries; "
            "upload the manuscripts' own files instead"
        )


def _total(size: int, name: str, limits: Limits) -> None:
    if size > limits.unpacked_bytes:
        raise UploadError(
            f"{name}: would unpack to more than {megabytes(limits.unpacked_bytes)}; "
            "upload a smaller bundle, or the manuscripts' own files"
        )


def _size(size: int, name: str, parts: tuple[str, ...], limits: Limits) -> None:
    if size > limits.file_bytes:
        raise UploadError(
            f"{name}: {'/'.join(parts)} is larger than {megabytes(limits.file_bytes)}, "
            "more than any manuscript; leave it out of the bundle"
        )
