"""`cite-sentinel catalog`: import, status, search and drop on a catalog file."""

from __future__ import annotations

import gzip
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from cite_sentinel.commands import run_command

from tests.conftest import DATA, ROOT
from tests.fakeapi import FakeApi
from tests.fakeapi.corpus import Work
from tests.fakeapi.loading import load_works
from tests.support.dumps import write_dblp, write_openalex

EXAMPLE_BIB = ROOT / "examples" / "refs.bib"


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


def test_check_offline_verifies_from_the_imported_dump_and_names_it_never_from_a_library(
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
    # the lab imports its own library too: it holds the invented entry, and the real ones
    run_command(["catalog", "--catalog", catalog, "import", str(tmp_path / "refs.bib")])
    capsys.readouterr()
    command = ["check", str(tmp_path / "refs.bib"), "--offline", "--catalog", catalog]
    run_command([*command, "--format", "json"])
    report = json.loads(capsys.readouterr().out)
    verdicts = {r["key"]: r for r in report["references"]}
    assert verdicts["w0"]["verdict"] == verdicts["w1"]["verdict"] == "verified"
    assert {"name": "catalog", "status": "answered", "reason": "openalex snapshot 2026-07-01"} in (
        verdicts["w0"]["sources"]
    )
    assert verdicts["w0"]["match"]["id"].startswith("openalex:")
    assert verdicts["made"]["verdict"] == "unverified"  # the catalog is not complete
    (said,) = [s for s in verdicts["made"]["sources"] if s["name"] == "catalog"]
    assert said["status"] == "skipped"
    assert "held only in a library you imported (bibtex refs.bib)" in said["reason"]
    run_command(command)
    assert (
        "judged without asking any online index: 2 by the local catalog "
        "(openalex snapshot 2026-07-01)" in capsys.readouterr().out
    )


def test_an_imported_library_never_verifies_its_own_invented_entries(
    tmp_path: Path, fake_api: FakeApi, capsys: pytest.CaptureFixture[str]
) -> None:
    catalog = str(tmp_path / "c.sqlite")
    assert run_command(["catalog", "--catalog", catalog, "import", str(EXAMPLE_BIB)]) == 0
    capsys.readouterr()
    run_command(["check", str(EXAMPLE_BIB), "--catalog", catalog, "--format", "json"])
    verdicts = {r["key"]: r for r in json.loads(capsys.readouterr().out)["references"]}
    invented = ("alvarez2019", "okafor2021", "whitcombe2017")
    assert [verdicts[key]["verdict"] for key in invented] == ["fabricated"] * 3
    assert verdicts["back1993"]["verdict"] == "miscited"  # the index's year, not the lab's
    for verdict in verdicts.values():
        (said,) = [s for s in verdict["sources"] if s["name"] == "catalog"]
        assert said["status"] == "skipped" and "(bibtex refs.bib)" in said["reason"]
        assert verdict["match"] is None or verdict["match"]["source"] != "catalog"


@pytest.mark.parametrize("library", ["refs.bib", "refs.json"])
def test_a_library_cannot_be_declared_complete(
    tmp_path: Path, library: str, capsys: pytest.CaptureFixture[str]
) -> None:
    catalog = str(tmp_path / "c.sqlite")
    path = str(EXAMPLE_BIB.with_name(library))
    assert run_command(["catalog", "--catalog", catalog, "import", path, "--complete"]) == 2
    err = capsys.readouterr().err
    assert "library is a lab's own selection, complete for no venue" in err
    assert "import it without --complete" in err
    run_command(["catalog", "--catalog", catalog, "status", "--format", "json"])
    assert json.loads(capsys.readouterr().out)["imports"] == []  # nothing was begun


def test_status_of_a_catalog_never_built_says_how_to_build_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_command(["catalog", "--catalog", str(tmp_path / "none.sqlite"), "status"]) == 2
    assert "build one with `cite-sentinel catalog import`" in capsys.readouterr().err
    assert not (tmp_path / "none.sqlite").exists()


def _entry(key: str, work: Work, **fields: str) -> str:
    people = " and ".join(f"{p.family}, {p.given}" for p in work.authors)
    extra = "".join(f", {name}={{{value}}}" for name, value in fields.items())
    return (
        f"@article{{{key}, title={{{work.title}}}, author={{{people}}}, year={work.year}{extra}}}\n"
    )


def _sibling(work: Work, title: str) -> Work:
    """Another paper of the same authors and year."""
    return replace(work, number=work.number + 900_000, title=title, doi=None)


def _other_title(title: str) -> str:
    """The same authors' other paper: most words shared, three changed (as "Converging to
    Team-Maxmin Equilibria in Zero-Sum Multiplayer Games" and "Computing Team-Maxmin …")."""
    return "Converging to " + " ".join(title.split()[2:-1]) + " Revisited"


def _long_titled(works: list[Work]) -> Work:
    return next(w for w in works if len(w.title.split()) >= 12 and w.authors and w.year)


def _imported(works: list[Work], folder: Path) -> str:
    """A catalog file holding these works, imported from an OpenAlex snapshot file."""
    write_openalex(works, folder / "part_000.gz")
    catalog = str(folder / "c.sqlite")
    run_command(["catalog", "--catalog", catalog, "import", str(folder / "part_000.gz")])
    return catalog


def _checked(
    entries: str, catalog: str, folder: Path, capsys: pytest.CaptureFixture[str], *flags: str
) -> dict[str, dict[str, Any]]:
    """The JSON verdicts of `check` on these entries with this catalog, by key."""
    (folder / "refs.bib").write_text(entries, encoding="utf-8")
    capsys.readouterr()
    run_command(
        ["check", str(folder / "refs.bib"), "--catalog", catalog, *flags, "--format", "json"]
    )
    return {r["key"]: r for r in json.loads(capsys.readouterr().out)["references"]}


def test_offline_a_real_title_beside_an_invented_doi_is_not_verified_by_the_catalog(
    tmp_path: Path, works: list[Work], capsys: pytest.CaptureFixture[str]
) -> None:
    catalog = _imported(works, tmp_path)
    entries = _entry("real", works[3]) + _entry("invented", works[3], doi="10.47281/bed.57189")
    verdicts = _checked(entries, catalog, tmp_path, capsys, "--offline")
    assert verdicts["real"]["verdict"] == "verified"
    assert verdicts["invented"]["verdict"] == "unverified"
    assert (
        "the cited DOI 10.47281/bed.57189 could not be looked up"
        in (verdicts["invented"]["reason"])
    )


def test_offline_a_pmid_that_finds_the_work_does_not_vouch_for_the_doi_beside_it(
    tmp_path: Path, works: list[Work], capsys: pytest.CaptureFixture[str]
) -> None:
    work = replace(next(w for w in works if w.doi and w.authors and w.year), pmid="27558627")
    catalog = _imported([work], tmp_path)
    invented = f"{work.doi}417"
    entries = _entry("both", work, pmid="27558627", doi=invented)
    verdict = _checked(entries, catalog, tmp_path, capsys, "--offline")["both"]
    assert verdict["verdict"] == "unverified"
    assert f"the cited DOI {invented} could not be looked up" in verdict["reason"]
    assert f"the work's record gives {work.doi}" in verdict["reason"]


def test_offline_a_doi_under_a_real_prefix_on_a_record_without_one_is_a_note(
    tmp_path: Path, works: list[Work], capsys: pytest.CaptureFixture[str]
) -> None:
    """As online, where a DOI no registry knows, under a real publisher's prefix, on a work the
    index holds without a DOI is a note (indexes lag behind registries)."""
    work = next(w for w in works if not w.doi and w.authors and w.year)
    catalog = _imported(works, tmp_path)
    entries = _entry("aaai", work, doi="10.1609/aaai.v35i11.17231") + _entry(
        "nobody", work, doi="10.47281/bed.57189"
    )
    verdicts = _checked(entries, catalog, tmp_path, capsys, "--offline")
    assert verdicts["aaai"]["verdict"] == "verified"
    ((field, cited, found, severity),) = [
        (p["field"], p["cited"], p["found"], p["severity"]) for p in verdicts["aaai"]["problems"]
    ]
    assert (field, cited, severity) == ("doi", "10.1609/aaai.v35i11.17231", "info")
    assert found.startswith("(not looked up:")
    assert verdicts["nobody"]["verdict"] == "unverified"
    assert "no registrant holds its prefix" in verdicts["nobody"]["reason"]


def test_offline_the_same_authors_other_paper_in_a_partial_catalog_is_no_miscitation(
    tmp_path: Path, works: list[Work], capsys: pytest.CaptureFixture[str]
) -> None:
    work = _long_titled(works)
    catalog = _imported([_sibling(work, _other_title(work.title))], tmp_path)  # not the cited
    verdict = _checked(_entry("cited", work), catalog, tmp_path, capsys, "--offline")["cited"]
    assert verdict["verdict"] == "unverified" and verdict["match"] is None
    assert "the local catalog holds “Converging to" in verdict["reason"]
    assert "not the cited title, and it is not complete" in verdict["reason"]


def test_offline_a_title_misremembered_by_a_word_is_still_miscited_from_a_partial_catalog(
    tmp_path: Path, works: list[Work], capsys: pytest.CaptureFixture[str]
) -> None:
    work = _long_titled(works)
    catalog = _imported([work], tmp_path)
    words = work.title.split()
    cited = replace(work, title=" ".join([*words[:3], "Towards", *words[4:]]))
    verdict = _checked(_entry("cited", cited), catalog, tmp_path, capsys, "--offline")["cited"]
    assert verdict["verdict"] == "miscited"
    assert [p["field"] for p in verdict["problems"]] == ["title"]


def test_online_a_partial_catalogs_other_paper_leaves_the_citation_to_the_indexes(
    tmp_path: Path, works: list[Work], fake_api: FakeApi, capsys: pytest.CaptureFixture[str]
) -> None:
    work = _long_titled(works)
    catalog = _imported([_sibling(work, _other_title(work.title))], tmp_path)
    verdict = _checked(_entry("cited", work), catalog, tmp_path, capsys)["cited"]
    assert verdict["verdict"] == "verified" and verdict["match"]["source"] != "catalog"
    assert verdict["match"]["title"] == work.title


@pytest.fixture(scope="module")
def many_works() -> list[Work]:
    """The whole 5,000-work sample: "learning" is in far more titles than a rare word."""
    path = DATA / "corpus" / "works_sample5k.jsonl"
    if not path.is_file():
        pytest.skip(f"needs the shared data folder beside the project ({path} is absent)")
    return load_works(path)


def test_search_for_one_common_word_lists_works_whose_titles_hold_it(
    tmp_path: Path, many_works: list[Work], capsys: pytest.CaptureFixture[str]
) -> None:
    catalog = _imported(many_works, tmp_path)
    assert sum("learning" in w.title.lower().split() for w in many_works) > 300
    capsys.readouterr()
    assert (
        run_command(["catalog", "--catalog", catalog, "search", "learning", "--format", "json"])
        == 0
    )
    found = json.loads(capsys.readouterr().out)
    assert len(found) == 10 and all("learning" in r["title"].lower() for r in found)


@pytest.mark.parametrize("form", ["{doi}", "doi:{doi}", "https://doi.org/{upper}"])
def test_search_for_a_doi_lists_the_work_it_names_and_nothing_else(
    tmp_path: Path, works: list[Work], form: str, capsys: pytest.CaptureFixture[str]
) -> None:
    catalog = _imported(works, tmp_path)
    work = [w for w in works if w.doi][7]
    typed = form.format(doi=work.doi, upper=(work.doi or "").upper())
    capsys.readouterr()
    assert run_command(["catalog", "--catalog", catalog, "search", typed]) == 0
    (line,) = capsys.readouterr().out.splitlines()
    assert work.title in line and f"doi:{work.doi}" in line
    assert run_command(["catalog", "--catalog", catalog, "search", "10.9999/none.1"]) == 0
    out, err = capsys.readouterr()
    assert out == "" and "no work in the catalog matches '10.9999/none.1'" in err
