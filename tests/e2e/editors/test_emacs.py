"""Emacs 28 with eglot 1.9, in batch mode, shows the server's diagnostics through flymake."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.e2e.editors.workspace import PAPER_TEX, Spot, make_workspace
from tests.fakeapi import FakeApi

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[3]
CHECK = Path(__file__).with_name("check.el")
SERVER = [sys.executable, "-m", "cite_sentinel", "lsp"]
WAIT_MS = 20_000  # bounded wait inside Emacs for the diagnostics

Shown = list[dict[str, object]]
_STRICT = ("--eval", "(setq byte-compile-error-on-warn t)")  # a warning fails the compile


@pytest.fixture(scope="module")
def emacs() -> str:
    """Emacs with eglot loadable, or a skip saying how to get them."""
    program = shutil.which("emacs")
    if program is None:
        pytest.skip("Emacs is not installed: apt-get install --no-install-recommends emacs-nox")
    probe = subprocess.run(
        [program, "--batch", "-q", "--eval", "(require 'eglot)"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    if probe.returncode != 0:
        pytest.skip("eglot is not installed: apt-get install --no-install-recommends elpa-eglot")
    return program


def test_emacs_shows_an_undefined_key_on_the_citation_after_accents_and_emoji(
    emacs: str, tmp_path: Path
) -> None:
    space = make_workspace(tmp_path, "paper.tex", PAPER_TEX)
    shown = _run(emacs, [space.paper, space.bib], ["undefined-key"], tmp_path)
    assert _place(shown, "undefined-key", space.paper) == _char_range(space.undefined)


def test_emacs_shows_a_duplicate_key_on_the_second_entry(emacs: str, tmp_path: Path) -> None:
    space = make_workspace(tmp_path, "paper.tex", PAPER_TEX)
    shown = _run(emacs, [space.paper, space.bib], ["duplicate-key"], tmp_path)
    assert _place(shown, "duplicate-key", space.bib) == _char_range(space.duplicate)


def test_emacs_shows_the_examples_undefined_key_where_the_latex_cites_it(
    emacs: str, tmp_path: Path
) -> None:
    examples = tmp_path / "examples"
    shutil.copytree(ROOT / "examples", examples)
    paper = examples / "paper.tex"
    text = paper.read_text(encoding="utf-8")
    offset = text.index("rumelhart1986")
    line = text.count("\n", 0, offset)
    column = offset - (text.rfind("\n", 0, offset) + 1)
    shown = _run(emacs, [paper, examples / "refs.bib"], ["undefined-key"], tmp_path)
    assert _place(shown, "undefined-key", paper) == (
        line,
        column,
        line,
        column + len("rumelhart1986"),
    )


def test_emacs_shows_a_fabricated_reference_on_its_citation_when_verified(
    emacs: str, fake_api: FakeApi, tmp_path: Path
) -> None:
    examples = tmp_path / "examples"
    shutil.copytree(ROOT / "examples", examples)
    paper = examples / "paper.tex"
    text = paper.read_text(encoding="utf-8")
    offset = text.index("alvarez2019")
    line = text.count("\n", 0, offset)
    column = offset - (text.rfind("\n", 0, offset) + 1)
    shown = _run(
        emacs, [paper, examples / "refs.bib"], [f"fabricated:{paper}"], tmp_path, verify=True
    )
    on_paper = [d for d in shown if d["code"] == "fabricated" and Path(str(d["file"])) == paper]
    place = ([line, column], [line, column + len("alvarez2019")])
    assert place in [(d["start"], d["end"]) for d in on_paper]


def test_emacs_starts_cite_sentinel_from_path_by_default(emacs: str, tmp_path: Path) -> None:
    program = Path(sys.executable).parent / "cite-sentinel"
    if not program.exists():
        pytest.skip(f"the cite-sentinel program is not installed beside {sys.executable}")
    space = make_workspace(tmp_path, "paper.tex", PAPER_TEX)
    path = os.pathsep.join([str(program.parent), os.environ.get("PATH", "")])
    shown = _run(
        emacs, [space.paper, space.bib], ["undefined-key"], tmp_path, server=None, path=path
    )
    assert _place(shown, "undefined-key", space.paper) == _char_range(space.undefined)


def test_the_emacs_configuration_byte_compiles_without_warnings(emacs: str, tmp_path: Path) -> None:
    source = tmp_path / "cite-sentinel.el"
    shutil.copy(ROOT / "editors" / "emacs" / "cite-sentinel.el", source)
    done = subprocess.run(
        [emacs, "--batch", "-q", *_STRICT, "-f", "batch-byte-compile", str(source)],
        env={**os.environ, "HOME": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr


def _run(
    emacs: str,
    files: list[Path],
    codes: list[str],
    tmp_path: Path,
    *,
    verify: bool = False,
    server: list[str] | None = SERVER,
    path: str | None = None,
) -> Shown:
    out = tmp_path / "diagnostics.json"
    environment = {
        **os.environ,
        "CS_LISP": str(ROOT / "editors" / "emacs"),
        "CS_SERVER": json.dumps(server),
        "CS_FILES": json.dumps([str(file) for file in files]),
        "CS_CODES": json.dumps(codes),
        "CS_OUT": str(out),
        "CS_TIMEOUT_MS": str(WAIT_MS),
        "CS_VERIFY": "1" if verify else "0",
        "HOME": str(tmp_path),  # eglot and project.el write nothing outside the test
    }
    if path is not None:
        environment["PATH"] = path
    done = subprocess.run(
        # -q, not -Q: Debian activates elpa-eglot from the site start files.
        [emacs, "--batch", "-q", "-l", str(CHECK)],
        cwd=files[0].parent,
        env=environment,
        capture_output=True,
        text=True,
        timeout=WAIT_MS / 1000 + 40,
        check=False,
    )
    report = json.loads(out.read_text(encoding="utf-8")) if out.exists() else {}
    assert done.returncode == 0, f"Emacs saw no {codes}: {report or done.stderr}"
    shown: Shown = report["diagnostics"]
    return shown


def _place(shown: Shown, code: str, path: Path) -> tuple[object, ...]:
    (found,) = [d for d in shown if d["code"] == code and Path(str(d["file"])) == path]
    start, end = found["start"], found["end"]
    assert isinstance(start, list) and isinstance(end, list)
    return (*start, *end)


def _char_range(spot: Spot) -> tuple[int, int, int, int]:
    """Emacs counts columns in characters, whatever encoding the server spoke (UTF-16 here)."""
    return (spot.line, spot.column, spot.line, spot.column + len(spot.word))
