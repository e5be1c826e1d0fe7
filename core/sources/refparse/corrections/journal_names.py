"""A journal read as people's names: references printed without a title."""

from __future__ import annotations

from collections.abc import Sequence

from cite_sentinel.core.lexicon import AND_WORDS, JOURNAL_WORDS, LOCATOR_WORDS, NAME_SUFFIXES
from cite_sentinel.core.lexicon.words import name_counts
from cite_sentinel.core.sources.refparse.corrections.common import (
    LOCATOR_LABELS,
    first_run,
    goes_on_into_venue,
    is_initial,
    more_a_name,
    words_between,
    words_run,
)
from cite_sentinel.core.sources.refparse.corrections.journal_words import (
    JOURNAL_NAME_WORDS,
    a_journals_abbreviation,
    mostly_a_journals_word,
    mostly_a_venues_word,
)
from cite_sentinel.core.sources.refparse.labeller import Labelling
from cite_sentinel.core.sources.refparse.labels import Label
from cite_sentinel.core.sources.refparse.tokens import Token


def journal_read_as_last_name(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A reference printed without a title whose journal's first abbreviation was read as the
    last name of the list: "H. Rieger and N. Kawashima, Euro. Phys. J. B 9", "K. Olive, Chin.
    Phys. C 38", "J. J. H. Brouwers, J. Engrg. Math., 44". The last name, after its comma, is
    an abbreviation (an initial before it at most) going on into the venue read after it: a
    journal's word, or in a list of names with initials, a word with none and that no name
    list holds."""
    labels = list(labelling.labels)
    run = words_run(tokens, labels, Label.AUTHOR)
    if run is None or Label.TITLE in labels:
        return labelling
    first, last = run
    comma = next((i for i in range(last - 1, first, -1) if tokens[i].text in {",", "and"}), None)
    if comma is None or last + 2 >= len(tokens):
        return labelling
    initialled = is_initial(tokens[first].text)
    start = comma + 1
    word = last
    chunk = [tokens[i].text for i in range(start, last + 1)]
    has_initial = len(chunk) == 3 and is_initial(chunk[0]) and chunk[1] == "."
    if (
        not (len(chunk) == 1 or has_initial)
        or not tokens[word].text[:1].isupper()
        or is_initial(tokens[word].text)  # "van Wees, B.J .Nat Nanotechnol": J is his
    ):
        return labelling
    journal_word = tokens[word].text.lower() in JOURNAL_WORDS
    no_name = initialled and not has_initial and name_counts(tokens[word].text) == (0, 0)
    if not (journal_word or no_name) or not goes_on_into_venue(tokens, labels, word):
        return labelling
    labels[comma] = Label.OTHER
    for index in range(start, word + 2):
        labels[index] = Label.CONTAINER
    return Labelling(tuple(labels), labelling.confidence)


def journal_alone_read_as_names(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A reference of a journal and its numbers only, as patents cite the literature
    ("Cancer Res., Vol. 57, p. 1625 (1997)", "EMBO J. 4: 167-171", "Macromol. Rapid Commun.
    139-143 (1999)"), whose journal opening was read as names: where the names read open the
    reference, hold a journal's word or a word written mostly in venues' names and no word
    more a name's, and numbers follow, they are the journal's. Where a comma parts the names
    read, only what follows the last comma may be the journal ("M. Cirelli, JCAP 03 (2011)
    051": the names, then physics' short name of a journal)."""
    labels = list(labelling.labels)
    run = first_run(labels, Label.AUTHOR)
    words = [i for i, token in enumerate(tokens) if token.is_word]
    if run is None or Label.TITLE in labels or not words or run[0] != words[0]:
        return labelling
    end = run[1]
    while end + 1 < len(tokens) and (
        labels[end + 1] is Label.CONTAINER or not tokens[end + 1].is_word
    ):
        end += 1
    commas = [i for i in range(run[0], run[1]) if tokens[i].text == ","]
    start = commas[-1] + 1 if commas else run[0]
    named = [i for i in range(start, run[1] + 1) if tokens[i].is_word]
    after = next(
        (
            i
            for i in range(end + 1, len(tokens))
            if tokens[i].is_word and tokens[i].text.lower() not in LOCATOR_WORDS
        ),
        None,
    )
    if (
        after is None
        or not named
        or (commas and _the_last_name(tokens, named))
        or not tokens[after].text[0].isdigit()
        or not (
            labels[after] in LOCATOR_LABELS
            or (labels[after] is Label.DATE and Label.VOLUME in labels[after + 1 : after + 4])
        )
        or not any(mostly_a_journals_word(tokens[i].text) for i in named)
        or any(more_a_name(tokens[i].text) for i in named)
    ):
        return labelling
    if commas:
        labels[commas[-1]] = Label.OTHER
    for index in range(start, end + 1):
        if labels[index] is Label.AUTHOR or labels[index] is Label.CONTAINER:
            labels[index] = Label.CONTAINER
    while not tokens[end].is_word:
        labels[end] = Label.OTHER
        end -= 1
    return Labelling(tuple(labels), labelling.confidence)


def _the_last_name(tokens: Sequence[Token], named: Sequence[int]) -> bool:
    """Words after a comma of a name list that are the list's last name: "and" opens them,
    or an initial ("…, and N. H. March, Proc. R. Soc. A 282, 283")."""
    first = tokens[named[0]].text
    return first.lower() in AND_WORDS or (len(first) == 1 and first.isupper())


def journal_after_given_first_names(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A journal's abbreviations after names printed initials first, with no title between
    ("D. J. Thomson, J. Fluid Mech., 180, 529-556 (1987)"), read as one more name and a
    title: the part after the names' comma whose words are a journal's, each cut short by a
    full stop, with numbers after it, is the venue."""
    labels = list(labelling.labels)
    if not (len(tokens) > 2 and is_initial(tokens[0].text) and tokens[1].text == "."):
        return labelling
    for comma in range(2, len(tokens) - 3):
        if tokens[comma].text != "," or labels[comma - 1] is not Label.AUTHOR:
            continue
        stop = _abbreviated_journal_end(tokens, comma + 1)
        if stop is None:
            continue
        after = next((i for i in range(stop, len(tokens)) if tokens[i].is_word), None)
        if after is None or not tokens[after].text[0].isdigit():
            return labelling
        if any(label is Label.TITLE for i, label in enumerate(labels) if not comma < i < stop):
            return labelling
        for index in range(comma + 1, stop):
            labels[index] = Label.CONTAINER
        if tokens[stop - 1].text == ".":
            labels[stop - 1] = Label.OTHER  # the last abbreviation's full stop
        return Labelling(tuple(labels), labelling.confidence)
    return labelling


def _abbreviated_journal_end(tokens: Sequence[Token], start: int) -> int | None:
    """Where a journal's name from `start` ends, its capitalised words two or more of them cut
    short by a full stop, an initial's letter perhaps first ("J. Fluid Mech.", "Phys. Rev.
    Lett."), one a journal's, and a comma or a number after it; None where the words there
    are not so (a name's suffix, "Jr.", is no journal's)."""
    index = start
    words: list[str] = []
    cut = 0
    while index < len(tokens) and tokens[index].is_word and tokens[index].text.isalpha():
        word = tokens[index].text
        if (
            not word[:1].isupper()
            or word.lower() in NAME_SUFFIXES
            or (words and is_initial(word) and len(word) == 1)  # "M. R. TRUTER": a name's
        ):
            return None
        words.append(word)
        index += 1
        if index < len(tokens) and tokens[index].text == ".":
            cut += 1
            index += 1
    if (
        len(words) < 2
        or cut < 2
        or index >= len(tokens)
        or not (tokens[index].text == "," or tokens[index].text[:1].isdigit())
        or not any(mostly_a_journals_word(word) for word in words)
    ):
        return None
    return index


def journal_opening_read_as_initials(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """ACS's journal abbreviated after the last name's initials, with no title between
    ("Gotlib, I. H. Cogn. Ther. Res. 1998, 22, 445", "Feldstein, J. C. J. Couns. Psychol.
    1979"), its first abbreviations read as more initials: in a list of names printed family
    name first, from the first word after an initial that is written only in journals' names
    (with a "J." just before it), the names read are the journal's, where a venue or the
    numbers follow."""
    labels = list(labelling.labels)
    run = first_run(labels, Label.AUTHOR)
    if run is None or Label.TITLE in labels:
        return labelling
    first, last = run
    marks = [tokens[i].text for i in range(first, last + 1) if tokens[i].text in ",."]
    if not marks or marks[0] != ",":
        return labelling  # names printed initials first end with a family name: "J. P. COLLMAN."
    opening = next(
        (
            i
            for i in range(first + 2, last + 1)
            if tokens[i - 1].text == "."
            and is_initial(tokens[i - 2].text)
            and i + 1 < len(tokens)
            and tokens[i + 1].text == "."
            and a_journals_abbreviation(tokens[i].text)
        ),
        None,
    )
    after = next((i for i in range(last + 1, len(tokens)) if tokens[i].is_word), None)
    if (
        opening is None
        or after is None
        or not (labels[after] is Label.CONTAINER or tokens[after].text[0].isdigit())
    ):
        return labelling
    if (
        tokens[opening - 2].text == "J"
        and opening - 4 > first
        and is_initial(tokens[opening - 4].text)
    ):
        opening -= 2  # "J. Couns. Psychol." after the initials "J. C."
    end = after - 1 if labels[after] is Label.CONTAINER else last
    for index in range(opening, end + 1):
        labels[index] = Label.CONTAINER
    return Labelling(tuple(labels), labelling.confidence)


def journal_opening_read_as_a_name(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """APS's journal abbreviated after a list of names printed initials first, its first
    abbreviations read as one more name ("W. J. Lorenz, J. Magn. | Reson. B 104"): every name
    of such a list ends in a family name, so a part after its last comma whose every word is
    cut short by a full stop, one of them written only in journals' names or none of them an
    initial ("A. F. Shestakov, Russ. | J. Gen. Chem."), opens the venue read after it."""
    labels = list(labelling.labels)
    run = first_run(labels, Label.AUTHOR)
    if run is None or Label.TITLE in labels:
        return labelling
    first, last = run
    if first >= last or not (is_initial(tokens[first].text) and tokens[first + 1].text == "."):
        return labelling
    comma = next((i for i in range(last, first, -1) if tokens[i].text == ","), None)
    venue = next((i for i in range(last + 1, len(tokens)) if tokens[i].is_word), None)
    if comma is None or venue is None or labels[venue] is not Label.CONTAINER:
        return labelling
    part = [i for i in range(comma + 1, venue) if tokens[i].is_word]
    if not (
        part
        and all(i + 1 < len(tokens) and tokens[i + 1].text == "." for i in part)
        and (
            any(a_journals_abbreviation(tokens[i].text) for i in part)
            or not any(is_initial(tokens[i].text) for i in part)  # "Shestakov, Russ. | J. Gen."
        )
    ):
        return labelling
    labels[comma] = Label.OTHER
    for index in range(comma + 1, venue):
        labels[index] = Label.CONTAINER
    return Labelling(tuple(labels), labelling.confidence)


def journal_read_into_names(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A reference of names and an abbreviated journal with no title, read as one list of
    names ("Shiojima and Walsh, Circ. Res. (2002) 90", "Mischel and Cloughesy, Brain Pathol.
    (2003) 13"): the part after the list's last comma is the journal where its words are
    capitalised, one of them a journal's abbreviation cut short by a full stop, and numbers
    follow."""
    labels = list(labelling.labels)
    run = words_run(tokens, labels, Label.AUTHOR)
    if run is None or Label.TITLE in labels or Label.CONTAINER in labels:
        return labelling
    first, last = run
    comma = next((i for i in range(last - 1, first, -1) if tokens[i].text == ","), None)
    if comma is None or words_between(tokens, first, comma) < 2:
        return labelling
    part = [i for i in range(comma + 1, last + 1) if tokens[i].is_word]
    after = next((i for i in range(last + 1, len(tokens)) if tokens[i].is_word), None)
    if not (
        0 < len(part) <= JOURNAL_NAME_WORDS
        and all(tokens[i].text.isalpha() and tokens[i].text[0].isupper() for i in part)
        and not is_initial(tokens[part[0]].text)
        and any(
            i + 1 < len(tokens)
            and tokens[i + 1].text == "."
            and len(tokens[i].text) > 1
            and (tokens[i].text.lower() in JOURNAL_WORDS or mostly_a_venues_word(tokens[i].text))
            for i in part
        )
        and after is not None
        and tokens[after].text[0].isdigit()
    ):
        return labelling
    labels[comma] = Label.OTHER
    for index in range(comma + 1, last + 1):
        labels[index] = Label.CONTAINER
    return Labelling(tuple(labels), labelling.confidence)
