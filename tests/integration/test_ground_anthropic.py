"""`check --ground` with the Claude judge on examples/paper.md: verified by the fake API server,
judged by the real anthropic SDK answered through its transport in the Messages API's shape."""

from __future__ import annotations

import importlib
import json
import os
import re
from pathlib import Path
from typing import Any

import pytest

anthropic = pytest.importorskip("anthropic", reason="the anthropic SDK (extra `anthropic`)")

from cite_sentinel.core import check  # noqa: E402
from cite_sentinel.core.ground.anthropic import AnthropicScorer  # noqa: E402
from cite_sentinel.core.ground.ground_check import ground  # noqa: E402
from cite_sentinel.core.report.markdown import render_markdown  # noqa: E402
from cite_sentinel.core.verify.engine import Engine  # noqa: E402

from tests.conftest import ROOT  # noqa: E402
from tests.fakeapi import FakeApi  # noqa: E402

http: Any = importlib.import_module(
    anthropic.DefaultAsyncHttpxClient.__mro__[1].__module__.partition(".")[0]
)
BOUNDARY = "b0undary"
_EVIDENCE = re.compile(
    rf"<evidence-{BOUNDARY}>\n(?:Title: .*\n)?(.*?)\n</evidence-{BOUNDARY}>", re.S
)
# Local full texts (`--fulltext DIR`, named by key): they win over the abstracts the indexes serve.
FULL_TEXTS = {
    "nowlan1992": "Soft weight sharing lets a network generalise from few training examples. "
    "We penalise weights by a mixture of Gaussians and test on shift detection.",
    "zilli2014": "Acoustic monitoring with smartphones failed in the field: recordings were too "
    "noisy to detect the bird species reliably. Dedicated microphones were required.",
}


def _answer(request: Any) -> Any:
    """Claude's answers for this manuscript: weight sharing supported, phones contradicted."""
    user = json.loads(request.content)["messages"][0]["content"]
    first = _EVIDENCE.search(user)
    assert first is not None, "the evidence travels inside its delimiters"
    quote = first.group(1).split("\n")[0][:120]
    if "Weight sharing" in user:
        verdict = {"verdict": "supported", "confidence": 0.9, "quote": quote}
    elif "Acoustic monitoring" in user:
        verdict = {"verdict": "contradicted", "confidence": 0.85, "quote": quote}
    else:
        verdict = {"verdict": "not enough information", "confidence": 0.6, "quote": ""}
    message = {
        "id": "msg_01",
        "type": "message",
        "role": "assistant",
        "model": "claude-sonnet-5-5",
        "content": [{"type": "text", "text": json.dumps(verdict)}],
        "stop_reason": "end_turn",
        "stop_sequence": None,
        "usage": {"input_tokens": 500, "output_tokens": 40},
    }
    return http.Response(200, json=message)


async def test_the_report_shows_supported_and_contradicted_claims_with_their_evidence(
    fake_api: FakeApi, tmp_path: Path
) -> None:
    async with Engine(dict(os.environ), cache_dir=tmp_path) as engine:
        result = await check([str(ROOT / "examples" / "paper.md")], verifier=engine)
    client = anthropic.AsyncAnthropic(
        api_key="sk-ant-test",
        max_retries=0,
        http_client=http.AsyncClient(transport=http.MockTransport(_answer)),
    )
    texts = tmp_path / "fulltext"
    texts.mkdir()
    for key, text in FULL_TEXTS.items():
        (texts / f"{key}.txt").write_text(text, encoding="utf-8")
    scorer = AnthropicScorer(client, boundary=lambda: BOUNDARY)
    judged = await ground(result, scorer, fulltext_dir=texts)
    by_key = {support.key: support.judgement for support in judged.supports}
    assert by_key["nowlan1992"].badge.value == "green"
    assert by_key["nowlan1992"].quote_verified
    assert by_key["zilli2014"].badge.value == "red"
    assert by_key["zilli2014"].verdict is not None
    assert by_key["alvarez2019"].badge.value == "grey", "a fabricated work is unverifiable"
    report = render_markdown(judged)
    assert "`nowlan1992`: green" in report
    assert "supported, quote found in the evidence" in report
    assert "`zilli2014`: red" in report
    assert "contradicted, quote found in the evidence" in report
    quoted = by_key["nowlan1992"].quote
    assert quoted and f"> {quoted[:40]}" in report
