"""Where a document's reference list is and where each of its references starts.

A line-level sequence labeller (after AnyStyle's finder and GROBID's segmentation model): each
line of a document, with its layout where a PDF gives one, is labelled as the list's heading,
the first line of a reference, a further line of one, or other text.
"""

from __future__ import annotations

from cite_sentinel.core.sources.segment.labeller import Labelling, label_lines
from cite_sentinel.core.sources.segment.lines import ListLine, Role

__all__ = ["Labelling", "ListLine", "Role", "label_lines"]
