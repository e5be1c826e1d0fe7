"""Whether a hyphen at a line's end belongs to the word ("Time-" "series") or was added to
break it ("Classifica-" "tion"): the document's own words decide, then common prefixes."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from cite_sentinel.core.sources.pdf.margins import PageLine

_TOKEN = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")
# First halves of compounds that keep their hyphen in titles ("Semi-supervised", "On-line").
_PREFIXES = frozenset(
    {
        "semi", "multi", "self", "non", "cross", "anti", "meta", "end", "fine", "coarse", "high",
        "low", "large", "small", "real", "zero", "few", "one", "two", "three", "long", "short",
        "state", "well", "open", "closed", "human", "time", "data", "task", "domain", "deep",
        "model", "graph", "single", "double", "top", "bottom", "first", "second", "third", "full",
        "half", "many", "mixed",
    }
)  # fmt: skip
# Second halves that only a hyphenation leaves: "-tion", "-ing", "-ment", …
_ENDINGS = re.compile(
    r"^(?:[a-z]?(?:tions?|sions?|ings?|ments?|ness|ity|ities|ences?|ances?|ous|ives?|able|ible"
    r"|als?|ally|ical|ics|ogy|ogies|i[sz]ed?|ations?|ers?|ed|es|ly|ty|cy|ry|ny|ic|ists?|ism"
    r"|ures?|ents?|ants?|ful|less|ular|um))$"
)


@dataclass(frozen=True, slots=True)
class Words:
    """How often each word occurs in the document, hyphenated line ends left out."""

    counts: Counter[str]

    def keeps_hyphen(self, before: str, after: str) -> bool:
        """Whether `before-` at a line's end and `after` at the next line's start are one
        hyphenated word (True) or one word broken in two (False)."""
        first = before.lower()
        second = re.match(r"[^\W\d_]+", after.lower())
        if second is None:
            return True
        rest = second[0]
        if self.counts[first + rest] or self.counts[first.rsplit("-", 1)[-1] + rest]:
            return False  # "classification" is written whole elsewhere
        if self.counts[f"{first}-{rest}"]:
            return True
        if _ENDINGS.match(rest) or (len(rest) <= 3 and not self.counts[rest]):
            return False  # "-tion", "-ple": a syllable, not a word
        last = first.rsplit("-", 1)[-1]
        return last in _PREFIXES or (self.counts[last] > 0 and self.counts[rest] > 0)


def document_words(lines: Sequence[PageLine]) -> Words:
    """The words of every line, but not the pieces of words hyphenated at line ends."""
    counts: Counter[str] = Counter()
    broken = False
    for line in lines:
        tokens = _TOKEN.findall(line.line.text.lower())
        if broken and tokens:
            tokens = tokens[1:]
        broken = line.line.text.rstrip().endswith(("-", "\u2010"))
        if broken and tokens:
            tokens = tokens[:-1]
        for token in tokens:
            counts[token] += 1
            if "-" in token:
                counts.update(token.split("-"))
    return Words(counts)
