"""What the labeller knows of each token: its shape, its words, and where it stands.

Features are strings (crfsuite's binary features). Each token gets its own and its
neighbours' (prefixed "-1:", "+1:", …), so the labeller sees "Phys" before "Rev" and a year
inside brackets. Words come from one shared vocabulary (`core.lexicon`).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

from cite_sentinel.core.lexicon import (
    AND_WORDS,
    CONFERENCE_WORDS,
    EDITOR_WORDS,
    IN_WORDS,
    JOURNAL_WORDS,
    KIND_WORDS,
    LOCATOR_WORDS,
    MONTHS,
    NAME_PARTICLES,
    PLACE_WORDS,
    PUBLISHER_WORDS,
    TYPE_CODES,
    YEAR,
)
from cite_sentinel.core.lexicon.words import name_counts, word_count
from cite_sentinel.core.sources.refparse.tokens import Token

_YEAR = re.compile(rf"{YEAR}[a-z]?")
_RANGE = re.compile(r"[A-Za-z]?\d+[a-z]?[-‐‑–][A-Za-z]?\d+[a-z]?")
_ROMAN = re.compile(r"(?=[ivxlcdm]+$)m{0,3}(?:cm|cd|d?c{0,3})(?:xc|xl|l?x{0,3})(?:ix|iv|v?i{0,3})")
_STOP = frozenset(
    {"the", "of", "a", "an", "on", "for", "to", "with", "from", "by", "at", "as", "is", "are",
     "via", "using", "towards", "toward", "into", "its", "their", "how", "what", "why", "when",
     "der", "die", "das", "le", "les", "la", "des", "du", "el", "los", "il", "una", "un", "zur"}
)  # fmt: skip
_WINDOW = (-2, -1, 1, 2)
_NEIGHBOUR_KEEP = (
    "w=", "shape=", "p=", "lex=", "tw=", "fam=", "giv=", "year", "num", "initial", "caps",
    "title"
)  # fmt: skip


def sequence_features(tokens: Sequence[Token]) -> list[list[str]]:
    """The features of every token of one reference."""
    own = [_token_features(token) for token in tokens]
    context = _context_features(tokens)
    count = len(tokens)
    for index, extra in enumerate(_neighbourhood_features(tokens)):
        context[index].extend(extra)
    result: list[list[str]] = []
    for index in range(count):
        features = own[index] + context[index]
        for offset in _WINDOW:
            other = index + offset
            if 0 <= other < count:
                prefix = f"{offset:+d}:"
                features.extend(prefix + f for f in own[other] if f.startswith(_NEIGHBOUR_KEEP))
            else:
                features.append(f"{offset:+d}:edge")
        result.append(features)
    return result


def _token_features(token: Token) -> list[str]:
    text = token.text
    lower = text.lower()
    if not token.is_word:
        return [f"p={text}", "punct"]
    features = [f"shape={_shape(text)}", f"len={min(len(text), 8)}"]
    if text[0].isdigit():
        features.append("num")
        if _YEAR.fullmatch(text):
            features.append("year")
            if text[-1].isalpha():
                features.append("year+letter")
        elif _RANGE.fullmatch(text):
            features.append("range")
        elif text.isdigit():
            features.append(f"digits={min(len(text), 6)}")
        if "/" in text and text.startswith("10."):
            features.append("doi")
        if re.fullmatch(r"\d{4}\.\d{4,5}(?:v\d+)?", text):
            features.append("arxiv-id")
        return features
    if "://" in text or lower.startswith("www."):
        return [*features, "url"]
    features.append(f"w={lower}")
    features.append(f"tw={_title_word(lower)}")
    family, given = name_counts(lower) if len(lower) > 1 else (0, 0)
    features.extend((f"fam={_magnitude(family)}", f"giv={_magnitude(given)}"))
    if len(text) > 3:
        features.extend((f"p3={lower[:3]}", f"s3={lower[-3:]}"))
    if len(text) == 1 and text.isupper():
        features.append("initial")
    elif text.isupper() and len(text) <= 3 and text.isalpha():
        features.append("initials")  # "JJ", "WM": Vancouver's initials
    elif text.isupper():
        features.append("caps")
    elif text[0].isupper():
        features.append("title")
    elif text.islower():
        features.append("lower")
    if any(ch.isdigit() for ch in text):
        features.append("has-digit")
    if _ROMAN.fullmatch(lower):
        features.append("roman")
    features.extend(f"lex={name}" for name in _lexicon(lower))
    return features


def _title_word(lower: str) -> int:
    """How often the word is written in titles, as a power of ten (0: never): title words are
    common, names and abbreviations of journals rare."""
    return _magnitude(word_count(lower) if len(lower) > 1 else 0)


def _magnitude(count: int) -> int:
    """A count as its number of digits: 0 for never, 1 for 1-9, 2 for 10-99, …"""
    return len(str(count)) if count else 0


def _lexicon(lower: str) -> list[str]:
    """The names of the word lists of the shared vocabulary that hold the word."""
    return [name for name, words in _WORD_LISTS if lower in words]


_WORD_LISTS: tuple[tuple[str, Collection[str]], ...] = (
    ("month", MONTHS),
    ("particle", NAME_PARTICLES),
    ("and", AND_WORDS),
    ("etal", ("et", "al", "others")),
    ("editor", EDITOR_WORDS),
    ("journal", JOURNAL_WORDS),
    ("conference", CONFERENCE_WORDS),
    ("publisher", PUBLISHER_WORDS),
    ("place", PLACE_WORDS),
    ("locator", LOCATOR_WORDS),
    ("kind", KIND_WORDS),
    ("stop", _STOP),
    ("in", IN_WORDS),
    ("id-word", ("doi", "isbn", "issn", "pmid", "pmcid", "arxiv", "url", "urn", "hdl")),
)


def _context_features(tokens: Sequence[Token]) -> list[list[str]]:
    """Where each token stands: its place in the reference, inside brackets or quotation
    marks, after how many sentence ends, before or after the first year."""
    count = len(tokens)
    result = []
    depth_round = depth_square = 0
    quoted = False
    sentences = 0
    year_seen = False
    previous_mark = "^"
    for index, token in enumerate(tokens):
        text = token.text
        features = [
            f"at={10 * index // max(count, 1)}",
            f"sent={min(sentences, 5)}",
            f"after={previous_mark}",
            "year-seen" if year_seen else "no-year-yet",
        ]
        if index == 0:
            features.append("first")
        if index == count - 1:
            features.append("last")
        if depth_round:
            features.append("in()")
        if depth_square:
            features.append("in[]")
        if quoted:
            features.append("in-quotes")
        result.append(features)
        if text == "(":
            depth_round += 1
        elif text == ")":
            depth_round = max(0, depth_round - 1)
        elif text == "[":
            depth_square += 1
        elif text == "]":
            depth_square = max(0, depth_square - 1)
        elif text in '“”"«»„':
            quoted = text not in "”»" and not (quoted and text == '"')
        if not token.is_word:
            previous_mark = text
            if text in ".:?!" and _ends_sentence(tokens, index):
                sentences += 1
        if _YEAR.fullmatch(text):
            year_seen = True
    return result


def _neighbourhood_features(tokens: Sequence[Token]) -> list[list[str]]:
    """What a title's words look like from where a token stands: how long the run of words
    without punctuation it is in ("Disintegration and formation of C60" against "J. Phys."),
    how many small lower-case words and abbreviations lie near it."""
    count = len(tokens)
    run_length = [0] * count
    start = 0
    for index in range(count + 1):
        if index == count or not tokens[index].is_word:
            for member in range(start, index):
                run_length[member] = index - start
            start = index + 1
    stops = [token.is_word and token.text.islower() and token.text in _STOP for token in tokens]
    abbreviations = [
        token.is_word
        and len(token.text) > 1
        and token.text[0].isupper()
        and index + 1 < count
        and tokens[index + 1].text == "."
        for index, token in enumerate(tokens)
    ]
    result = []
    for index in range(count):
        near = range(max(0, index - 4), min(count, index + 5))
        features = [
            f"run={_bucket(run_length[index])}",
            f"stops-near={min(sum(stops[i] for i in near), 2)}",
            f"abbrevs-near={min(sum(abbreviations[i] for i in near), 2)}",
        ]
        if abbreviations[index]:
            features.append("abbrev")
        if (
            tokens[index].text in TYPE_CODES
            and index
            and tokens[index - 1].text == "["
            and index + 1 < count
            and tokens[index + 1].text in ("]", "/")
        ):
            features.append("type-code")  # GB/T 7714: "…[J]."
        result.append(features)
    return result


def _bucket(length: int) -> str:
    return (
        "0"
        if length == 0
        else "1"
        if length == 1
        else "2"
        if length == 2
        else ("3-4" if length <= 4 else "5-7" if length <= 7 else "8+")
    )


def _ends_sentence(tokens: Sequence[Token], index: int) -> bool:
    """A full stop after a word longer than an initial, before a capital or a quotation."""
    if index == 0 or index + 1 >= len(tokens):
        return False
    before = tokens[index - 1].text
    after = tokens[index + 1].text
    if len(before) == 1 and before.isupper():
        return False  # "J." is an initial
    return after[0].isupper() or after[0] in "“\"'‘(["


def _shape(text: str) -> str:
    """Letters and digits by kind, runs squeezed: "Smith" Xx, "J" X, "1996" dddd, "12a" dx."""
    shape: list[str] = []
    for ch in text:
        kind = "X" if ch.isupper() else "x" if ch.isalpha() else "d" if ch.isdigit() else ch
        if not shape or shape[-1] != kind or kind == "d":
            shape.append(kind)
    squeezed = "".join(shape)
    return squeezed if len(squeezed) <= 6 else squeezed[:3] + "~" + squeezed[-2:]
