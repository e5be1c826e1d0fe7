"""A book's imprint (its place and publisher) where it meets the title: a place or a
publisher read as the title's end, a title's own place read as a place of publication."""

from __future__ import annotations

import re
from collections.abc import Sequence

from cite_sentinel.core.lexicon import PUBLISHER_WORDS
from cite_sentinel.core.sources.refparse.corrections.common import (
    NAME_SMALL_WORDS,
    PLACE_LENGTH,
    PUBLISHER_NAME_LENGTH,
    TITLE_WORDS,
    first_run,
    imprint_in_brackets,
    last_word,
    sentence_end,
    title_then,
    words_between,
    words_run,
)
from cite_sentinel.core.sources.refparse.labeller import Labelling
from cite_sentinel.core.sources.refparse.labels import Label
from cite_sentinel.core.sources.refparse.tokens import Token


def place_in_a_title_read_before_its_journal(
    tokens: Sequence[Token], labelling: Labelling
) -> Labelling:
    """A place at the end of an article's title, after its comma, read as a place of
    publication before the journal ("… in two alpine talus slopes, Valais, Swiss Alps.
    Geomorphology 132", "… circular na região de Colônia: Santo Amaro, São Paulo. Boletim da
    Sociedade Brasileira de Geologia, v. 3(10)"): a journal has no place of publication, so
    where the venue read after the place has a volume or an issue and no publisher was read,
    the place is the title's. A book's place before its publisher ("…, Rome, American Academy
    in Rome, 1979") has no volume after it and stays the place."""
    labels = list(labelling.labels)
    title = words_run(tokens, labels, Label.TITLE)
    if title is None or Label.PUBLISHER in labels:
        return labelling
    comma = title[1] + 1
    place = first_run(labels, Label.LOCATION)
    if place is None or place[0] != comma + 1 or tokens[comma].text != ",":
        return labelling
    last = last_word(tokens, *place)
    venue = next((i for i in range(last + 1, len(tokens)) if tokens[i].is_word), None)
    if (
        venue is None
        or labels[venue] is not Label.CONTAINER
        or tokens[last + 1].text not in ",.:"  # "Physics ,Nonlin -earDynamics": a word cut
        or words_between(tokens, place[0], last + 1) > _PLACE_WORDS
        or not any(label in (Label.VOLUME, Label.ISSUE) for label in labels[venue:])
    ):
        return labelling
    for index in range(comma, last + 1):
        labels[index] = Label.TITLE
    return Labelling(tuple(labels), labelling.confidence)


_PLACE_WORDS = 4  # words of a place at a title's end ("Valais, Swiss Alps", "Czech Republic")


def publisher_read_as_titles_end(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A book's or report's publisher printed after its title and before its place, as
    Harvard's "Title. Publisher, Place." has it ("… Using the GASB 34 Model. Government Finance
    Officers Association, Chicago.", "… History by the Lake. Cityscape Holdings Inc., Toronto."),
    read as the title's last sentence: where no venue or publisher was read and the place
    follows the title, a last sentence (or, with none, a last part after a comma) that names
    an organisation is the publisher."""
    labels = list(labelling.labels)
    title = words_run(tokens, labels, Label.TITLE)
    if title is None or Label.CONTAINER in labels or Label.PUBLISHER in labels:
        return labelling
    first, last = title
    place = next((i for i in range(last + 1, len(tokens)) if tokens[i].is_word), None)
    if (
        place is None
        or labels[place] is not Label.LOCATION
        or all(token.text != "," for token in tokens[last + 1 : place])
    ):
        return labelling
    ends = [i for i in range(first + 1, last) if sentence_end(tokens, i) and tokens[i].text == "."]
    commas = [i for i in range(first + 1, last) if tokens[i].text == ","]
    if not (ends or commas):
        return labelling
    boundary = (ends or commas)[-1]
    if words_between(tokens, first, boundary) < TITLE_WORDS:
        return labelling
    tail = [i for i in range(boundary + 1, last + 1) if tokens[i].is_word]
    if (
        not tail
        or len(tail) > PUBLISHER_NAME_LENGTH
        or not tokens[tail[0]].text[:1].isupper()
        or not any(tokens[i].text.lower() in _ORGANISATION_WORDS for i in tail)
    ):
        return labelling
    labels[boundary] = Label.OTHER
    for index in range(boundary + 1, last + 1):
        labels[index] = Label.PUBLISHER
    return Labelling(tuple(labels), labelling.confidence)


# Words that name an organisation that publishes: the lexicon's publishers' words and a few
# that name bodies more often than presses ("Association", "Society", "Holdings").
_ORGANISATION_WORDS = PUBLISHER_WORDS | {
    "association", "society", "holdings", "partnership", "fund", "trust", "federation"
}  # fmt: skip


def place_opening_read_into_title(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A book's place whose first words were read as the title's last part, the rest of it as
    the place before the publisher's colon ("Friendship Processes, Thousand | Oaks: Sage",
    "Sincerity and Authenticity. Cambridge | , MA: Harvard University Press"): the title's
    last part after its comma or full stop, one or two capitalised words, straight before the
    place or before the comma of a state's letters, is the place's."""
    labels = list(labelling.labels)
    runs = title_then(tokens, labels, Label.LOCATION)
    if runs is None:
        return labelling
    title, place = runs
    first, last = title
    between = [token.text for token in tokens[last + 1 : place[0]]]
    stop = place[1] + 1
    if stop >= len(tokens) or tokens[stop].text != ":":
        return labelling
    state = place[0] == place[1] and bool(_STATE.fullmatch(tokens[place[0]].text))
    if not (between == [] or (between == [","] and state)):
        return labelling  # "…, Hope, Charity, Farnham: Ashgate": the title's word, then a place
    if words_between(tokens, place[0], stop) > PLACE_LENGTH or Label.PUBLISHER not in labels[stop:]:
        return labelling
    boundary = next(
        (i for i in range(last - 1, first, -1) if tokens[i].text == "," or sentence_end(tokens, i)),
        None,
    )
    if boundary is None or words_between(tokens, first, boundary) < TITLE_WORDS:
        return labelling
    tail = range(boundary + 1, last + 1)
    if not 1 <= len(tail) <= PLACE_LENGTH or not all(
        tokens[i].text.isalpha() and tokens[i].text[0].isupper() for i in tail
    ):
        return labelling
    labels[boundary] = Label.OTHER
    for index in tail:
        labels[index] = Label.LOCATION
    return Labelling(tuple(labels), labelling.confidence)


_STATE = re.compile(r"[A-Z]{2}")  # a state's or a country's letters after a city: "MA", "UK"


def title_read_as_publisher_before_its_imprint(
    tokens: Sequence[Token], labelling: Labelling
) -> Labelling:
    """A book's title read as its publisher where physics prints the imprint in brackets after
    it: "L. D. Landau and E. M. Lifshitz, Mechanics (Pergamon, Oxford, 1976)." Where no title
    was read, the words between the names' comma and a bracket that holds a publisher or a
    place and the date are the title."""
    labels = list(labelling.labels)
    names = words_run(tokens, labels, Label.AUTHOR)
    if Label.TITLE in labels or names is None:
        return labelling
    start = names[1] + 2
    if start >= len(tokens) or tokens[start - 1].text != ",":
        return labelling
    bracket = next((i for i in range(start, len(tokens)) if not tokens[i].is_word), None)
    if (
        bracket is None
        or bracket == start
        or tokens[bracket].text != "("
        or bracket - start > _SHORT_TITLE_WORDS
        or any(labels[i] is not Label.PUBLISHER for i in range(start, bracket))
        or not imprint_in_brackets(tokens, labels, bracket)
    ):
        return labelling
    for index in range(start, bracket):
        labels[index] = Label.TITLE
    labels[bracket] = Label.OTHER
    return Labelling(tuple(labels), labelling.confidence)


_SHORT_TITLE_WORDS = 3  # words of a title the labeller reads as a publisher, at most


def publisher_opening_read_into_title(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A publisher's first words read as the title's last part, the rest read as the
    publisher ("… in Developing Nations, The University of | Chicago Press, Chicago, 1977.",
    "System of logic. Longmans, | Green & Co., London"): a last part after a comma that holds
    a publisher's word and only capitalised or small words, or a last sentence of one or two
    capitalised words before the publisher's comma, is the publisher's."""
    labels = list(labelling.labels)
    title = words_run(tokens, labels, Label.TITLE)
    if title is None:
        return labelling
    first, last = title
    publisher = next((i for i in range(last + 1, len(tokens)) if tokens[i].is_word), None)
    if publisher is None or labels[publisher] is not Label.PUBLISHER:
        return labelling
    between = [tokens[i].text for i in range(last + 1, publisher)]
    boundary = next(
        (i for i in range(last - 1, first, -1) if tokens[i].text == "," or sentence_end(tokens, i)),
        None,
    )
    if boundary is None or words_between(tokens, first, boundary) < TITLE_WORDS:
        return labelling
    part = [tokens[i].text for i in range(boundary + 1, last + 1)]
    if not all(text[:1].isupper() or text.lower() in NAME_SMALL_WORDS for text in part):
        return labelling
    named = any(text.lower() in PUBLISHER_WORDS for text in part)
    after_comma = tokens[boundary].text == "," and not between and named  # "…, The University of"
    after_stop = tokens[boundary].text == "." and between == [","] and 1 <= len(part) <= 2
    if not (after_comma or after_stop):
        return labelling
    labels[boundary] = Label.OTHER
    for index in range(boundary + 1, publisher):
        labels[index] = Label.PUBLISHER
    return Labelling(tuple(labels), labelling.confidence)
