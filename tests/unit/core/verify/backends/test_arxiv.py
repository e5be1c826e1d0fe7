"""arXiv: recorded Atom feeds become Records; malformed ids are never sent."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
from cite_sentinel.core.verify.backends.outcome import Answered, Failed
from cite_sentinel.core.verify.backends.session import Backends

from tests.unit.core.verify.backends.conftest import Served

TWO = "arxiv/arxiv_py_fixtures/id_0808.05394_1707.08567_s0_m100_42e5aa0ec3af.json"


async def test_ids_are_asked_in_one_batch_and_each_gets_its_entry_or_nothing(
    backends: Backends, served: Served, recorded: Callable[[str], Any]
) -> None:
    feed = recorded(TWO)["body"]
    served.handler = lambda request: httpx.Response(200, text=feed)
    outcomes = await backends.arxiv.by_ids(["arXiv:1707.08567v2", "0808.05394", "abc"])
    assert len(served.requests) == 1
    assert served.requests[0].url.params["id_list"] == "1707.08567,0808.05394"
    found = outcomes["arXiv:1707.08567v2"]
    assert isinstance(found, Answered)
    record = found.records[0]
    assert record.title.startswith("Proceedings of Workshop AEW10")
    assert record.identifiers.arxiv == "1707.08567" and record.is_preprint and record.year == 2017
    assert record.people[0].family == "Immink"
    assert outcomes["0808.05394"] == Answered(())
    assert outcomes["abc"] == Answered(())


async def test_a_broken_feed_is_a_failure(backends: Backends, served: Served) -> None:
    served.handler = lambda request: httpx.Response(200, text="<feed><entry>")
    outcomes = await backends.arxiv.by_ids(["2101.00001"])
    assert isinstance(outcomes["2101.00001"], Failed)
