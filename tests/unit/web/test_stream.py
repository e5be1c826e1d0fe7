"""A stream of events: every follower reads all of them from the start, then waits for more;
once settled, only the last is kept, and a follower part-way through still gets it."""

from __future__ import annotations

import asyncio

from cite_sentinel.web.stream import Event, Stream


async def _names(stream: Stream) -> list[str]:
    return [event.name async for event in stream.follow()]


async def test_a_follower_gets_the_events_before_it_came_and_those_after() -> None:
    stream = Stream()
    stream.publish("total", {"total": 2})
    following = asyncio.ensure_future(_names(stream))
    await asyncio.sleep(0)
    stream.publish("verdict", {"n": 1})
    stream.publish("done", {})
    stream.close()
    assert await asyncio.wait_for(following, 5) == ["total", "verdict", "done"]
    assert await asyncio.wait_for(_names(stream), 5) == ["total", "verdict", "done"]


async def test_a_settled_stream_keeps_only_its_last_event_for_every_follower() -> None:
    stream = Stream()
    for number in range(3):
        stream.publish("verdict", {"n": number})
    part_way = stream.follow()
    assert (await anext(part_way)).name == "verdict"
    stream.publish("done", {})
    stream.close()
    stream.settle()
    assert [event.name async for event in part_way] == ["done"]
    assert await asyncio.wait_for(_names(stream), 5) == ["done"]


def test_an_event_is_written_as_the_event_stream_format_says() -> None:
    assert Event("verdict", '{"a": 1}').encoded() == b'event: verdict\ndata: {"a": 1}\n\n'
