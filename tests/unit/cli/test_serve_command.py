"""`cite-sentinel serve`: what it says when it cannot start."""

from __future__ import annotations

import socket
import sys
from pathlib import Path

import pytest
from cite_sentinel.commands import run_command


def test_without_the_web_extra_it_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "uvicorn", None)  # as if it were not installed
    assert run_command(["serve"]) == 2
    said = capsys.readouterr().err
    assert "pip install 'cite-sentinel[web]'" in said
    assert said.count("\n") == 1


def test_a_port_out_of_range_is_a_usage_mistake(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_command(["serve", "--port", "70000"]) == 2
    assert "--port 70000: a port is a number from 0 to 65535" in capsys.readouterr().err


def test_a_port_in_use_is_said_with_what_to_do(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert run_command(["serve", "--port", str(port)]) == 2
    said = capsys.readouterr().err
    assert f"cannot listen on 127.0.0.1:{port}" in said
    assert "choose another port, or 0 for a free one" in said


def test_a_queue_that_is_not_there_is_said(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_command(["serve", "--port", "0", "--queue", str(tmp_path / "nothing")]) == 2
    said = capsys.readouterr().err
    assert "no batch queue there; give a postgresql:// URL or the batch.sqlite" in said


def test_a_fulltext_folder_that_is_not_there_is_said_before_anything_starts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_command(["serve", "--port", "0", "--fulltext", str(tmp_path / "nowhere")]) == 2
    assert "--fulltext" in capsys.readouterr().err
