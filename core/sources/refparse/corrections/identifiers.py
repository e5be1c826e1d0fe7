"""Links and DOIs are never text."""

from __future__ import annotations

import re
from collections.abc import Sequence

from cite_sentinel.core.lexicon import CONFERENCE_WORDS, JOURNAL_WORDS
from cite_sentinel.core.lexicon.words import word_count
from cite_sentinel.core.sources.refparse.corrections.common import (
    any_cut_short,
    first_run,
    words_between,
)
from cite_sentinel.core.sources.refparse.corrections.journal_words import mostly_a_venues_word
from cite_sentinel.core.sources.refparse.labeller import Labelling
from cite_sentinel.core.sources.refparse.labels import Label
from cite_sentinel.core.sources.refparse.tokens import Token

_LINK = re.compile(r"(?:https?|ftp)://|www\.|10\.\d{4,9}/")
_IDENTIFYING = frozenset({Label.URL, Label.DOI, Label.IDENTIFIER})
# What a journal's or a book's name comes with, and a web page's or a preprint's title not.
_A_VENUES_COMPANIONS = frozenset(
    {Label.VOLUME, Label.ISSUE, Label.PAGES, Label.PUBLISHER, Label.LOCATION, Label.TITLE}
)
_NAME_OF_A_VENUE = JOURNAL_WORDS | CONFERENCE_WORDS
_TEXT_FIELDS = frozenset(
    {Label.AUTHOR, Label.EDITOR, Label.TITLE, Label.CONTAINER, Label.COLLECTION, Label.PUBLISHER}
)


def identifiers_apart(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A link or a DOI is never part of a name, a title or a venue, whatever the labeller
    said."""
    labels = list(labelling.labels)
    for index, token in enumerate(tokens):
        if labels[index] in _TEXT_FIELDS and _LINK.match(token.text):
            labels[index] = (
                Label.URL if "://" in token.text or token.text.startswith("www.") else Label.DOI
            )
    return Labelling(tuple(labels), labelling.confidence)


def title_before_a_link_in_the_venue(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A reference read with no title whose venue a link or DOI cuts in two ("(2017).
    Attention is all you need https://arxiv.org/abs/1706.03762. Advances in Neural …", a
    Markdown link on the title made plain): a venue holds no link, so the words before it,
    after the names or the date, are the title."""
    labels = list(labelling.labels)
    if Label.TITLE in labels:
        return labelling
    link = next(
        (
            index
            for index in range(1, len(tokens) - 1)
            if labels[index] in (Label.URL, Label.DOI) and labels[index - 1] is Label.CONTAINER
        ),
        None,
    )
    if link is None:
        return labelling
    start = link
    while start > 0 and labels[start - 1] is Label.CONTAINER:
        start -= 1
    after = next((i for i in range(link + 1, len(tokens)) if tokens[i].is_word), None)
    if (
        after is None
        or labels[after] is not Label.CONTAINER
        or not any(label in (Label.AUTHOR, Label.DATE) for label in labels[:start])
    ):
        return labelling
    for inside in range(start, link):
        labels[inside] = Label.TITLE
    for inside in range(link + 1, after):
        labels[inside] = Label.OTHER
    return Labelling(tuple(labels), labelling.confidence)


def title_before_its_link_read_as_venue(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A preprint's or a web page's title read as a venue where nothing else was read as the
    title ("Andersen, J. E. and Kashaev, R. M., Complex Quantum Chern-Simons, arXiv:1409.1208",
    "Hughes Network Systems, DirecPC Home Page, http://www.direcpc.com/, Oct, 1996"): words
    after the names, followed by a link or an identifier and with no volume, issue, pages or
    imprint anywhere, written out (no abbreviation) and with no word of a venue's name, are
    the title. A journal's name is printed with its numbers."""
    labels = list(labelling.labels)
    if any(label in _A_VENUES_COMPANIONS for label in labels):
        return labelling
    venue = first_run(labels, Label.CONTAINER)
    if venue is None or Label.AUTHOR not in labels[: venue[0]]:
        return labelling
    first, last = venue
    after = next((i for i in range(last + 1, len(tokens)) if tokens[i].is_word), None)
    if after is not None and tokens[after].text.lower() == "arxiv":
        after = next((i for i in range(after + 1, len(tokens)) if tokens[i].is_word), None)
    words = [i for i in range(first, last + 1) if tokens[i].is_word]
    if (
        after is None
        or labels[after] not in _IDENTIFYING
        or words_between(tokens, first, last + 1) < 2
        or any_cut_short(tokens, words[:-1])
        or any(_a_known_venues_word(tokens[i].text) for i in words)
    ):
        return labelling
    for inside in range(first, last + 1):
        labels[inside] = Label.TITLE
    return Labelling(tuple(labels), labelling.confidence)


def _a_known_venues_word(text: str) -> bool:
    """A word of venues' names ("Journal", "Proceedings"), or a word of the dictionary written
    more often in venues' names than in titles ("Nature", "Science"; not "DirecPC")."""
    lower = text.lower()
    return lower in _NAME_OF_A_VENUE or (word_count(lower) > 0 and mostly_a_venues_word(lower))
