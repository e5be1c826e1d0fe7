"""The cited work's text as evidence: abstracts the indexes gave (JATS stripped), else its title."""

from __future__ import annotations

import html
import re
from collections.abc import Sequence

from cite_sentinel.core.ground.chunks import chunks
from cite_sentinel.core.ground.scorer import Evidence, EvidenceKind
from cite_sentinel.core.model import Record
from cite_sentinel.core.sources.sentence_spans import split_sentences

_TAG = re.compile(r"<[^>]+>")
_JATS_TITLE = re.compile(r"<jats:title>.*?</jats:title>", re.DOTALL)


def from_records(records: Sequence[Record]) -> Evidence:
    """The longest abstract among the records (sentences), else the title, else nothing."""
    abstracts = [strip_markup(record.abstract) for record in records if record.abstract.strip()]
    title = next((record.title for record in records if record.title.strip()), "")
    if abstracts:
        best = max(abstracts, key=len)
        return Evidence(EvidenceKind.ABSTRACT, sentences_of(best), title)
    return Evidence(EvidenceKind.TITLE_ONLY if title else EvidenceKind.NONE, (), title)


def from_full_text(text: str, title: str = "") -> Evidence:
    """A local full text as ~2000-character chunks."""
    pieces = chunks(text)
    return Evidence(EvidenceKind.FULL_TEXT if pieces else EvidenceKind.NONE, pieces, title)


def strip_markup(text: str) -> str:
    """Crossref's JATS (<jats:p>, the 'Abstract' heading) and tags removed, entities decoded."""
    text = _JATS_TITLE.sub(" ", text)
    return " ".join(html.unescape(_TAG.sub(" ", text)).split())


def sentences_of(text: str) -> tuple[str, ...]:
    """The sentences of an abstract, whitespace tidied."""
    starts = split_sentences(text)
    pieces = (text[a:b] for a, b in zip(starts, [*starts[1:], len(text)], strict=True))
    return tuple(cleaned for piece in pieces if (cleaned := " ".join(piece.split())))
