"""Files are read as editors read them; a damaged one is still read, never a crash."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from cite_sentinel.core.workspace.textfile import read_text_file


def test_a_utf16_file_with_a_broken_character_is_read_with_a_replacement(tmp_path: Path) -> None:
    damaged = tmp_path / "refs.bib"
    text = "@article{a, title={Über}}\n"
    data = b"\xff\xfe" + text.encode("utf-16-le")
    damaged.write_bytes(data[:6] + b"\x00\xd8" + data[6:])  # a lone surrogate after "@a"
    read = read_text_file(damaged)
    assert read.startswith("@a\ufffdrticle{a") and read.endswith("title={Über}}\n")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes need a POSIX system")
def test_a_named_pipe_nobody_writes_to_is_refused_instead_of_waited_on(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "refs.bib")
    program = (
        "import sys; from pathlib import Path\n"
        "from cite_sentinel.core.workspace.textfile import TextFileError, read_text_file\n"
        "try:\n    read_text_file(Path(sys.argv[1]))\n"
        "except TextFileError as error:\n    print(error)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", program, str(tmp_path / "refs.bib")],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert "pipe" in done.stdout and "name a saved file" in done.stdout


@pytest.mark.skipif(not Path("/dev/fd").is_dir(), reason="needs /dev/fd")
def test_a_pipe_that_was_written_to_is_read_like_a_file() -> None:
    reading, writing = os.pipe()
    try:
        os.write(writing, b"@misc{a, title={A}}\n")
        os.close(writing)
        assert read_text_file(Path(f"/dev/fd/{reading}")) == "@misc{a, title={A}}\n"
    finally:
        os.close(reading)
