"""A judge's JSON answer read strictly: a quote absent from the evidence discards the answer."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass

from cite_sentinel.core.ground.quotes import occurs_in
from cite_sentinel.core.ground.scorer import GroundVerdict

_OBJECT = re.compile(r"\{.*\}", re.DOTALL)


@dataclass(frozen=True, slots=True)
class Answer:
    """A judge's verdict that survived checking; `discarded` says why when it did not."""

    verdict: GroundVerdict | None
    confidence: float = 0.0
    quote: str = ""
    discarded: str = ""  # the reason the answer was not used, for the reader


def read_answer(text: str, passages: Sequence[str]) -> Answer:
    """The verdict in `text`, kept only if its quote occurs verbatim (whitespace aside)."""
    found = _OBJECT.search(text)
    if found is None:
        return Answer(None, discarded="answer discarded: the judge gave no JSON object")
    try:
        data = json.loads(found.group(0))
    except json.JSONDecodeError as error:
        why = f"answer discarded: the judge's JSON is invalid ({error.msg})"
        return Answer(None, discarded=why)
    if not isinstance(data, dict):
        return Answer(None, discarded="answer discarded: the judge's JSON is not an object")
    try:
        verdict = GroundVerdict(str(data.get("verdict", "")).strip().lower())
    except ValueError:
        said = data.get("verdict")
        return Answer(None, discarded=f"answer discarded: unknown verdict {said!r}")
    confidence = _unit(data.get("confidence"))
    raw = data.get("quote")
    quote = " ".join(raw.split()) if isinstance(raw, str) else ""
    if not quote:
        if verdict is GroundVerdict.NOT_ENOUGH_INFORMATION:
            return Answer(verdict, confidence)
        return Answer(None, discarded=f"answer discarded: verdict {verdict.value} without a quote")
    if not occurs_in(quote, passages):
        return Answer(
            None,
            discarded=f"answer discarded: the quoted span does not occur in the evidence "
            f"({_short(quote)!r})",
        )
    return Answer(verdict, confidence, quote)


def support_of(answer: Answer) -> float | None:
    """P(supported) from a verdict and its confidence; None when there is no verdict."""
    match answer.verdict:
        case GroundVerdict.SUPPORTED:
            return answer.confidence
        case GroundVerdict.CONTRADICTED:
            return 1.0 - answer.confidence
        case GroundVerdict.PARTIALLY_SUPPORTED:
            return 0.5
        case GroundVerdict.NOT_ENOUGH_INFORMATION:
            return (1.0 - answer.confidence) / 2
    return None


def _unit(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return 0.0
    return min(1.0, max(0.0, float(value)))


def _short(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
