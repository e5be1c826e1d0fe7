"""Titles a free-text reader may have misread: "fabricated" needs a title one can trust.

A reference list in a style the reader does not know (a journal name it takes for the title,
names it cannot pair) gives a "title" that is no title: "Fertility and sterility 2015, 104,
964-971", "U.; Sohn". No index holds a work by such a title, and that proves nothing. The
reader says how sure it is of each field it read (`Reference.certainty`); a title read with
less confidence than `SURE_TITLE`, or one too short to name a work, is never grounds for
"fabricated".
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


def misread_title(reference: Reference) -> bool:
    """Whether a free-text reference's title may not be its title: its reader was unsure of
    it, or it is too short to name a work ("A. B.", "Data")."""
    if reference.source_format != "reflist" or not reference.title:
        return False
    if reference.certainty("title") < SURE_TITLE:
        return True
    words = _WORD.findall(reference.title)
    return len(words) < 2 and not any(len(word) >= 5 for word in words)
