"""The fake indexes serve the examples' abstracts in each API's shape, and core reads them back."""

from __future__ import annotations

import httpx
from cite_sentinel.core.records import abstract_from_index, strip_jats

from tests.fakeapi import FakeApi
from tests.fakeapi.abstracts import BY_DOI

DOI = "10.1162/neco.1992.4.4.473"  # nowlan1992
ABSTRACT = " ".join(BY_DOI[DOI].split())


def test_openalex_serves_an_inverted_index_that_rebuilds_into_the_abstract(
    fake_api: FakeApi,
) -> None:
    work = httpx.get(f"{fake_api.url('openalex')}/works/doi:{DOI}").json()
    index = work["abstract_inverted_index"]
    assert isinstance(index, dict) and all(isinstance(v, list) for v in index.values())
    assert abstract_from_index(index) == ABSTRACT


def test_crossref_serves_jats_that_strips_to_the_abstract(fake_api: FakeApi) -> None:
    message = httpx.get(f"{fake_api.url('crossref')}/works/{DOI}").json()["message"]
    assert message["abstract"].startswith("<jats:title>Abstract</jats:title><jats:p>")
    assert strip_jats(message["abstract"]) == ABSTRACT


def test_semantic_scholar_serves_the_plain_abstract(fake_api: FakeApi) -> None:
    url = f"{fake_api.url('s2')}/graph/v1/paper/batch"
    papers = httpx.post(url, params={"fields": "title,abstract"}, json={"ids": [f"DOI:{DOI}"]})
    assert papers.json()[0]["abstract"] == BY_DOI[DOI]


def test_a_work_without_a_written_abstract_has_none_in_any_shape(fake_api: FakeApi) -> None:
    doi = "10.1007/bf00114805"  # vanlehn1989: left abstract-less on purpose
    work = httpx.get(f"{fake_api.url('openalex')}/works/doi:{doi}").json()
    assert work["abstract_inverted_index"] is None
    assert "abstract" not in httpx.get(f"{fake_api.url('crossref')}/works/{doi}").json()["message"]
