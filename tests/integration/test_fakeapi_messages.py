"""The Messages API stand-in: refuses keyless requests, and the real SDK reads its answers."""

from __future__ import annotations

import json

import httpx
import pytest
from cite_sentinel.core.ground.judge_answer import read_answer
from cite_sentinel.core.ground.judge_prompt import INSTRUCTIONS, request_text
from cite_sentinel.core.ground.scorer import Claim, GroundVerdict

from tests.fakeapi import FakeApi

EVIDENCE = (
    "We give a new proof of convergence for Q-learning.",
    "It follows that Q-learning converges with probability one, even when the values are "
    "updated asynchronously, one state-action pair at a time.",
)
CLAIM = Claim("Asynchronous Q-learning can diverge even when the step sizes decrease.")
BODY = {"model": "claude-sonnet-5-5", "max_tokens": 400, "messages": [{"role": "user"}]}


def test_a_request_without_a_key_is_refused_in_the_api_s_error_shape(fake_api: FakeApi) -> None:
    body = {**BODY, "messages": [{"role": "user", "content": "hello"}]}
    answer = httpx.post(f"{fake_api.url('anthropic')}/v1/messages", json=body, timeout=10)
    assert answer.status_code == 401
    assert answer.json()["error"]["type"] == "authentication_error"


async def test_the_sdk_reads_a_contradiction_quoting_the_evidence_verbatim(
    fake_api: FakeApi,
) -> None:
    anthropic = pytest.importorskip("anthropic", reason="the anthropic SDK (extra `anthropic`)")
    client = anthropic.AsyncAnthropic(
        api_key="sk-ant-test", base_url=fake_api.url("anthropic"), max_retries=0
    )
    message = await client.messages.create(
        model="claude-sonnet-5-5",
        max_tokens=400,
        system=INSTRUCTIONS,
        messages=[{"role": "user", "content": request_text(CLAIM, EVIDENCE, "Q-learning")}],
    )
    text = "".join(block.text for block in message.content if block.type == "text")
    answer = read_answer(text, EVIDENCE)
    assert answer.verdict is GroundVerdict.CONTRADICTED
    assert answer.quote == EVIDENCE[1]
    assert json.loads(text)["verdict"] == "contradicted"
