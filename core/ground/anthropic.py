"""Claude as a judge (`--scorer anthropic`): a verdict with a quoted span, checked against the text.

Relevance and the ranked evidence sentences come from the local scorer (offline, fitted);
Claude adds the verdict. The claim and the evidence go to Anthropic (ANTHROPIC_API_KEY),
wrapped as delimited data (`judge_prompt`). An answer whose quote is not in the evidence is
discarded (`judge_answer`): the citation keeps its relevance and gets no verdict.
A refused key stops the run with a sentence naming the variable; any other failure of one
request leaves that citation without a verdict, with the reason as its note.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from cite_sentinel.core.errors import ConfigError
from cite_sentinel.core.ground.api_keys import api_key
from cite_sentinel.core.ground.badges import badge
from cite_sentinel.core.ground.judge_answer import read_answer, support_of
from cite_sentinel.core.ground.judge_prompt import INSTRUCTIONS, new_boundary, request_text
from cite_sentinel.core.ground.local import LocalScorer
from cite_sentinel.core.ground.scorer import EvidenceKind, Judgement, Pair

if TYPE_CHECKING:
    from anthropic import AsyncAnthropic

log = logging.getLogger(__name__)

KEY_VARIABLE = "ANTHROPIC_API_KEY"
MODEL_VARIABLE = "CITE_SENTINEL_ANTHROPIC_MODEL"
URL_VARIABLE = "CITE_SENTINEL_ANTHROPIC_URL"  # another endpoint (a proxy, a gateway)
DEFAULT_MODEL = "claude-sonnet-5-5"
CONCURRENCY = 4  # requests in flight at once
MAX_TOKENS = 400  # the JSON answer is short
EVIDENCE_BUDGET = 16_000  # characters of full text sent per citation (abstracts go whole)


def make_scorer(environ: Mapping[str, str], *, local: LocalScorer | None = None) -> AnthropicScorer:
    """The scorer with the key and model of the environment; clear errors when either is absent."""
    key = api_key(environ, KEY_VARIABLE, "anthropic")
    try:
        import anthropic
    except ImportError as error:
        raise ConfigError(
            "the anthropic scorer needs the anthropic SDK, which is not installed; "
            "install it with `pip install 'cite-sentinel[anthropic]'` or use --scorer local"
        ) from error
    client = anthropic.AsyncAnthropic(
        api_key=key, base_url=environ.get(URL_VARIABLE) or None, max_retries=3
    )
    model = environ.get(MODEL_VARIABLE, "").strip() or DEFAULT_MODEL
    return AnthropicScorer(client, model=model, local=local)


class AnthropicScorer:
    """Local relevance and evidence, and Claude's verdict when its quote checks out."""

    def __init__(
        self,
        client: AsyncAnthropic,
        *,
        model: str = DEFAULT_MODEL,
        local: LocalScorer | None = None,
        boundary: Callable[[], str] = new_boundary,
        concurrency: int = CONCURRENCY,
    ) -> None:
        self._client = client
        self._model = model
        self._local = local if local is not None else LocalScorer()
        self._boundary = boundary
        self._limit = asyncio.Semaphore(concurrency)

    @property
    def name(self) -> str:
        return "anthropic"

    @property
    def verdict_capable(self) -> bool:
        return True

    @property
    def model(self) -> str:
        """The Claude model asked."""
        return self._model

    @property
    def local(self) -> LocalScorer:
        """The scorer behind relevance and the ranked evidence sentences."""
        return self._local

    async def score(self, pairs: Sequence[Pair]) -> tuple[Judgement, ...]:
        """One judgement per pair; requests run a few at a time."""
        try:
            async with asyncio.TaskGroup() as group:
                tasks = [group.create_task(self._judge(pair)) for pair in pairs]
        except* ConfigError as failed:
            raise failed.exceptions[0] from None  # one sentence for the person, not a group
        return tuple(task.result() for task in tasks)

    async def _judge(self, pair: Pair) -> Judgement:
        base = replace(self._local.judge(pair), scorer=self.name)
        if not pair.evidence.judgeable:
            return base
        passages = _sent(pair, base)
        text = request_text(pair.claim, passages, pair.evidence.title, boundary=self._boundary)
        try:
            async with self._limit:
                reply = await self._ask(text)
        except ConfigError:
            raise
        except Exception as error:  # one failed request must not end the run
            log.warning("anthropic: %s: no verdict (%s)", pair.key or "pair", error)
            return replace(base, note=f"no verdict: Anthropic did not answer ({_why(error)})")
        answer = read_answer(reply, passages)
        if answer.verdict is None:
            log.warning("anthropic: %s: %s", pair.key or "pair", answer.discarded)
            return replace(base, note=answer.discarded)
        verified = bool(answer.quote)
        return replace(
            base,
            verdict=answer.verdict,
            confidence=answer.confidence,
            support=support_of(answer),
            quote=answer.quote,
            quote_verified=verified,
            badge=badge(
                kind=pair.evidence.kind,
                relevance=base.relevance,
                verdict=answer.verdict,
                quote_verified=verified,
            ),
            note="",
        )

    async def _ask(self, text: str) -> str:
        import anthropic

        try:
            message = await self._client.messages.create(
                model=self._model,
                max_tokens=MAX_TOKENS,
                system=INSTRUCTIONS,
                messages=[{"role": "user", "content": text}],
            )
        except (anthropic.AuthenticationError, anthropic.PermissionDeniedError) as error:
            raise ConfigError(
                f"Anthropic refused the key in {KEY_VARIABLE} ({error.status_code}); "
                f"check {KEY_VARIABLE} or use --scorer local"
            ) from error
        except anthropic.NotFoundError as error:
            raise ConfigError(
                f"Anthropic does not know the model {self._model!r}; set {MODEL_VARIABLE} "
                "to a current Claude model name"
            ) from error
        return "".join(block.text for block in message.content if block.type == "text")


def _sent(pair: Pair, base: Judgement) -> tuple[str, ...]:
    """An abstract whole; a full text as its best chunks first, within the character budget."""
    passages = pair.evidence.passages
    if pair.evidence.kind is not EvidenceKind.FULL_TEXT:
        return passages
    order = dict.fromkeys([*(p.index for p in base.evidence), *range(len(passages))])
    chosen: list[int] = []
    used = 0
    for index in order:
        if chosen and used + len(passages[index]) > EVIDENCE_BUDGET:
            break
        chosen.append(index)
        used += len(passages[index])
    return tuple(passages[index] for index in sorted(chosen))


def _why(error: Exception) -> str:
    status = getattr(error, "status_code", None)
    return f"{type(error).__name__} {status}" if status else type(error).__name__
