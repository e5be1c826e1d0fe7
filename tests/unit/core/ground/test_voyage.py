"""The voyage scorer through the real voyageai SDK, its aiohttp requests answered in process.

The voyageai SDK has no httpx transport hook: its async client speaks aiohttp to `base_url`.
aiohttp's own in-process test server (OS-chosen port) answers in the documented shapes.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import AsyncIterator, Awaitable, Callable

import pytest

pytest.importorskip("voyageai", reason="the voyageai SDK (extra `voyage`)")

from aiohttp import web
from aiohttp.test_utils import RawTestServer
from cite_sentinel.core.errors import ConfigError
from cite_sentinel.core.ground.scorer import (
    Badge,
    Claim,
    Evidence,
    EvidenceKind,
    Pair,
)
from cite_sentinel.core.ground.selection import scorer_named
from cite_sentinel.core.ground.voyage import VoyageScorer

CLAIM = Claim("Aspirin lowers the risk of stroke in atrial fibrillation.")
ON_TOPIC = "Aspirin lowered the risk of stroke in patients with atrial fibrillation."
FILLER = tuple(f"Lattice filter number {n} converges on speech signals." for n in range(29))
VOCABULARY = ("aspirin", "stroke", "atrial", "fibrillation", "risk", "lattice", "speech", "filter")

Handler = Callable[[web.BaseRequest], Awaitable[web.StreamResponse]]


def _vector(text: str) -> list[float]:
    words = re.findall(r"[a-z]+", text.lower())
    return [float(words.count(word)) + 0.01 for word in VOCABULARY]


def _overlap(query: str, document: str) -> float:
    wanted = set(re.findall(r"[a-z]+", query.lower()))
    return len(wanted & set(re.findall(r"[a-z]+", document.lower()))) / len(wanted)


class Voyage:
    """The embeddings and rerank endpoints, answering as the API documents, requests kept."""

    def __init__(self, status: int = 200) -> None:
        self.status = status
        self.requests: list[tuple[str, dict[str, object]]] = []

    async def __call__(self, request: web.BaseRequest) -> web.StreamResponse:
        body = await request.json()
        self.requests.append((request.path, body))
        if self.status != 200:
            return web.json_response({"detail": "Provided API key is invalid."}, status=self.status)
        if request.path.endswith("/embeddings"):
            data = [
                {"object": "embedding", "embedding": _vector(text), "index": index}
                for index, text in enumerate(body["input"])
            ]
            return web.json_response(
                {
                    "object": "list",
                    "data": data,
                    "model": body["model"],
                    "usage": {"total_tokens": 9},
                }
            )
        scored = sorted(
            (
                {"relevance_score": round(_overlap(body["query"], document), 4), "index": index}
                for index, document in enumerate(body["documents"])
            ),
            key=lambda item: -float(item["relevance_score"]),
        )
        return web.json_response(
            {
                "object": "list",
                "data": scored[: body.get("top_k") or len(scored)],
                "model": body["model"],
                "usage": {"total_tokens": 40},
            }
        )


@pytest.fixture
async def voyage_server() -> AsyncIterator[Callable[[Voyage], Awaitable[VoyageScorer]]]:
    servers: list[RawTestServer] = []

    async def start(api: Voyage) -> VoyageScorer:
        server = RawTestServer(api, port=0)
        await server.start_server()
        servers.append(server)
        environ = {
            "VOYAGE_API_KEY": "pa-test",
            "CITE_SENTINEL_VOYAGE_URL": str(server.make_url("/v1")),
        }
        scorer = scorer_named("voyage", environ)
        assert isinstance(scorer, VoyageScorer)
        return scorer

    yield start
    for server in servers:
        await server.close()


async def test_the_passage_about_the_claim_comes_first_with_its_rerank_score(
    voyage_server: Callable[[Voyage], Awaitable[VoyageScorer]],
) -> None:
    api = Voyage()
    scorer = await voyage_server(api)
    evidence = Evidence(EvidenceKind.ABSTRACT, (*FILLER[:3], ON_TOPIC), "Aspirin")
    [judgement] = await scorer.score([Pair(CLAIM, evidence, "smith")])
    assert judgement.evidence[0].text == ON_TOPIC
    assert judgement.evidence[0].index == 3
    assert judgement.relevance == pytest.approx(judgement.evidence[0].score)
    assert judgement.relevance > 0.5
    assert judgement.scorer == "voyage"
    assert judgement.verdict is None and judgement.support is None, "reranking is not stance"
    assert judgement.badge is Badge.GREY


async def test_in_a_sentence_citing_several_works_voyage_is_asked_about_this_works_clause(
    voyage_server: Callable[[Voyage], Awaitable[VoyageScorer]],
) -> None:
    api = Voyage()
    scorer = await voyage_server(api)
    evidence = Evidence(EvidenceKind.ABSTRACT, (*FILLER[:3], ON_TOPIC), "Aspirin")
    claim = Claim(f"{CLAIM.text.rstrip('.')} <|cit|>, and statins lower cholesterol <|other_cit|>.")
    await scorer.score([Pair(claim, evidence, "smith")])
    [rerank] = [body for path, body in api.requests if path.endswith("/rerank")]
    assert rerank["query"] == CLAIM.text.rstrip(".")
    queries = [
        body["input"]
        for path, body in api.requests
        if path.endswith("/embeddings") and body["input_type"] == "query"
    ]
    assert queries == [[CLAIM.text.rstrip(".")]]


async def test_embeddings_shortlist_twenty_passages_and_the_reranker_returns_five(
    voyage_server: Callable[[Voyage], Awaitable[VoyageScorer]],
) -> None:
    api = Voyage()
    scorer = await voyage_server(api)
    evidence = Evidence(EvidenceKind.FULL_TEXT, (*FILLER, ON_TOPIC), "Aspirin")
    [judgement] = await scorer.score([Pair(CLAIM, evidence)])
    embeds = [body for path, body in api.requests if path.endswith("/embeddings")]
    reranks = [body for path, body in api.requests if path.endswith("/rerank")]
    assert {body["model"] for body in embeds} == {"voyage-3"}
    assert {body["input_type"] for body in embeds} == {"query", "document"}
    [rerank] = reranks
    assert rerank["model"] == "rerank-2" and rerank["top_k"] == 5
    documents = rerank["documents"]
    assert isinstance(documents, list) and len(documents) == 20 and ON_TOPIC in documents
    assert len(judgement.evidence) == 5
    assert judgement.evidence[0].text == ON_TOPIC


async def test_title_only_evidence_is_unverifiable_and_not_sent(
    voyage_server: Callable[[Voyage], Awaitable[VoyageScorer]],
) -> None:
    api = Voyage()
    scorer = await voyage_server(api)
    [judgement] = await scorer.score([Pair(CLAIM, Evidence(EvidenceKind.TITLE_ONLY, (), "T"))])
    assert judgement.badge is Badge.GREY
    assert "unverifiable" in judgement.note
    assert all(CLAIM.text not in json.dumps(body) for _, body in api.requests)


async def test_a_refused_key_stops_with_a_sentence_naming_the_variable(
    voyage_server: Callable[[Voyage], Awaitable[VoyageScorer]],
) -> None:
    scorer = await voyage_server(Voyage(status=401))
    evidence = Evidence(EvidenceKind.ABSTRACT, (ON_TOPIC,), "Aspirin")
    with pytest.raises(ConfigError, match="VOYAGE_API_KEY"):
        await scorer.score([Pair(CLAIM, evidence)])


async def test_a_failing_service_falls_back_to_local_relevance_and_says_so(
    voyage_server: Callable[[Voyage], Awaitable[VoyageScorer]],
) -> None:
    scorer = await voyage_server(Voyage(status=400))
    evidence = Evidence(EvidenceKind.ABSTRACT, (ON_TOPIC,), "Aspirin")
    [judgement] = await scorer.score([Pair(CLAIM, evidence)])
    assert "Voyage AI did not answer" in judgement.note
    assert judgement.evidence and judgement.evidence[0].text == ON_TOPIC


def test_a_missing_key_gives_a_sentence_naming_the_variable() -> None:
    with pytest.raises(ConfigError, match="needs an API key in VOYAGE_API_KEY"):
        scorer_named("voyage", {})


def test_without_the_sdk_the_message_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "voyageai.client_async", None)
    with pytest.raises(ConfigError, match=r"cite-sentinel\[voyage\]"):
        scorer_named("voyage", {"VOYAGE_API_KEY": "k"})
