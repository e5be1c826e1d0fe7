"""How much one upload may hold: files, bytes, and what a bundle may unpack to."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True, kw_only=True)
class Limits:
    """The bounds every upload is held to; a request beyond one is refused with a message."""

    file_bytes: int = 20 << 20  # one file, uploaded or unpacked (a batch's largest manuscript)
    files: int = 500  # files in one upload (a folder chosen in the browser sends each)
    upload_bytes: int = 100 << 20  # the whole request
    bundle_members: int = 5_000  # entries one .zip or .tar.gz may hold, folders included
    unpacked_bytes: int = 200 << 20  # what one bundle's members add up to
    manuscripts: int = 200  # manuscripts in one batch
    pasted_chars: int = 1_000_000  # a reference list pasted as text


def megabytes(count: int) -> str:
    """A byte count as a person reads it in a message."""
    return f"{count / (1 << 20):.3g} MB"
