"""Citing sentences as claims: one per sentence, each cited work judged on its own.

A claim is supported when any of its works supports it: the strongest judgement speaks for
the claim, never an average, so one good citation is not diluted and a misrepresentation is
not averaged away by its neighbours. Each work also gets the sentence marked the way
claim_scope.py reads it: `<|cit|>` where its own citation stood, `<|other_cit|>` where the
others did (citations written together, or side by side, stand at one place).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from cite_sentinel.core.ground.scorer import Badge, Claim, GroundVerdict, Judgement
from cite_sentinel.core.model import Citation

# How strongly a judgement backs a claim, for choosing the one that speaks for it.
_VERDICT_RANK = {
    GroundVerdict.SUPPORTED: 4,
    GroundVerdict.PARTIALLY_SUPPORTED: 3,
    GroundVerdict.NOT_ENOUGH_INFORMATION: 2,
    GroundVerdict.CONTRADICTED: 1,
}


@dataclass(frozen=True, slots=True)
class CitedClaim:
    """One citing sentence, with every citation written in it (one per cited key), and for
    each the sentence marked where its citation and the others stood (`claim.text` when
    nothing is known of where they stood)."""

    claim: Claim
    citations: tuple[Citation, ...]
    marked: tuple[str, ...] = ()

    def claim_for(self, index: int) -> Claim:
        """The claim as the citation numbered `index` asks it: its marked sentence."""
        text = self.marked[index] if index < len(self.marked) else self.claim.text
        return Claim(text, self.claim.context, self.claim.keys)


def claims_of(citations: Sequence[Citation]) -> tuple[CitedClaim, ...]:
    """One claim per citing sentence (per file), keys in the order first cited there."""
    grouped: dict[tuple[str, str, str], list[Citation]] = {}
    for citation in citations:
        if not citation.sentence.strip() or citation.key == "*":
            continue
        # The same sentence written twice in a file is two claims; the context tells them apart.
        where = (citation.location.path, citation.sentence, citation.context)
        grouped.setdefault(where, []).append(citation)
    out: list[CitedClaim] = []
    for members in grouped.values():
        first: dict[str, Citation] = {}
        for citation in members:
            first.setdefault(citation.key, citation)
        keys = tuple(first)
        sentence = members[0].sentence
        claim = Claim(" ".join(sentence.split()), members[0].context, keys)
        places = _places(sentence, members)
        marked = tuple(_marked(sentence, places, key) or claim.text for key in keys)
        out.append(CitedClaim(claim, tuple(first.values()), marked))
    return tuple(out)


THIS_WORK = "<|cit|>"
OTHER_WORK = "<|other_cit|>"
_WORD = re.compile(r"\w")
_SPACE_BEFORE = re.compile(r"\s+([.,;:!?)\]])")

# A place in a sentence where citations stood: its offset and the keys cited there.
_Place = tuple[int, frozenset[str]]


def _places(sentence: str, members: Sequence[Citation]) -> list[_Place]:
    """Where the sentence's citations stood, those with no word between them joined."""
    offsets: dict[int, set[str]] = {}
    for citation in members:
        if 0 <= citation.mark <= len(sentence):
            offsets.setdefault(citation.mark, set()).add(citation.key)
    places: list[_Place] = []
    for offset in sorted(offsets):
        if places and not _WORD.search(sentence, places[-1][0], offset):
            places[-1] = (places[-1][0], places[-1][1] | offsets[offset])
        else:
            places.append((offset, frozenset(offsets[offset])))
    return places


def _marked(sentence: str, places: Sequence[_Place], key: str) -> str:
    """The sentence with `<|cit|>` at the one place `key` was cited and `<|other_cit|>` at the
    others; "" when it was cited at no place or at several (then it backs the whole), or when
    its clause is the whole sentence anyway (the first citation, nothing said after it)."""
    mine = [number for number, (_, keys) in enumerate(places) if key in keys]
    if len(mine) != 1 or (mine == [0] and not _WORD.search(sentence, places[0][0])):
        return ""
    pieces: list[str] = []
    previous = 0
    for offset, keys in places:
        marker = THIS_WORK if key in keys else OTHER_WORK
        pieces += [sentence[previous:offset], f" {marker} "]
        previous = offset
    pieces.append(sentence[previous:])
    return _SPACE_BEFORE.sub(r"\1", " ".join("".join(pieces).split()))


def strongest(judgements: Sequence[Judgement]) -> Judgement | None:
    """The judgement that speaks for a claim: any supporting work makes it supported."""
    if not judgements:
        return None
    return max(judgements, key=_strength)


def _strength(judgement: Judgement) -> tuple[int, int, float, float]:
    verdict = 0 if judgement.verdict is None else _VERDICT_RANK[judgement.verdict]
    green = int(judgement.badge is Badge.GREEN)
    return (green, verdict, judgement.support or 0.0, judgement.relevance)
