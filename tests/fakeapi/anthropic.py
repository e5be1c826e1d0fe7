"""A stand-in for Anthropic's Messages API (POST /v1/messages): Claude's judge answers, offline.

The answer is chosen from the request itself: the claim inside its `<claim-…>` delimiters
decides the verdict (a short table of the examples' claims, "not enough information"
otherwise), and the quote is the evidence sentence sharing most words with the claim, copied
verbatim, as a judge that does its job quotes. The verdict JSON sits in the text block of a
response in the documented Messages shape, like the answers the unit and integration tests
give the SDK. Requests without a key are refused as the real API refuses them; the key comes
in `x-api-key` (the documented header) or, as anthropic SDK 2 sends it, `Authorization: Bearer`.
"""

from __future__ import annotations

import json
import re
import secrets

from .corpus import Corpus
from .exchange import ApiRequest, ApiResponse, json_response

MODEL_FALLBACK = "claude-sonnet-5-5"
REFUSED_KEY = "sk-ant-refused"  # a key the stand-in answers with 401, as for a revoked key

# (words of a claim, verdict, confidence): the claims of examples/grounded.md and paper.md.
JUDGEMENTS: tuple[tuple[str, str, float], ...] = (
    # grounded.md, tsitsiklis1994: the abstract proves convergence with probability one
    ("can diverge", "contradicted", 0.9),
    ("soft weight-sharing pulls groups of weights", "supported", 0.9),
    ("weight sharing lets a network generalise", "supported", 0.85),
    ("predictability minimisation learns factorial codes", "supported", 0.9),
    ("q-learning converges under asynchronous updates", "supported", 0.9),
)
NO_ANSWER = ("not enough information", 0.6)

_BOUNDARY = re.compile(r"^Boundary: (\S+)$", re.M)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
_WORD = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


def handle(request: ApiRequest, corpus: Corpus) -> ApiResponse:
    """POST /v1/messages; anything else is a 404 in the API's error shape."""
    if request.method != "POST" or request.path.rstrip("/") != "/v1/messages":
        return _error(404, "not_found_error", f"{request.method} {request.path} not found")
    key = _key(request.headers)
    if not key:
        return _error(401, "authentication_error", "x-api-key header is required")
    if key == REFUSED_KEY:
        return _error(401, "authentication_error", "invalid x-api-key")
    try:
        body = json.loads(request.body or b"{}")
        model = str(body["model"])
        user = _user_text(body["messages"])
        int(body["max_tokens"])
    except (ValueError, KeyError, TypeError, IndexError) as error:
        return _error(400, "invalid_request_error", f"malformed request: {error!r}")
    answer = judge(user)
    message = {
        "id": f"msg_{secrets.token_hex(12)}",
        "type": "message",
        "role": "assistant",
        "model": model or MODEL_FALLBACK,
        "content": [{"type": "text", "text": json.dumps(answer)}],
        "stop_reason": "end_turn",
        "stop_sequence": None,
        "usage": {"input_tokens": max(1, len(user) // 4), "output_tokens": 40},
    }
    return json_response(
        200, message, kind="messages", headers=(("request-id", f"req_{secrets.token_hex(8)}"),)
    )


def judge(user: str) -> dict[str, object]:
    """The verdict object for one user turn: the table's verdict and the best evidence sentence."""
    claim, evidence = _parts(user)
    lowered = claim.lower()
    verdict, confidence = next(
        ((said, sure) for words, said, sure in JUDGEMENTS if words in lowered), NO_ANSWER
    )
    quote = _best_sentence(claim, evidence) if verdict != NO_ANSWER[0] else ""
    return {
        "verdict": verdict,
        "confidence": confidence,
        "quote": quote,
        "reason": "the stand-in's answer for this claim",
    }


def _key(headers: dict[str, str]) -> str:
    """The API key: `x-api-key`, or a bearer token (the anthropic SDK 2 sends keys that way)."""
    bearer = headers.get("authorization", "").removeprefix("Bearer ").strip()
    return headers.get("x-api-key", "").strip() or bearer


def _user_text(messages: object) -> str:
    if not isinstance(messages, list) or not messages:
        raise ValueError("messages must be a non-empty list")
    content = messages[-1]["content"]
    if isinstance(content, str):
        return content
    return "\n".join(str(block.get("text", "")) for block in content)


def _parts(user: str) -> tuple[str, list[str]]:
    """The claim sentence and the evidence lines (its title left out) of a request."""
    found = _BOUNDARY.search(user)
    mark = found.group(1) if found else ""
    claim = _between(user, f"<claim-{mark}>", f"</claim-{mark}>")
    claim_line = next((ln for ln in claim.splitlines() if ln.startswith("Claim: ")), "")
    evidence = _between(user, f"<evidence-{mark}>", f"</evidence-{mark}>").splitlines()
    return claim_line.removeprefix("Claim: "), [
        line for line in evidence if line.strip() and not line.startswith("Title: ")
    ]


def _between(text: str, start: str, end: str) -> str:
    _, _, after = text.partition(start)
    inside, _, _ = after.partition(end)
    return inside.strip("\n")


def _best_sentence(claim: str, evidence: list[str]) -> str:
    words = set(_WORD.findall(claim.lower()))
    sentences = [s.strip() for line in evidence for s in _SENTENCE_END.split(line) if s.strip()]
    if not sentences:
        return ""
    return max(sentences, key=lambda s: len(words & set(_WORD.findall(s.lower()))))


def _error(status: int, kind: str, message: str) -> ApiResponse:
    body = {"type": "error", "error": {"type": kind, "message": message}}
    return json_response(status, body, kind="messages")
