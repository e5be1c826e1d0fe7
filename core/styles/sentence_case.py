"""Sentence case for BibTeX titles (stored in title case), keeping {protected} words as written."""

from __future__ import annotations

import re

_TOKEN = re.compile(r"\{[^{}]*\}|[^\s{}]+|\s+|[{}]")
_PLAIN_CAPITALISED = re.compile(r"^[^\w]*[A-Z][a-z'’]*(?:-[A-Za-z][a-z]*)*[^\w]*$")


def sentence_case(protected_title: str) -> str:
    """Lower-case words that are merely capitalised, as pandoc does for BibTeX titles.

    The first word and the first word after a colon keep their capital; words in braces,
    acronyms and words with inner capitals (iPhone, LaTeX, BERT) are left as written.
    """
    words: list[str] = []
    capitalise_next = True
    for token in _TOKEN.findall(protected_title):
        if token.isspace():
            words.append(token)
            continue
        if token.startswith("{") and token.endswith("}"):
            words.append(token[1:-1])
            capitalise_next = False
            continue
        if token in "{}":
            continue
        if not capitalise_next and _PLAIN_CAPITALISED.match(token):
            token = _lower_word(token)
        words.append(token)
        capitalise_next = token.endswith((":", "?", "!", "."))
    return "".join(words)


def _lower_word(word: str) -> str:
    return "-".join(part[:1].lower() + part[1:] for part in word.split("-"))
