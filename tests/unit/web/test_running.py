"""A check run for the page: one event per reference read and per verdict, then `done`; the
upload's folder removed after."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from cite_sentinel.core import Config
from cite_sentinel.web.checking import Checker
from cite_sentinel.web.jobs import Check, Jobs
from cite_sentinel.web.running import run_check

BIB = (
    "@article{smith2020, title = {Sparse Graph Inference}, author = {Smith, Jane},\n"
    "  journal = {Journal of Things}, year = {2020}}\n"
    "@article{doe2019, title = {Adaptive Signals}, author = {Doe, John}, year = {2019}}\n"
)


async def test_a_follower_from_the_start_hears_the_total_each_verdict_then_done(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "upload"
    folder.mkdir()
    (folder / "refs.bib").write_text(BIB, encoding="utf-8")
    check = Check(title="refs.bib", folder=folder, inputs=(folder / "refs.bib",))
    checker = Checker(Config(), {}, offline=True)

    async def heard() -> list[tuple[str, dict[str, object]]]:
        return [(event.name, json.loads(event.data)) async for event in check.stream.follow()]

    following = asyncio.ensure_future(heard())
    await asyncio.sleep(0)  # following before the check starts, as an open tab is
    try:
        await run_check(checker, check, Jobs(tmp_path, keep=False))
    finally:
        await checker.aclose()
    events = await asyncio.wait_for(following, 10)
    assert [name for name, _ in events] == ["total", "verdict", "verdict", "done"]
    assert events[0][1] == {"total": 2}
    rows = [str(data["html"]) for _, data in events[1:3]]
    assert sorted(row[: len('<tr id="ref-1"')] for row in rows) == [
        '<tr id="ref-1"',
        '<tr id="ref-2"',
    ]  # each row numbered by its place in the file, whatever order the verdicts came in
    assert not folder.exists()  # the upload is gone once checked
    assert check.result is not None and len(check.result.references) == 2
