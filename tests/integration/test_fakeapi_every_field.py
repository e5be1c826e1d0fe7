"""Works of every field in the real shapes: books, chapters, reports, PubMed, JaLC and DataCite.

Each answer has only the keys of the recorded real answers, and carries the fields an engine
needs to place such works: venues with their type and abbreviation, volume and issue, ISBN,
editors, organisations as authors, PubMed ids, the arXiv version of a published paper.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.fakeapi import FakeApi, fixtures
from tests.fakeapi.recorded import (
    crossref_work_keys,
    datacite_item_keys,
    key_paths,
    openalex_source_keys,
    openalex_work_keys,
    s2_paper_keys,
)

S2_FIELDS = "title,authors,year,venue,publicationVenue,journal,externalIds,publicationTypes"


@pytest.fixture
def client(fake_api: FakeApi) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=fake_api.base_url, timeout=10) as session:
        yield session


def openalex(client: httpx.Client, doi: str | None) -> dict[str, object]:
    answer = client.get(f"/openalex/works/https://doi.org/{doi}")
    assert answer.status_code == 200, doi
    body = answer.json()
    assert isinstance(body, dict)
    return body


def test_openalex_gives_every_kind_of_work_with_the_keys_of_real_works(
    data: Path, client: httpx.Client
) -> None:
    real = openalex_work_keys(data)
    for work in (*fixtures.EVERY_FIELD, fixtures.PUBLISHED):
        assert key_paths(openalex(client, work.doi)) - real == set(), work.key


def test_openalex_names_each_venue_with_its_source_type_and_biblio(client: httpx.Client) -> None:
    article = openalex(client, fixtures.PUBMED_ARTICLE.doi)
    chapter = openalex(client, fixtures.BOOK_CHAPTER.doi)
    dataset = openalex(client, fixtures.ORGANISATION_DATASET.doi)
    report = openalex(client, fixtures.CORPORATE_REPORT.doi)
    kinds = [
        (w["type"], w["primary_location"]["source"]["type"])  # type: ignore[index]
        for w in (article, chapter, dataset)
    ]
    assert kinds == [
        ("article", "journal"),
        ("book-chapter", "book series"),
        ("dataset", "repository"),
    ]
    source = article["primary_location"]["source"]  # type: ignore[index]
    assert (source["display_name"], source["issn_l"]) == (
        "Journal of Fixture Pediatric Medicine",
        "0000-0019",
    )
    assert article["biblio"] == {
        "volume": "41",
        "issue": "2",
        "first_page": "112",
        "last_page": "120",
    }
    assert article["ids"]["pmid"] == "https://pubmed.ncbi.nlm.nih.gov/99000001"  # type: ignore[index]
    assert article["ids"]["pmcid"].endswith("/9900001")  # type: ignore[index]
    authorship = report["authorships"][0]  # type: ignore[index]
    assert authorship["author"]["display_name"] == "Fixture Health Organization"
    assert authorship["raw_author_name"] == "Fixture Health Organization"


def test_openalex_lists_the_arxiv_version_among_a_published_papers_locations(
    client: httpx.Client,
) -> None:
    work = openalex(client, fixtures.PUBLISHED.doi)
    names = [loc["source"]["display_name"] for loc in work["locations"]]  # type: ignore[attr-defined,index]
    assert names == [fixtures.PUBLISHED.venue, "arXiv (Cornell University)"]
    assert work["primary_location"]["version"] == "publishedVersion"  # type: ignore[index]
    assert work["locations"][1]["source"]["type"] == "repository"  # type: ignore[index]


def test_openalex_source_entity_gives_the_abbreviated_title_in_the_recorded_shape(
    data: Path, client: httpx.Client
) -> None:
    located = openalex(client, fixtures.PUBMED_ARTICLE.doi)["primary_location"]
    source_id = str(located["source"]["id"]).rsplit("/", 1)[1]  # type: ignore[index]
    entity = client.get(f"/openalex/sources/{source_id}").json()
    assert key_paths(entity) - openalex_source_keys(data) == set()
    assert (entity["display_name"], entity["abbreviated_title"], entity["type"]) == (
        "Journal of Fixture Pediatric Medicine",
        "J Fixture Pediatr Med",
        "journal",
    )
    assert entity["host_organization_name"] == "Fixture Medical Press"
    jalc = openalex(client, fixtures.JALC_ARTICLE.doi)["primary_location"]
    jalc_id = str(jalc["source"]["id"]).rsplit("/", 1)[1]  # type: ignore[index]
    assert client.get(f"/openalex/sources/{jalc_id}").json()["alternate_titles"] == [
        "Journal of Coastal Environment Research"
    ]
    assert client.get("/openalex/sources/S1").status_code == 404


def test_openalex_sources_filter_finds_a_venue_by_name_or_issn(client: httpx.Client) -> None:
    by_name = client.get(
        "/openalex/sources", params={"filter": "display_name.search:fixture pediatric medicine"}
    ).json()
    by_issn = client.get("/openalex/sources", params={"filter": "issn:0000-0019"}).json()
    assert [s["display_name"] for s in by_name["results"]] == [
        "Journal of Fixture Pediatric Medicine"
    ]
    assert by_name["meta"]["count"] == 1
    assert [s["display_name"] for s in by_issn["results"]] == [
        "Journal of Fixture Pediatric Medicine"
    ]


def crossref(client: httpx.Client, doi: str | None) -> dict[str, object]:
    answer = client.get(f"/crossref/works/{doi}")
    assert answer.status_code == 200, doi
    message = answer.json()["message"]
    assert isinstance(message, dict)
    return message


def test_crossref_gives_books_reports_and_articles_with_the_keys_of_real_works(
    data: Path, client: httpx.Client
) -> None:
    real = crossref_work_keys(data)
    for work in (fixtures.BOOK_CHAPTER, fixtures.CORPORATE_REPORT, fixtures.PUBMED_ARTICLE):
        assert key_paths(crossref(client, work.doi)) - real == set(), work.key


def test_crossref_gives_the_fields_of_chapters_reports_and_journal_articles(
    client: httpx.Client,
) -> None:
    chapter = crossref(client, fixtures.BOOK_CHAPTER.doi)
    report = crossref(client, fixtures.CORPORATE_REPORT.doi)
    article = crossref(client, fixtures.PUBMED_ARTICLE.doi)
    assert (chapter["type"], chapter["container-title"]) == (
        "book-chapter",
        ["Coastal Ecosystems and Climate"],
    )
    assert chapter["ISBN"] == ["9780000000017"]
    assert [e["family"] for e in chapter["editor"]] == ["Lindgren", "Mbeki"]  # type: ignore[attr-defined,index]
    assert chapter["publisher"] == "Fixture Academic Press"
    assert report["type"] == "report"
    assert report["author"] == [
        {"name": "Fixture Health Organization", "sequence": "first", "affiliation": []}
    ]
    assert (article["volume"], article["issue"], article["page"]) == ("41", "2", "112-120")
    assert article["short-container-title"] == ["J Fixture Pediatr Med"]


def test_only_the_registration_agency_of_a_doi_knows_it(client: httpx.Client) -> None:
    jalc, dataset = fixtures.JALC_ARTICLE.doi, fixtures.ORGANISATION_DATASET.doi
    assert client.get(f"/crossref/works/{jalc}").status_code == 404
    assert client.get(f"/crossref/works/{dataset}").status_code == 404
    assert client.get(f"/datacite/dois/{jalc}").status_code == 404
    assert client.get(f"/datacite/dois/{dataset}").status_code == 200
    agencies = client.get(f"/doi/ra/{jalc},{dataset},{fixtures.BOOK_CHAPTER.doi}").json()
    assert [a["RA"] for a in agencies] == ["JaLC", "DataCite", "Crossref"]
    assert openalex(client, jalc)["title"] == fixtures.JALC_ARTICLE.title


def test_s2_gives_venue_journal_and_pubmed_ids_with_the_keys_of_real_papers(
    data: Path, client: httpx.Client
) -> None:
    answer = client.get(
        f"/s2/graph/v1/paper/DOI:{fixtures.PUBMED_ARTICLE.doi}", params={"fields": S2_FIELDS}
    ).json()
    assert key_paths(answer) - s2_paper_keys(data) == set()
    assert answer["externalIds"]["PubMed"] == "99000001"
    assert answer["journal"] == {
        "name": "Journal of Fixture Pediatric Medicine",
        "pages": "112-120",
        "volume": "41",
    }
    venue = answer["publicationVenue"]
    assert (venue["type"], venue["alternate_names"]) == ("journal", ["J Fixture Pediatr Med"])
    assert answer["publicationTypes"] == ["JournalArticle"]


def test_s2_gives_an_arxiv_records_venue_as_arxiv_org(client: httpx.Client) -> None:
    answer = client.get(
        f"/s2/graph/v1/paper/ARXIV:{fixtures.ARXIV_ONLY.arxiv}", params={"fields": S2_FIELDS}
    ).json()
    assert (answer["venue"], answer["publicationVenue"]["name"]) == ("arXiv.org", "arXiv.org")


def test_datacite_gives_an_organisations_dataset_in_the_recorded_shape(
    data: Path, client: httpx.Client
) -> None:
    item = client.get(f"/datacite/dois/{fixtures.ORGANISATION_DATASET.doi}").json()["data"]
    assert key_paths(item) - datacite_item_keys(data) == set()
    attributes = item["attributes"]
    assert attributes["creators"] == [
        {
            "name": "Fixture Biodiversity Facility",
            "nameType": "Organizational",
            "affiliation": [],
            "nameIdentifiers": [],
        }
    ]
    assert (attributes["publisher"], attributes["publicationYear"]) == (
        "Fixture Biodiversity Facility",
        2018,
    )
    assert attributes["types"]["resourceTypeGeneral"] == "Dataset"


def test_datacite_search_finds_software_and_datasets_in_the_real_list_shape(
    data: Path, client: httpx.Client
) -> None:
    answer = client.get(
        "/datacite/dois", params={"query": "fastbm25 BM25 library", "page[size]": "5"}
    )
    body = answer.json()
    assert answer.status_code == 200
    assert set(body) == {"data", "meta", "links"}
    assert body["data"][0]["id"] == fixtures.SOFTWARE.doi
    assert key_paths(body["data"][0]) - datacite_item_keys(data) == set()
    assert {"total", "totalPages", "page"} <= set(body["meta"])
    assert body["links"]["self"].startswith("https://api.datacite.org/dois?")


def test_datacite_search_reads_field_queries_and_filters_by_resource_type(
    client: httpx.Client,
) -> None:
    fielded = client.get(
        "/datacite/dois",
        params={"query": "titles.title:(freshwater mussels) AND publicationYear:2018"},
    ).json()
    datasets = client.get(
        "/datacite/dois",
        params={"query": "street scenes cities", "resource-type-id": "software"},
    ).json()
    by_doi = client.get(
        "/datacite/dois",
        params={"query": f"doi:{fixtures.DATASET.doi} OR doi:{fixtures.SOFTWARE.doi}"},
    ).json()
    assert fielded["data"][0]["id"] == fixtures.ORGANISATION_DATASET.doi
    assert datasets["data"] == []
    assert [d["id"] for d in by_doi["data"]] == [fixtures.DATASET.doi, fixtures.SOFTWARE.doi]


def test_datacite_search_needs_every_word_unless_joined_with_or_and_ranks_only_when_asked(
    client: httpx.Client,
) -> None:
    def found(**params: str) -> list[str]:
        every = {**params, "page[size]": "1000"}
        return [d["id"] for d in client.get("/datacite/dois", params=every).json()["data"]]

    assert found(query="fastbm25 library of zebras") == []  # AND: "zebras" is nowhere
    assert found(query="fastbm25 OR library OR of OR zebras", sort="relevance")[0] == (
        fixtures.SOFTWARE.doi
    )
    either = "street OR scenes OR twelve OR cities OR bm25"
    ranked = found(query=either, sort="relevance")
    newest_first = found(query=either)  # DataCite's default order: last updated first
    assert ranked.index(fixtures.DATASET.doi) < ranked.index(fixtures.SOFTWARE.doi)
    assert newest_first.index(fixtures.SOFTWARE.doi) < newest_first.index(fixtures.DATASET.doi)


def test_pubmed_ids_find_the_work_in_openalex_and_s2(client: httpx.Client) -> None:
    article = fixtures.PUBMED_ARTICLE
    found = [
        client.get(f"/openalex/works/{form}").json()["doi"]
        for form in (
            f"pmid:{article.pmid}",
            f"https://pubmed.ncbi.nlm.nih.gov/{article.pmid}",
            f"pmcid:PMC{article.pmcid}",
        )
    ]
    s2 = client.post(
        "/s2/graph/v1/paper/batch?fields=externalIds",
        json={"ids": [f"PMID:{article.pmid}", f"PMCID:{article.pmcid}", "PMID:1"]},
    ).json()
    assert found == [f"https://doi.org/{article.doi}"] * 3
    assert [p and p["externalIds"]["DOI"] for p in s2] == [article.doi, article.doi, None]
