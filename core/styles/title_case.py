"""CSL title case for serial titles, as citeproc applies apa.csl's `text-case="title"`.

Only lower-case words change: a capital goes on the first word, on the first word after
sentence-ending punctuation (. ? ! :), on the last word, and on every other word that is not a
stop word and follows a space, hyphen, slash or dash; one-letter words keep their case except
at a start. Words with capitals stay as written.
"""

from __future__ import annotations

import re
from enum import Enum, auto

_CHUNK = re.compile(r"[^\W_]+|\s+|.", re.DOTALL)
_STOP_WORDS = frozenset(
    [
        "a",
        "an",
        "and",
        "as",
        "at",
        "but",
        "by",
        "down",
        "for",
        "from",
        "in",
        "into",
        "nor",
        "of",
        "on",
        "onto",
        "or",
        "over",
        "so",
        "the",
        "till",
        "to",
        "up",
        "via",
        "with",
        "yet",
        "about",
        "van",
        "von",
        "de",
        "d",
        "l",
    ]
)
_SENTENCE_END = frozenset(".?!:")
_WORD_BREAK = frozenset("-/\u2013\u2014")


class _State(Enum):
    START = auto()
    START_SENTENCE = auto()
    AFTER_WORD_END = auto()
    AFTER_WORD_CHAR = auto()
    AFTER_SENTENCE_END = auto()


def title_case(text: str) -> str:
    """ "the 30th innovative Applications of x" → "The 30th Innovative Applications of x"."""
    chunks = _CHUNK.findall(text)
    last_word = max((i for i, chunk in enumerate(chunks) if chunk.isalnum()), default=-1)
    state = _State.START
    out = []
    for index, chunk in enumerate(chunks):
        if chunk.isalnum():
            out.append(_word(chunk, state, last=index == last_word))
        else:
            out.append(chunk)
        state = _next_state(state, chunk)
    return "".join(out)


def _word(word: str, state: _State, *, last: bool) -> str:
    if not word.islower():
        return word  # capitals inside, all capitals or digits only: as written
    if state in (_State.START, _State.START_SENTENCE):
        return word[:1].upper() + word[1:]
    if state is _State.AFTER_WORD_END and len(word) > 1 and (last or word not in _STOP_WORDS):
        return word[:1].upper() + word[1:]
    return word


def _next_state(state: _State, chunk: str) -> _State:
    end = chunk[-1]
    if end in _SENTENCE_END:
        return _State.AFTER_SENTENCE_END
    if end.isalnum():
        return _State.AFTER_WORD_CHAR
    if end.isspace() and state is _State.AFTER_SENTENCE_END:
        return _State.START_SENTENCE
    if end.isspace() or end in _WORD_BREAK:
        return _State.AFTER_WORD_END
    return state
