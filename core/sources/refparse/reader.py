"""One printed reference to a `Reference`, in stages: plain text, identifiers, tokens,
labels (the learned labeller), fields, and the reference they describe."""

from __future__ import annotations

from pathlib import Path

from cite_sentinel.core.model import Location, Reference
from cite_sentinel.core.sources.identifiers import find_identifiers_in_text
from cite_sentinel.core.sources.refparse.assemble import reference_of
from cite_sentinel.core.sources.refparse.corrections.names import names_after_a_same_author_rule
from cite_sentinel.core.sources.refparse.fields import fields_of
from cite_sentinel.core.sources.refparse.labeller import label_tokens
from cite_sentinel.core.sources.refparse.text import plain_reference, repeats_authors
from cite_sentinel.core.sources.refparse.tokens import tokenise


def parse_reference(
    raw: str, *, key: str, location: Location, model: Path | None = None
) -> Reference:
    """One free-text reference in any style; `model` replaces the shipped labeller's model."""
    text = plain_reference(raw)
    tokens = tokenise(text)
    labelling = label_tokens(tokens, model=model)
    if repeats_authors(raw):
        labelling = names_after_a_same_author_rule(tokens, labelling)
    fields = fields_of(text, tokens, labelling)
    return reference_of(
        fields,
        text=text,
        key=key,
        location=location,
        raw=raw,
        identifiers=find_identifiers_in_text(text),
    )
