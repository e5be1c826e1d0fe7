"""Each assistant's snippet starts `cite-sentinel mcp` with arguments that work: the server
starts, lists its tools and reads a file in the folder the snippet grants."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client

from tests.fakeapi import FakeApi

ROOT = Path(__file__).resolve().parents[3]
SNIPPETS = ROOT / "editors" / "mcp"
# What each file's own client puts where the snippet names a folder.
FOLDERS = ("${workspaceFolder}", "/Users/you/papers", "/home/you/papers")
SERVERS = {
    "claude-desktop.json": "mcpServers",
    "claude-code.mcp.json": "mcpServers",
    "cursor.mcp.json": "mcpServers",
    "vscode.mcp.json": "servers",
    "zed.settings.json": "context_servers",
}


def test_there_is_a_snippet_for_each_assistant_the_readme_names() -> None:
    readme = (SNIPPETS / "README.md").read_text(encoding="utf-8")
    assert {path.name for path in SNIPPETS.glob("*.json")} == set(SERVERS)
    assert all(f"`{name}`" in readme for name in SERVERS)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(SERVERS))
async def test_the_snippet_starts_a_server_that_reads_the_granted_folder(
    name: str, fake_api: FakeApi, tmp_path: Path
) -> None:
    server = json.loads((SNIPPETS / name).read_text(encoding="utf-8"))[SERVERS[name]]
    entry: dict[str, Any] = server["cite-sentinel"]
    assert entry["command"] == "cite-sentinel" and entry["args"][0] == "mcp"
    args = [_folder(arg, tmp_path) for arg in entry["args"]]
    (tmp_path / "refs.bib").write_text("@article{k, title = {A Title}}\n", encoding="utf-8")
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "cite_sentinel", *args],
        env={**os.environ, **fake_api.env()},
        cwd=tmp_path,  # Claude Code starts a project's servers in the project folder
    )
    with (tmp_path / "stderr.txt").open("w", encoding="utf-8") as errlog:
        async with Client(stdio_client(params, errlog=errlog)) as client:
            tools = {tool.name for tool in (await client.list_tools()).tools}
            checked = await client.call_tool("check_bibliography", {"path": "refs.bib"})
    assert "verify_reference" in tools
    assert not checked.is_error, checked.content


def _folder(arg: str, folder: Path) -> str:
    return str(folder) if arg in FOLDERS else arg
