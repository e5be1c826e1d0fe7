"""Labelled tokens to fields: each field's text as printed, tidied, and how sure the labeller
was of it."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from cite_sentinel.core.lexicon.scripts import UPPER
from cite_sentinel.core.sources.refparse.corrections import corrected
from cite_sentinel.core.sources.refparse.labeller import Labelling
from cite_sentinel.core.sources.refparse.labels import Label
from cite_sentinel.core.sources.refparse.tokens import Token

_OPENERS = frozenset({"(", "["})
_CLOSERS = frozenset({")", "]"})
_ABBREVIATED = frozenset({Label.CONTAINER, Label.COLLECTION, Label.AUTHOR, Label.EDITOR})
_SPACE_BEFORE_MARK = re.compile(r"\s+([,.;:!?)\]}”’»])")
_SPACE_AFTER_OPENER = re.compile(r"([(\[{“‘«])\s+")
_TAG_NAMES = r"(?:i|b|em|strong|italic|bold|sup|sub|sc|span|u|small|smallcaps|scp|jats:[a-z-]+)"
_TAG = re.compile(
    rf"</?{_TAG_NAMES}(?:\s[^<>]*)?/?>|^/?{_TAG_NAMES}>|</?{_TAG_NAMES}$", re.IGNORECASE
)
_STOP_THEN_LETTER = re.compile(rf"(?<=[^\W\d_])\.(?=[{UPPER}]|[^\W\d_]{{2}})")


@dataclass(frozen=True, slots=True)
class Field:
    """One field of a reference: its text as printed (tidied), where it stands, and the mean
    of its tokens' marginal probabilities."""

    text: str
    start: int
    end: int
    confidence: float


@dataclass(frozen=True, slots=True)
class Fields:
    """Every field the labeller found in one reference, in order."""

    fields: tuple[tuple[Label, Field], ...]

    def first(self, label: Label) -> Field | None:
        return next((found for name, found in self.fields if name is label), None)

    def all(self, label: Label) -> list[Field]:
        return [found for name, found in self.fields if name is label]

    def text(self, label: Label) -> str:
        found = self.first(label)
        return found.text if found is not None else ""


def fields_of(text: str, tokens: Sequence[Token], labelling: Labelling) -> Fields:
    """Runs of tokens with one label (after the corrections of `corrections`) become fields;
    two runs of a label with only punctuation between them are one field ("Title: subtitle"
    with the colon read apart)."""
    labelling = corrected(tokens, labelling)
    runs: list[tuple[Label, list[int]]] = []
    for index, label in enumerate(labelling.labels):
        if label is Label.OTHER:
            continue
        if runs and runs[-1][0] is label and _only_marks(tokens, labelling, runs[-1][1][-1], index):
            runs[-1][1].append(index)
        else:
            runs.append((label, [index]))
    fields = []
    for label, indices in runs:
        start, end = _start(tokens, label, indices[0]), _end(tokens, label, indices[-1])
        start, end = _balanced(text, start, end)
        words = [labelling.confidence[i] for i in indices if tokens[i].is_word] or [
            labelling.confidence[i] for i in indices
        ]
        tidied = tidy(text[start:end], spaced_stops=label in _ABBREVIATED)
        fields.append((label, Field(tidied, start, end, sum(words) / len(words))))
    return Fields(tuple(fields))


def _end(tokens: Sequence[Token], label: Label, last: int) -> int:
    """Where a field ends: after its last token, and after the mark that belongs to it there
    — a name's closing full stop ("Marshall, P."), a title's question or exclamation mark, a
    bracket the field opened ("(Student Abstract)")."""
    following = tokens[last + 1].text if last + 1 < len(tokens) else ""
    if following == "." and label in (Label.AUTHOR, Label.EDITOR):
        return tokens[last + 1].end
    if following in ("?", "!") and label in (Label.TITLE, Label.CONTAINER):
        return tokens[last + 1].end
    if following in _CLOSERS and label in (Label.TITLE, Label.CONTAINER):
        return tokens[last + 1].end
    return tokens[last].end


def _start(tokens: Sequence[Token], label: Label, first: int) -> int:
    """Where a field starts: at its first token, or at the bracket before it that it closes
    ("(Im)Mobilities")."""
    if first and tokens[first - 1].text in _OPENERS and label in (Label.TITLE, Label.CONTAINER):
        return tokens[first - 1].start
    return tokens[first].start


def _only_marks(tokens: Sequence[Token], labelling: Labelling, last: int, index: int) -> bool:
    return all(
        labelling.labels[between] is Label.OTHER and not tokens[between].is_word
        for between in range(last + 1, index)
    )


def _balanced(text: str, start: int, end: int) -> tuple[int, int]:
    """The span without a bracket it does not both open and close: a closer taken after a
    field that opened none, an opener taken before one that closes none, dropped again."""
    field = text[start:end]
    for opener, closer in (("(", ")"), ("[", "]")):
        if field.endswith(closer) and field.count(closer) > field.count(opener):
            end -= 1
            field = field[:-1]
        if field.startswith(opener) and field.count(opener) > field.count(closer):
            start += 1
            field = field[1:]
    return start, end


def tidy(text: str, *, spaced_stops: bool = False) -> str:
    """A field as a person would type it: no space before a comma or full stop, none inside
    brackets; in names and venues, one after a full stop before a letter ("Phys .Rev .B" is
    "Phys. Rev. B", "J.Chem.Phys." "J. Chem. Phys."); no HTML or JATS tag, whole or cut at
    the field's ends (the labeller reads "<italic>Nature</italic>" with its tags, which mark
    where a field starts and ends)."""
    text = _TAG.sub("", text) if "<" in text or ">" in text else text
    text = _SPACE_BEFORE_MARK.sub(r"\1", " ".join(text.split()))
    text = _SPACE_AFTER_OPENER.sub(r"\1", text)
    return _STOP_THEN_LETTER.sub(". ", text) if spaced_stops else text
