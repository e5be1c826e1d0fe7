"""Imports stream in batches that survive an interruption, and resume where they stopped."""

from __future__ import annotations

from pathlib import Path

import pytest
from cite_sentinel.core.catalog import FORMATS, ImportProgress, import_dump, query_for
from cite_sentinel.core.catalog.sqlite_store import SqliteCatalog
from cite_sentinel.core.model import Location, Reference

from tests.fakeapi.corpus import Work
from tests.support.dumps import write_dblp, write_openalex


def titled(title: str, venue: str = "", year: int | None = None) -> Reference:
    return Reference(key="k", location=Location.point("r.bib", 1, 1), title=title, venue=venue,
                     year=year)  # fmt: skip


def test_an_interrupted_import_keeps_its_batches_and_the_same_command_finishes_it(
    catalog: SqliteCatalog, sample_works: list[Work], tmp_path: Path
) -> None:
    parts = [tmp_path / "part_000.gz", tmp_path / "part_001.gz"]
    write_openalex(sample_works[:200], parts[0])
    write_openalex(sample_works[200:], parts[1])
    seen: list[ImportProgress] = []

    def interrupt(progress: ImportProgress) -> None:
        seen.append(progress)
        if progress.files_done == 1 and progress.records >= 50:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        import_dump(catalog, FORMATS["openalex"], [tmp_path], batch=25, progress=interrupt)
    interrupted = catalog.runs()[0]
    assert interrupted.state == "failed" and interrupted.error == "interrupted"
    assert 200 < interrupted.works < 400
    resumed: list[ImportProgress] = []
    run = import_dump(catalog, FORMATS["openalex"], [tmp_path], batch=25, progress=resumed.append)
    assert (run.id, run.works, run.state) == (interrupted.id, 400, "complete")
    assert resumed[0].resumed and resumed[-1].records == 400 - interrupted.works
    assert resumed[-1].bytes_read == resumed[-1].bytes_total


def test_parallel_workers_build_the_same_catalog_as_one_process(
    sample_works: list[Work], tmp_path: Path
) -> None:
    part = tmp_path / "part_000.gz"
    write_openalex(sample_works, part)
    answers = []
    for workers in (1, 3):
        store = SqliteCatalog(tmp_path / f"w{workers}.sqlite")
        run = import_dump(store, FORMATS["openalex"], [part], workers=workers, batch=70)
        queries = [query_for(titled(w.title)) for w in sample_works[::17]]
        answers.append((run.works, store.find(queries)))
        store.close()
    assert answers[0] == answers[1] and answers[0][0] == len(sample_works)


def test_the_snapshot_date_is_the_newest_record_unless_one_is_given(
    catalog: SqliteCatalog, sample_works: list[Work], tmp_path: Path
) -> None:
    dump = tmp_path / "dblp.xml.gz"
    write_dblp(sample_works[:10], dump)
    assert import_dump(catalog, FORMATS["dblp"], [dump]).snapshot == "2024-05-06"
    given = import_dump(catalog, FORMATS["dblp"], [dump], snapshot="2025-01-31")
    assert given.snapshot == "2025-01-31" and given.id == 2


def test_importing_a_newer_dump_of_a_source_moves_its_works_to_the_new_import(
    catalog: SqliteCatalog, sample_works: list[Work], tmp_path: Path
) -> None:
    old, new = tmp_path / "old" / "part_000.gz", tmp_path / "new" / "part_000.gz"
    old.parent.mkdir()
    new.parent.mkdir()
    write_openalex(sample_works[:30], old)
    write_openalex(sample_works[20:40], new)
    import_dump(catalog, FORMATS["openalex"], [old])
    import_dump(catalog, FORMATS["openalex"], [new])
    assert [run.works for run in catalog.runs()] == [20, 20]
    assert catalog.drop([2]) == 20
    assert catalog.find([query_for(titled(sample_works[25].title))])[0].by_title == ()


def test_a_complete_import_records_the_venues_it_covers(
    catalog: SqliteCatalog, sample_works: list[Work], tmp_path: Path
) -> None:
    dump = tmp_path / "dblp.xml.gz"
    write_dblp(sample_works[:60], dump)
    run = import_dump(catalog, FORMATS["dblp"], [dump], complete=True)
    assert run.complete and "aaai" in run.venues
    (scope,) = catalog.scopes()
    assert scope.snapshot == "2024-05-06" and scope.venues == frozenset(run.venues)
