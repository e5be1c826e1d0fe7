"""An upload turned into files in its check's own folder: plain files, bundles, pasted text.

Every name is made here (`names.safe_name`); nothing a request says is ever opened as a path.
A file no reader takes is left out with a note; a file beyond the limits, or a damaged
bundle, refuses the upload with a sentence the page shows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from cite_sentinel.core.sources import SUFFIXES
from cite_sentinel.web.bundles import bundle_stem, is_bundle, unpack
from cite_sentinel.web.limits import Limits, megabytes
from cite_sentinel.web.names import UploadError, free_name, plain_parts, safe_name

PASTED_NAME = "pasted-references.txt"


@dataclass(frozen=True, slots=True)
class Upload:
    """One file as the browser sent it: the name it gave (never used as a path) and the bytes."""

    name: str
    data: bytes


@dataclass(frozen=True, slots=True)
class Stored:
    """What an upload became: the inputs to check (files, and folders a bundle filled), the
    names to show for them, and notes on what was left out."""

    inputs: tuple[Path, ...]
    notes: tuple[str, ...]

    @property
    def empty(self) -> bool:
        return not self.inputs


def check_sizes(uploads: Sequence[Upload], pasted: str, limits: Limits) -> None:
    """Refuse an upload beyond the count and size limits, before anything is written."""
    if len(uploads) > limits.files:
        raise UploadError(
            f"{len(uploads)} files is more than the {limits.files} one check takes; "
            "upload them as a .zip, or in several checks"
        )
    total = sum(len(upload.data) for upload in uploads)
    if total > limits.upload_bytes:
        raise UploadError(
            f"the files add up to {megabytes(total)}, more than the "
            f"{megabytes(limits.upload_bytes)} one check takes; upload fewer at a time"
        )
    for upload in uploads:
        if len(upload.data) > limits.file_bytes and not is_bundle(upload.name):
            raise UploadError(
                f"{safe_name(upload.name)} is larger than {megabytes(limits.file_bytes)}, "
                "more than any manuscript; upload its reference list or bibliography"
            )
    if len(pasted) > limits.pasted_chars:
        raise UploadError(
            f"the pasted text is longer than {limits.pasted_chars:,} characters; "
            "paste the reference list alone"
        )


def store(uploads: Sequence[Upload], pasted: str, folder: Path, limits: Limits) -> Stored:
    """Write the upload into `folder` (made here, empty); what to check and what was left out."""
    check_sizes(uploads, pasted, limits)
    folder.mkdir(parents=True, exist_ok=False)
    inputs: list[Path] = []
    notes: list[str] = []
    for upload in uploads:
        sent = upload.name.replace("\\", "/").split("/")
        if any(part.startswith(".") and part not in (".", "..") for part in sent[:-1]):
            continue  # inside a hidden folder of a folder chosen in the browser (.git)
        parts = plain_parts(upload.name)
        if parts is not None and len(parts) > 1:
            _in_folder(upload, parts, folder, inputs)  # a file of a folder chosen in the browser
            continue
        name = safe_name(upload.name)
        if is_bundle(name):
            unpacked = _unpacked(upload, name, folder, limits, notes)
            inputs.extend([unpacked] if unpacked is not None else [])
        elif PurePosixPath(name).suffix.lower() in SUFFIXES:
            target = free_name(folder, name)
            target.write_bytes(upload.data)
            inputs.append(target)
        elif upload.data or upload.name:
            notes.append(f"left out {name}: cite-sentinel reads {_kinds()}")
    if pasted.strip():
        target = free_name(folder, PASTED_NAME)
        target.write_text(pasted, encoding="utf-8")
        inputs.append(target)
    return Stored(tuple(inputs), tuple(notes))


def _in_folder(upload: Upload, parts: tuple[str, ...], folder: Path, inputs: list[Path]) -> None:
    """A file of a chosen folder, kept where it lies in that folder (its path made of plain
    names); the folder is one input. Files no reader takes (figures) are left out."""
    if PurePosixPath(parts[-1]).suffix.lower() not in SUFFIXES:
        return
    names = [safe_name(part) for part in parts]
    target = folder.joinpath(*names)
    target.parent.mkdir(parents=True, exist_ok=True)
    free_name(target.parent, target.name).write_bytes(upload.data)
    top = folder / names[0]
    if top not in inputs:
        inputs.append(top)


def _unpacked(
    upload: Upload, name: str, folder: Path, limits: Limits, notes: list[str]
) -> Path | None:
    """The folder the bundle's readable files went to; None (and a note) when it has none."""
    into = free_name(folder, safe_name(bundle_stem(name)))
    into.mkdir()
    if unpack(upload.data, name, into, limits):
        return into
    notes.append(f"left out {name}: it holds no file cite-sentinel reads ({_kinds()})")
    return None


def _kinds() -> str:
    return ", ".join(sorted(SUFFIXES))
