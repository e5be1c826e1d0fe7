"""The catalog in a real PostgreSQL: the same imports and look-ups as SQLite, shared by URL."""

from __future__ import annotations

from pathlib import Path

import pytest
from cite_sentinel.core.catalog import FORMATS, DumpError, import_dump, open_catalog, query_for
from cite_sentinel.core.catalog.postgres_store import PostgresCatalog
from cite_sentinel.core.errors import InputError
from cite_sentinel.core.model import Identifiers, Location, Reference

from tests.fakeapi.corpus import Work
from tests.support.dumps import write_dblp, write_openalex


def reference(title: str = "", doi: str = "") -> Reference:
    return Reference(key="k", location=Location.point("r.bib", 1, 1), title=title,
                     identifiers=Identifiers(doi=doi))  # fmt: skip


def test_an_import_is_found_by_doi_exact_title_and_a_changed_title_from_another_connection(
    postgres_url: str, sample_works: list[Work], tmp_path: Path
) -> None:
    part = tmp_path / "part_000.gz"
    write_openalex(sample_works, part)
    importer = open_catalog(postgres_url)
    run = import_dump(importer, FORMATS["openalex"], [part], batch=90)
    importer.close()
    assert run.works == len(sample_works)
    reader = open_catalog(postgres_url, readonly=True)  # another machine, the same database
    work = next(w for w in sample_works[30:] if w.doi)
    (record,) = reader.find([query_for(reference(doi=work.doi or ""))])[0].by_identifier
    assert record.title == work.title
    assert [
        r.title for r in reader.find([query_for(reference(work.title.lower()))])[0].by_title
    ] == [work.title]
    words = work.title.split()
    words[len(words) // 2] = "zebrafish"
    near = reader.find([query_for(reference(" ".join(words)))])[0].by_title
    assert near and near[0].title == work.title
    assert work.title in [r.title for r in reader.search(work.title)]
    assert [r.title for r in reader.search(f"doi:{work.doi}")] == [work.title]
    reader.close()


def test_a_broken_dump_keeps_the_batches_before_it_and_resumes_in_postgres(
    postgres_url: str, sample_works: list[Work], tmp_path: Path
) -> None:
    import gzip

    dump = tmp_path / "dblp.xml.gz"
    write_dblp(sample_works[:40], dump)
    good = gzip.decompress(dump.read_bytes())
    parts = good.split(b"<title>")
    parts[31] = b"&nope;" + parts[31]  # in the 31st record
    dump.write_bytes(gzip.compress(b"<title>".join(parts)))
    store = open_catalog(postgres_url)
    with pytest.raises(DumpError, match="undefined entity &nope;"):
        import_dump(store, FORMATS["dblp"], [dump], batch=10, complete=True)
    assert store.runs()[0].works == 30
    dump.write_bytes(gzip.compress(good))
    run = import_dump(store, FORMATS["dblp"], [dump], batch=10)
    assert (run.id, run.works, run.complete) == (1, 40, True) and "aaai" in run.venues
    assert (
        store.drop([1]) == 40
        and store.find([query_for(reference(sample_works[0].title))])[0].by_title == ()
    )
    store.close()


def test_a_database_at_an_older_schema_is_migrated_forward_and_a_newer_one_refused(
    postgres_url: str, sample_works: list[Work], tmp_path: Path
) -> None:
    part = tmp_path / "part_000.gz"
    write_openalex(sample_works[:5], part)
    old = PostgresCatalog(postgres_url, migrate_to=1)
    import_dump(old, FORMATS["openalex"], [part])
    old.close()
    upgraded = PostgresCatalog(postgres_url)
    assert upgraded.runs()[0].works == 5 and upgraded.scopes() == ()
    upgraded._db.execute("UPDATE cite_sentinel_schema SET version = 99 WHERE component = 'catalog'")
    upgraded.close()
    with pytest.raises(InputError, match="newer than this cite-sentinel knows"):
        PostgresCatalog(postgres_url)


def test_an_unreachable_database_is_an_error_without_the_password(tmp_path: Path) -> None:
    url = f"postgresql://someone:s3cret@/nothing?host={tmp_path}"
    with pytest.raises(InputError) as raised:
        open_catalog(url)
    assert "cannot connect to PostgreSQL" in str(raised.value) and "s3cret" not in str(raised.value)


def test_titles_are_found_by_their_rarest_words_with_one_changed_as_sqlite_finds_them(
    postgres_url: str, sample_works: list[Work], tmp_path: Path
) -> None:
    """The words of a cited title (accents kept, as PostgreSQL's index keeps them) find the
    work with a word changed; a title of none of the catalog's works finds nothing like it."""
    from dataclasses import replace

    accented = replace(
        sample_works[0], number=99_999, title="Équations différentielles stochastiques et "
        "apprentissage profond des modèles génératifs",
    )  # fmt: skip
    part = tmp_path / "part_000.gz"
    write_openalex([*sample_works, accented], part)
    store = open_catalog(postgres_url)
    import_dump(store, FORMATS["openalex"], [part])
    for work in (accented, *sample_works[40:60]):
        words = work.title.split()
        words[-2] = "quantized"
        (first, *_) = store.find([query_for(reference(" ".join(words)))])[0].by_title
        assert first.title == work.title
    invented = "Hierarchical Quantum Beekeeping for Lunar Logistics"
    assert all(
        "Beekeeping" not in r.title
        for r in store.find([query_for(reference(invented))])[0].by_title
    )
    store.close()
