"""A rewritten file is replaced whole or not at all, and its previous version is kept."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from cite_sentinel.core.workspace.atomic import (
    FileChanged,
    remove_stale_temporaries,
    write_atomically,
)

ROOT = Path(__file__).resolve().parents[3]


def test_the_new_text_replaces_the_file_and_the_old_one_is_kept_as_bak(tmp_path: Path) -> None:
    target = tmp_path / "refs.bib"
    target.write_bytes(b"old\r\n")
    target.chmod(0o640)
    backup = write_atomically(target, b"new\r\n")
    assert target.read_bytes() == b"new\r\n"
    assert backup == tmp_path / "refs.bib.bak" and backup.read_bytes() == b"old\r\n"
    assert target.stat().st_mode & 0o777 == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["refs.bib", "refs.bib.bak"]


def test_a_writer_killed_halfway_leaves_the_original_intact(tmp_path: Path) -> None:
    target = tmp_path / "refs.bib"
    original = b"@article{a, title={Original}}\n" * 1000
    target.write_bytes(original)
    script = textwrap.dedent(
        f"""
        import sys, threading
        from pathlib import Path
        from cite_sentinel.core.workspace.atomic import write_atomically

        def halfway():
            print("half", flush=True)
            threading.Event().wait()  # until killed

        write_atomically(Path({str(target)!r}), b"X" * 100_000, halfway=halfway)
        """
    )
    writer = subprocess.Popen(
        [sys.executable, "-c", script], stdout=subprocess.PIPE, cwd=ROOT, env=dict(os.environ)
    )
    try:
        assert writer.stdout is not None
        ready, _, _ = select.select([writer.stdout], [], [], 30)
        assert ready, "the writer never reached the middle of the temporary file"
        assert writer.stdout.readline() == b"half\n"
        temporaries = [p for p in tmp_path.iterdir() if p.suffix == ".tmp"]
        assert temporaries and temporaries[0].stat().st_size == 50_000
        writer.send_signal(signal.SIGKILL)
        writer.wait(timeout=30)
    finally:
        if writer.poll() is None:
            writer.kill()
    assert target.read_bytes() == original
    assert (tmp_path / "refs.bib.bak").read_bytes() == original
    write_atomically(target, b"next\n")  # the next writer removes what the killed one left
    assert sorted(p.name for p in tmp_path.iterdir()) == ["refs.bib", "refs.bib.bak"]


def test_a_file_changed_since_it_was_read_is_not_written_and_its_backup_is_kept(
    tmp_path: Path,
) -> None:
    target = tmp_path / "refs.bib"
    target.write_bytes(b"original\n")
    write_atomically(target, b"fixed by the first writer\n", expected=b"original\n")
    with pytest.raises(FileChanged, match="nothing was written"):
        write_atomically(target, b"fixed by the second writer\n", expected=b"original\n")
    assert target.read_bytes() == b"fixed by the first writer\n"
    assert (tmp_path / "refs.bib.bak").read_bytes() == b"original\n"


def test_the_backup_holds_the_bytes_the_writer_read(tmp_path: Path) -> None:
    target = tmp_path / "refs.bib"
    target.write_bytes(b"as read\n")
    write_atomically(target, b"new\n", expected=b"as read\n")
    assert (tmp_path / "refs.bib.bak").read_bytes() == b"as read\n"


def test_stale_temporaries_are_removed_but_not_other_files(tmp_path: Path) -> None:
    target = tmp_path / "refs.bib"
    target.write_bytes(b"x\n")
    stale = [".refs.bib.ab12cd_3.tmp", ".refs.bib.bak.zz99yy00.tmp"]
    kept = [".refs.bib.notours.tmp", ".other.bib.ab12cd34.tmp", "refs.bib.ab12cd34.tmp"]
    for name in stale + kept:
        (tmp_path / name).write_bytes(b"")
    remove_stale_temporaries(target)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["refs.bib", *kept])
