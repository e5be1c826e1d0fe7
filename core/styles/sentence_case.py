"""Sentence case for BibTeX titles (stored in title case), keeping {protected} words as written."""

from __future__ import annotations

import re

_TOKEN = re.compile(r"\{[^{}]*\}|[^\s{}]+|\s+|[{}]")
_PLAIN_CAPITALISED = re.compile(r"^[^\w]*[A-Z][a-z'’]*(?:-[A-Za-z][a-z]*)*[^\w]*$")


def sentence_case(protected_title: str) -> str:
    """Lower-case words that are merely capitalised, as pandoc does for BibTeX titles.

    The first word, and the first word after a colon or a full stop, start with a capital
    (APA 7 capitalises a subtitle's first word; citeproc does, as after a full stop); after a
    question or exclamation mark a capital is kept, not made. Words in braces, acronyms and
    words with inner capitals (iPhone, LaTeX, BERT) are left as written.
    """
    words: list[str] = []
    keep_capital = True
    make_capital = True
    for token in _TOKEN.findall(protected_title):
        if token.isspace():
            words.append(token)
            continue
        if token.startswith("{") and token.endswith("}"):
            words.append(token[1:-1])
            keep_capital = make_capital = False
            continue
        if token in "{}":
            continue
        if not keep_capital and _PLAIN_CAPITALISED.match(token):
            token = _lower_word(token)
        elif make_capital and token[:1].islower():
            token = token[:1].upper() + token[1:]
        words.append(token)
        keep_capital = token.endswith((":", "?", "!", "."))
        make_capital = token.endswith((":", "."))
    return "".join(words)


def _lower_word(word: str) -> str:
    return "-".join(part[:1].lower() + part[1:] for part in word.split("-"))
