"""Contradiction cues between a claim and its best evidence sentences: negation, direction."""

from __future__ import annotations

import re
from collections.abc import Sequence

from cite_sentinel.core.ground.tokens import numbers, raw_words, vocabulary

_NEGATIONS = vocabulary(
    "not no never none neither nor cannot without fail fails failed lack lacks lacking absence "
    "absent unable unaffected unchanged independent insufficient"
)
_UP = vocabulary(
    "increase increases increased increasing higher high elevated elevate elevates raise "
    "raises raised enhance enhances enhanced promote promotes promoted induce induces induced "
    "activate activates activated more greater larger improve improves improved upregulate "
    "upregulates upregulated upregulation stimulate stimulates stimulated "
    "accelerate accelerates accelerated "
    "gain gains positive positively associated correlated correlates risk benefit beneficial"
)
_DOWN = vocabulary(
    "decrease decreases decreased decreasing lower low reduce reduces reduced reducing reduction "
    "inhibit inhibits inhibited inhibition suppress suppresses suppressed less fewer smaller "
    "impair impairs impaired downregulate downregulates downregulated downregulation block blocks "
    "blocked attenuate attenuates attenuated prevent prevents prevented loss decline declines "
    "negative negatively protective protects harmful worse"
)
_NULL_PHRASES = (
    "no effect",
    "no significant",
    "not significant",
    "no difference",
    "no association",
    "not associated",
    "no evidence",
    "did not",
    "does not",
    "was not",
    "were not",
    "no change",
    "no longer",
    "not required",
    "dispensable",
    "no role",
)
_HEDGES = vocabulary(
    "may might could possibly potentially suggest suggests suggested likely unclear "
    "hypothesize hypothesized speculate putative"
)
_ANTONYMS = (
    ("increase", "decrease"),
    ("higher", "lower"),
    ("more", "less"),
    ("positive", "negative"),
    ("promote", "inhibit"),
    ("activate", "suppress"),
    ("enhance", "impair"),
    ("benefit", "harm"),
    ("upregulate", "downregulate"),
    ("gain", "loss"),
    ("risk", "protective"),
    ("required", "dispensable"),
    ("sufficient", "insufficient"),
    ("common", "rare"),
    ("early", "late"),
)

_SIDES = sorted((side for pair in _ANTONYMS for side in pair), key=len, reverse=True)
_ANTONYM_START = re.compile("|".join(map(re.escape, _SIDES)))

FEATURE_NAMES = (
    "claim_negated",
    "evidence_negated",
    "negation_mismatch",
    "direction_product",
    "direction_mismatch",
    "evidence_null_result",
    "claim_null_result",
    "null_mismatch",
    "antonym_pairs",
    "hedge_claim",
    "hedge_evidence",
    "number_mismatch",
)


def cues(claim: str, evidence: Sequence[str]) -> tuple[float, ...]:
    """Stance cues of `claim` against the joined top evidence sentences."""
    claim_words = raw_words(claim)
    text = " ".join(evidence)
    evidence_words = raw_words(text)
    claim_neg = _negated(claim_words)
    evidence_neg = _negated(evidence_words)
    claim_dir = _direction(claim_words)
    evidence_dir = _direction(evidence_words)
    claim_null = _null(claim)
    evidence_null = _null(text)
    return (
        claim_neg,
        evidence_neg,
        float(claim_neg != evidence_neg),
        claim_dir * evidence_dir,
        float(claim_dir * evidence_dir < 0),
        evidence_null,
        claim_null,
        float(claim_null != evidence_null),
        _antonyms(set(claim_words), set(evidence_words)),
        float(any(word in _HEDGES for word in claim_words)),
        float(any(word in _HEDGES for word in evidence_words)),
        _number_mismatch(claim, text),
    )


def _negated(tokens: list[str]) -> float:
    return float(any(token in _NEGATIONS or token.endswith("n't") for token in tokens))


def _direction(tokens: list[str]) -> float:
    up = sum(1 for token in tokens if token in _UP)
    down = sum(1 for token in tokens if token in _DOWN)
    if up == down:
        return 0.0
    return 1.0 if up > down else -1.0


def _null(text: str) -> float:
    lowered = text.lower()
    return float(any(phrase in lowered for phrase in _NULL_PHRASES))


def _antonyms(claim_words: set[str], evidence_words: set[str]) -> float:
    claim_sides = _antonym_sides(claim_words)
    evidence_sides = _antonym_sides(evidence_words)
    count = 0
    for left, right in _ANTONYMS:
        if (left in claim_sides and right in evidence_sides and left not in evidence_sides) or (
            right in claim_sides and left in evidence_sides and right not in evidence_sides
        ):
            count += 1
    return float(min(count, 2))


def _antonym_sides(words: set[str]) -> set[str]:
    """The antonyms some word starts with ("increased" starts with "increase")."""
    return {found.group() for word in words if (found := _ANTONYM_START.match(word))}


def _number_mismatch(claim: str, text: str) -> float:
    wanted = numbers(claim)
    if not wanted:
        return 0.0
    return float(not (wanted & numbers(text)))
