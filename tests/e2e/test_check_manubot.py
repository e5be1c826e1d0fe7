"""`check` of a Manubot citation-ids list verifies each id against the (fake) indexes."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from cite_sentinel.commands import run_command

from tests.fakeapi.corpus import Corpus, Person, Work
from tests.fakeapi.server import FakeApi

WORKS = (
    Work(number=1, key="lstm", title="Long Short-Term Memory",
         authors=(Person("Hochreiter", "Sepp"), Person("Schmidhuber", "Jürgen")), year=1997,
         venue="Neural Computation", doi="10.1162/neco.1997.9.8.1735"),
    Work(number=2, key="hop", title="Neural Networks and Physical Systems with Emergent "
         "Collective Computational Abilities", authors=(Person("Hopfield", "John"),),
         year=1982, venue="PNAS", doi="10.1073/PNAS.79.8.2554"),
)  # fmt: skip


def test_manubot_ids_are_verified_by_their_identifiers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ids = tmp_path / "citation-ids.txt"
    ids.write_text(
        "@doi:10.1162/neco.1997.9.8.1735\n@doi:10.1073/pnas.79.8.2554\n@tag:lstm\n@fig:overview\n",
        encoding="utf-8",
    )
    with FakeApi.start(Corpus.from_works(WORKS)) as server:
        environ = {k: v for k, v in os.environ.items() if not k.startswith("CITE_SENTINEL_")}
        environ.update(server.env(), CITE_SENTINEL_CACHE_DIR=str(tmp_path / "cache"))
        status = run_command(["check", str(ids), "--quiet"], environ)
    out = capsys.readouterr().out
    assert status == 0, out
    assert "verdicts: 2 verified, 0 miscited, 0 fabricated, 0 unverified" in out
    assert "anonnd" not in out
    assert "1 @tag: id not checked" in out


@pytest.mark.parametrize("format", ["json", "sarif"])
def test_tags_no_list_resolves_are_said_in_every_report_not_dropped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], format: str
) -> None:
    ids = tmp_path / "citation-ids.txt"
    ids.write_text("@doi:10.1162/neco.1997.9.8.1735\n@tag:lstm\n@tag:hop\n@raw:x\n", "utf-8")
    with FakeApi.start(Corpus.from_works(WORKS)) as server:
        environ = {k: v for k, v in os.environ.items() if not k.startswith("CITE_SENTINEL_")}
        environ.update(server.env(), CITE_SENTINEL_CACHE_DIR=str(tmp_path / "cache"))
        run_command(["check", str(ids), "--quiet", "--format", format], environ)
    report = capsys.readouterr().out
    assert "2 @tag: ids not checked" in report and "`raw:` ids cannot be looked up" in report
    assert "not-checked" in report


def test_offline_no_index_is_said_to_have_answered_about_ids_it_was_never_asked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ids = tmp_path / "citation-ids.txt"
    ids.write_text("@arxiv:1106.5730\n@doi:10.1162/neco.1997.9.8.1735\n@pmid:27558627\n", "utf-8")
    environ = {k: v for k, v in os.environ.items() if not k.startswith("CITE_SENTINEL_")}
    environ.update(CITE_SENTINEL_CACHE_DIR=str(tmp_path / "cache"), CITE_SENTINEL_CATALOG="off")
    run_command(["check", str(ids), "--offline", "--quiet", "--format", "json"], environ)
    for reference in json.loads(capsys.readouterr().out)["references"]:
        assert reference["verdict"] == "unverified"
        assert "answered no match" not in reference["reason"], reference["reason"]
        assert all(s["status"] != "answered" for s in reference["sources"]), reference["sources"]
