"""`serve --queue`: the page's requests draw on a batch queue's shared budget, as the
`cite-sentinel batch` workers on that queue do."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from cite_sentinel.core import Config
from cite_sentinel.web import ServeSettings, create_app
from starlette.testclient import TestClient

from tests.fakeapi import FakeApi

BIB = Path(__file__).resolve().parents[2] / "examples" / "refs.bib"


def test_the_page_reserves_each_request_in_the_shared_budget(
    fake_api: FakeApi, tmp_path: Path
) -> None:
    state = tmp_path / "batch.sqlite"
    settings = ServeSettings(config=Config(), environ=dict(os.environ), budget=str(state))
    with TestClient(create_app(settings), base_url="http://127.0.0.1:8000") as client:
        answer = client.post(
            "/checks", files=[("files", ("refs.bib", BIB.read_bytes()))], follow_redirects=False
        )
        page = answer.headers["location"]
        with client.stream("GET", page + "events") as events:
            assert [line for line in events.iter_lines() if line == "event: done"]
        report = client.get(page + "report.json").json()
    assert report["summary"]["fabricated"] == 3
    with sqlite3.connect(state) as db:
        lanes = {lane for (lane,) in db.execute("SELECT lane FROM budget")}
    asked = {api for api, count in fake_api.stats().by_api.items() if count}
    assert asked and {lane.split("/")[0] for lane in lanes} == asked  # every index asked
