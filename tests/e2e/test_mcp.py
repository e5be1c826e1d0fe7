"""`cite-sentinel mcp` as a real program, driven by the SDK's client over stdio and over HTTP."""

from __future__ import annotations

import asyncio
import json
import os
import re
import sys
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp_types import CallToolResult, ListRootsResult, Root, TextContent

from tests.fakeapi import FakeApi

pytestmark = pytest.mark.slow

NOWLAN = """@article{nowlan1992,
  author  = {Nowlan, Steven J. and Hinton, Geoffrey E.},
  title   = {Simplifying Neural Networks by Soft Weight-Sharing},
  journal = {Neural Computation},
  year    = {1992}
}"""
INVENTED = """@inproceedings{okafor2031,
  author    = {Okafor, Chidi and Lindqvist, Maja},
  title     = {Gradient Tempering for Calibrated Few-Shot Retrieval in Sparse Knowledge Graphs},
  year      = {2021}
}"""
STARTED = 60.0  # seconds a server may take to start on a busy machine
SECRETS = {"OPENALEX_API_KEY": "oa-secret-7f3k2x", "S2_API_KEY": "s2-secret-9q8w7z"}


def _command(*options: str) -> list[str]:
    return ["-m", "cite_sentinel", "mcp", *options]


def _environment(fake: FakeApi, **overrides: str) -> dict[str, str]:
    return {**os.environ, **fake.env(), **overrides}


@asynccontextmanager
async def _stdio(
    env: Mapping[str, str], errlog: Any, *options: str, **client: Any
) -> AsyncIterator[Client]:
    params = StdioServerParameters(command=sys.executable, args=_command(*options), env=dict(env))
    async with Client(stdio_client(params, errlog=errlog), **client) as connected:
        yield connected


def _texts(*results: CallToolResult) -> list[str]:
    texts = [json.dumps(result.structured_content) for result in results]
    texts += [
        block.text
        for result in results
        for block in result.content
        if isinstance(block, TextContent)
    ]
    return texts


async def test_over_stdio_references_are_verified_and_no_key_is_ever_shown(
    fake_api: FakeApi, tmp_path: Path
) -> None:
    env = {**_environment(fake_api, **SECRETS), **fake_api.env(down=("crossref",))}
    with (tmp_path / "stderr.txt").open("w+", encoding="utf-8") as errlog:
        async with _stdio(env, errlog, "--log-level", "DEBUG") as client:
            real = await client.call_tool("verify_reference", {"reference": NOWLAN})
            invented = await client.call_tool("verify_reference", {"reference": INVENTED})
            found = await client.call_tool("find_work", {"title": "Soft Weight-Sharing"})
        errlog.seek(0)
        logged = errlog.read()
    assert real.structured_content is not None and invented.structured_content is not None
    assert real.structured_content["status"] == "verified"
    assert invented.structured_content["status"] == "unverified"  # Crossref is down
    assert "api_key=***" in logged  # httpx logs each URL: the key was sent, and masked
    for secret in SECRETS.values():
        assert secret not in logged
        assert not any(secret in text for text in _texts(real, invented, found))


async def test_a_client_of_the_handshake_era_grants_its_roots_mid_call(
    fake_api: FakeApi, tmp_path: Path
) -> None:
    (tmp_path / "refs.bib").write_text(NOWLAN + "\n" + INVENTED, encoding="utf-8")

    async def roots(context: object) -> ListRootsResult:
        return ListRootsResult(roots=[Root(uri=tmp_path.as_uri(), name="project")])

    with (tmp_path / "stderr.txt").open("w", encoding="utf-8") as errlog:
        async with _stdio(
            _environment(fake_api), errlog, mode="legacy", list_roots_callback=roots
        ) as client:
            result = await client.call_tool("check_bibliography", {"path": "refs.bib"})
            version = client.protocol_version
    assert not re.match(r"2026", version)
    assert result.structured_content is not None
    assert result.structured_content["summary"] == {
        "total": 2, "verified": 1, "miscited": 0, "fabricated": 1, "unverified": 0, "retracted": 0,
        "accepted": 0,
    }  # fmt: skip


async def test_a_cancelled_check_stops_asking_and_the_server_answers_the_next_call(
    fake_api: FakeApi, tmp_path: Path
) -> None:
    fake_api.configure("*", latency_ms=400)
    titles = [f"Invented Study Number {n} of Gradient Tempering in Graphs" for n in range(40)]
    text = "\n".join(
        f"@article{{w{n}, title = {{{t}}}, year = {{2020}}}}" for n, t in enumerate(titles)
    )
    progressed = anyio.Event()

    async def progress(done: float, total: float | None, message: str | None) -> None:
        progressed.set()

    with (tmp_path / "stderr.txt").open("w+", encoding="utf-8") as errlog:
        async with _stdio(_environment(fake_api), errlog, "--log-level", "INFO") as client:
            async with anyio.create_task_group() as group:

                async def check() -> None:
                    await client.call_tool(
                        "check_bibliography", {"text": text}, progress_callback=progress
                    )

                group.start_soon(check)
                with anyio.fail_after(STARTED):
                    await progressed.wait()
                group.cancel_scope.cancel()
            fake_api.configure("*", latency_ms=0)
            after = await client.call_tool("verify_reference", {"reference": NOWLAN})
        errlog.seek(0)
        logged = errlog.read()
    assert "check_bibliography cancelled by the client" in logged
    assert after.structured_content is not None
    assert after.structured_content["status"] == "verified"
    assert fake_api.stats().total < len(titles)  # each title needs a search: most never asked


async def test_over_http_on_localhost_a_work_is_found_and_a_file_checked(
    fake_api: FakeApi, tmp_path: Path
) -> None:
    (tmp_path / "refs.bib").write_text(INVENTED, encoding="utf-8")
    server = await asyncio.create_subprocess_exec(
        sys.executable,
        *_command("--http", "0", "--root", str(tmp_path)),
        env=_environment(fake_api),
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        assert server.stderr is not None
        line = await asyncio.wait_for(server.stderr.readline(), STARTED)
        url = re.search(r"http://127\.0\.0\.1:\d+/mcp", line.decode())
        assert url is not None, line
        async with Client(url.group(0)) as client:
            found = await client.call_tool(
                "find_work", {"title": "Simplifying Neural Networks by Hard Weight-Sharing"}
            )
            checked = await client.call_tool("check_bibliography", {"path": "refs.bib"})
            assert checked.structured_content is not None
            uri = checked.structured_content["report_uri"]
            report = json.loads((await client.read_resource(uri)).contents[0].text)  # type: ignore[union-attr]
    finally:
        server.terminate()
        await asyncio.wait_for(server.wait(), STARTED)
    assert found.structured_content is not None
    assert found.structured_content["works"][0]["record"]["doi"] == "10.1162/neco.1992.4.4.473"
    assert [r["verdict"] for r in report["references"]] == ["fabricated"]
