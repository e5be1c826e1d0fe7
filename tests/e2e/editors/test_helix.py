"""Helix's languages.toml starts `cite-sentinel lsp` for the languages the server reads."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]
CONFIG = ROOT / "editors" / "helix" / "languages.toml"
# The names Helix's own languages.toml gives these languages, and its default servers.
HELIX_DEFAULTS = {
    "bibtex": "texlab",
    "latex": "texlab",
    "markdown": "marksman",
    "typst": "tinymist",
}


def _config() -> dict[str, Any]:
    return tomllib.loads(CONFIG.read_text(encoding="utf-8"))


def test_helix_runs_the_lsp_subcommand_of_cite_sentinel() -> None:
    server = _config()["language-server"]["cite-sentinel"]
    assert server["command"] == "cite-sentinel"
    assert server["args"] == ["lsp"]


def test_helix_uses_the_server_for_bibtex_latex_markdown_and_typst() -> None:
    languages = {entry["name"]: entry["language-servers"] for entry in _config()["language"]}
    assert set(languages) == set(HELIX_DEFAULTS)
    for name, servers in languages.items():
        assert "cite-sentinel" in servers, name


def test_helix_keeps_each_languages_default_server() -> None:
    for entry in _config()["language"]:
        assert HELIX_DEFAULTS[entry["name"]] in entry["language-servers"], entry["name"]


def test_helix_sends_only_options_the_server_reads() -> None:
    options = _config()["language-server"]["cite-sentinel"].get("config", {})
    known = {"verify", "offline", "mailto", "backends", "severity", "ground", "accept"}
    assert set(options) <= known
