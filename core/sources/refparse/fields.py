"""Labelled tokens to fields: each field's text as printed, tidied, and how sure the labeller
was of it."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from cite_sentinel.core.lexicon import CONFERENCE_WORDS, JOURNAL_WORDS, LOCATOR_WORDS
from cite_sentinel.core.lexicon.words import name_counts, word_count
from cite_sentinel.core.sources.refparse.labeller import Labelling
from cite_sentinel.core.sources.refparse.labels import Label
from cite_sentinel.core.sources.refparse.tokens import Token

_LINK = re.compile(r"(?:https?|ftp)://|www\.|10\.\d{4,9}/")
_VENUE_WORDS = JOURNAL_WORDS | CONFERENCE_WORDS | LOCATOR_WORDS
_YEAR_THEN_NAME = re.compile(r"(?:1[5-9]\d\d|20\d\d)$")
_OPENERS = frozenset({"(", "["})
_CLOSERS = frozenset({")", "]"})
# Words that announce the next field and are never the start of a title.
_ANNOUNCING = frozenset({"pp", "p", "vol", "no", "doi", "url", "available", "retrieved"})
_ABBREVIATED = frozenset({Label.CONTAINER, Label.COLLECTION, Label.AUTHOR, Label.EDITOR})
_TEXT_FIELDS = frozenset(
    {Label.AUTHOR, Label.EDITOR, Label.TITLE, Label.CONTAINER, Label.COLLECTION, Label.PUBLISHER}
)
_SPACE_BEFORE_MARK = re.compile(r"\s+([,.;:!?)\]}”’»])")
_SPACE_AFTER_OPENER = re.compile(r"([(\[{“‘«])\s+")
_STOP_THEN_LETTER = re.compile(r"(?<=[^\W\d_])\.(?=[A-Z]|[^\W\d_]{2})")


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
    """Runs of tokens with one label become fields; two runs of a label with only
    punctuation between them are one field ("Title: subtitle" with the colon read apart).
    A link or a DOI is never part of a name, a title or a venue, whatever the labeller said."""
    labelling = _identifiers_apart(tokens, labelling)
    labelling = _title_words_before(tokens, _word_before_colon(tokens, labelling))
    labelling = _title_inside_container(tokens, labelling)
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


def _identifiers_apart(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    labels = list(labelling.labels)
    for index, token in enumerate(tokens):
        if labels[index] in _TEXT_FIELDS and _LINK.match(token.text):
            labels[index] = (
                Label.URL if "://" in token.text or token.text.startswith("www.") else Label.DOI
            )
    return Labelling(tuple(labels), labelling.confidence)


def _title_words_before(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """Words read as belonging to no field right before a title are the title's first words
    ("In Defense of …", "Editing in Style: …"): a field's announcing word ("In:", "pp.") is
    never followed directly by a title."""
    labels = list(labelling.labels)
    for index in range(len(tokens) - 1, 0, -1):
        if labels[index] is not Label.TITLE or labels[index - 1] is not Label.OTHER:
            continue
        start = index
        while start > 0 and labels[start - 1] is Label.OTHER and _plain_word(tokens[start - 1]):
            start -= 1
        if start < index and (start == 0 or not tokens[start - 1].is_word):
            for inside in range(start, index):
                labels[inside] = Label.TITLE
    return Labelling(tuple(labels), labelling.confidence)


def _word_before_colon(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A word between a name list's closing initial and a colon opens the title, not the
    names: "Kan, M.-Y. FANG: Leveraging …", "Gil, H. Whiskers: Exploring …" (a name before a
    colon, DIN's "Berger, Jens: …", follows a comma)."""
    labels = list(labelling.labels)
    for index in range(2, len(tokens) - 2):
        if (
            labels[index] is Label.AUTHOR
            and tokens[index].is_word
            and tokens[index + 1].text == ":"
            and tokens[index - 1].text == "."
            and _is_initial(tokens[index - 2].text)
            and labels[index + 2] is Label.TITLE
        ):
            labels[index] = labels[index + 1] = Label.TITLE
    return Labelling(tuple(labels), labelling.confidence)


def _is_initial(text: str) -> bool:
    return text.isalpha() and text.isupper() and len(text) <= 3


def _title_inside_container(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A reference read with no title whose venue runs over a sentence's end holds its title
    before that end: "(2021). Agent Incentives: A Causal Perspective. Thirty-Fifth AAAI
    Conference …". A journal's abbreviations ("Phys. Rev. Lett.") end no sentence."""
    labels = list(labelling.labels)
    if Label.TITLE in labels or Label.CONTAINER not in labels:
        return labelling
    first = labels.index(Label.CONTAINER)
    last = first
    while last + 1 < len(labels) and labels[last + 1] is Label.CONTAINER:
        last += 1
    if not any(label in (Label.AUTHOR, Label.DATE) for label in labels[:first]):
        return labelling
    for stop in range(first + 2, last - 1):
        if (
            _ends_a_title(tokens, stop)
            and _words(tokens, first, stop) >= 2
            and _words(tokens, stop + 1, last + 1) >= 2
        ):
            for inside in range(first, stop):
                labels[inside] = Label.TITLE
            labels[stop] = Label.OTHER
            return Labelling(tuple(labels), labelling.confidence)
    return labelling


def _ends_a_title(tokens: Sequence[Token], stop: int) -> bool:
    before, after = tokens[stop - 1].text, tokens[stop + 1].text
    if tokens[stop].text not in ".!?" or not before.isalpha() or len(before) < 4:
        return False
    if before.lower() in _VENUE_WORDS:
        return False
    return after[0].isupper() or bool(_YEAR_THEN_NAME.match(after))


def _words(tokens: Sequence[Token], start: int, stop: int) -> int:
    return sum(1 for token in tokens[start:stop] if token.is_word)


def _plain_word(token: Token) -> bool:
    """A word that opens titles more often than it names people ("In", "Editing"; not
    "Kernighan")."""
    text = token.text
    if not token.is_word or text[0].isdigit() or text.lower() in _ANNOUNCING:
        return False
    return word_count(text) > sum(name_counts(text))


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
    "Phys. Rev. B", "J.Chem.Phys." "J. Chem. Phys.")."""
    text = _SPACE_BEFORE_MARK.sub(r"\1", " ".join(text.split()))
    text = _SPACE_AFTER_OPENER.sub(r"\1", text)
    return _STOP_THEN_LETTER.sub(". ", text) if spaced_stops else text
