"""Links and DOIs are never text."""

from __future__ import annotations

import re
from collections.abc import Sequence

from cite_sentinel.core.sources.refparse.labeller import Labelling
from cite_sentinel.core.sources.refparse.labels import Label
from cite_sentinel.core.sources.refparse.tokens import Token

_LINK = re.compile(r"(?:https?|ftp)://|www\.|10\.\d{4,9}/")
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
