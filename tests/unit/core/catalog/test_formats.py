"""Each importer on a small file written in its dump's published format, and on broken ones."""

from __future__ import annotations

import gzip
import json
import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest
from cite_sentinel.core.catalog import FORMATS, DumpError, ReadOptions, import_dump, query_for
from cite_sentinel.core.catalog.sqlite_store import SqliteCatalog
from cite_sentinel.core.model import Identifiers, Location, Reference

from tests.fakeapi.corpus import Person, Work
from tests.support.dumps import (
    write_arxiv,
    write_crossref,
    write_dblp,
    write_openalex,
    write_pubmed,
    write_zotero,
)


def cited(title: str = "", doi: str = "", arxiv: str = "", pmid: str = "") -> Reference:
    return Reference(
        key="k",
        location=Location.point("refs.bib", 1, 1),
        title=title,
        identifiers=Identifiers(doi=doi, arxiv=arxiv, pmid=pmid),
    )


def found(catalog: SqliteCatalog, reference: Reference) -> list[str]:
    answer = catalog.find([query_for(reference)])[0]
    return [record.id for record in answer.by_identifier + answer.by_title]


def test_an_openalex_snapshot_file_brings_every_work_with_its_doi_title_and_authors(
    catalog: SqliteCatalog, sample_works: list[Work], tmp_path: Path
) -> None:
    part = tmp_path / "part_000.gz"
    written = write_openalex(sample_works, part)
    run = import_dump(catalog, FORMATS["openalex"], [part], workers=1)
    assert (run.works, run.skipped, run.snapshot) == (written, 0, "2026-07-01")
    work = next(w for w in sample_works if w.doi)
    answer = catalog.find([query_for(cited(doi=work.doi or ""))])[0]
    (record,) = answer.by_identifier
    assert (record.title, record.year, record.source) == (work.title, work.year, "catalog")
    assert [p.family for p in record.people] == [p.family for p in work.authors]
    assert found(catalog, cited(title=work.title.upper() + "!")) == [record.id]


def test_a_crossref_data_file_brings_its_items_with_crossref_venues(
    catalog: SqliteCatalog, sample_works: list[Work], tmp_path: Path
) -> None:
    part = tmp_path / "0.json.gz"
    written = write_crossref(sample_works, part)
    run = import_dump(catalog, FORMATS["crossref"], [part])
    assert run.works == written > 100
    work = next(w for w in sample_works if w.doi and w.venue)
    (record,) = catalog.find([query_for(cited(doi=work.doi or ""))])[0].by_identifier
    assert (record.id, record.venue) == (f"crossref:{work.doi}", work.venue)


def test_dblp_names_spelt_with_dtd_entities_come_out_as_letters(
    catalog: SqliteCatalog, sample_works: list[Work], tmp_path: Path
) -> None:
    accented = next(
        w for w in sample_works[50:] if any(ord(c) > 127 for p in w.authors for c in p.family)
    )
    homonym = replace(sample_works[0], authors=(Person("Wang 0001", "Wei"),))
    dump = tmp_path / "dblp.xml.gz"
    write_dblp([accented, homonym, *sample_works[1:50]], dump)
    assert b"&" in gzip.decompress(dump.read_bytes())  # the names really are entities
    run = import_dump(catalog, FORMATS["dblp"], [dump])
    assert run.works == 51 and run.snapshot == "2024-05-06"
    (record,) = catalog.find([query_for(cited(title=accented.title))])[0].by_title
    assert [p.family for p in record.people] == [p.family for p in accented.authors]
    (wang,) = catalog.find([query_for(cited(title=homonym.title))])[0].by_title
    assert wang.people[0].family == "Wang"


def test_dblp_with_an_entity_its_dtd_lacks_stops_at_that_line_keeping_what_came_before(
    catalog: SqliteCatalog, sample_works: list[Work], tmp_path: Path
) -> None:
    dump = tmp_path / "dblp.xml.gz"
    write_dblp(sample_works[:30], dump)
    lines = gzip.decompress(dump.read_bytes()).decode("latin-1").split("\n")
    lines[23] = lines[23].replace("<title>", "<title>&bogus;", 1)  # the 21st record
    dump.write_bytes(gzip.compress("\n".join(lines).encode("latin-1")))
    with pytest.raises(DumpError) as raised:
        import_dump(catalog, FORMATS["dblp"], [dump], batch=5)
    assert (raised.value.path, raised.value.line) == (str(dump), 24)
    assert "undefined entity &bogus;" in str(raised.value) and "DTD" in str(raised.value)
    assert catalog.runs()[0].works == 20  # every record before the broken one


def test_pubmed_update_files_replace_changed_articles_and_delete_withdrawn_ones(
    catalog: SqliteCatalog, sample_works: list[Work], tmp_path: Path
) -> None:
    baseline, update = tmp_path / "pubmed26n0001.xml.gz", tmp_path / "pubmed26n1500.xml.gz"
    write_pubmed(sample_works[:20], baseline)
    changed = replace(sample_works[3], title="A corrected title for the third article")
    gone = str(30_000_000 + sample_works[5].number)
    write_pubmed([changed], update, deleted=[gone])
    import_dump(catalog, FORMATS["pubmed"], [baseline])
    assert found(catalog, cited(pmid=gone)) == [f"pubmed:{gone}"]
    run = import_dump(catalog, FORMATS["pubmed"], [update])
    assert run.deleted == 1 and found(catalog, cited(pmid=gone)) == []
    pmid = str(30_000_000 + changed.number)
    (record,) = catalog.find([query_for(cited(pmid=pmid))])[0].by_identifier
    assert record.title == changed.title and record.identifiers.doi == (changed.doi or "")
    assert sum(run.works for run in catalog.runs()) == 19


def test_arxiv_snapshot_papers_are_preprints_dated_by_their_first_version(
    catalog: SqliteCatalog, sample_works: list[Work], tmp_path: Path
) -> None:
    dump = tmp_path / "arxiv-metadata-oai-snapshot.json"
    write_arxiv(sample_works[:40], dump)
    run = import_dump(catalog, FORMATS["arxiv"], [dump])
    assert run.works == 40
    paper = json.loads(dump.read_text(encoding="utf-8").splitlines()[7])
    (record,) = catalog.find([query_for(cited(arxiv=paper["id"]))])[0].by_identifier
    assert record.is_preprint and record.identifiers.doi == f"10.48550/arxiv.{paper['id']}"
    assert record.year == sample_works[7].year and record.title == sample_works[7].title


def test_a_bibtex_library_keeps_its_good_entries_and_names_the_bad_one(
    catalog: SqliteCatalog, tmp_path: Path
) -> None:
    library = tmp_path / "lab.bib"
    library.write_text(
        "@article{smith2020, title={Deep Nets for Lab Work}, author={Smith, Jane}, year=2020,"
        " doi={10.1234/lab.1}}\n\n@article{broken, title={Unclosed\n\n"
        "@inproceedings{lee2021, title={Second Paper of the Lab}, author={Lee, Kim}, year=2021}\n",
        encoding="utf-8",
    )
    notes: list[tuple[str, int]] = []
    run = import_dump(catalog, FORMATS["bibtex"], [library],
                      skipped=lambda name, entry: notes.append((name, entry.line)))  # fmt: skip
    assert run.works >= 1 and found(catalog, cited(doi="10.1234/lab.1")) == ["bibtex:smith2020"]
    assert notes and notes[0][0] == str(library.resolve()) and notes[0][1] >= 3


def test_a_csl_json_library_is_found_by_title(catalog: SqliteCatalog, tmp_path: Path) -> None:
    library = tmp_path / "lab.json"
    library.write_text(json.dumps([{"id": "doe2019", "type": "article-journal",
        "title": "Field Notes on Lichens", "author": [{"family": "Doe", "given": "J."}],
        "issued": {"date-parts": [[2019]]}}]), encoding="utf-8")  # fmt: skip
    import_dump(catalog, FORMATS["csl-json"], [library])
    assert found(catalog, cited(title="Field notes on lichens")) == ["csl:doe2019"]


def test_a_zotero_library_is_read_in_place_while_zotero_holds_its_lock(
    catalog: SqliteCatalog, sample_works: list[Work], tmp_path: Path
) -> None:
    library = tmp_path / "zotero.sqlite"
    write_zotero(sample_works[:10], library)
    running = sqlite3.connect(library)  # Zotero keeps its database locked while it runs
    running.execute("PRAGMA locking_mode=EXCLUSIVE")
    running.execute("BEGIN EXCLUSIVE")
    try:
        run = import_dump(catalog, FORMATS["zotero"], [library])
    finally:
        running.rollback()
        running.close()
    assert run.works == 10  # the attachment is no work
    ids = found(catalog, cited(title=sample_works[2].title))
    assert ids == ["zotero:1/K0000003"]


def test_a_truncated_gzip_stops_where_its_data_ends_keeping_the_works_before(
    catalog: SqliteCatalog, sample_works: list[Work], tmp_path: Path
) -> None:
    part = tmp_path / "part_000.gz"
    write_openalex(sample_works, part)
    data = part.read_bytes()
    part.write_bytes(data[: len(data) // 2])
    with pytest.raises(DumpError) as raised:
        import_dump(catalog, FORMATS["openalex"], [part], batch=50, workers=1)
    assert raised.value.path == str(part) and "truncated" in raised.value.problem
    kept = catalog.runs()[0].works
    assert 50 <= kept < raised.value.line <= len(sample_works)
    assert catalog.runs()[0].state == "failed"


def test_a_line_that_is_not_json_is_named_and_the_fixed_file_resumes_after_it(
    catalog: SqliteCatalog, sample_works: list[Work], tmp_path: Path
) -> None:
    part = tmp_path / "part_000.gz"
    write_openalex(sample_works[:100], part)
    lines = gzip.decompress(part.read_bytes()).split(b"\n")
    good = lines[60]
    lines[60] = b'{"id": "https://openalex.org/W1", "title": '
    part.write_bytes(gzip.compress(b"\n".join(lines)))
    for workers in (1, 2):
        with pytest.raises(DumpError) as raised:
            import_dump(catalog, FORMATS["openalex"], [part], batch=25, workers=workers)
        assert (raised.value.line, raised.value.column) == (61, 44)
        assert "not JSON" in raised.value.problem
        assert catalog.runs()[0].works == 60
    lines[60] = good
    part.write_bytes(gzip.compress(b"\n".join(lines)))
    run = import_dump(catalog, FORMATS["openalex"], [part], batch=25)
    assert run.id == 1 and run.works == 100 and run.state == "complete"


def test_a_crossref_item_that_is_not_json_is_named_by_its_line(
    catalog: SqliteCatalog, sample_works: list[Work], tmp_path: Path
) -> None:
    part = tmp_path / "0.json.gz"
    write_crossref(sample_works[:40], part)
    lines = gzip.decompress(part.read_bytes()).decode("utf-8").split("\n")
    lines[11] = lines[11][:-1].replace('"DOI"', '"DOI" 12', 1) + ","
    part.write_bytes(gzip.compress("\n".join(lines).encode("utf-8")))
    with pytest.raises(DumpError) as raised:
        import_dump(catalog, FORMATS["crossref"], [part], batch=4)
    assert raised.value.line == 12 and "not valid JSON" in raised.value.problem
    assert catalog.runs()[0].works == 10


def test_a_library_without_abstracts_is_smaller_but_finds_the_same_works(
    tmp_path: Path, sample_works: list[Work]
) -> None:
    with_text = [
        replace(w, abstract="A long abstract about this work. " * 20) for w in sample_works
    ]
    part = tmp_path / "part_000.gz"
    write_openalex(with_text, part)
    sizes = []
    for name, abstracts in (("full.sqlite", True), ("lean.sqlite", False)):
        store = SqliteCatalog(tmp_path / name)
        import_dump(store, FORMATS["openalex"], [part], options=ReadOptions(abstracts=abstracts))
        (record,) = store.find([query_for(cited(title=sample_works[9].title))])[0].by_title
        assert bool(record.abstract) is abstracts
        store.close()
        sizes.append((tmp_path / name).stat().st_size)
    assert sizes[1] < sizes[0]


def test_the_format_is_told_by_the_names_dumps_are_published_under(tmp_path: Path) -> None:
    from cite_sentinel.core.catalog import detect

    csl = tmp_path / "library.json"
    csl.write_text("[]", encoding="utf-8")
    named = {
        "part_000.gz": "openalex", "0.json.gz": "crossref", "dblp.xml.gz": "dblp",
        "pubmed26n0001.xml.gz": "pubmed", "arxiv-metadata-oai-snapshot.json": "arxiv",
        "lab.bib": "bibtex", "zotero.sqlite": "zotero",
    }  # fmt: skip
    for name, format in named.items():
        found = detect(tmp_path / name)
        assert found is not None and found.name == format, name
    assert detect(csl) is not None and detect(csl).name == "csl-json"  # type: ignore[union-attr]
    assert detect(tmp_path / "export.xml") is None
