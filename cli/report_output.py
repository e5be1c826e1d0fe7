"""Where the report goes: stdout or a file written atomically, coloured only for a person."""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TextIO

from cite_sentinel.core import InputError
from cite_sentinel.core.sources import SUFFIXES
from cite_sentinel.core.workspace import write_text_atomically


def use_color(stream: TextIO, environ: Mapping[str, str], *, no_color: bool) -> bool:
    """Colour for a terminal; NO_COLOR and --no-color turn it off, FORCE_COLOR on."""
    if no_color or environ.get("NO_COLOR"):
        return False
    if environ.get("FORCE_COLOR"):
        return True
    return stream.isatty() and environ.get("TERM") != "dumb"


# How the other reports `check` writes begin, for those a folder walk would read (.json, .md);
# the JSON report is recognised where CSL-JSON is read.
_REPORT_HEADS = (
    re.compile(r'\A\[\s*(?:\]|\{\s*"type":\s*"issue")'),  # gitlab
    re.compile(r"\A(?:# Reference check|\| path \| citations \|)"),  # markdown, summary
)


def is_report_or_absent(path: Path) -> bool:
    """Whether a report may be written over `path`: nothing there, or an earlier report."""
    try:
        with path.open("rb") as stream:
            head = stream.read(4096).decode("utf-8", errors="replace")
    except FileNotFoundError:
        return True
    except OSError:
        return False
    if path.suffix.lower() not in SUFFIXES:
        return True  # .sarif, .xml, .csv: no check reads them
    from cite_sentinel.core.sources import is_report_head  # (and YAML) only when asked

    return is_report_head(head) or any(pattern.match(head) for pattern in _REPORT_HEADS)


def prepare_output(path: Path) -> None:
    """Make the folder of a report file (as CI tools do), or say before the check why not."""
    if path.is_dir():
        raise InputError(f"cannot write {path}: it is a folder; give a file name for the report")
    folder = path.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise InputError(
            f"cannot write {path}: cannot make the folder {folder} "
            f"({error.strerror or error}); give --output a path in a folder you can write"
        ) from error
    if not os.access(folder, os.W_OK | os.X_OK):
        raise InputError(f"cannot write {path}: the folder {folder} is not writable")


def write_stdout(text: str | Iterable[str], *, machine: bool) -> None:
    """A machine's report as UTF-8 (JSON, SARIF and the XML declaration say so) whatever the
    console's encoding; the person's text in that encoding, unencodable characters as `?`.
    Text in parts is written part by part."""
    stream = sys.stdout
    parts = (text,) if isinstance(text, str) else text
    binary = getattr(stream, "buffer", None)
    if machine and binary is not None:
        stream.flush()
        for part in parts:
            binary.write(part.encode("utf-8", "backslashreplace"))  # a lone surrogate: \ud800
        binary.flush()
        return
    encoding = getattr(stream, "encoding", None) or "utf-8"
    for part in parts:
        stream.write(part.encode(encoding, errors="replace").decode(encoding))
    stream.flush()


def write_atomically(path: Path, text: str | Iterable[str]) -> None:
    """Write a report whole or not at all (core.workspace.write_text_atomically), its folder
    made first."""
    prepare_output(path.resolve() if path.is_symlink() else path)
    write_text_atomically(path, text)
