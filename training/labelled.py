"""Reference strings with their fields marked: the unit the parser learns from and is scored on.

A `Labelled` holds the string as printed and the character spans of its fields; `tokens_and_
labels` turns it into the token sequence the labeller sees, with one label per token. Both
corpora label the same things slightly differently (AnyStyle keeps "Vol." and the closing
"." inside a field, GROBID leaves them outside); the edges of every span are made alike here,
so that a token's label never depends on which corpus it came from.
"""

from __future__ import annotations

from dataclasses import dataclass

from cite_sentinel.core.sources.refparse.labels import Label
from cite_sentinel.core.sources.refparse.tokens import Token, tokenise

# Words at the start of a span that belong to no field: "In:", "Vol.", "pp.", "No.".
_LEADING_WORDS = frozenset(
    {"in", "vol", "vols", "volume", "pp", "p", "pages", "page", "no", "nos", "nr", "issue",
     "bd", "band", "heft", "tome", "t", "s", "v", "n", "num", "number", "doi", "isbn",
     "available", "retrieved", "from", "at", "url", "arxiv", "pmid", "pmcid", "issn", "dans",
     "im", "en", "w", "online", "http", "https"}
)  # fmt: skip
# Words at the end of a span that open the next field: "…, in", "… dans".
_TRAILING_WORDS = frozenset({"in", "In", "dans", "im", "en", "w", "pp", "p", "vol", "Vol", "no"})
_EDGE_KEYWORD_LABELS = frozenset(
    {
        Label.VOLUME,
        Label.ISSUE,
        Label.PAGES,
        Label.CONTAINER,
        Label.EDITOR,
        Label.DOI,
        Label.URL,
        Label.IDENTIFIER,
    }
)


@dataclass(frozen=True, slots=True)
class Span:
    start: int
    end: int
    label: Label


@dataclass(frozen=True, slots=True)
class Labelled:
    """One reference string with its fields' spans; `group` keeps one paper's list together."""

    text: str
    spans: tuple[Span, ...]
    source: str  # anystyle/core, grobid/pdf-physics, render/apa, …
    group: str  # what must stay on one side of a cross-validation split

    def field(self, label: Label) -> list[str]:
        """The text of every span with this label, in order."""
        return [self.text[span.start : span.end] for span in self.spans if span.label is label]


def tokens_and_labels(example: Labelled) -> tuple[tuple[Token, ...], tuple[Label, ...]]:
    """The example's tokens, each labelled by the span it lies in (OTHER outside every span),
    with the edges of each span made alike across corpora."""
    tokens = tokenise(example.text)
    labels = [Label.OTHER] * len(tokens)
    span_of = [-1] * len(tokens)
    for number, span in enumerate(example.spans):
        for index, token in enumerate(tokens):
            if token.start >= span.start and token.end <= span.end:
                labels[index] = span.label
                span_of[index] = number
            elif token.start < span.end and token.end > span.start and span_of[index] < 0:
                labels[index] = span.label  # a token the span cuts: it belongs to the span
                span_of[index] = number
    _trim_edges(tokens, labels, span_of)
    return tokens, tuple(labels)


def _trim_edges(tokens: tuple[Token, ...], labels: list[Label], span_of: list[int]) -> None:
    """Punctuation at either end of a span, and a leading locator word ("Vol.", "pp.", "In"),
    are OTHER: they are where a style writes them, not part of the field."""
    spans: dict[int, list[int]] = {}
    for index, number in enumerate(span_of):
        if number >= 0:
            spans.setdefault(number, []).append(index)
    for indices in spans.values():
        label = labels[indices[0]]
        inside = [index for index in indices if labels[index] is label]
        while inside and _is_mark(tokens[inside[0]].text):
            labels[inside.pop(0)] = Label.OTHER
        while inside and _is_mark(tokens[inside[-1]].text):
            labels[inside.pop()] = Label.OTHER
        while (
            len(inside) > 1
            and label not in (Label.AUTHOR, Label.EDITOR)
            and tokens[inside[-1]].text in _TRAILING_WORDS
            and _apart(tokens, inside[-1])
        ):
            labels[inside.pop()] = Label.OTHER  # "« Drones armés et éthique », in"
            while inside and _is_mark(tokens[inside[-1]].text):
                labels[inside.pop()] = Label.OTHER
        if label in _EDGE_KEYWORD_LABELS:
            while len(inside) > 1 and _leading_word(tokens[inside[0]].text, label):
                labels[inside.pop(0)] = Label.OTHER
                while inside and _is_mark(tokens[inside[0]].text):
                    labels[inside.pop(0)] = Label.OTHER


def _leading_word(text: str, label: Label) -> bool:
    """Whether a span's first word is a locator or connector that belongs to no field. A
    journal's name may open with a letter that is one elsewhere: "N Engl J Med", "S Afr Med
    J", "P R Health Sci J"."""
    word = text.lower()
    return word in _LEADING_WORDS and not (label is Label.CONTAINER and len(word) == 1)


def _apart(tokens: tuple[Token, ...], index: int) -> bool:
    """Whether a token is a word of its own, not the end of one the tokens split
    ("Sprachgebär(d)en")."""
    return index == 0 or tokens[index].start > tokens[index - 1].end


def _is_mark(text: str) -> bool:
    return not (text[0].isalnum() or text[0] == "_")
