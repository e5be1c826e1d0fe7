"""What kind of work a reference is (a thesis, a report, a working paper), printed after its
title and read as the title's end."""

from __future__ import annotations

from collections.abc import Sequence

from cite_sentinel.core.sources.refparse.corrections.common import (
    TITLE_WORDS,
    sentence_end,
    words_between,
    words_run,
)
from cite_sentinel.core.sources.refparse.labeller import Labelling
from cite_sentinel.core.sources.refparse.labels import Label
from cite_sentinel.core.sources.refparse.tokens import Token


def genre_read_into_title(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """What kind of work it is, printed after the title and read as its last part ("…
    uncertainty, working paper, University of Washington.", "… splines. Technical Report
    TR93-3,", "…, Thèse de doctorat, EHESS", "… Sites. Memorandum from …", "(Report)"): the
    title ends before it, and it and what follows it in the title's run are the genre."""
    labels = list(labelling.labels)
    title = words_run(tokens, labels, Label.TITLE)
    if title is None:
        return labelling
    first, last = title
    boundary = next(
        (
            index
            for index in range(first + 1, last)
            if (tokens[index].text in ",(" or sentence_end(tokens, index))
            and tokens[index].text != ":"
            and words_between(tokens, first, index) >= TITLE_WORDS
            and (
                _opens_a_genre(tokens, index + 1, last) or _a_bracketed_series(tokens, index, last)
            )
        ),
        None,
    )
    if boundary is None:
        return labelling
    labels[boundary] = Label.OTHER
    for index in range(boundary + 1, last + 1):
        labels[index] = Label.GENRE
    index = last + 1
    while index < len(tokens) and labels[index] is Label.TITLE and not tokens[index].is_word:
        labels[index] = Label.OTHER  # the genre's closing bracket
        index += 1
    return Labelling(tuple(labels), labelling.confidence)


def _a_bracketed_series(tokens: Sequence[Token], index: int, last: int) -> bool:
    """Whether a bracket from `index` to the title's end names a report series or a series'
    number ("(Policy Brief 2012-01PBL)", "(GIGA Working Paper No. 151)", "(Bureau of Justice
    statistics special report)", "(Schriftenreihe des Kreises Kempen-Krefeld 27)")."""
    if tokens[index].text != "(":
        return False
    closing = next((i for i in range(index + 1, len(tokens)) if tokens[i].text == ")"), None)
    if closing is None or closing < last:
        return False
    words = [tokens[i].text.lower() for i in range(index + 1, closing) if tokens[i].is_word]
    return any(word in _SERIES_NOUNS for word in words)


_SERIES_NOUNS = frozenset(
    {"report", "paper", "brief", "series", "schriftenreihe", "reihe", "bulletin", "rapport"}
)


def _opens_a_genre(tokens: Sequence[Token], start: int, last: int) -> bool:
    """Whether the words from `start` name a kind of work: "Thesis", "Technical Report",
    "working paper", "Ph. D. thesis", "Report submitted to …", a bracketed "(Report)"."""
    words = [tokens[i].text.lower() for i in range(start, last + 1) if tokens[i].is_word]
    if not words:
        return False
    head, rest = words[0], words[1:]
    if head in _GENRE_WORDS:
        return True
    if head == "ph":  # "Ph. D. thesis", not "HII, III, PH and D"
        return rest[:1] == ["d"] and any(word in _GENRE_NOUNS for word in rest[1:2])
    if head in _GENRE_QUALIFIERS:
        return any(word in _GENRE_NOUNS for word in rest[:2])
    if head in {"report", "paper"}:
        return not rest or rest[0] in {"submitted", "presented", "prepared", "to", "for"}
    return False


_GENRE_WORDS = frozenset(
    {"thesis", "dissertation", "thèse", "tesis", "tesi", "memorandum", "manuscript",
     "unpublished", "preprint", "doktorarbeit", "habilitationsschrift"}
)  # fmt: skip
_GENRE_QUALIFIERS = frozenset(
    {"technical", "tech", "working", "phd", "master", "masters", "master's", "doctoral",
     "msc", "research", "internal", "discussion"}
)  # fmt: skip
_GENRE_NOUNS = frozenset({"report", "rep", "paper", "thesis", "dissertation", "memo"})
