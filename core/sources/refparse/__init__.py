"""Printed references read by a learned labeller: text → tokens → labels → fields → Reference.

The stages, each a module: `text` (one plain line), `tokens`, `features` (from the shared
`core.lexicon`), `labeller` (the CRF model shipped in `model/`), `fields` (runs of labels with
their confidence), `assemble` (names, dates, numbers, venue, kind). `reader.parse_reference`
runs them; training lives outside the package (`training/`).
"""

from __future__ import annotations

from cite_sentinel.core.sources.refparse.labels import Label
from cite_sentinel.core.sources.refparse.reader import parse_reference
from cite_sentinel.core.sources.refparse.text import repeats_authors

__all__ = ["Label", "parse_reference", "repeats_authors"]
