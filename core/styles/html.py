"""The HTML style: superscript anchors in the text, an accessible list, links both ways."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cite_sentinel.core.model import Citation, Reference, Verdict
from cite_sentinel.core.styles.inline import Rendered
from cite_sentinel.core.styles.numbering import Numbering

LIST_ID = "cite-sentinel-references"  # not "references": pandoc gives `# References` that id


def cite_html(
    group: Sequence[Citation],
    numbering: Numbering,
    verdicts: Mapping[str, Verdict] | None = None,
) -> Rendered:
    """`<sup><a href="#ref1" id="cite1-1">[1]</a></sup>`, one link per cited number.

    `.html` gives the raw fragment; the inline tree gives the same as pandoc elements.
    """
    raise NotImplementedError


def html_reference_list(
    references: Sequence[Reference],
    numbering: Numbering,
    verdicts: Mapping[str, Verdict] | None = None,
) -> str:
    """`<ol id=... >` with `<li id="ref1">` per reference and back-links to each citation."""
    raise NotImplementedError
