"""A real server fed malformed frames, ill-typed params and exits out of order through a real
client: it answers the next well-formed message every time, and exits as LSP says."""

from __future__ import annotations

import asyncio
import json
import os
import select
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from tests.e2e.lsp.conftest import start

ROOT = Path(__file__).resolve().parents[3]
HOVER = {
    "textDocument": {"uri": "file:///nowhere/paper.md"},
    "position": {"line": 0, "character": 0},
}


def _frame(body: bytes, length: int | str | None = None) -> bytes:
    said = len(body) if length is None else length
    return b"Content-Length: %s\r\n\r\n" % str(said).encode() + body


def _request(number: int, method: str, params: object) -> bytes:
    message = {"jsonrpc": "2.0", "id": number, "method": method, "params": params}
    return json.dumps(message).encode()


MALFORMED = {
    "10 bytes short": lambda body: _frame(body, len(body) - 10),
    "40 bytes long": lambda body: _frame(body, len(body) + 40),
    "negative": lambda body: _frame(body, -5),
    "not a number": lambda body: _frame(body, "abc"),
    "huge": lambda body: _frame(body, 99999999999999),
    "no JSON": lambda body: _frame(b"{this is not json"),
    "no JSON-RPC": lambda body: _frame(b"[1, 2, 3]"),
    "garbage": lambda body: b"\x00\xffnot a frame at all\r\n\r\n",
}


async def _answers(client: LanguageClient) -> None:
    """A well-formed request is answered (hover on an unknown document: nothing)."""
    hover = client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri="file:///nowhere/paper.md"),
            position=types.Position(line=0, character=0),
        )
    )
    assert await asyncio.wait_for(hover, timeout=30) is None


@pytest.mark.parametrize("kind", sorted(MALFORMED))
async def test_a_malformed_frame_costs_only_itself(
    client: LanguageClient, tmp_path: Path, kind: str
) -> None:
    await start(client, tmp_path)
    writer = client.protocol.writer
    assert writer is not None
    writer.write(MALFORMED[kind](_request(4242, "textDocument/hover", HOVER)))
    await _answers(client)
    await _answers(client)


async def test_every_kind_in_a_row_then_a_well_formed_request(
    client: LanguageClient, tmp_path: Path
) -> None:
    await start(client, tmp_path)
    writer = client.protocol.writer
    assert writer is not None
    for number, make in enumerate(MALFORMED.values(), start=5000):
        writer.write(make(_request(number, "textDocument/hover", HOVER)))
    await _answers(client)


class _RawClient:
    """The server on pipes, spoken to in bytes: for what a typed client cannot send."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "cite_sentinel", "lsp"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            cwd=ROOT,
        )
        self._pending = b""

    def send(self, body: bytes) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(_frame(body))
        self.process.stdin.flush()

    def answer(self, number: int | None, timeout: float = 30) -> dict[str, object]:
        """The next message the server sends with this id, waiting at most `timeout` s."""
        deadline = time.monotonic() + timeout
        while True:
            message = self._message(deadline)
            if message.get("id") == number and "method" not in message:
                return message

    def close(self) -> int:
        assert self.process.stdin is not None
        self.process.stdin.close()
        return self.process.wait(timeout=30)

    def _message(self, deadline: float) -> dict[str, object]:
        while b"\r\n\r\n" not in self._pending or len(self._body()) < self._length():
            self._read(deadline)
        body = self._body()[: self._length()]
        head = self._pending.index(b"\r\n\r\n") + 4
        self._pending = self._pending[head + len(body) :]
        message: dict[str, object] = json.loads(body)
        return message

    def _length(self) -> int:
        return int(self._pending.split(b"\r\n", 1)[0].split(b":")[1])

    def _body(self) -> bytes:
        return self._pending[self._pending.index(b"\r\n\r\n") + 4 :]

    def _read(self, deadline: float) -> None:
        assert self.process.stdout is not None
        ready, _, _ = select.select([self.process.stdout], [], [], deadline - time.monotonic())
        assert ready, "the server did not answer in time"
        chunk = os.read(self.process.stdout.fileno(), 65536)
        assert chunk, "the server closed its output"
        self._pending += chunk


@pytest.fixture
def raw() -> Iterator[_RawClient]:
    client = _RawClient()
    try:
        yield client
    finally:
        if client.process.poll() is None:
            client.process.kill()
            client.process.wait()


INITIALIZE = _request(1, "initialize", {"processId": None, "rootUri": None, "capabilities": {}})
EXIT = json.dumps({"jsonrpc": "2.0", "method": "exit"}).encode()


def test_ill_typed_params_get_an_invalid_params_error_and_the_next_request_an_answer(
    raw: _RawClient,
) -> None:
    raw.send(INITIALIZE)
    raw.answer(1)
    raw.send(_request(2, "textDocument/hover", {"textDocument": 5, "position": "start"}))
    error = raw.answer(2)["error"]
    assert isinstance(error, dict) and error["code"] == -32602
    raw.send(_request(3, "textDocument/hover", HOVER))
    assert raw.answer(3)["result"] is None


def test_a_body_that_is_no_json_gets_a_parse_error(raw: _RawClient) -> None:
    raw.send(INITIALIZE)
    raw.answer(1)
    raw.send(b"{not json")
    error = raw.answer(None)["error"]
    assert isinstance(error, dict) and error["code"] == -32700
    raw.send(_request(3, "textDocument/hover", HOVER))
    assert raw.answer(3)["result"] is None


def test_exit_without_shutdown_ends_the_server_with_status_1(raw: _RawClient) -> None:
    raw.send(INITIALIZE)
    raw.answer(1)
    raw.send(EXIT)
    assert raw.process.wait(timeout=30) == 1


def test_exit_after_shutdown_ends_the_server_with_status_0(raw: _RawClient) -> None:
    raw.send(INITIALIZE)
    raw.answer(1)
    raw.send(_request(2, "shutdown", None))
    raw.answer(2)
    raw.send(EXIT)
    assert raw.process.wait(timeout=30) == 0


def test_a_client_that_closes_the_pipe_ends_the_server_with_status_0(raw: _RawClient) -> None:
    raw.send(INITIALIZE)
    raw.answer(1)
    assert raw.close() == 0
