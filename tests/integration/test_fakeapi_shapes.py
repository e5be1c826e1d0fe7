"""The fake APIs answer in the real APIs' shapes: keys, status codes and headers as recorded."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.fakeapi import FakeApi, fixtures
from tests.fakeapi.recorded import (
    bodies,
    crossref_work_keys,
    datacite_item_keys,
    decoded,
    key_paths,
    openalex_work_keys,
    recorded_keys,
    s2_paper_keys,
)

ATOM = "{http://www.w3.org/2005/Atom}"


@pytest.fixture
def client(fake_api: FakeApi) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=fake_api.base_url, timeout=10) as session:
        yield session


def sample_dois(server: FakeApi, count: int) -> list[str]:
    dois = [work.doi for work in server.corpus.works if work.doi and work.number < 5000]
    return [doi for doi in dois if doi][:count]


def test_openalex_work_has_the_keys_of_real_openalex_works(
    data: Path,
    client: httpx.Client,
    fake_api: FakeApi,
) -> None:
    real = openalex_work_keys(data)
    dois = [*sample_dois(fake_api, 3), fixtures.RETRACTED.doi, fixtures.PUBLISHED.doi]
    for doi in dois:
        answer = client.get(f"/openalex/works/https://doi.org/{doi}")
        assert answer.status_code == 200
        assert key_paths(answer.json()) - real == set(), doi
    arxiv = client.get("/openalex/works/doi:10.48550/arxiv.2305.01234")
    assert key_paths(arxiv.json()) - real == set()


def test_openalex_batch_filter_lists_only_known_dois_with_real_meta(
    data: Path,
    client: httpx.Client,
    fake_api: FakeApi,
) -> None:
    works = openalex_work_keys(data)
    real = recorded_keys(bodies(data, "openalex", "/works?"))
    real |= {f"results[].{path}" for path in works}
    known = sample_dois(fake_api, 2)
    answer = client.get(
        "/openalex/works",
        params={"filter": "doi:" + "|".join([*known, "10.9999/not.a.work"]), "per_page": 100},
    )
    listing = answer.json()
    assert answer.status_code == 200
    assert key_paths(listing) - real == set()
    assert sorted(r["doi"] for r in listing["results"]) == sorted(
        f"https://doi.org/{d}" for d in known
    )
    assert listing["meta"]["count"] == 2


def test_openalex_select_keeps_only_the_named_top_level_fields(client: httpx.Client) -> None:
    answer = client.get(
        "/openalex/works",
        params={"filter": f"doi:{fixtures.RETRACTED.doi}", "select": "id,doi,is_retracted"},
    )
    assert answer.json()["results"] == [
        {
            "id": answer.json()["results"][0]["id"],
            "doi": f"https://doi.org/{fixtures.RETRACTED.doi}",
            "is_retracted": True,
        }
    ]


def test_openalex_headers_are_the_recorded_rate_limit_and_cost_headers(
    data: Path,
    client: httpx.Client,
    fake_api: FakeApi,
) -> None:
    recorded = next(decoded(data, "openalex"))["response"]
    assert isinstance(recorded, dict)
    real_names = set(recorded["headers"])
    answer = client.get(f"/openalex/works/doi:{sample_dois(fake_api, 1)[0]}")
    cost_names = {name for name in answer.headers if name.startswith("x-ratelimit")}
    assert cost_names == {name for name in real_names if name.startswith("x-ratelimit")}
    assert answer.headers["content-type"] == "application/json"


def test_crossref_work_has_the_keys_of_real_crossref_works(
    data: Path,
    client: httpx.Client,
    fake_api: FakeApi,
) -> None:
    found = bodies(data, "crossref", "api.crossref.org/works/10.")
    singles = [b for b in found if isinstance(b, dict) and b.get("message-type") == "work"]
    real_message = crossref_work_keys(data)
    real_envelope = recorded_keys([{k: v for k, v in b.items() if k != "message"} for b in singles])
    for doi in [*sample_dois(fake_api, 3), fixtures.RETRACTED.doi, fixtures.PUBLISHED.doi]:
        answer = client.get(f"/crossref/works/{doi}")
        body = answer.json()
        assert answer.status_code == 200
        assert set(body) - {"message"} <= real_envelope
        assert key_paths(body["message"]) - real_message == set(), doi
    notice = client.get(f"/crossref/works/{fixtures.RETRACTION_NOTICE.doi}").json()["message"]
    assert notice["update-to"][0]["DOI"] == fixtures.RETRACTED.doi


def test_crossref_unknown_doi_is_the_real_plain_text_404(client: httpx.Client) -> None:
    answer = client.get("/crossref/works/10.1371/notarealdoi")
    assert (answer.status_code, answer.text) == (404, "Resource not found.")
    assert answer.headers["x-api-pool"] == "public"


def test_crossref_does_not_know_datacite_dois(client: httpx.Client) -> None:
    assert client.get(f"/crossref/works/{fixtures.DATASET.doi}").status_code == 404


def test_crossref_query_lists_items_with_real_list_keys(
    data: Path,
    client: httpx.Client,
    fake_api: FakeApi,
) -> None:
    found = bodies(data, "crossref", "api.crossref.org/works?")
    lists = [b for b in found if isinstance(b, dict) and isinstance(b.get("message"), dict)]
    real_list = recorded_keys(
        [{k: v for k, v in b["message"].items() if k != "items"} for b in lists]
    )
    work = next(w for w in fake_api.corpus.works if w.doi)
    answer = client.get(
        "/crossref/works",
        params={
            "query.bibliographic": f"{work.authors[0].family} {work.title} {work.year}",
            "rows": 5,
        },
    )
    message = answer.json()["message"]
    assert answer.json()["message-type"] == "work-list"
    assert key_paths({k: v for k, v in message.items() if k != "items"}) - real_list == set()
    assert message["items"][0]["DOI"] == work.doi
    assert len(message["items"]) <= 5


def test_crossref_pool_headers_follow_the_mailto(client: httpx.Client) -> None:
    public = client.get(f"/crossref/works/{fixtures.RETRACTED.doi}")
    single = client.get(f"/crossref/works/{fixtures.RETRACTED.doi}", params={"mailto": "a@b.org"})
    listing = client.get("/crossref/works", params={"query": "gating", "mailto": "a@b.org"})
    assert [r.headers["x-api-pool"] for r in (public, single, listing)] == [
        "public",
        "polite-single",
        "polite-array",
    ]
    assert [r.headers["x-rate-limit-limit"] for r in (public, single, listing)] == ["5", "10", "3"]
    assert public.headers["x-rate-limit-interval"] == "1s"


def test_s2_batch_keeps_order_with_null_for_unknown_ids(
    data: Path,
    client: httpx.Client,
    fake_api: FakeApi,
) -> None:
    doi = sample_dois(fake_api, 1)[0]
    fields = "title,authors,year,venue,publicationVenue,externalIds,abstract,tldr,citationCount"
    answer = client.post(
        f"/s2/graph/v1/paper/batch?fields={fields}",
        json={"ids": [f"DOI:{doi}", "DOI:10.9999/nothing", f"ARXIV:{fixtures.ARXIV_ONLY.arxiv}"]},
    )
    first, missing, arxiv = answer.json()
    assert missing is None
    assert first["externalIds"]["DOI"] == doi
    assert arxiv["externalIds"]["ArXiv"] == fixtures.ARXIV_ONLY.arxiv
    assert (key_paths(first) | key_paths(arxiv)) - s2_paper_keys(data) == set()


def test_s2_match_returns_one_paper_with_a_match_score(
    client: httpx.Client,
    fake_api: FakeApi,
) -> None:
    work = fake_api.corpus.works[10]
    answer = client.get(
        "/s2/graph/v1/paper/search/match", params={"query": work.title, "fields": "title,year"}
    )
    (paper,) = answer.json()["data"]
    assert (paper["title"], paper["year"]) == (work.title, work.year)
    assert paper["matchScore"] > 0


def test_s2_match_without_a_close_title_is_the_real_404(client: httpx.Client) -> None:
    answer = client.get(
        "/s2/graph/v1/paper/search/match", params={"query": "zyxwv quantum marmalade tessellation"}
    )
    assert (answer.status_code, answer.json()) == (404, {"error": "Title match not found"})


def test_s2_unknown_paper_is_the_real_404(client: httpx.Client) -> None:
    answer = client.get("/s2/graph/v1/paper/0", params={"fields": "title"})
    assert (answer.status_code, answer.json()) == (404, {"error": "Paper with id 0 not found"})


def test_datacite_answers_datasets_software_and_arxiv_dois_in_the_real_shape(
    data: Path, client: httpx.Client
) -> None:
    real = datacite_item_keys(data)
    for doi, general in (
        (fixtures.DATASET.doi, "Dataset"),
        (fixtures.SOFTWARE.doi, "Software"),
        (f"10.48550/arxiv.{fixtures.ARXIV_ONLY.arxiv}", "Preprint"),
    ):
        answer = client.get(f"/datacite/dois/{doi}")
        item = answer.json()["data"]
        assert answer.status_code == 200
        assert key_paths(item) - real == set(), doi
        assert item["attributes"]["types"]["resourceTypeGeneral"] == general
    assert client.get("/datacite/dois/10.5281/zenodo.1").status_code == 404


def arxiv_tags(body: str) -> tuple[set[str], set[str]]:
    feed = ET.fromstring(body)
    entry_tags = {child.tag for entry in feed.iter(f"{ATOM}entry") for child in entry}
    return {child.tag for child in feed}, entry_tags


def test_arxiv_feed_has_the_elements_of_real_feeds(data: Path, client: httpx.Client) -> None:
    real_feed: set[str] = set()
    real_entry: set[str] = set()
    for path in (data / "recorded" / "arxiv" / "arxiv_py_fixtures").glob("*.json"):
        feed_tags, entry_tags = arxiv_tags(json.loads(path.read_text())["body"])
        real_feed |= feed_tags
        real_entry |= entry_tags
    ids = ",".join(w.arxiv or "" for w in (fixtures.PREPRINT, fixtures.WITHDRAWN))
    answer = client.get("/arxiv/api/query", params={"id_list": ids})
    feed_tags, entry_tags = arxiv_tags(answer.text)
    assert answer.headers["content-type"].startswith("application/atom+xml")
    assert feed_tags - real_feed == set()
    assert entry_tags - real_entry == set()
    assert "{http://arxiv.org/schemas/atom}doi" in entry_tags  # the published version
    assert len(list(ET.fromstring(answer.text).iter(f"{ATOM}entry"))) == 2


def test_arxiv_unknown_id_gives_an_empty_feed_and_a_bad_id_the_error_entry(
    client: httpx.Client,
) -> None:
    empty = client.get("/arxiv/api/query", params={"id_list": "0000.0000"})
    bad = client.get("/arxiv/api/query", params={"id_list": "abc"})
    assert list(ET.fromstring(empty.text).iter(f"{ATOM}entry")) == []
    assert bad.status_code == 400
    assert "incorrect id format for abc" in bad.text


def test_doi_resolves_by_redirect_to_a_page_the_fake_serves(client: httpx.Client) -> None:
    for method in ("GET", "HEAD"):
        answer = client.request(method, f"/doi/{fixtures.PUBLISHED.doi}")
        assert answer.status_code == 302
        landing = httpx.get(answer.headers["location"], timeout=10)
        assert landing.status_code == 200
        assert client.request(method, "/doi/10.9999/not.registered").status_code == 404


def test_doi_handles_and_registration_agencies(client: httpx.Client) -> None:
    found = client.get(f"/doi/api/handles/{fixtures.RETRACTED.doi}").json()
    missing = client.get("/doi/api/handles/10.9999/nothing")
    agencies = client.get("/doi/ra/10.5281,10.48550,10.5555,10.9999").json()
    assert found["responseCode"] == 1
    assert (missing.status_code, missing.json()["responseCode"]) == (404, 100)
    assert [a.get("RA") for a in agencies] == ["DataCite", "DataCite", "Crossref", None]


def test_doi_ra_answer_has_the_recorded_keys(data: Path, client: httpx.Client) -> None:
    real = recorded_keys(bodies(data, "datacite", "doi.org/ra/"))
    assert key_paths(client.get("/doi/ra/10.5281").json()) - real == set()


def test_retractions_and_preprints_show_where_each_api_shows_them(client: httpx.Client) -> None:
    retracted = client.get(f"/crossref/works/{fixtures.RETRACTED.doi}").json()["message"]
    published = client.get(f"/crossref/works/{fixtures.PUBLISHED.doi}").json()["message"]
    work = client.get(f"/openalex/works/doi:{fixtures.PUBLISHED.doi}").json()
    (update,) = retracted["updated-by"]
    assert (update["type"], update["source"]) == ("retraction", "retraction-watch")
    assert published["relation"]["has-preprint"][0]["id"] == "10.48550/arxiv.2104.09991"
    assert {location["version"] for location in work["locations"]} == {
        "publishedVersion",
        "submittedVersion",
    }


def test_batch_limits_are_refused_like_the_real_apis(client: httpx.Client) -> None:
    too_many_dois = "|".join(f"10.5555/x.{n}" for n in range(101))
    openalex = client.get("/openalex/works", params={"filter": f"doi:{too_many_dois}"})
    per_page = client.get("/openalex/works", params={"search": "gating", "per_page": 101})
    s2 = client.post(
        "/s2/graph/v1/paper/batch", json={"ids": [f"DOI:10.5555/x.{n}" for n in range(501)]}
    )
    assert (openalex.status_code, per_page.status_code, s2.status_code) == (400, 400, 400)
