"""The application through Starlette's test client, offline: uploads in, pages, events and
downloads out; refusals said in the page; nothing of the server's (keys, folders) sent."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from cite_sentinel.core import Config
from cite_sentinel.web import Limits, ServeSettings, create_app
from starlette.testclient import TestClient

BIB = (
    "@article{smith2020, title = {Sparse Graph Inference}, author = {Smith, Jane},\n"
    "  journal = {Journal of Things}, year = {2020}}\n"
    "@article{doe2019, title = {Adaptive Signals}, author = {Doe, John}, year = {2019}}\n"
)
KEY = "sk-secret-key-never-shown"


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    settings = ServeSettings(
        config=Config(),
        environ={"OPENALEX_API_KEY": KEY, "S2_API_KEY": KEY},
        offline=True,
        limits=Limits(files=3, file_bytes=10_000, upload_bytes=20_000),
    )
    with TestClient(create_app(settings), base_url="http://127.0.0.1:8000") as test_client:
        yield test_client


def _checked(client: TestClient, files: list[tuple[str, bytes]], **fields: str) -> str:
    """Upload, follow the events to the end; the check page's path."""
    answer = client.post(
        "/checks",
        files=[("files", (name, data)) for name, data in files],
        data=fields,
        follow_redirects=False,
    )
    assert answer.status_code == 303, answer.text
    page = answer.headers["location"]
    with client.stream("GET", page + "events") as events:
        names = [line for line in events.iter_lines() if line.startswith("event: ")]
    assert names[-1] == "event: done"
    return page


def test_the_upload_page_offers_both_forms(client: TestClient) -> None:
    page = client.get("/").text
    assert 'action="/checks"' in page and 'action="/batches"' in page
    assert 'enctype="multipart/form-data"' in page


def test_a_check_shows_each_reference_with_its_verdict_word_and_offers_the_reports(
    client: TestClient,
) -> None:
    page = _checked(client, [("refs.bib", BIB.encode())])
    html = client.get(page).text
    keys = re.findall(r'data-key="([^"]+)" data-verdict="([^"]+)"', html)
    assert keys == [("smith2020", "unverified"), ("doe2019", "unverified")]  # offline
    assert '<span class="verdict v-unverified">unverified</span>' in html
    for suffix in ("json", "csv", "md", "sarif"):
        assert f'href="report.{suffix}"' in html
    report = client.get(page + "report.json")
    assert report.headers["content-disposition"] == (
        'attachment; filename="cite-sentinel-report.json"'
    )
    assert [ref["location"]["path"] for ref in report.json()["references"]] == ["refs.bib"] * 2


def test_accepting_a_reference_is_remembered_and_exported_as_an_allow_list(
    client: TestClient,
) -> None:
    page = _checked(client, [("refs.bib", BIB.encode())])
    answer = client.post(
        page + "accept",
        data={"key": "doe2019", "accepted": "1"},
        headers={"accept": "application/json"},
    )
    assert answer.json() == {"key": "doe2019", "accepted": True}
    assert 'data-key="doe2019" data-verdict="unverified"' in client.get(page).text
    assert re.search(r'data-key="doe2019"[^>]*data-accepted', client.get(page).text)
    allow = client.get(page + "allow.toml").text
    assert allow == ('[[allow]]\nkey = "doe2019"\nreason = "accepted on the cite-sentinel page"\n')
    report = client.get(page + "report.json").json()
    assert report["summary"]["accepted"] == 1
    unknown = client.post(page + "accept", data={"key": "nobody", "accepted": "1"})
    assert unknown.status_code == 400


def test_nothing_of_the_server_reaches_the_browser(client: TestClient, tmp_path: Path) -> None:
    page = _checked(client, [("refs.bib", BIB.encode())])
    with client.stream("GET", page + "events") as events:
        said = "".join(events.iter_text())
    sent = [said, client.get(page).text]
    sent += [client.get(page + f"report.{s}").text for s in ("json", "csv", "md", "sarif")]
    for text in sent:
        assert KEY not in text
        assert "cite-sentinel-web-" not in text  # the server's temporary folder


def test_a_file_name_from_the_browser_is_never_a_path(client: TestClient) -> None:
    page = _checked(client, [("../../../../outside/evil.bib", BIB.encode())])
    report = client.get(page + "report.json").json()
    assert {ref["location"]["path"] for ref in report["references"]} == {"evil.bib"}


@pytest.mark.parametrize(
    ("files", "said"),
    [
        (
            [(f"{n}.bib", b"@misc{a}") for n in range(4)],
            "4 files is more than the 3 one check takes",
        ),
        ([("big.bib", b"%" * 12_000)], "big.bib is larger than"),
        ([("source.zip", b"PK\x03\x04 broken")], "source.zip: not a readable zip archive"),
        ([("figure.png", b"\x89PNG")], "nothing to check: choose files or paste"),
    ],
)
def test_a_refused_upload_is_said_in_the_page(
    client: TestClient, files: list[tuple[str, bytes]], said: str
) -> None:
    answer = client.post("/checks", files=[("files", item) for item in files])
    assert answer.status_code == 400
    assert 'role="alert"' in answer.text
    assert said in answer.text
    assert client.get("/").status_code == 200  # and the server goes on


def test_a_post_from_another_site_or_to_another_host_name_is_refused(client: TestClient) -> None:
    files = [("files", ("refs.bib", BIB.encode()))]
    other = client.post("/checks", files=files, headers={"origin": "https://evil.example"})
    assert other.status_code == 403
    rebound = client.get("/", headers={"host": "evil.example"})
    assert rebound.status_code == 400


def test_a_check_that_does_not_exist_or_has_not_finished_says_so(client: TestClient) -> None:
    assert client.get("/checks/nothing/").status_code == 404
    assert "no such check" in client.get("/checks/nothing/report.json").text
    assert client.get("/batches/nothing/").status_code == 404


def test_a_finished_check_s_events_are_only_done_its_page_has_the_rows(
    client: TestClient,
) -> None:
    page = _checked(client, [("refs.bib", BIB.encode())])
    with client.stream("GET", page + "events") as events:
        names = [line for line in events.iter_lines() if line.startswith("event: ")]
    assert names == ["event: done"]  # the rows are in the page: the events were let go
    assert client.get(page).text.count('class="reference"') == 2


def test_a_batch_gets_a_row_per_manuscript_each_opening_its_check(client: TestClient) -> None:
    answer = client.post(
        "/batches",
        files=[("files", ("a.bib", BIB.encode())), ("files", ("b.bib", BIB.encode()))],
        follow_redirects=False,
    )
    assert answer.status_code == 303
    page = answer.headers["location"]
    with client.stream("GET", page + "events") as events:
        names = [line for line in events.iter_lines() if line.startswith("event: ")]
    assert names == ["event: manuscript", "event: manuscript", "event: done"]
    html = client.get(page).text
    links = re.findall(r'<a href="(/checks/[^"]+/)">([^<]+)</a>', html)
    assert [name for _, name in links] == ["a.bib", "b.bib"]
    assert 'data-count="unverified">2<' in html
    assert 'data-key="smith2020"' in client.get(links[0][0]).text


def test_a_pasted_reference_list_is_checked_as_a_free_text_list(client: TestClient) -> None:
    pasted = (
        "[1] J. Smith and A. Jones, “Sparse graph inference for robust learning,” "
        "Journal of Things, vol. 3, pp. 1–10, 2020.\n"
        "[2] K. Lee, “Adaptive signal estimation,” in Proc. Signals, 2019, pp. 5–9.\n"
    )
    answer = client.post("/checks", data={"pasted": pasted}, follow_redirects=False)
    assert answer.status_code == 303
    page = answer.headers["location"]
    with client.stream("GET", page + "events") as events:
        assert "event: done" in list(events.iter_lines())
    html = client.get(page).text
    assert "Check of pasted-references.txt" in html
    assert len(re.findall(r'<tr id="ref-\d+" class="reference"', html)) == 2
    assert "pasted-references.txt:1" in html


def test_a_folder_of_manuscripts_chosen_in_the_browser_is_a_batch(client: TestClient) -> None:
    files = [
        ("files", ("submissions/one/refs.bib", BIB.encode())),
        ("files", ("submissions/two/refs.bib", BIB.encode())),
        ("files", ("submissions/three.bib", BIB.encode())),
    ]
    answer = client.post("/batches", files=files, follow_redirects=False)
    assert answer.status_code == 303, answer.text
    page = answer.headers["location"]
    with client.stream("GET", page + "events") as events:
        assert "event: done" in list(events.iter_lines())
    names = re.findall(r'<a href="/checks/[^"]+/">([^<]+)</a>', client.get(page).text)
    assert names == ["one", "three.bib", "two"]


def test_groundedness_reads_the_full_texts_the_server_was_given(tmp_path: Path) -> None:
    """`serve --fulltext DIR`: a citing sentence is judged against the cited work's full text
    in that folder, as `check --ground --fulltext DIR` judges it."""
    texts = tmp_path / "fulltext"
    texts.mkdir()
    (texts / "smith2020.txt").write_text(
        "Sparse graph inference recovers the edges of a network from few samples.",
        encoding="utf-8",
    )
    manuscript = b"Sparse inference recovers a network's edges from few samples [@smith2020].\n"
    settings = ServeSettings(config=Config(), environ={}, offline=True, fulltext=texts)
    with TestClient(create_app(settings), base_url="http://127.0.0.1:8000") as client:
        page = _checked(client, [("paper.md", manuscript), ("refs.bib", BIB.encode())], ground="1")
        report = client.get(page + "report.json").json()
    (citation,) = report["citations"]
    assert citation["support"]["evidence_kind"] == "full text"
