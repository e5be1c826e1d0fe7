"""The SQLite catalog: look-ups by identifier and title, search, drops and schema versions."""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest
from cite_sentinel.core.catalog import FORMATS, import_dump, open_catalog, query_for
from cite_sentinel.core.catalog.sqlite_store import SCHEMA_VERSION, SqliteCatalog
from cite_sentinel.core.errors import InputError
from cite_sentinel.core.model import Identifiers, Location, Reference

from tests.fakeapi.corpus import Work
from tests.support.dumps import write_openalex


@pytest.fixture
def filled(catalog: SqliteCatalog, sample_works: list[Work], tmp_path: Path) -> SqliteCatalog:
    part = tmp_path / "part_000.gz"
    write_openalex(sample_works, part)
    import_dump(catalog, FORMATS["openalex"], [part], workers=1)
    return catalog


def reference(title: str = "", doi: str = "") -> Reference:
    return Reference(key="k", location=Location.point("r.bib", 1, 1), title=title,
                     identifiers=Identifiers(doi=doi))  # fmt: skip


def titles(catalog: SqliteCatalog, title: str) -> list[str]:
    return [r.title for r in catalog.find([query_for(reference(title))])[0].by_title]


def test_a_title_with_other_case_accents_and_punctuation_is_found_exactly(
    filled: SqliteCatalog, sample_works: list[Work]
) -> None:
    work = sample_works[11]
    assert titles(filled, f"  {work.title.lower()}.  ") == [work.title]


def test_a_title_with_a_word_changed_finds_the_real_work_first(
    filled: SqliteCatalog, sample_works: list[Work]
) -> None:
    for work in sample_works[40:60]:
        words = work.title.split()
        words[len(words) // 2] = "zebrafish"
        assert titles(filled, " ".join(words))[0] == work.title


def test_a_title_of_no_work_finds_nothing_like_it(filled: SqliteCatalog) -> None:
    found = titles(filled, "Quantum Gravity of Medieval Bookbinding Guilds")
    assert all("bookbinding" not in title.lower() for title in found)


def test_a_doi_finds_its_work_and_a_wrong_doi_nothing(
    filled: SqliteCatalog, sample_works: list[Work]
) -> None:
    work = next(w for w in sample_works if w.doi)
    answer = filled.find([query_for(reference(doi=work.doi or ""))])[0]
    assert [r.title for r in answer.by_identifier] == [work.title]
    assert filled.find([query_for(reference(doi="10.9999/none"))])[0].by_identifier == ()


def test_search_finds_works_by_title_words_and_author_names(
    filled: SqliteCatalog, sample_works: list[Work]
) -> None:
    work = sample_works[5]
    query = f"{work.authors[0].family} {' '.join(work.title.split()[:3])}"
    assert work.title in [r.title for r in filled.search(query, limit=5)]


def test_dropping_an_import_removes_its_works_from_look_up_and_search(
    filled: SqliteCatalog, sample_works: list[Work]
) -> None:
    assert filled.drop([1]) == len(sample_works)
    assert titles(filled, sample_works[3].title) == []
    assert filled.search(sample_works[3].title) == [] and filled.runs() == ()


def test_an_older_catalog_file_is_upgraded_in_place_keeping_its_works(
    tmp_path: Path, sample_works: list[Work]
) -> None:
    path = tmp_path / "old.sqlite"
    part = tmp_path / "part_000.gz"
    write_openalex(sample_works[:5], part)
    old = SqliteCatalog(path, migrate_to=1)
    import_dump(old, FORMATS["openalex"], [part])
    old.close()
    with pytest.raises(InputError, match="run `cite-sentinel catalog status` once"):
        SqliteCatalog(path, readonly=True)
    upgraded = open_catalog(str(path))
    assert upgraded.runs()[0].works == 5 and upgraded.scopes() == ()
    upgraded.close()


def test_a_catalog_from_a_newer_version_is_refused_with_a_reason(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite"
    SqliteCatalog(path).close()
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(InputError, match="newer than this cite-sentinel knows"):
        SqliteCatalog(path)


def test_looking_up_a_catalog_that_does_not_exist_says_how_to_build_one(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="cite-sentinel catalog import"):
        open_catalog(str(tmp_path / "none.sqlite"), readonly=True)
    assert not (tmp_path / "none.sqlite").exists()


def test_a_title_with_a_greek_letter_and_a_changed_word_finds_the_real_work(
    catalog: SqliteCatalog, sample_works: list[Work], tmp_path: Path
) -> None:
    real = replace(sample_works[0], title="Efficacy of weekly epoetin κ in patients on dialysis")
    crowd = [replace(w, title=f"{w.title} and the NF-kappa B pathway") for w in sample_works[1:60]]
    part = tmp_path / "part_000.gz"
    write_openalex([real, *crowd], part)
    import_dump(catalog, FORMATS["openalex"], [part])
    assert (
        titles(catalog, "Efficacy of Weekly Epoetin Κ in Volunteers on Dialysis")[0] == real.title
    )
