"""`fix --write` run by four processes at once, or killed at any moment: the original bytes stay
where the message says, the file is always whole, and the next run leaves no stray file."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.fakeapi.corpus import Corpus
from tests.fakeapi.server import FakeApi
from tests.fakeapi.works import Person, Work

ROOT = Path(__file__).resolve().parents[2]
ENTRIES = 12
# The index gives each work a later year than the .bib, so fix has a line to correct in each.
ORIGINAL = "".join(
    f"@article{{w{n},\n  title = {{Sparse graph inference number {n}}},\n"
    f"  author = {{Okonkwo, Adaeze and Varga, Bence}},\n  journal = {{Journal of Graphs}},\n"
    f"  year = {{2015}},\n  doi = {{10.5555/graphs.{n}}}\n}}\n\n"
    for n in range(ENTRIES)
).encode()


@pytest.fixture(scope="module")
def index() -> Iterator[FakeApi]:
    works = [
        Work(
            number=n,
            key=f"w{n}",
            title=f"Sparse graph inference number {n}",
            authors=(Person("Okonkwo", "Adaeze"), Person("Varga", "Bence")),
            year=2018,
            venue="Journal of Graphs",
            doi=f"10.5555/graphs.{n}",
        )
        for n in range(ENTRIES)
    ]
    server = FakeApi.start(Corpus.from_works(works))
    try:
        yield server
    finally:
        server.close()


def _environ(server: FakeApi, cache: Path) -> dict[str, str]:
    environ = {k: v for k, v in os.environ.items() if not k.startswith("CITE_SENTINEL_")}
    environ.pop("CI", None)
    environ.update(server.env(), CITE_SENTINEL_CACHE_DIR=str(cache))
    return environ


def _fix(target: Path, environ: dict[str, str]) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "cite_sentinel", "fix", str(target), "--write"],
        cwd=ROOT,
        env=environ,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )


def _fixed_once(index: FakeApi, folder: Path) -> bytes:
    """What one undisturbed fix makes of the original."""
    folder.mkdir()
    target = folder / "refs.bib"
    target.write_bytes(ORIGINAL)
    writer = _fix(target, _environ(index, folder / "cache"))
    _, said = writer.communicate(timeout=120)
    assert writer.returncode == 0, said
    fixed = target.read_bytes()
    assert fixed != ORIGINAL and b"year = {2018}" in fixed
    return fixed


@pytest.mark.slow
def test_four_writers_at_once_keep_the_original_bytes_where_the_message_says(
    index: FakeApi, tmp_path: Path
) -> None:
    fixed = _fixed_once(index, tmp_path / "once")
    for round_number in range(3):
        folder = tmp_path / f"round{round_number}"
        folder.mkdir()
        target = folder / "refs.bib"
        target.write_bytes(ORIGINAL)
        environ = _environ(index, tmp_path / "cache")  # shared: the writers finish together
        writers = [_fix(target, environ) for _ in range(4)]
        said = [writer.communicate(timeout=180)[1] for writer in writers]
        assert target.read_bytes() == fixed
        named = [text for text in said if "the previous version is in" in text]
        assert len(named) == 1, said
        assert named[0].strip().endswith(f"{target}.bak")
        assert (folder / "refs.bib.bak").read_bytes() == ORIGINAL
        for writer, text in zip(writers, said, strict=True):
            if text not in named:  # the others wrote nothing, and said why
                assert writer.returncode in (0, 2), text
                assert "nothing was written" in text or "nothing to fix" in text, text
        assert sorted(p.name for p in folder.iterdir()) == ["refs.bib", "refs.bib.bak"]


@pytest.mark.slow
def test_a_writer_killed_at_any_moment_leaves_the_file_whole_and_the_next_run_no_stray_file(
    index: FakeApi, tmp_path: Path
) -> None:
    fixed = _fixed_once(index, tmp_path / "once")
    started = time.monotonic()
    _fixed_once(index, tmp_path / "timed")
    whole_run = time.monotonic() - started
    moments = sorted(random.Random(28).uniform(0.05, whole_run) for _ in range(8))
    for number, moment in enumerate(moments):
        folder = tmp_path / f"kill{number}"
        folder.mkdir()
        target = folder / "refs.bib"
        target.write_bytes(ORIGINAL)
        environ = _environ(index, folder / "cache")
        writer = _fix(target, environ)
        try:
            writer.wait(timeout=moment)
        except subprocess.TimeoutExpired:
            writer.send_signal(signal.SIGKILL)
        writer.communicate(timeout=60)
        assert target.read_bytes() in (ORIGINAL, fixed)
        again = _fix(target, environ)
        _, said = again.communicate(timeout=120)
        assert again.returncode == 0, said
        assert target.read_bytes() == fixed
        assert sorted(p.name for p in folder.iterdir() if p.name != "cache") == [
            "refs.bib",
            "refs.bib.bak",
        ]
        assert (folder / "refs.bib.bak").read_bytes() == ORIGINAL
