"""A printed reference made plain before it is read: one line, no markup, no list label,
whole characters, ligatures spelt out, a range of numbers whole again, and a same-author dash
("———.") taken off."""

from __future__ import annotations

import re
import unicodedata

from cite_sentinel.core.lexicon.words import word_count
from cite_sentinel.core.sources.reflist_markup import plain_text, strip_label, whole_characters

LONGEST = 3000  # characters read of one reference; longer text is not one reference
_LIGATURES = str.maketrans(
    {"\ufb00": "ff", "\ufb01": "fi", "\ufb02": "fl", "\ufb03": "ffi", "\ufb04": "ffl",
     "\ufb05": "st", "\ufb06": "st", "\u00ad": None, "\u200b": None, "\u200c": None,
     "\u200d": None, "\ufeff": None, "\u2028": " ", "\u2029": " "}
)  # fmt: skip
_SAME_AUTHORS = re.compile(r"^\s*(?:[—–]{2,}|-{3,}|_{3,})\s*[.,]?\s*")
_NOTE_FIRST = re.compile(r"^\[(?!\d)[^\]]{1,30}\]\s*")  # "[Retracted] Wakefield, A. J. …"
# The letters that end one piece and start the next where a PDF's font lost a ligature.
_TRAILING_LETTERS = re.compile(r"(?<![\w])[^\W\d_]{1,14}$")
_LEADING_LETTERS = re.compile(r"[^\W\d_]{1,20}(?![\w])")
_LOST = ("ff", "fi", "fl", "ffi", "ffl")
# A word a line break cut, its hyphen and the break left in the text: "classifica- tion".
_BROKEN = re.compile(r"(?<![\w-])([^\W\d_]{1,20})[-\u2010] ([^\W\d_]{1,20})(?![\w-])")
# A range of numbers a PDF's spacing cut at its dash: "pp. 1939 –1956", "12 - 34".
_SPACED_RANGE = re.compile(
    r"(?<=\d)(?: ([-\u2010-\u2013])|([-\u2010-\u2013]) | ([-\u2010-\u2013]) )(?=\d)"
)
# A DOI a line break cut, and the piece that finishes it after the space the break left:
# "10.1609/aaai .v33i01.3301", "10.1609/aaai. v33i01.3301" (a piece in lower case that holds a
# digit: a sentence after a DOI starts with a capital, "URL", "Accessed"), "10.1109/ TPAMI.2020.7"
_DOI_CUT = re.compile(
    r"(?<![\w.])(?:(?i:doi):\s?)?10\.\d{4,9}/\S*"
    r"(?:(?<=[/_-]) (?=[\w.]*[\d.A-Z])|(?<=\.) (?=[a-z][\w.;()/-]*\d)| (?=\.[a-z\d]))"
)
_SUSPENDING = frozenset({"and", "or", "to", "und", "oder", "bis", "et", "ou", "y", "o", "e"})
_CLEAR_MARGIN = 4  # the whole word must be this many times as common as its rarer piece
# Characters of the supplementary private-use planes: a word processor's own glyphs (HWP
# prints a Korean book's title marks "󰡔…󰡕" so), never text. The private-use characters of
# the basic plane stay: some PDF fonts map ligatures there.
_SUPPLEMENTARY_PRIVATE = re.compile("[\U000f0000-\U0010ffff]")


def plain_reference(raw: str) -> str:
    """The reference's text as the labeller reads it."""
    _, text = strip_label(whole_characters(raw).strip()[:LONGEST])
    text = plain_text(_SAME_AUTHORS.sub("", text))  # before markup: "______." is no emphasis
    text = unicodedata.normalize("NFC", text).translate(_LIGATURES)
    text = _SUPPLEMENTARY_PRIVATE.sub(" ", text)  # a word processor's own marks: "󰡔…󰡕"
    text = _SAME_AUTHORS.sub("", _NOTE_FIRST.sub("", text))
    text = " ".join(text.split())
    text = _SPACED_RANGE.sub(lambda match: next(dash for dash in match.groups() if dash), text)
    return rejoin_broken_words(restore_ligatures(rejoin_identifiers(text)))


def rejoin_identifiers(text: str) -> str:
    """A DOI a line break cut made whole: the space before the piece that finishes it taken
    out, where the piece can only be the DOI's ("10.1609/aaai. v33i01.33019921"); a word after
    a whole DOI stays apart ("10.1103/PhysRevD.90.014508. URL")."""
    for _ in range(3):  # a long DOI may be cut twice
        joined = _DOI_CUT.sub(lambda match: match.group(0)[:-1], text)
        if joined == text:
            break
        text = joined
    return text


def restore_ligatures(text: str) -> str:
    """Words a font's lost ligature cut in two made whole again: "e ective" is "effective",
    "Bu er" "Buffer", "A ect" "Affect", where the whole word is far more common in titles
    than the rarer piece ("to ee" stays: no title says "toffee")."""
    if " " not in text:
        return text
    pieces = re.split(r"( )", text)
    kept: list[str] = []
    index = 0
    while index < len(pieces):
        piece = pieces[index]
        if piece != " " and index + 2 < len(pieces):
            whole = _with_ligature(piece, pieces[index + 2])
            if whole:
                pieces[index + 2] = whole
                index += 2
                continue
        kept.append(piece)
        index += 1
    return "".join(kept)


def _with_ligature(before: str, after: str) -> str:
    """The word `before` and `after` make with a lost ligature between them, or ""."""
    head = _TRAILING_LETTERS.search(before)
    tail = _LEADING_LETTERS.match(after)
    if head is None or tail is None or (head.start() and before[head.start() - 1] == "-"):
        return ""
    first, second = head.group(0), tail.group(0)
    rarer = min(word_count(first), word_count(second))
    best, best_count = "", 0
    for letters in _LOST:
        count = word_count(first + letters + second)
        if count > best_count:
            best, best_count = letters, count
    if best_count < 3 or best_count <= _CLEAR_MARGIN * rarer:
        return ""
    return before[: head.start()] + first + best + second + after[tail.end() :]


def rejoin_broken_words(text: str) -> str:
    """A hyphen and space a line break left inside a word ("classifica- tion") taken out; a
    compound's hyphen ("time- series", "non- convex") kept, its space taken out."""
    return _BROKEN.sub(_rejoined, text) if "- " in text or "\u2010 " in text else text


def _rejoined(match: re.Match[str]) -> str:
    before, after = match.group(1), match.group(2)
    if after.lower() in _SUSPENDING:
        return match.group(0)  # "Pre- and post-operative": a hyphen that waits for its word
    if len(before) == 1 and before.isupper():
        return f"{before}-{after}"  # "T- cells", a given name "K.- ichi" broken after its hyphen
    whole = word_count(before + after)
    compound = word_count(f"{before}-{after}")
    if compound > whole or (not whole and word_count(before) and word_count(after)):
        return f"{before}-{after}"
    return before + after


def repeats_authors(raw: str) -> bool:
    """A leading "———" says the authors are those of the reference before (MLA, Chicago)."""
    return bool(_SAME_AUTHORS.match(strip_label(raw.strip())[1]))
