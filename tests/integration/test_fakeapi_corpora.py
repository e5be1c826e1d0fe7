"""The fake serves either corpus or both; every-field lines keep their fields and agencies."""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from tests.fakeapi import FakeApi, corpus_paths
from tests.fakeapi.loading import load_corpus
from tests.fakeapi.works import Agency, Person

ROOT = Path(__file__).resolve().parents[2]
LINES = [
    {  # a repository's dataset, by an organisation
        "id": "datacite:10.99901/ds.1",
        "doi": "10.99901/ds.1",
        "title": "Lake Temperature Profiles 2001-2010",
        "authors": [{"family": "Lake Observatory Network", "given": "", "is_org": True}],
        "year": 2012,
        "type": "dataset",
        "source": "datacite",
        "resource_type_general": "Dataset",
    },
    {  # a reference manager that copied the repository's DOI
        "id": "zotero:x",
        "doi": "10.99901/ds.2",
        "title": "Lake Ice Records",
        "authors": [],
        "year": 2013,
        "type": "dataset",
        "source": "zotero",
    },
    {  # a Japan Link Center article
        "id": "jalc:10.99902/j.1",
        "doi": "10.99902/j.1",
        "title": "海岸の研究",
        "authors": [{"family": "山田", "given": "太郎"}],
        "year": 2014,
        "venue": "海岸研究",
        "venue_alt": "Coastal Research",
        "type": "journal-article",
        "source": "jalc",
    },
    {  # an arXiv record that names its journal DOI
        "id": "arxiv:0704.9999",
        "doi": "10.99903/physrevd.76.1",
        "title": "Prompt Photons at Hadron Colliders",
        "authors": [{"family": "Balázs", "given": "C."}],
        "year": 2007,
        "venue": "arXiv",
        "type": "posted-content",
        "url": "https://arxiv.org/abs/0704.9999",
        "journal_ref": "Phys.Rev.D76:013009,2007",
        "source": "arxiv",
    },
    {  # a MEDLINE chapter with every extra field
        "id": "pubmed:1",
        "doi": "10.99904/ch.1",
        "title": "Hearing Loss in Older Adults",
        "authors": [{"family": "Ng", "given": "Wei"}],
        "editors": [{"family": "Okoro", "given": "Ada"}],
        "year": 2019,
        "venue": "Geriatric Audiology",
        "type": "book-chapter",
        "volume": "3",
        "issue": "2",
        "pages": "11-19",
        "language": "de?",
        "alt_ids": {"pmid": "31000001", "pmcid": "6000001", "isbn": "9780000000024"},
        "source": "pubmed",
    },
]


@pytest.fixture
def corpus_file(tmp_path: Path) -> Path:
    path = tmp_path / "works.jsonl"
    path.write_text("\n".join(json.dumps(line) for line in LINES) + "\n", encoding="utf-8")
    return path


def test_every_field_lines_keep_their_fields_and_their_dois_agencies(corpus_file: Path) -> None:
    corpus = load_corpus(corpus_file, use_cache=False)
    dataset, copied, jalc, published, chapter = (corpus.works[n] for n in range(5))
    assert (dataset.agency, copied.agency, jalc.agency) == (
        Agency.DATACITE,
        Agency.DATACITE,
        Agency.JALC,
    )
    assert dataset.authors == (Person("Lake Observatory Network", "", is_org=True),)
    assert (dataset.in_s2, chapter.in_s2) == (False, True)
    assert jalc.venue_alt == "Coastal Research"
    assert (published.kind, published.venue, published.volume, published.arxiv) == (
        "journal-article",
        "Phys.Rev.D",
        "76",
        "0704.9999",
    )
    assert published.has_preprint == ("10.48550/arxiv.0704.9999",)
    assert (chapter.volume, chapter.issue, chapter.pmid, chapter.pmcid) == (
        "3",
        "2",
        "31000001",
        "6000001",
    )
    assert (chapter.isbn, chapter.editors) == (("9780000000024",), (Person("Okoro", "Ada"),))
    assert (chapter.language, chapter.iso_language) == ("de?", "de")


def test_a_published_arxiv_record_is_served_as_the_journal_article_with_its_preprint(
    corpus_file: Path,
) -> None:
    corpus = load_corpus(corpus_file, use_cache=False)
    with FakeApi.start(corpus) as fake, httpx.Client(base_url=fake.base_url) as client:
        crossref = client.get("/crossref/works/10.99903/physrevd.76.1").json()["message"]
        preprint = client.get("/datacite/dois/10.48550/arxiv.0704.9999").json()["data"]
        feed = client.get("/arxiv/api/query", params={"id_list": "0704.9999"}).text
        agencies = client.get("/doi/ra/10.99901,10.99902,10.99903").json()
    assert (crossref["type"], crossref["container-title"]) == ("journal-article", ["Phys.Rev.D"])
    assert crossref["relation"]["has-preprint"][0]["id"] == "10.48550/arxiv.0704.9999"
    related = preprint["attributes"]["relatedIdentifiers"]
    assert [r["relatedIdentifier"] for r in related] == ["10.99903/physrevd.76.1"]
    assert "<arxiv:doi>10.99903/physrevd.76.1</arxiv:doi>" in feed
    assert [a["RA"] for a in agencies] == ["DataCite", "JaLC", "Crossref"]


def test_corpus_choices_name_the_shared_files() -> None:
    names = {choice: [p.name for p in corpus_paths(choice)] for choice in ("full", "xfield", "all")}
    assert names == {
        "full": ["works_full.jsonl.gz"],
        "xfield": ["works_xfield.jsonl.gz"],
        "all": ["works_full.jsonl.gz", "works_xfield.jsonl.gz"],
    }
    assert corpus_paths("my/works.jsonl") == (Path("my/works.jsonl"),)


def run_cli(temporary: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """The fake's command line, its corpus cache in `temporary`."""
    environment = {**os.environ, "PYTHONPATH": str(ROOT), "TMPDIR": str(temporary)}
    return subprocess.run(
        [sys.executable, "-m", "tests.fakeapi", *args],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@pytest.mark.slow
def test_the_command_line_serves_quirks_and_published_limits_to_a_command(
    corpus_file: Path, tmp_path: Path
) -> None:
    probe = (
        "import os, httpx; base = os.environ['CITE_SENTINEL_CROSSREF_URL'].rsplit('/', 1)[0];"
        "print(httpx.get(base + '/_control').json()['crossref']['pools'])"
    )
    options = ("--corpus", str(corpus_file), "--quirks", "0.2", "--published-limits")
    done = run_cli(tmp_path, *options, "--", sys.executable, "-c", probe)
    refused = run_cli(tmp_path, "--corpus", str(corpus_file), "--quirks", "2")
    assert (done.returncode, done.stdout.strip()) == (0, "True")
    assert refused.returncode == 2
    assert "--quirks 2.0: give a share between 0 and 1" in refused.stderr


@pytest.mark.slow
def test_the_all_corpus_serves_machine_learning_and_every_field_works(data: Path) -> None:
    full, xfield = corpus_paths("all")
    if not (full.is_file() and xfield.is_file()):
        pytest.skip("the shared corpora are absent")
    firsts = [json.loads(_first_line(path)) for path in (full, xfield)]
    with FakeApi.start("all") as fake, httpx.Client(base_url=fake.base_url, timeout=30) as client:
        for line in firsts:
            found = client.get("/openalex/works", params={"search": line["title"], "per_page": 1})
            assert found.json()["results"][0]["title"] == line["title"]


def _first_line(path: Path) -> str:
    with gzip.open(path, "rt", encoding="utf-8") as stream:
        return stream.readline()
