"""Words of scholarly titles and venues, and parts of authors' names, with how often each is
written.

The list (`words.txt.gz`, built by `python -m training.lexicon_words` from the titles and
venues of the project's corpus of real works, CC0 and open metadata) holds every word written
at least twice, hyphenated compounds included. A PDF's text loses ligatures ("e ective" for
"effective") and keeps hyphens that only broke a line ("classifica-tion"); how often each
piece and the whole are written decides which make a word. `names.txt.gz` (the same
command, the works' authors) tells a name from a word of a title, and `venue_words.txt.gz`
(the works' venues and journal references) a journal's word or abbreviation from a title's.
"""

from __future__ import annotations

import functools
import gzip
from importlib import resources


@functools.cache
def _counts() -> dict[str, int]:
    return _word_counts("words.txt.gz")


@functools.cache
def _venue_counts() -> dict[str, int]:
    return _word_counts("venue_words.txt.gz")


def _word_counts(name: str) -> dict[str, int]:
    """A packaged list of "word count" lines as a mapping."""
    packed = (resources.files("cite_sentinel.core.lexicon") / name).read_bytes()
    counts = {}
    for line in gzip.decompress(packed).decode("utf-8").splitlines():
        word, _, count = line.rpartition(" ")
        counts[word] = int(count)
    return counts


def word_count(text: str) -> int:
    """How often `text` (a word or hyphenated compound, any case) is written in titles; 0 for
    a word the list lacks. Single letters count as common words."""
    lowered = text.lower()
    if len(lowered) == 1 and lowered.isalpha():
        return 1_000_000
    return _counts().get(lowered, 0)


@functools.cache
def _names() -> dict[str, tuple[int, int]]:
    packed = (resources.files("cite_sentinel.core.lexicon") / "names.txt.gz").read_bytes()
    names = {}
    for line in gzip.decompress(packed).decode("utf-8").splitlines():
        name, family, given = line.rsplit(" ", 2)
        names[name] = (int(family), int(given))
    return names


def name_counts(text: str) -> tuple[int, int]:
    """How often `text` (any case) is written as part of an author's family name and of a
    given name in the corpus of real works: (0, 0) for a word no author is called."""
    return _names().get(text.lower(), (0, 0))


def venue_count(text: str) -> int:
    """How often `text` (a word, any case) is written in the names of venues, abbreviated
    ones included ("virol", "lett"); 0 for a word no venue writes."""
    return _venue_counts().get(text.lower(), 0)


def is_word(text: str) -> bool:
    """Whether `text` is a word (or hyphenated compound) of scholarly titles, any case."""
    return word_count(text) > 0
