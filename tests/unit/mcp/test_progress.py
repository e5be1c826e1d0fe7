"""Progress of the one engine reaches the call it belongs to, and no other."""

from __future__ import annotations

import asyncio

from cite_sentinel.mcp.progress import engine_progress, reporting


async def test_counts_from_tasks_of_a_call_reach_that_call_only() -> None:
    heard: dict[str, list[tuple[float, float]]] = {"a": [], "b": []}
    done = {"a": asyncio.Event(), "b": asyncio.Event()}

    def report_to(name: str):  # type: ignore[no-untyped-def]
        async def report(count: float, total: float, message: str) -> None:
            heard[name].append((count, total))
            if count == total:
                done[name].set()

        return report

    async def call(name: str, total: int) -> None:
        async with reporting(report_to(name)):
            async with asyncio.TaskGroup() as group:  # the engine counts from its own tasks
                for count in range(total + 1):
                    group.create_task(_count(count, total))
                    await asyncio.sleep(0)
            await asyncio.wait_for(done[name].wait(), 10)

    await asyncio.gather(call("a", 3), call("b", 5))
    assert heard["a"][-1] == (3, 3) and all(total == 3 for _, total in heard["a"])
    assert heard["b"][-1] == (5, 5) and all(total == 5 for _, total in heard["b"])


async def _count(count: int, total: int) -> None:
    engine_progress(count, total)


def test_outside_a_call_the_engine_reports_to_nobody() -> None:
    engine_progress(1, 2)  # no call is listening: nothing happens, nothing fails
