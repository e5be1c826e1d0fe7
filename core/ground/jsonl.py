"""The `ground` command's JSON lines: pairs in, judgements out, unreadable lines located.

Evidence indices in the output are the caller's: the position in the given list of sentences,
or, for evidence given as one text, the number of the sentence in that text (0-based) — so an
evaluation can compare them with its annotated rationale sentences.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass

from cite_sentinel.core.ground.scorer import Claim, Evidence, EvidenceKind, Judgement, Pair
from cite_sentinel.core.sources.sentence_spans import split_sentences


@dataclass(frozen=True, slots=True)
class LinePair:
    """One input line: its id as given, the pair it describes, and where each passage of the
    pair stood in the line's evidence (blank sentences are not scored, so positions can skip)."""

    id: object  # the caller's id, echoed unchanged (string or number)
    pair: Pair
    positions: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class LineError:
    """An input line that could not be read: 1-based line number and what is wrong."""

    line: int
    message: str


def read_pairs(
    lines: Iterable[str | bytes],
) -> tuple[tuple[LinePair, ...], tuple[LineError, ...]]:
    """Every readable line as a pair; every unreadable one as an error (the rest still read).

    Lines given as bytes are decoded as UTF-8 one by one, so a line in another encoding is
    an error of its own; a byte order mark before the first line is no error.
    """
    pairs: list[LinePair] = []
    errors: list[LineError] = []
    for number, given in enumerate(lines, start=1):
        try:
            line = given.decode("utf-8") if isinstance(given, bytes) else given
        except UnicodeDecodeError as error:
            byte = given[error.start]
            errors.append(
                LineError(number, f"not UTF-8 (byte 0x{byte:02x} at column {error.start + 1})")
            )
            continue
        if number == 1:
            line = line.removeprefix("\ufeff")
        if not line.strip():
            continue
        try:
            pairs.append(_pair(json.loads(line)))
        except json.JSONDecodeError as error:
            errors.append(LineError(number, f"not JSON ({error.msg} at column {error.colno})"))
        except ValueError as error:
            errors.append(LineError(number, str(error)))
    return tuple(pairs), tuple(errors)


def judgement_line(line: LinePair, judgement: Judgement) -> str:
    """The output line for one judgement, in the issue's shape plus the evidence kind.

    Without evidence to judge (none, or a title only) relevance is null and a note says why,
    rather than a 0.0 that would read as "unrelated".
    """
    unjudged = not line.pair.evidence.judgeable
    data: dict[str, object] = {
        "id": line.id,
        "relevance": None if unjudged else round(judgement.relevance, 4),
        "support": None if judgement.support is None else round(judgement.support, 4),
        "verdict": None if judgement.verdict is None else judgement.verdict.value,
        "badge": judgement.badge.value,
        "evidence": [
            {"index": _position(line, p.index), "text": p.text} for p in judgement.evidence
        ],
        "evidence_kind": judgement.evidence_kind.value,
    }
    if judgement.quote:
        data["quote"] = judgement.quote
    if unjudged:
        kind = line.pair.evidence.kind.value
        data["note"] = f"no evidence to judge the claim against (evidence is {kind})"
    return json.dumps(data, ensure_ascii=False)


def _pair(data: object) -> LinePair:
    if not isinstance(data, dict):
        raise ValueError("expected an object with id, claim and evidence")
    line_id = data.get("id")
    if "id" not in data:
        raise ValueError('"id" is missing: give each line an id (a string or a number)')
    if isinstance(line_id, bool) or not isinstance(line_id, str | int | float):
        raise ValueError(f'"id" must be a string or a number, got {json.dumps(line_id)}')
    claim = data.get("claim")
    if not isinstance(claim, str) or not claim.strip():
        raise ValueError('"claim" must be a non-empty string')
    if "evidence" not in data:
        raise ValueError(
            '"evidence" is missing: give the cited work\'s text or sentences ("" when there '
            "is none, and the line is reported as having no evidence)"
        )
    evidence = data["evidence"]
    title = data.get("title", "")
    if not isinstance(title, str):
        raise ValueError('"title" must be a string')
    if isinstance(evidence, str):
        sentences = _sentences_of(evidence)
    elif isinstance(evidence, list) and all(isinstance(item, str) for item in evidence):
        sentences = evidence
    else:
        raise ValueError('"evidence" must be a string or a list of sentence strings')
    kept = [(at, text.strip()) for at, text in enumerate(sentences) if text.strip()]
    passages = tuple(text for _, text in kept)
    if passages:
        kind = EvidenceKind.ABSTRACT
    else:
        kind = EvidenceKind.TITLE_ONLY if title.strip() else EvidenceKind.NONE
    context = data.get("context", "")
    pair = Pair(
        Claim(claim.strip(), context if isinstance(context, str) else ""),
        Evidence(kind, passages, title),
    )
    return LinePair(line_id, pair, tuple(at for at, _ in kept))


def _sentences_of(text: str) -> list[str]:
    starts = split_sentences(text)
    return [text[start:end] for start, end in zip(starts, [*starts[1:], len(text)], strict=True)]


def _position(line: LinePair, index: int) -> int:
    return line.positions[index] if 0 <= index < len(line.positions) else index
