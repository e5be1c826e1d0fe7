"""Files are read as editors read them; a damaged one is still read, never a crash."""

from __future__ import annotations

from pathlib import Path

from cite_sentinel.core.textfile import read_text_file


def test_a_utf16_file_with_a_broken_character_is_read_with_a_replacement(tmp_path: Path) -> None:
    damaged = tmp_path / "refs.bib"
    text = "@article{a, title={Über}}\n"
    data = b"\xff\xfe" + text.encode("utf-16-le")
    damaged.write_bytes(data[:6] + b"\x00\xd8" + data[6:])  # a lone surrogate after "@a"
    read = read_text_file(damaged)
    assert read.startswith("@a\ufffdrticle{a") and read.endswith("title={Über}}\n")
