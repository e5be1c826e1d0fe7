"""What the corrections share: runs of labels, counts of words, patterns and word lists."""

from __future__ import annotations

import re
from collections.abc import Sequence

from cite_sentinel.core.lexicon import (
    AND_WORDS,
    CONFERENCE_WORDS,
    JOURNAL_WORDS,
    LOCATOR_WORDS,
)
from cite_sentinel.core.lexicon.dates import YEAR, month_number
from cite_sentinel.core.lexicon.words import name_counts, word_count
from cite_sentinel.core.sources.refparse.labels import Label
from cite_sentinel.core.sources.refparse.tokens import Token

VENUE_WORDS = JOURNAL_WORDS | CONFERENCE_WORDS | LOCATOR_WORDS
# The labels of a work's numbers within its venue: volume, issue and pages.
LOCATOR_LABELS = frozenset({Label.VOLUME, Label.ISSUE, Label.PAGES})
YEAR_ALONE = re.compile(YEAR)
ROMAN_NUMBER = re.compile(r"[IVXLC]+")  # a volume's or a part's number: "Vol. II"
TITLE_WORDS = 3  # words a title keeps at least when its end is read as the journal
# Words that announce the next field and are never the start of a title.
ANNOUNCING = frozenset({"pp", "p", "vol", "no", "doi", "url", "available", "retrieved"})
PLACE_LENGTH = 2  # words of a place between a title's comma and the date after it
PUBLISHER_NAME_LENGTH = 10  # words of a publisher's name read as a title's end, at most
# Small words that join the capitalised words of a name ("Bulletin of the American …",
# "Armed Forces and Society"): never its first or last word.
NAME_SMALL_WORDS = frozenset(
    {"a", "an", "and", "the", "of", "in", "on", "for", "to", "with", "de", "des", "du", "der",
     "la", "für", "&"}
)  # fmt: skip
# Quotation marks a title may be printed in: each opening mark and the mark that closes it.
QUOTES = {"'": "'", '"': '"', "“": "”", "‘": "’", "«": "»", "„": "“", "‚": "‘"}


def is_initial(text: str) -> bool:
    """Whether a word is an initial or a few of them run together: "J", "JP", "JPM"."""
    return text.isalpha() and text.isupper() and len(text) <= 3


def words_run(
    tokens: Sequence[Token], labels: Sequence[Label], label: Label
) -> tuple[int, int] | None:
    """Where the first run of `label` starts and where its last word is (the punctuation the
    run ends with left out), or None."""
    run = first_run(labels, label)
    if run is None:
        return None
    return run[0], last_word(tokens, *run)


def last_word(tokens: Sequence[Token], first: int, last: int) -> int:
    """Where the last word between `first` and `last` (both included) is, the punctuation
    after it left out; `first` where there is none."""
    while last > first and not tokens[last].is_word:
        last -= 1
    return last


def words_between(tokens: Sequence[Token], start: int, stop: int) -> int:
    """Words of letters between `start` and `stop`."""
    return sum(1 for token in tokens[start:stop] if token.text.isalpha())


def abbreviated(tokens: Sequence[Token], start: int, stop: int) -> bool:
    """Whether every word between `start` and `stop` is cut short by a full stop, as a
    journal's abbreviations are ("Biochim. Biophys. Acta")."""
    words = [i for i in range(start, stop) if tokens[i].text.isalpha()]
    return all(i + 1 < len(tokens) and tokens[i + 1].text == "." for i in words)


def any_cut_short(tokens: Sequence[Token], words: Sequence[int]) -> bool:
    """Whether a full stop follows any of the words at `words`: an abbreviation or an
    initial among them ("Russ. J.", "A. Smith")."""
    return any(i + 1 < len(tokens) and tokens[i + 1].text == "." for i in words)


def initials_after_and(tokens: Sequence[Token], initial: int, first: int = 0) -> bool:
    """Whether "and", as printed, opens the run of initials that ends at `initial` ("…, and
    R. V. | Nicholls", "and A. | Vermeulen"), within the tokens from `first`; an initial "A"
    is never Czech "a"."""
    start = initial
    while (
        start - 2 >= first and tokens[start - 1].text == "." and is_initial(tokens[start - 2].text)
    ):
        start -= 2
    return start > first and tokens[start - 1].text in AND_WORDS


def plain_word(token: Token) -> bool:
    """A word that opens titles more often than it names people ("In", "Editing"; not
    "Kernighan")."""
    text = token.text
    if not token.is_word or text[0].isdigit() or text.lower() in ANNOUNCING:
        return False
    return word_count(text) > sum(name_counts(text))


def goes_on_into_venue(tokens: Sequence[Token], labels: Sequence[Label], word: int) -> bool:
    """Whether a word is cut short by a full stop and the venue read goes on after it."""
    return (
        word + 2 < len(tokens)
        and tokens[word + 1].text == "."
        and Label.CONTAINER in (labels[word], labels[word + 2])
    )


def first_run(labels: Sequence[Label], label: Label) -> tuple[int, int] | None:
    """Where the first run of `label` starts and ends (both included), or None."""
    if label not in labels:
        return None
    first = labels.index(label)
    last = first
    while last + 1 < len(labels) and labels[last + 1] is label:
        last += 1
    return first, last


def more_a_name(text: str) -> bool:
    """A capitalised word written more often as a person's name than as a word ("Carroll",
    not "Cancer")."""
    names = sum(name_counts(text))
    return text[:1].isupper() and names > 0 and names >= word_count(text)


def vancouver_dated(tokens: Sequence[Token]) -> bool:
    """Vancouver's date and locators, "2004;430:209" or "2004 Jan 5;430:209": a style that
    closes each field with a full stop and writes its journals without any."""
    for index in range(len(tokens) - 1):
        if not YEAR_ALONE.fullmatch(tokens[index].text):
            continue
        after = [token.text for token in tokens[index + 1 : index + 4]]
        if after[0] == ";" or (month_number(after[0]) and ";" in after[1:]):
            return True
    return False


def sentence_end(tokens: Sequence[Token], index: int) -> bool:
    """A full stop, question or exclamation mark after a word longer than an initial, or a
    colon: where the words of a title's part end."""
    text = tokens[index].text
    if text == ":":
        return True
    return text in ".?!" and index > 0 and not is_initial(tokens[index - 1].text)


def title_then(
    tokens: Sequence[Token], labels: Sequence[Label], label: Label
) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """The title's words (as `words_run` gives them) and the first run of `label`, where that
    run starts after the title's last word; None where either is missing or it does not."""
    title = words_run(tokens, labels, Label.TITLE)
    after = first_run(labels, label)
    if title is None or after is None or after[0] <= title[1]:
        return None
    return title, after


def imprint_in_brackets(tokens: Sequence[Token], labels: Sequence[Label], start: int) -> bool:
    """Whether a bracket opens at `start` around a book's imprint as physics prints it: a
    publisher or a place, and the date ("(Wiley, New York, 1993)")."""
    if start >= len(tokens) or tokens[start].text != "(":
        return False
    inside: set[Label] = set()
    for index in range(start + 1, len(tokens)):
        if tokens[index].text == ")":
            break
        inside.add(labels[index])
    return Label.DATE in inside and bool(inside & {Label.PUBLISHER, Label.LOCATION})
