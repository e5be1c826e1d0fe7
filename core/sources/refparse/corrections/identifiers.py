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
