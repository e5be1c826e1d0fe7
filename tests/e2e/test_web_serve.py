"""`cite-sentinel serve` as a program: the address it prints, where uploads live and when they
go (or stay, with --keep), and a stop that leaves nothing behind."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import httpx
import pytest

from tests.fakeapi import FakeApi
from tests.support.web_page import ROOT, serve, stop

BIB = ROOT / "examples" / "refs.bib"


def _check(url: str) -> str:
    """Upload refs.bib and follow the check's events to its end; the check page's address."""
    with httpx.Client(base_url=url, timeout=120) as client:
        answer = client.post("/checks", files={"files": ("refs.bib", BIB.read_bytes())})
        assert answer.status_code == 303, answer.text
        page = answer.headers["location"]
        with client.stream("GET", page + "events") as events:
            assert "event: done" in list(events.iter_lines())
        assert client.get(page + "report.json").json()["summary"]["total"] == 13
    return page


@pytest.mark.slow
def test_an_upload_lives_only_while_it_is_checked_and_nothing_stays_after_a_stop(
    fake_api: FakeApi, tmp_path: Path
) -> None:
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    with serve({**os.environ, "TMPDIR": str(temporary)}) as served:
        assert served.url.startswith("http://127.0.0.1:")
        _check(served.url)
        (root,) = temporary.iterdir()  # the server's own folder…
        assert list(root.iterdir()) == []  # …empty once the check is done
        assert stop(served.process, how=signal.SIGTERM) == 0  # as a service manager stops it
    assert list(temporary.iterdir()) == []


@pytest.mark.slow
def test_with_keep_the_uploads_stay_and_the_server_says_where(
    fake_api: FakeApi, tmp_path: Path
) -> None:
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    with serve({**os.environ, "TMPDIR": str(temporary)}, "--keep") as served:
        _check(served.url)
        assert stop(served.process) == 0  # Ctrl-C
    (root,) = temporary.iterdir()
    assert f"cite-sentinel: the uploads are kept in {root}" in served.printed()
    kept = list(root.rglob("refs.bib"))
    assert len(kept) == 1
    assert kept[0].read_bytes() == BIB.read_bytes()
