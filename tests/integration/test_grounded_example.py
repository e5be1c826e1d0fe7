"""examples/grounded.md judged by Claude: green and red badges in every face that shows them.

References are verified by the fake API server, whose abstracts are the evidence; the real
anthropic SDK is answered through its transport with recorded replies in the Messages API's
documented shape (one per claim), so no test needs the network or a key.
"""

from __future__ import annotations

import asyncio
import importlib
import json
import os
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

anthropic = pytest.importorskip("anthropic", reason="the anthropic SDK (extra `anthropic`)")

import panflute as pf  # noqa: E402
from cite_sentinel.core import CheckResult, check  # noqa: E402
from cite_sentinel.core.ground.anthropic import AnthropicScorer  # noqa: E402
from cite_sentinel.core.ground.ground_check import ground  # noqa: E402
from cite_sentinel.core.report.json import render_json  # noqa: E402
from cite_sentinel.core.report.markdown import render_markdown  # noqa: E402
from cite_sentinel.core.verify.engine import Engine  # noqa: E402
from cite_sentinel.filters.pandoc_filter import main as run_filter  # noqa: E402

from tests.conftest import ROOT  # noqa: E402
from tests.fakeapi import FakeApi  # noqa: E402

http: Any = importlib.import_module(
    anthropic.DefaultAsyncHttpxClient.__mro__[1].__module__.partition(".")[0]
)
EXAMPLES = ROOT / "examples"
PAPER = EXAMPLES / "grounded.md"

# Claude's replies, recorded per claim: the start of the claim, then the JSON it answers.
# The quotes are spans of the abstracts the indexes serve; a quote absent from the evidence
# would discard the answer, so these also check that the evidence reached the judge whole.
RECORDED = {
    "Soft weight-sharing pulls": {
        "verdict": "supported",
        "confidence": 0.92,
        "quote": "This soft weight-sharing generalises better than weight decay on a "
        "shift-detection task and on predicting the yearly sunspot numbers.",
    },
    "Predictability minimisation learns": {
        "verdict": "supported",
        "confidence": 0.88,
        "quote": "This predictability minimization needs no teacher.",
    },
    "Asynchronous Q-learning, which": {
        "verdict": "contradicted",
        "confidence": 0.9,
        "quote": "Q-learning converges with probability one under the usual conditions on the "
        "step sizes, even when the values are updated asynchronously",
    },
    "Deep convolutional networks": {
        "verdict": "not enough information",
        "confidence": 0.95,
        "quote": "",
    },
}


def _reply(request: Any) -> Any:
    """The recorded reply for the claim in the request, as a Messages API response."""
    user = json.loads(request.content)["messages"][0]["content"]
    claim = next(line for line in user.splitlines() if line.startswith("Claim: "))
    answers = [answer for start, answer in RECORDED.items() if claim.startswith(f"Claim: {start}")]
    assert len(answers) == 1, f"one recorded answer per claim: {claim}"
    message = {
        "id": "msg_01XFDUDYJgAACzvnptvVoYEL",
        "type": "message",
        "role": "assistant",
        "model": "claude-sonnet-5-5",
        "content": [{"type": "text", "text": json.dumps(answers[0])}],
        "stop_reason": "end_turn",
        "stop_sequence": None,
        "usage": {"input_tokens": 612, "output_tokens": 48},
    }
    return http.Response(200, json=message)


def _judge() -> AnthropicScorer:
    client = anthropic.AsyncAnthropic(
        api_key="sk-ant-test",
        max_retries=0,
        http_client=http.AsyncClient(transport=http.MockTransport(_reply)),
    )
    return AnthropicScorer(client)


@pytest.fixture
def judged(fake_api: FakeApi, tmp_path: Path) -> CheckResult:
    async def run() -> CheckResult:
        async with Engine(dict(os.environ), cache_dir=tmp_path) as engine:
            result = await check([str(PAPER)], verifier=engine)
        return await ground(result, _judge())

    return asyncio.run(run())


def test_the_json_report_has_a_green_supported_and_a_red_contradicted_citation(
    judged: CheckResult,
) -> None:
    citations = {c["key"]: c["support"] for c in json.loads(render_json(judged))["citations"]}
    weights = citations["nowlan1992"]
    assert (weights["badge"], weights["verdict"]) == ("green", "supported")
    assert weights["evidence_kind"] == "abstract"
    assert weights["quote"] == RECORDED["Soft weight-sharing pulls"]["quote"]
    assert citations["schmidhuber1992"]["badge"] == "green"
    q_learning = citations["tsitsiklis1994"]
    assert (q_learning["badge"], q_learning["verdict"]) == ("red", "contradicted")
    assert "converges with probability one" in q_learning["quote"]
    cicadas = citations["zilli2014"]
    assert cicadas["badge"] == "red", "a clearly unrelated work stays red"
    assert "cicada" in " ".join(cicadas["passages"])
    assert citations["vanlehn1989"]["badge"] == "grey", "no abstract: unverifiable"
    assert citations["vanlehn1989"]["verdict"] is None


def test_the_markdown_report_shows_each_verdict_with_its_quote(judged: CheckResult) -> None:
    report = render_markdown(judged)
    assert "`nowlan1992`: green" in report
    assert "supported, quote found in the evidence" in report
    assert "`tsitsiklis1994`: red" in report
    assert "contradicted, quote found in the evidence" in report
    assert "> Q-learning converges with probability one" in report


class _Badges(HTMLParser):
    """Each groundedness badge of a page: its key (from the title) and its classes."""

    def __init__(self) -> None:
        super().__init__()
        self.classes: dict[str, list[str]] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        classes = (found.get("class") or "").split()
        if tag == "span" and "cite-sentinel-badge" in classes:
            self.classes[(found.get("title") or "").split(":")[0]] = classes


def test_the_filter_puts_green_and_red_badges_beside_the_citations_in_html(
    fake_api: FakeApi, tmp_path: Path, pandoc3: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(EXAMPLES)  # pandoc runs filters where it finds the bibliography
    engine = Engine(dict(os.environ), cache_dir=tmp_path)
    text = PAPER.read_text(encoding="utf-8")
    doc = pf.convert_text(text, standalone=True, pandoc_path=pandoc3)
    doc.metadata["cite-sentinel-groundedness"] = True
    doc.format = "html"
    done = run_filter(
        doc, verifier=lambda offline: engine, cwd=EXAMPLES, scorer=_judge(), notify=lambda _: None
    )
    assert isinstance(done, pf.Doc)
    html = pf.convert_text(done, input_format="panflute", output_format="html", pandoc_path=pandoc3)
    page = _Badges()
    page.feed(str(html))
    assert "cite-sentinel-badge-green" in page.classes["nowlan1992"]
    assert "cite-sentinel-badge-red" in page.classes["tsitsiklis1994"]
    assert "cite-sentinel-badge-grey" in page.classes["vanlehn1989"]
