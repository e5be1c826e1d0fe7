"""Contradiction cues between a claim and its best evidence sentences: negation, direction.

Two kinds: cues of the claim and of its two lexically closest sentences taken whole, and
*aligned* cues read beside each content word claim and evidence share ("mortality has risen"
against "mortality declined"): a direction or a negation next to the same word, on those two
sentences and on the ranker's best one. The aligned cues and a wider word list lifted the
cross-validated SUPPORT-vs-CONTRADICT AUROC of `support` on SciFact train from 0.585 to 0.666
(docs/BENCHMARKS.md, Groundedness, fifth round).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from cite_sentinel.core.ground.tokens import STOPWORDS, numbers, raw_words, stem, vocabulary

ALIGNED_WINDOW = 4  # words either side of a shared word that speak of it

_NEGATIONS = vocabulary(
    "not no never none neither nor cannot without fail fails failed lack lacks lacking absence "
    "absent unable unaffected unchanged independent insufficient ineffective unrelated "
    "nonsignificant insignificant unaltered lacked"
)
# Direction words. "associated", "correlated" and "risk" name a relation or an outcome, not
# which way it goes ("associated with a lower risk"): counted as "up" they hid the clash.
_UP = vocabulary(
    "increase increases increased increasing higher high elevated elevate elevates raise "
    "raises raised enhance enhances enhanced promote promotes promoted induce induces induced "
    "activate activates activated more greater larger improve improves improved upregulate "
    "upregulates upregulated upregulation stimulate stimulates stimulated "
    "accelerate accelerates accelerated "
    "gain gains positive positively benefit beneficial "
    "rise rises rose risen rising grow grows grew grown growing boost boosts boosted amplify "
    "amplifies amplified exacerbate exacerbates exacerbated worsen worsens worsened augment "
    "augments augmented potentiate potentiates potentiated strengthen strengthens strengthened "
    "longer faster stronger elevation"
)
_DOWN = vocabulary(
    "decrease decreases decreased decreasing lower lowers lowered lowering low reduce reduces "
    "reduced reducing reduction "
    "inhibit inhibits inhibited inhibition suppress suppresses suppressed less fewer smaller "
    "impair impairs impaired downregulate downregulates downregulated downregulation block blocks "
    "blocked attenuate attenuates attenuated prevent prevents prevented loss decline declines "
    "negative negatively protective protects harmful worse declined declining drop drops "
    "dropped fall falls fell fallen diminish diminishes diminished abolish abolishes abolished "
    "abrogate abrogates abrogated eliminate eliminates eliminated ablate ablated weaken weakens "
    "weakened shorter slower weaker deplete depletes depleted depletion lessen lessens lessened"
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
    "aligned_direction_clash",
    "aligned_direction_agree",
    "aligned_negation_clash",
    "aligned_direction_clash_best",
    "aligned_direction_agree_best",
    "aligned_negation_clash_best",
)


def cues(claim: str, evidence: Sequence[str], best: str) -> tuple[float, ...]:
    """Stance cues of `claim` against its closest evidence sentences (joined) and the best one."""
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
        *_aligned(claim_words, evidence_words),
        *_aligned(claim_words, raw_words(best)),
    )


def _aligned(claim_words: list[str], evidence_words: list[str]) -> tuple[float, float, float]:
    """Whether a content word both share has opposite or the same direction beside it, or a
    negation beside it on one side only."""
    claim_stems = [_content(word) for word in claim_words]
    evidence_stems = [_content(word) for word in evidence_words]
    shared = (set(claim_stems) & set(evidence_stems)) - {""}
    in_claim = _beside(claim_words, claim_stems, shared)
    in_evidence = _beside(evidence_words, evidence_stems, shared)
    both = [word for word in in_claim if word in in_evidence]
    products = [in_claim[word][0] * in_evidence[word][0] for word in both]
    return (
        float(any(product < 0 for product in products)),
        float(any(product > 0 for product in products)),
        float(any(in_claim[word][1] != in_evidence[word][1] for word in both)),
    )


def _content(word: str) -> str:
    return "" if word in STOPWORDS else stem(word)


def _beside(words: list[str], stems: list[str], shared: set[str]) -> dict[str, tuple[int, bool]]:
    """For each shared word: the net direction (-1, 0, 1 per mention) and any negation within
    ALIGNED_WINDOW words of it."""
    found: dict[str, tuple[int, bool]] = {}
    for index, word in enumerate(stems):
        if word not in shared:
            continue
        window = words[max(0, index - ALIGNED_WINDOW) : index + ALIGNED_WINDOW + 1]
        net = sum(1 for token in window if token in _UP) - sum(
            1 for token in window if token in _DOWN
        )
        direction, negated = found.get(word, (0, False))
        found[word] = (direction + (net > 0) - (net < 0), negated or _negated(window) > 0)
    return found


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
