"""`cite-sentinel catalog`: import, status, search and drop on a catalog file."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from cite_sentinel.commands import run_command

from tests.conftest import DATA
from tests.fakeapi.corpus import Work
from tests.fakeapi.loading import load_works
from tests.support.dumps import write_dblp, write_openalex


@pytest.fixture(scope="module")
def works() -> list[Work]:
    path = DATA / "corpus" / "works_sample5k.jsonl"
    if not path.is_file():
        pytest.skip(f"needs the shared data folder beside the project ({path} is absent)")
    return load_works(path)[:120]


def test_import_then_status_shows_the_import_its_works_and_snapshot(
    tmp_path: Path, works: list[Work], capsys: pytest.CaptureFixture[str]
) -> None:
    part = tmp_path / "works" / "part_000.gz"
    part.parent.mkdir()
    write_openalex(works, part)
    catalog = str(tmp_path / "c.sqlite")
    assert run_command(["catalog", "--catalog", catalog, "import", str(part.parent)]) == 0
    out = capsys.readouterr().out
    assert "import 1: 120 works from 1 file(s) (openalex, snapshot 2026-07-01)" in out
    assert run_command(["catalog", "--catalog", catalog, "status", "--format", "json"]) == 0
    (run,) = json.loads(capsys.readouterr().out)["imports"]
    assert (run["works"], run["state"], run["inputs"]) == (120, "complete", [str(part.resolve())])


def test_search_prints_the_work_with_its_year_and_doi(
    tmp_path: Path, works: list[Work], capsys: pytest.CaptureFixture[str]
) -> None:
    write_openalex(works, tmp_path / "part_000.gz")
    catalog = str(tmp_path / "c.sqlite")
    run_command(["catalog", "--catalog", catalog, "import", str(tmp_path / "part_000.gz")])
    capsys.readouterr()
    work = next(w for w in works if w.doi)
    assert run_command(["catalog", "--catalog", catalog, "search", *work.title.split()]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert work.title in first and f"doi:{work.doi}" in first and str(work.year) in first


def test_a_broken_dump_names_its_line_keeps_what_came_before_and_the_rerun_resumes(
    tmp_path: Path, works: list[Work], capsys: pytest.CaptureFixture[str]
) -> None:
    dump = tmp_path / "dblp.xml.gz"
    write_dblp(works, dump)
    good = gzip.decompress(dump.read_bytes())
    dump.write_bytes(good[: len(good) * 2 // 3])  # cut mid-record, then gzip it whole
    dump.write_bytes(gzip.compress(dump.read_bytes()))
    catalog = str(tmp_path / "c.sqlite")
    assert run_command(["catalog", "--catalog", catalog, "import", str(dump)]) == 2
    err = capsys.readouterr().err
    assert f"{dump}:" in err and "error: the XML ends in the middle of a record" in err
    assert "works read before it are kept" in err and "run the same command again" in err
    dump.write_bytes(gzip.compress(good))
    assert run_command(["catalog", "--catalog", catalog, "import", str(dump)]) == 0
    assert f"import 1: {len(works)} works" in capsys.readouterr().out


def test_a_file_whose_name_says_no_format_asks_for_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    odd = tmp_path / "export.xml"
    odd.write_text("<x/>", encoding="utf-8")
    assert run_command(["catalog", "--catalog", str(tmp_path / "c"), "import", str(odd)]) == 2
    assert "give --format" in capsys.readouterr().err


def test_drop_removes_an_import_and_says_how_many_works_went(
    tmp_path: Path, works: list[Work], capsys: pytest.CaptureFixture[str]
) -> None:
    write_openalex(works[:7], tmp_path / "part_000.gz")
    catalog = str(tmp_path / "c.sqlite")
    run_command(["catalog", "--catalog", catalog, "import", str(tmp_path / "part_000.gz")])
    assert run_command(["catalog", "--catalog", catalog, "drop", "1"]) == 0
    assert "dropped 1 import(s) and 7 works" in capsys.readouterr().out
    assert run_command(["catalog", "--catalog", catalog, "drop", "9"]) == 2
    assert "no import 9" in capsys.readouterr().err


def test_the_catalog_comes_from_the_environment_when_not_given(
    tmp_path: Path, works: list[Work], capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    write_openalex(works[:3], tmp_path / "part_000.gz")
    monkeypatch.setenv("CITE_SENTINEL_DATA_DIR", str(tmp_path / "data"))
    assert run_command(["catalog", "import", str(tmp_path / "part_000.gz")]) == 0
    assert str(tmp_path / "data" / "catalog.sqlite") in capsys.readouterr().out


def test_check_offline_verifies_from_the_imported_catalog_and_names_it(
    tmp_path: Path, works: list[Work], capsys: pytest.CaptureFixture[str]
) -> None:
    write_openalex(works, tmp_path / "part_000.gz")
    catalog = str(tmp_path / "c.sqlite")
    run_command(["catalog", "--catalog", catalog, "import", str(tmp_path / "part_000.gz")])
    first, second = works[3], works[8]
    (tmp_path / "refs.bib").write_text(
        "".join(
            f"@inproceedings{{w{n}, title={{{w.title}}}, year={w.year},"
            f" author={{{' and '.join(f'{p.family}, {p.given}' for p in w.authors)}}}}}\n"
            for n, w in enumerate((first, second))
        )
        + "@article{made, title={Quantum Beekeeping on the Moon}, author={Nobody, A.},"
        " year=2020}\n",
        encoding="utf-8",
    )
    capsys.readouterr()
    command = ["check", str(tmp_path / "refs.bib"), "--offline", "--catalog", catalog]
    run_command([*command, "--format", "json"])
    report = json.loads(capsys.readouterr().out)
    verdicts = {r["key"]: r for r in report["references"]}
    assert verdicts["w0"]["verdict"] == verdicts["w1"]["verdict"] == "verified"
    assert {"name": "catalog", "status": "answered", "reason": "openalex snapshot 2026-07-01"} in (
        verdicts["w0"]["sources"]
    )
    assert verdicts["made"]["verdict"] == "unverified"  # the catalog is not complete


def test_status_of_a_catalog_never_built_says_how_to_build_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_command(["catalog", "--catalog", str(tmp_path / "none.sqlite"), "status"]) == 2
    assert "build one with `cite-sentinel catalog import`" in capsys.readouterr().err
    assert not (tmp_path / "none.sqlite").exists()
