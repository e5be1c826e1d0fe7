"""Titles a free-text reader may have misread: "fabricated" needs a title one can trust.

A reference list in a style the reader does not know (a journal name it takes for the title,
names it cannot pair) gives a "title" that is no title: "Fertility and sterility 2015, 104,
964-971", "U.; Sohn". No index holds a work by such a title, and that proves nothing. The
reader says how sure it is of each field it read (`Reference.certainty`); a title read with
less confidence than `SURE_TITLE`, one too short to name a work, or one made mostly of
words cut short by a full stop (a journal's abbreviated name: "Am. j. orthod. dentofac.
orthop.: off. publ."), is never grounds for "fabricated".
"""

from __future__ import annotations

import re

from cite_sentinel.core.model import Reference

# The labeller's confidence (its mean marginal over the title's words) below which a title is
# doubtful: chosen on the cross-validated hand-labelled strings (docs/BENCHMARKS.md, "Reading
# printed references"), where 35% of the misread titles and 8% of the titles read right fall
# below it: a misread title of a real work called fabricated costs more than an invented one
# left unverified (with the reason).
SURE_TITLE = 0.95
_WORD = re.compile(r"[^\W\d_]{3,}")
_LETTERS = re.compile(r"[^\W\d_]+\.?")
_ABBREVIATIONS = 3  # words cut short, at least, where they are most of a title's words


def misread_title(reference: Reference) -> bool:
    """Whether a free-text reference's title may not be its title: its reader was unsure of
    it, it is too short to name a work ("A. B.", "Data"), or it reads as a journal's name."""
    if reference.source_format != "reflist" or not reference.title:
        return False
    if reference.certainty("title") < SURE_TITLE or _mostly_abbreviated(reference.title):
        return True
    words = _WORD.findall(reference.title)
    return len(words) < 2 and not any(len(word) >= 5 for word in words)


def _mostly_abbreviated(title: str) -> bool:
    """Whether most of a title's words are cut short by a full stop, as journals' names are
    abbreviated, and at least `_ABBREVIATIONS` of them."""
    words = _LETTERS.findall(title)
    cut = sum(1 for word in words if word.endswith("."))
    return cut >= _ABBREVIATIONS and 2 * cut > len(words)
