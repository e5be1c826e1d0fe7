"""A citation's text as runs, each either plain or linked to one entry (`link-citations`).

citeproc links only the citation proper: the prefix and what follows the locator stay plain.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cite_sentinel.core.styles.entry import entry_anchor
from cite_sentinel.core.styles.inline import Inline, Link, Text

# One run: the key of the entry it links to ("" for plain text), and its text.
Segment = tuple[str, str]


def segment_inlines(
    segments: Sequence[Segment], *, link: bool, shown: Callable[[str], str] = str
) -> list[Inline]:
    """Text and Links for the runs (adjacent runs of one key as one, empty ones left out);
    without `link`, one Text. `shown` turns each run's text into what is shown."""
    if not link:
        text = "".join(text for _, text in segments)
        return [Text(shown(text))] if text else []
    joined: list[Segment] = []
    for key, text in segments:
        if not text:
            continue
        if joined and joined[-1][0] == key:
            joined[-1] = (key, joined[-1][1] + text)
        else:
            joined.append((key, text))
    return [_inline(key, shown(text)) for key, text in joined]


def _inline(key: str, text: str) -> Inline:
    return Link(children=(Text(text),), url=f"#{entry_anchor(key)}") if key else Text(text)
