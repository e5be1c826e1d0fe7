"""`cite-sentinel mcp` as a real program fed hostile input: lines that are no JSON-RPC, ill-typed
arguments and a BibTeX doubling bomb each cost their own answer; the next message is answered."""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client

from tests.fakeapi import FakeApi

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
BOMB = (
    "@string{m0 = {ab}}\n"
    + "".join(f"@string{{m{i} = m{i - 1} # m{i - 1}}}\n" for i in range(1, 39))
    + "@article{bomb, title = m38, author = {Okafor, Chidi}, year = 2020}\n"
)
NOWLAN = """@article{nowlan1992,
  author  = {Nowlan, Steven J. and Hinton, Geoffrey E.},
  title   = {Simplifying Neural Networks by Soft Weight-Sharing},
  journal = {Neural Computation},
  year    = {1992}
}"""


async def test_a_doubling_bomb_is_answered_and_the_next_call_too(
    fake_api: FakeApi, tmp_path: Path
) -> None:
    env = {**os.environ, **fake_api.env(), "CITE_SENTINEL_CACHE_DIR": str(tmp_path / "cache")}
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "cite_sentinel", "mcp", "--root", str(tmp_path)],
        env=env,
    )  # fmt: skip
    with (tmp_path / "stderr.txt").open("w", encoding="utf-8") as errlog:
        async with Client(stdio_client(params, errlog=errlog)) as client:
            bombed = await client.call_tool(
                "check_bibliography", {"text": BOMB, "format": "bibtex"}
            )
            wrong = await client.call_tool("verify_reference", {"reference": 5})
            real = await client.call_tool("verify_reference", {"reference": NOWLAN})
    assert bombed.structured_content is not None
    (finding,) = bombed.structured_content["findings"]
    assert finding["line"] == 17 and "expands to more than 100,000 characters" in finding["message"]
    assert wrong.is_error
    assert real.structured_content is not None
    assert real.structured_content["status"] == "verified"


class _Lines:
    """The server on pipes, spoken to line by line (MCP's stdio framing), in bytes."""

    def __init__(self, root: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "cite_sentinel", "mcp", "--root", str(root)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            cwd=ROOT,
            env={**os.environ, "CITE_SENTINEL_CACHE_DIR": str(root / "cache")},
        )

    def send(self, line: bytes) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line + b"\n")
        self.process.stdin.flush()

    def request(self, number: int, method: str, params: object = None) -> None:
        message = {"jsonrpc": "2.0", "id": number, "method": method}
        if params is not None:
            message["params"] = params
        self.send(json.dumps(message).encode())

    def answer(self, number: int, timeout: float = 60) -> dict[str, object]:
        assert self.process.stdout is not None
        deadline = time.monotonic() + timeout
        while True:
            ready, _, _ = select.select([self.process.stdout], [], [], deadline - time.monotonic())
            assert ready, f"no answer to request {number}"
            line = self.process.stdout.readline()
            assert line, "the server closed its output"
            message: dict[str, object] = json.loads(line)
            if message.get("id") == number:
                return message


@pytest.fixture
def lines(tmp_path: Path) -> Iterator[_Lines]:
    server = _Lines(tmp_path)
    server.request(1, "initialize", {
        "protocolVersion": "2025-06-18", "capabilities": {},
        "clientInfo": {"name": "raw", "version": "1"},
    })  # fmt: skip
    server.answer(1)
    server.send(json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}).encode())
    try:
        yield server
    finally:
        server.process.kill()
        server.process.wait()


@pytest.mark.parametrize(
    "line",
    [
        b"{not json",
        b"[1, 2, 3]",
        b"\x00\xff garbage",
        b'{"jsonrpc": "2.0", "id": 9, "method": "tools/call", "params": "oops"}',
        b'{"jsonrpc": "2.0", "id": 9, "method": "no/such/method"}',
        b"x" * 200_000,
    ],
    ids=["no json", "no json-rpc", "garbage", "params no object", "unknown method", "long line"],
)
def test_a_malformed_line_costs_only_itself(lines: _Lines, line: bytes) -> None:
    lines.send(line)
    lines.request(2, "tools/list")
    tools = lines.answer(2)["result"]
    assert isinstance(tools, dict) and tools["tools"]
