"""A PDF's whole text, read as its reference list is: by PDFium in a child process bounded in
memory, pages and time (`isolated`), running heads and page numbers left out (`margins`), the
lines joined as the typesetter broke them (`joining`, `hyphens`). Groundedness judges a
citing sentence against it.

A PDF over its limits gives no text and the reason, not a part of its text: a judgement of
support against the first pages of a work would say the rest does not support the claim.
"""

from __future__ import annotations

from dataclasses import dataclass

from cite_sentinel.core.sources.pdf.document import Opened, Source
from cite_sentinel.core.sources.pdf.hyphens import document_words
from cite_sentinel.core.sources.pdf.isolated import LIMITS, PdfLimits, open_isolated
from cite_sentinel.core.sources.pdf.joining import joined_text
from cite_sentinel.core.sources.pdf.margins import strip_margins


@dataclass(frozen=True, slots=True)
class PdfText:
    """The text of a PDF, or none and why."""

    text: str
    reason: str = ""  # why there is no text: "it is encrypted", "page 3 took over 10 s", …


def pdf_text(source: Source, limits: PdfLimits = LIMITS) -> PdfText:
    """The PDF's text within `limits`; never raises on a bad or hostile file."""
    opened = open_isolated(source, limits)
    if not isinstance(opened, Opened):
        return PdfText("", opened.detail)
    if opened.limits:
        return PdfText("", "it goes beyond what one PDF may cost: " + "; ".join(opened.limits))
    lines = strip_margins(opened.pages)
    text = joined_text(lines, {}, document_words(lines))
    if not text.strip():
        return PdfText("", "it holds no text that can be extracted (a scan?)")
    return PdfText(text)
