"""Where a title starts and ends: the names before it, the edition, imprint, venue or note
after it."""

from __future__ import annotations

import re
from collections.abc import Sequence

from cite_sentinel.core.lexicon import (
    EDITOR_WORDS,
    IN_WORDS,
    LOCATOR_WORDS,
    PUBLISHER_WORDS,
)
from cite_sentinel.core.lexicon.dates import YEAR
from cite_sentinel.core.lexicon.kinds import is_descriptor, kind_of_genre
from cite_sentinel.core.sources.refparse.corrections.common import (
    LOCATOR_LABELS,
    NAME_SMALL_WORDS,
    PLACE_LENGTH,
    PUBLISHER_NAME_LENGTH,
    QUOTES,
    ROMAN_NUMBER,
    TITLE_WORDS,
    VENUE_WORDS,
    YEAR_ALONE,
    abbreviated,
    first_run,
    initials_after_and,
    is_initial,
    last_word,
    plain_word,
    sentence_end,
    title_then,
    words_between,
)
from cite_sentinel.core.sources.refparse.corrections.journal_words import (
    a_venues_word,
    mostly_a_venues_word,
)
from cite_sentinel.core.sources.refparse.labeller import Labelling
from cite_sentinel.core.sources.refparse.labels import Label
from cite_sentinel.core.sources.refparse.tokens import Token

_YEAR_THEN_NAME = re.compile(rf"{YEAR}$")
# An edition after a title's last word, in the title's tokens joined by one space: its mark
# (a comma, a full stop, an opening bracket), then "2nd ed", "1 éd", "3e édition", "2. Auflage",
# "Revised Edition", "revised 3rd edition", and the full stop or closing bracket after it.
_EDITION_AT_END = re.compile(
    r" [,.(] (?:(?:revised|rev|second|third|fourth|fifth|new|expanded|updated|enlarged) (?:\. )?)?"
    r"(?:\d+ ?(?:st|nd|rd|th|e|er|ème|\.)? ?|(?:revised|second|third|fourth|fifth|new|expanded"
    r"|updated|enlarged) )?(?:ed|edn|edition|éd|édition|aufl|auflage|izd)(?: \.)?(?: \))?$",
    re.IGNORECASE,
)
_IMPRINT_TOKENS = 24  # tokens a book's bracketed imprint runs over at most
_IMPRINT_YEAR = re.compile(r"1[5-9]\d\d|20\d\d")
_OPENING_BRACKETS = frozenset("([")
_CLOSING_BRACKETS = frozenset(")]")
_QUOTE_MARKS = frozenset(QUOTES) | frozenset(QUOTES.values())
_BRACKETS = frozenset("()[]")
_DOCUMENT_NUMBER = re.compile(r"[A-Z]{0,4}\d[\dA-Z]*(?:-[\dA-Z]+)+")
_EDITION_WORDS = frozenset({"ed", "edn", "edition", "éd", "édition", "aufl", "auflage", "edição"})
# "by" after an editor's or translator's mark, in the languages references are printed in.
_BY = frozenset({"by", "von", "par", "di", "por", "door"})
_TRANSLATOR_MARKS = frozenset({"trans", "transl", "translated", "translator", "übers"})
# A locator's word after a title's comma and the field its number is; None: no field's.
# How a book's count of volumes is printed: "2 vols.", "3 volumes", "4 Bde.", "2 t."
_VOLUMES = frozenset({"vols", "volumes", "vol", "bde", "bände", "t", "tomes", "tomos", "voll"})
_LOCATED: dict[str, Label | None] = {
    "vol": Label.VOLUME, "volume": Label.VOLUME, "no": Label.ISSUE, "nr": Label.ISSUE,
    "issue": Label.ISSUE, "p": Label.PAGES, "pp": Label.PAGES, "pages": Label.PAGES,
    "ch": None, "chap": None, "chapter": None, "sec": None, "sect": None, "section": None,
}  # fmt: skip


def title_words_before(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """Words read as belonging to no field right before a title are the title's first words
    ("In Defense of …", "Editing in Style: …"): a field's announcing word ("In:", "pp.") is
    never followed directly by a title."""
    labels = list(labelling.labels)
    for index in range(len(tokens) - 1, 0, -1):
        if labels[index] is not Label.TITLE or labels[index - 1] is not Label.OTHER:
            continue
        start = index
        while start > 0 and labels[start - 1] is Label.OTHER and plain_word(tokens[start - 1]):
            start -= 1
        if start < index and (start == 0 or not tokens[start - 1].is_word):
            if Label.TITLE in labels[:start]:
                continue  # a second title after the first's end: "… History.” In Performing …"
            for inside in range(start, index):
                labels[inside] = Label.TITLE
    return Labelling(tuple(labels), labelling.confidence)


def word_before_colon(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A word between a name list's closing initial and a colon opens the title, not the
    names: "Kan, M.-Y. FANG: Leveraging …", "Gil, H. Whiskers: Exploring …" (a name before a
    colon, DIN's "Berger, Jens: …", follows a comma, and so does the family name of the last
    author after "and", "…, and A. Vermeulen: Agricultural …")."""
    labels = list(labelling.labels)
    for index in range(2, len(tokens) - 2):
        if (
            labels[index] is Label.AUTHOR
            and tokens[index].is_word
            and tokens[index + 1].text == ":"
            and tokens[index - 1].text == "."
            and is_initial(tokens[index - 2].text)
            and labels[index + 2] is Label.TITLE
            and not initials_after_and(tokens, index - 2)
        ):
            labels[index] = labels[index + 1] = Label.TITLE
    return Labelling(tuple(labels), labelling.confidence)


def title_inside_container(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A reference read with no title whose venue runs over a sentence's end holds its title
    before that end: "(2021). Agent Incentives: A Causal Perspective. Thirty-Fifth AAAI
    Conference …"; a question's subtitle after it is the title's too ("Are Dictatorships
    Returning? Revisiting the … Hypothesis. Contemporary Politics"). A journal's
    abbreviations ("Phys. Rev. Lett.") end no sentence."""
    labels = list(labelling.labels)
    run = first_run(labels, Label.CONTAINER)
    if Label.TITLE in labels or run is None:
        return labelling
    first, last = run
    if not any(label in (Label.AUTHOR, Label.DATE) for label in labels[:first]):
        return labelling
    stops = [
        stop
        for stop in range(first + 2, last - 1)
        if _ends_a_title(tokens, stop)
        and words_between(tokens, first, stop) >= 2
        and not abbreviated(tokens, first, stop)
        and words_between(tokens, stop + 1, last + 1) >= 2
    ]
    if not stops:
        return labelling
    stop = stops[0]
    if tokens[stop].text in "?!" and len(stops) > 1:
        stop = stops[1]  # a question and its subtitle: "Are Dictatorships Returning? Revisiting …"
    for inside in range(first, stop):
        labels[inside] = Label.TITLE
    labels[stop] = Label.OTHER
    return Labelling(tuple(labels), labelling.confidence)


def title_read_on_as_venue(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A book's subtitle whose last part after a comma was read as the venue ("A history of
    Christian education: Protestant, | Catholic and Orthodox perspectives. Malabar FA:
    Krieger."): a venue of no venue's words that a place or a publisher follows, with no
    volume, issue or pages anywhere, is no journal's, and the title goes on over it."""
    labels = list(labelling.labels)
    title = first_run(labels, Label.TITLE)
    venue = first_run(labels, Label.CONTAINER)
    if title is None or venue is None or venue[0] != title[1] + 2:
        return labelling
    if tokens[title[1] + 1].text != "," or any(label in LOCATOR_LABELS for label in labels):
        return labelling
    if ":" not in (tokens[i].text for i in range(*title)) or any(
        tokens[i].is_word and a_venues_word(tokens[i].text) for i in range(venue[0], venue[1] + 1)
    ):
        return labelling  # a subtitle's list goes on; "…, Proceedings of …, Tokyo" is a venue
    after = next((i for i in range(venue[1] + 1, len(tokens)) if tokens[i].is_word), None)
    if after is None or labels[after] not in (Label.LOCATION, Label.PUBLISHER):
        return labelling
    for inside in range(title[1] + 1, venue[1] + 1):
        labels[inside] = Label.TITLE
    return Labelling(tuple(labels), labelling.confidence)


def title_goes_on_after_a_quotation(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A title that quotes a phrase, read as ending at the quotation's closing mark: "The
    "avoidable death" guide to Europe. Health Policy.", "… of “Gaien” in Nagoya, Japan. J.
    Jpn. Inst. Landsc. Archit." The words after the mark, in lower case (or in capitals, in a
    title written in title case: "Revisiting the ‘Democratic Rollback’ Hypothesis. Contemporary
    Politics"), are the title's up to its full stop; the venue starts after it."""
    labels = list(labelling.labels)
    runs = title_then(tokens, labels, Label.CONTAINER)
    if runs is None:
        return labelling
    (first, last), (venue, venue_end) = runs
    closing = tokens[last + 1].text if last + 1 < venue else ""
    opening = next(
        (i for i in range(first + 1, last) if tokens[i].text == _OPENING_OF.get(closing)), None
    )
    between = range(last + 2, venue)  # words after the mark read as no field: "” in Nagoya"
    if (
        opening is None
        or not (tokens[last + 2].text.islower() or _title_case(tokens, first, last + 2))
        or any(labels[i] is not Label.OTHER for i in between)
    ):
        return labelling
    stop = next((i for i in range(venue + 1, venue_end) if tokens[i].text == "."), None)
    if stop is None or not tokens[stop + 1].text[:1].isupper():
        return labelling
    for inside in range(last + 1, stop):
        labels[inside] = Label.TITLE
    labels[stop] = Label.OTHER
    return Labelling(tuple(labels), labelling.confidence)


_OPENING_OF = {closing: opening for opening, closing in QUOTES.items()}


def _title_case(tokens: Sequence[Token], first: int, word: int) -> bool:
    """Whether the title from `first` is written in title case, every word but the small ones
    capitalised, and so is the word at `word`."""
    words = [tokens[i].text for i in range(first, word + 1) if tokens[i].text.isalpha()]
    long = [text for text in words if text.lower() not in NAME_SMALL_WORDS]
    return len(long) >= TITLE_WORDS and all(text[:1].isupper() for text in long)


def number_read_as_titles_last_sentence(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A title read on over its full stop into a sentence of only a standard's or a report's
    number ("… at Petroleum Release Sites. E1943-98.", "… Ground Motions. EC 1110-2-6000.") or
    a year ("The Archaeology of Knowledge. 1969. Trans. …", the first edition's): the title
    ends at its full stop; the number is an identifier, the year the date where none was
    read."""
    labels = list(labelling.labels)
    run = first_run(labels, Label.TITLE)
    if run is None:
        return labelling
    first, last = run
    stop = next(
        (i for i in range(last_word(tokens, first, last), first, -1) if tokens[i].text == "."),
        None,
    )
    if stop is None or words_between(tokens, first, stop) < TITLE_WORDS:
        return labelling
    tail = [i for i in range(stop + 1, last + 1) if tokens[i].text not in ".,"]
    if len(tail) == 1 and YEAR_ALONE.fullmatch(tokens[tail[0]].text):
        field = Label.OTHER if Label.DATE in labels else Label.DATE
    elif 1 <= len(tail) <= 2 and _a_documents_number(tokens, tail):
        field = Label.IDENTIFIER
    else:
        return labelling
    for index in range(stop, last + 1):
        labels[index] = field if index in tail else Label.OTHER
    return Labelling(tuple(labels), labelling.confidence)


def _a_documents_number(tokens: Sequence[Token], tail: Sequence[int]) -> bool:
    """Whether the words are a standard's or a report's number: a code of capitals, digits and
    hyphens, perhaps after a few capitals naming its series ("E1943-98", "EC 1110-2-6000")."""
    *series, code = (tokens[i].text for i in tail)
    return (
        bool(_DOCUMENT_NUMBER.fullmatch(code))
        and any(char.isdigit() for char in code)
        and "-" in code
        and all(word.isupper() and word.isalpha() and len(word) <= 4 for word in series)
    )


def imprint_read_as_title(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A work cited by its title alone, then its imprint ("National Statistical Yearbook.
    Ljubljana: Statistical Office of the Republic of Slovenia."), whose title was read as its
    authors and its imprint as the title: the words before the full stop are the title, the
    place before the colon the place, the rest the publisher."""
    labels = list(labelling.labels)
    names = first_run(labels, Label.AUTHOR)
    title = first_run(labels, Label.TITLE)
    words = [i for i, token in enumerate(tokens) if token.is_word]
    if names is None or title is None or not words or names[0] != words[0]:
        return labelling
    stop = names[1] + 1
    if stop >= len(tokens) or tokens[stop].text != "." or title[0] != stop + 1:
        return labelling
    if any(tokens[i].text in ",;&" or is_initial(tokens[i].text) for i in range(*names)):
        return labelling  # a list of names, or one with its initials
    colon = next((i for i in range(title[0], title[1] + 1) if tokens[i].text == ":"), None)
    if colon is None or not 1 <= words_between(tokens, title[0], colon) <= PLACE_LENGTH:
        return labelling
    publisher = [i for i in range(colon + 1, title[1] + 1) if tokens[i].is_word]
    if not publisher or not any(tokens[i].text.lower() in PUBLISHER_WORDS for i in publisher):
        return labelling
    for index in range(names[0], stop):
        labels[index] = Label.TITLE
    for index in range(title[0], title[1] + 1):
        if index < colon:
            labels[index] = Label.LOCATION if tokens[index].is_word else Label.OTHER
        else:
            labels[index] = Label.PUBLISHER if index > colon else Label.OTHER
    return Labelling(tuple(labels), labelling.confidence)


def title_before_in(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A reference read with no title, names and then venue words up to "in:" and the venue
    after it: the words before "in:" are the title ("J. van Dijk, Memory, Grief and the
    Archive, in: Proceedings of …", Copernicus's "Zhu, Y.: Glacier retreat in the Alps, in:
    EGU, 2020"). A title never ends in "in:"; a venue is what it announces."""
    labels = list(labelling.labels)
    run = first_run(labels, Label.CONTAINER)
    if Label.TITLE in labels or run is None or Label.AUTHOR not in labels[: run[0]]:
        return labelling
    first = run[0]
    announced = next(
        (
            index
            for index in range(first + 2, len(tokens) - 2)
            if tokens[index].text.lower() == "in"
            and tokens[index - 1].text in ",."
            and tokens[index + 1].text == ":"
        ),
        None,
    )
    if (
        announced is None
        or labels[announced + 2] is not Label.CONTAINER
        or any(label is not Label.CONTAINER for label in labels[first : announced - 1])
        or words_between(tokens, first, announced - 1) < 2
    ):
        return labelling
    for inside in range(first, announced - 1):
        labels[inside] = Label.TITLE
    for inside in range(announced - 1, announced + 2):
        labels[inside] = Label.OTHER
    return Labelling(tuple(labels), labelling.confidence)


def title_run_past_in(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A title read on past "In" after its full stop or comma ("Expressing musical features
    … using ACE XML 2.0. In Structuring Music through Markup Language, ed. J. Steyn", "…
    Table-Fellowship, in The Social World of Luke-Acts", "…, in: Behindertenpädagogik"), with
    no venue read: a chapter's title ends there, and the book it is in is the venue. "In"
    opens the book's title with a capital after it, or a colon; a title of one word ends
    there where the book's editors follow ("Magnetometry. In Remote Sensing in Archaeology,
    edited by J.K. Johnson")."""
    labels = list(labelling.labels)
    run = first_run(labels, Label.TITLE)
    if run is None or Label.CONTAINER in labels:
        return labelling
    first, last = run
    announced = next(
        (
            index
            for index in range(first + 2, last - 1)
            if tokens[index].text.lower() == "in"
            and tokens[index - 1].text in ",."
            and (
                tokens[index + 1].text == ":"  # German "In:", "in:"
                or (
                    (tokens[index].text == "In" or tokens[index - 1].text == ",")
                    and tokens[index + 1].text[:1].isupper()
                )
            )
        ),
        None,
    )
    if announced is None:
        return labelling
    words = words_between(tokens, first, announced - 1)
    if words < 2 and not (words == 1 and Label.EDITOR in labels[announced:]):
        return labelling  # a one-word title where the book's editors say it is a chapter
    book = announced + 2 if tokens[announced + 1].text == ":" else announced + 1
    for inside in range(announced - 1, last + 1):
        labels[inside] = Label.CONTAINER if inside >= book else Label.OTHER
    return Labelling(tuple(labels), labelling.confidence)


def edition_read_into_title(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """An edition printed after a title, set off by a comma, a full stop or a bracket ("A
    Treatise on the Calculus of Finite Differences, 2nd ed.", "L'écriture et la différence
    (1 éd.)", "… Semantics. Revised Edition", "Droit constitutionnel (29e édition)"), read as
    the title's end, is the edition."""
    labels = list(labelling.labels)
    run = first_run(labels, Label.TITLE)
    if run is None:
        return labelling
    first, last = run
    number = last if tokens[last].is_word else last - 1
    if _edition_number_at_end(tokens, first, number):  # ABNT's "… 1º a 120. 2. ed. São Paulo"
        labels[number - 1] = labels[last] = Label.OTHER
        labels[number] = Label.EDITION
        return Labelling(tuple(labels), labelling.confidence)
    title = " ".join(tokens[index].text for index in range(first, last + 1))
    match = _EDITION_AT_END.search(title)
    if match is None:
        return labelling
    words_before = len(title[: match.start()].split())
    if words_before < 2:
        return labelling
    start = first + words_before  # tokens are joined by one space each
    labels[start] = Label.OTHER  # the comma, full stop or bracket before it
    for index in range(start + 1, last + 1):
        labels[index] = Label.EDITION if tokens[index].is_word else Label.OTHER
    return Labelling(tuple(labels), labelling.confidence)


def _edition_number_at_end(tokens: Sequence[Token], first: int, last: int) -> bool:
    """Whether a title's last token is an edition's number whose word follows it: "… 120. 2 |
    . ed.", "… Logik, 2 | . Aufl."."""
    return (
        last - first >= TITLE_WORDS
        and tokens[last].text.isdigit()
        and len(tokens[last].text) <= 2
        and tokens[last - 1].text in ".,"
        and last + 2 < len(tokens)
        and tokens[last + 1].text == "."
        and tokens[last + 2].text.lower() in _EDITION_WORDS
    )


def imprint_read_into_title(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A book's imprint in brackets after its title, as physics and mathematics print it
    ("G. B. Whitham, Linear and Nonlinear Waves (John Wiley Pub., New York, 1974)"), read as
    the title's end: the title ends before the bracket, whose words up to its year are the
    publisher and its place. A bracket that holds no year and no comma ("(with
    discussion)", "(PhysTeV2015)") is not an imprint."""
    labels = list(labelling.labels)
    run = first_run(labels, Label.TITLE)
    if run is None:
        return labelling
    first, last = run
    opening = next((i for i in range(last, first, -1) if tokens[i].text in "()"), None)
    if opening is None or tokens[opening].text != "(" or words_between(tokens, first, opening) < 2:
        return labelling
    closing = next(
        (
            i
            for i in range(last + 1, min(len(tokens), opening + _IMPRINT_TOKENS))
            if tokens[i].text == ")"
        ),
        None,
    )
    if closing is None:
        return labelling
    inside = range(opening + 1, closing)
    year = next((i for i in inside if _IMPRINT_YEAR.fullmatch(tokens[i].text)), None)
    if year is None or not any(tokens[i].text == "," for i in inside):
        return labelling
    labels[opening] = Label.OTHER
    for index in range(opening + 1, year):
        if labels[index] is Label.TITLE:
            labels[index] = Label.PUBLISHER if tokens[index].is_word else Label.OTHER
    if Label.DATE not in labels:
        labels[year] = Label.DATE
    return Labelling(tuple(labels), labelling.confidence)


def title_run_into_venue(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """IOP prints the title and the venue with no mark between them: "2019 Neutrino
    oscillations in dense matter Proceedings of the 39th …", "2016 Observation of spin waves
    in thin films Phys. Rev. Lett. 116". A venue starts with a capital and a venue word; the
    title's words in sentence case before it, read as the venue, are the title's."""
    labels = list(labelling.labels)
    run = first_run(labels, Label.CONTAINER)
    if run is None:
        return labelling
    first, last = run
    start = first
    title = Label.TITLE in labels
    if title:  # the title read up to "in", the rest of it as the venue: "waves in thin films"
        start = first - 1
        while start >= 0 and labels[start] is Label.OTHER and tokens[start].text.islower():
            start -= 1
        if start < 0 or labels[start] is not Label.TITLE or not tokens[first].text.islower():
            return labelling
        start += 1
    elif not (
        first + 2 <= last
        and tokens[first].text[0].isupper()
        and tokens[first].text.lower() not in VENUE_WORDS
        and tokens[first + 1].text.islower()
    ):
        return labelling  # no title, and the venue does not open in sentence case
    opening = next(
        (
            index
            for index in range(first + 1, last + 1)
            if tokens[index].text[0].isupper()
            and tokens[index - 1].text.islower()
            and (
                tokens[index].text.lower() in VENUE_WORDS
                or (title and mostly_a_venues_word(tokens[index].text))
            )
        ),
        None,
    )
    if (
        opening is None
        or tokens[opening - 1].text in NAME_SMALL_WORDS  # "Bulletin of the American …"
        or (
            not title
            and (
                words_between(tokens, first, opening) < 3
                or any(tokens[i].text[0].isupper() for i in range(first + 1, opening))
            )
        )
    ):
        return labelling
    for inside in range(start, opening):
        labels[inside] = Label.TITLE
    return Labelling(tuple(labels), labelling.confidence)


def _ends_a_title(tokens: Sequence[Token], stop: int) -> bool:
    before, after = tokens[stop - 1].text, tokens[stop + 1].text
    if tokens[stop].text not in ".!?" or not before.isalpha() or len(before) < 4:
        return False
    if before.lower() in VENUE_WORDS:
        return False
    return after[0].isupper() or bool(_YEAR_THEN_NAME.match(after))


def publisher_after_title(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A title that runs on over "; Publisher: Place" holds ACS's book imprint: "Elements of
    Topology; Acad. Press: New York, 1971". The part between the semicolon and the colon
    names a publisher (a word such as "Press", "Wiley", "Verlag"), the part after is short."""
    labels = list(labelling.labels)
    run = first_run(labels, Label.TITLE)
    if run is None or Label.PUBLISHER in labels:
        return labelling
    first, last = run
    semicolon = next((i for i in range(first + 2, last) if tokens[i].text == ";"), None)
    if semicolon is None:
        return labelling
    colon = next((i for i in range(semicolon + 2, last) if tokens[i].text == ":"), None)
    if (
        colon is None
        or words_between(tokens, semicolon, colon) > 6
        or words_between(tokens, colon, last + 1) > 4
    ):
        return labelling
    if not any(tokens[i].text.lower() in PUBLISHER_WORDS for i in range(semicolon, colon)):
        return labelling
    labels[semicolon] = labels[colon] = Label.OTHER
    for inside in range(semicolon + 1, colon):
        labels[inside] = Label.PUBLISHER
    for inside in range(colon + 1, last + 1):
        labels[inside] = Label.LOCATION
    return Labelling(tuple(labels), labelling.confidence)


def place_and_publisher_after_title(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A book's imprint read as its title's last sentence: "Managing Work and Family Life …
    in the EU. Leeds: Centre for the Study of Law and Policy in Europe", "… approach. London,
    UK: BMJ Publishing Group". After the title's full stop, a place (a few capitalised words)
    and a colon, and then a publisher's name (a word such as "Press", "Centre", "Verlag"), or
    a place and its state read into the title before the publisher read as one ("… Education.
    White River Junction (VT): Chelsea Green"): the title ends at its full stop. Where the
    date follows, the publisher is any name in capitals, a person's firm too, and it may
    follow the title's comma ("The Spirit and the Forms of Love, Welwyn: James Nisbet, 1968.",
    "… la relation d'aide. Lyon : Chronique Sociale, 2012.")."""
    labels = list(labelling.labels)
    run = first_run(labels, Label.TITLE)
    if run is None or any(label in (Label.PUBLISHER, Label.LOCATION) for label in labels[: run[0]]):
        return labelling
    first, last = run
    placed = _place_ending_title(tokens, labels, first, last)
    if placed is not None:
        labels[placed] = Label.OTHER
        for index in range(placed + 1, last + 1):
            labels[index] = Label.LOCATION if tokens[index].is_word else Label.OTHER
        return Labelling(tuple(labels), labelling.confidence)
    dated = _a_date_ends(tokens, labels, last)
    for stop in range(first + 3, last - 2):
        if tokens[stop].text not in ".," or not tokens[stop - 1].is_word:
            continue
        colon = next(
            (i for i in range(stop + 2, min(last, stop + 6)) if tokens[i].text == ":"), None
        )
        if colon is None or words_between(tokens, first, stop) < TITLE_WORDS:
            continue
        place = [i for i in range(stop + 1, colon) if tokens[i].is_word]
        publisher = [i for i in range(colon + 1, last + 1) if tokens[i].is_word]
        named = any(tokens[i].text.lower() in PUBLISHER_WORDS for i in publisher)
        if dated and not named:  # "…, Welwyn: James Nisbet, 1968", "… Lyon : Chronique Sociale"
            named = all(tokens[i].text[:1].isupper() for i in publisher)
        elif tokens[stop].text == ",":
            named = named and dated
        if (
            1 <= len(place) <= PLACE_LENGTH + 1
            and all(tokens[i].text[:1].isupper() for i in place)
            and 1 <= len(publisher) <= PUBLISHER_NAME_LENGTH
            and named
        ):
            labels[stop] = labels[colon] = Label.OTHER
            for index in range(stop + 1, colon):
                labels[index] = Label.LOCATION if tokens[index].is_word else Label.OTHER
            for index in range(colon + 1, last + 1):
                labels[index] = Label.PUBLISHER
            return Labelling(tuple(labels), labelling.confidence)
    return labelling


def _a_date_ends(tokens: Sequence[Token], labels: Sequence[Label], last: int) -> bool:
    """Whether the date follows the title that ends at `last` straight away: "…, 1968."."""
    after = next((i for i in range(last + 1, len(tokens)) if tokens[i].is_word), None)
    return after is not None and labels[after] is Label.DATE


def _place_ending_title(
    tokens: Sequence[Token], labels: Sequence[Label], first: int, last: int
) -> int | None:
    """The full stop before a place read as a title's last sentence, where the publisher was
    read after it ("… Higher Education. White River Junction (VT): Chelsea Green."): a few
    capitalised words, perhaps a state's letters in brackets, then the colon and the
    publisher. None where the title does not end so."""
    after = last + 1
    while after < len(tokens) and tokens[after].text == ")" and labels[after] is Label.OTHER:
        after += 1
    if not (
        after + 1 < len(tokens)
        and tokens[after].text == ":"
        and labels[after + 1] is Label.PUBLISHER
    ):
        return None
    stop = next((i for i in range(last, first, -1) if tokens[i].text == "."), None)
    if stop is None or words_between(tokens, first, stop) < TITLE_WORDS:
        return None
    place = [i for i in range(stop + 1, last + 1) if tokens[i].is_word]
    if not 1 <= len(place) <= PLACE_LENGTH + 2 or not all(
        tokens[i].text[:1].isupper() for i in place
    ):
        return None
    if any(tokens[i].text not in "()" for i in range(stop + 1, last + 1) if not tokens[i].is_word):
        return None
    return stop


def name_of_a_link(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A reference of a name and a link only ("axodraw: http://www.nikhef.nl/…", "CTAN:
    http://www.ctan.org"), software or a web page cited by its name: the words before the link
    are its title, whatever the labeller made of them."""
    labels = list(labelling.labels)
    if Label.URL not in labels or any(
        label in (Label.TITLE, Label.AUTHOR, Label.CONTAINER, Label.PUBLISHER) for label in labels
    ):
        return labelling
    link = labels.index(Label.URL)
    words = [index for index in range(link) if tokens[index].is_word]
    if not words or any(labels[index] not in (Label.NOTE, Label.OTHER) for index in words):
        return labelling
    for inside in range(words[0], words[-1] + 1):
        labels[inside] = Label.TITLE
    return Labelling(tuple(labels), labelling.confidence)


def title_read_as_note(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """Where no title was read, a note right after the names (and their year) with an imprint
    or "In" and the venue after it is the title: "World Health Organization. Global
    tuberculosis report 2023 [Internet]. Geneva: WHO; 2023", "D Lehmann. Belief revision,
    revised. In Proceedings IJCAI-95". The labeller's doubt stays with it, so it is never
    grounds for fabricated."""
    labels = list(labelling.labels)
    if Label.TITLE in labels or Label.AUTHOR not in labels:
        return labelling
    index = labels.index(Label.AUTHOR)
    while index < len(labels) and labels[index] in (Label.AUTHOR, Label.DATE, Label.OTHER):
        if labels[index] is Label.OTHER and tokens[index].is_word:
            return labelling
        index += 1
    if index == len(labels) or labels[index] is not Label.NOTE:
        return labelling
    stop = index
    while stop < len(labels) and labels[stop] is Label.NOTE:
        stop += 1
    # a report's or a book's imprint follows its title, and "In" the book or proceedings a
    # chapter's does; a status ("work in preparation", "Preprint 1403.4822") follows nothing
    if not any(label in (Label.PUBLISHER, Label.LOCATION) for label in labels[stop:]) and not (
        _announces_the_container(tokens, labels, stop)
    ):
        return labelling
    for inside in range(index, stop):
        labels[inside] = Label.TITLE
    return Labelling(tuple(labels), labelling.confidence)


def _announces_the_container(tokens: Sequence[Token], labels: Sequence[Label], stop: int) -> bool:
    """Whether "In" (or "in:") after a full stop or comma at `stop` opens the venue read."""
    index = stop
    while index < len(tokens) and not tokens[index].is_word:
        index += 1
    return (
        index > stop
        and index + 1 < len(tokens)
        and tokens[index].text.lower() in IN_WORDS
        and any(labels[i] is Label.CONTAINER for i in range(index + 1, min(index + 3, len(tokens))))
    )


def title_ends_at_an_open_bracket(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A title read on into a bracket it does not close ("Stochastic Processes in Physics and
    Chemistry (Lect. Notes Math., Vol. 888)", "Encounters with Verdi, Richard Stokes
    (trans.)") ends before the bracket: what a bracket opened after a title holds is a
    series, a translator or an imprint, and a title holds its brackets whole."""
    labels = list(labelling.labels)
    run = first_run(labels, Label.TITLE)
    if run is None:
        return labelling
    first, last = run
    brackets = [i for i in range(first, last + 1) if tokens[i].text in _BRACKETS]
    if not brackets or tokens[brackets[-1]].text not in _OPENING_BRACKETS:
        return labelling
    after = last + 1
    while after < len(tokens) and not tokens[after].is_word:
        if tokens[after].text in _CLOSING_BRACKETS:
            return labelling  # the title's own bracket, closed after it: "(L.).", "(s.) dans"
        after += 1
    opening = brackets[-1]
    if words_between(tokens, first, opening) < 2:
        return labelling
    opened = labels.index(Label.TITLE)
    if any(tokens[i].text in _QUOTE_MARKS for i in range(max(opened - 1, 0), opened + 1)):
        return labelling  # a quoted title is what its marks hold: "“… Texts (1 Enoch …”"
    for index in range(opening, last + 1):
        labels[index] = Label.OTHER
    return Labelling(tuple(labels), labelling.confidence)


def editors_read_into_title(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A title read on over its book's editor or translator after a comma ("The Singer
    Resumes the Tale, ed. by Mary Louise Lord, Ithaca 1995", "Critique de la raison, trans.
    by J. Smith"): the title ends before the comma, the names after the mark are the
    editors (a translator's none of the fields), and the rest of what was read as the title,
    a place or a date, is no part of it."""
    labels = list(labelling.labels)
    run = first_run(labels, Label.TITLE)
    if run is None:
        return labelling
    first, last = run
    mark = next(
        (index for index in range(first + 2, last) if _marks_a_books_people(tokens, index)),
        None,
    )
    if mark is None or words_between(tokens, first, mark - 1) < 2:
        return labelling
    names = mark + 1
    while names <= last and (tokens[names].text == "." or tokens[names].text.lower() in _BY):
        names += 1
    end = names
    while end <= last and tokens[end].text not in ",;()":
        end += 1
    edited = tokens[mark].text.lower() not in _TRANSLATOR_MARKS
    for index in range(mark - 1, last + 1):
        inside_names = names <= index < end and tokens[index].is_word and edited
        labels[index] = Label.EDITOR if inside_names else Label.OTHER
    return Labelling(tuple(labels), labelling.confidence)


def _marks_a_books_people(tokens: Sequence[Token], index: int) -> bool:
    """Whether an editor's or translator's mark follows a comma and comes before their names:
    ", ed. by", ", edited by", ", hg. von", ", trans. by" ("Trans." before a capital, with
    no "by", is a journal's: "…, Trans. Amer. Math. Soc.")."""
    text = tokens[index].text.lower()
    if tokens[index - 1].text != "," or text not in EDITOR_WORDS or index + 2 >= len(tokens):
        return False
    after = index + 1 if tokens[index + 1].text != "." else index + 2
    if tokens[after].text.lower() in _BY:
        return True
    return (
        text not in _TRANSLATOR_MARKS
        and tokens[after].text.istitle()
        and tokens[after].text.lower() not in VENUE_WORDS
    )


def locator_read_into_title(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A title read on over a locator after its comma or its full stop ("Neural Networks: A
    comprehensive foundation, ch. 7", "… of Finite Groups, vol. 2", "…, pp. 12-19", "The
    porphyrins. Vol. I."), or up to the locator's word with its number read as another field:
    the title ends before the comma or the full stop; a volume, an issue or pages are read as
    such, a chapter or a section as none of the fields. "Part 2" may name a work ("Harry
    Potter, Part 2") and stays."""
    labels = list(labelling.labels)
    run = first_run(labels, Label.TITLE)
    if run is None:
        return labelling
    first, last = run
    word, number = _locator_at_the_end(tokens, first, last)
    mark = word - 1
    if (
        mark <= first
        or tokens[mark].text not in ",."
        or (tokens[mark].text == "," and words_between(tokens, first, mark) < TITLE_WORDS)
        or (tokens[mark].text == "." and not sentence_end(tokens, mark))
        or not (tokens[number].text[:1].isdigit() or ROMAN_NUMBER.fullmatch(tokens[number].text))
    ):
        return labelling
    located = tokens[word].text.lower()
    if located not in _LOCATED:
        return labelling
    field = _LOCATED[located] or Label.OTHER
    stop = number + 1 if number + 1 < len(tokens) and not tokens[number + 1].is_word else number
    for index in range(mark, max(last, stop) + 1):
        labels[index] = field if index == number else Label.OTHER
    return Labelling(tuple(labels), labelling.confidence)


def _locator_at_the_end(tokens: Sequence[Token], first: int, last: int) -> tuple[int, int]:
    """Where a locator's word and its number would stand at the end of the title from `first`
    to `last`: the title's last word and the number after the word's full stop, where that
    word is a locator's ("… Vol" before ". I"), or else the number as the title's last word
    and the word before it ("…, vol. 2")."""
    end = last_word(tokens, first, last)
    if (
        tokens[end].text.lower() in _LOCATED
        and end + 2 < len(tokens)
        and tokens[end + 1].text == "."
    ):
        return end, end + 2
    return (end - 2 if tokens[end - 1].text == "." else end - 1), end


def locator_word_ending_a_title(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A title's last word that is also a locator's ("… on Non-News Pages. IEEE …", "… in
    Four Parts."), left out of the title: with no number after it, it is the title's."""
    labels = list(labelling.labels)
    run = first_run(labels, Label.TITLE)
    if run is None:
        return labelling
    word = run[1] + 1
    if word >= len(tokens):
        return labelling
    after = tokens[word + 1].text if word + 1 < len(tokens) else ""
    if (
        labels[word] is not Label.OTHER
        or not tokens[word].text.istitle()
        or tokens[word].text.lower() not in LOCATOR_WORDS
        or after not in (".", ",", "")
        or (word + 2 < len(tokens) and tokens[word + 2].text[:1].isdigit())
    ):
        return labelling
    labels[word] = Label.TITLE
    return Labelling(tuple(labels), labelling.confidence)


def title_after_the_date_read_as_other(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """Where no title and no venue were read, the words straight after an author-date
    reference's date, read as its place, publisher, editors or more names ("Chantepie, A., &
    Pérot, J.-F. (2009). Ostéopathie du sport. Maloine.", "BEZES, P. (2009), Réinventer
    l'Etat, Paris, PUF.", "Bosman, Anthony 1962. Jérôme Bosch. Utrecht: Bruna."): after the
    names and their date comes the title, up to its sentence's end. Words before a colon are
    the imprint's place ("(2009). New York: Avon"), and an editor's or translator's mark keeps
    the names as read, and a venue's numbers after the words ("1993, SPIE, 1495, 594") make
    them a venue printed without a title."""
    labels = list(labelling.labels)
    if Label.TITLE in labels or Label.CONTAINER in labels:
        return labelling
    names = first_run(labels, Label.AUTHOR) or first_run(labels, Label.EDITOR)
    date = first_run(labels, Label.DATE)
    if names is None or date is None or names[0] != 0:
        return labelling
    between = range(names[1] + 1, date[0])
    if any(tokens[i].is_word for i in between):
        return labelling  # a date after more than the names: not author-date
    start = date[1] + 1
    while start < len(tokens) and not tokens[start].is_word:
        start += 1
    if (
        start >= len(tokens)
        or labels[start] not in _READ_FOR_A_TITLE
        or tokens[start - 1].text in _OPENING_BRACKETS  # "(2012) [film] Gus Van Sant"
        or any(label in LOCATOR_LABELS for label in labels[start:])
    ):
        return labelling  # a venue's numbers after it: "1993, SPIE, 1495, 594"
    read = labels[start]
    stop = start
    while stop < len(tokens) and labels[stop] is read and not sentence_end(tokens, stop):
        stop += 1
    part = range(start, stop)
    if (
        stop >= len(tokens)
        or tokens[stop].text == ":"
        or (read is Label.LOCATION and tokens[stop].text == ",")  # "(1915), Paris, Gallimard"
        or any(tokens[i].text.lower() in EDITOR_WORDS for i in part)
        or words_between(tokens, start, stop) < 1
    ):
        return labelling
    for index in part:
        labels[index] = Label.TITLE
    return Labelling(tuple(labels), labelling.confidence)


_READ_FOR_A_TITLE = frozenset({Label.AUTHOR, Label.EDITOR, Label.LOCATION, Label.PUBLISHER})


def title_ends_at_a_double_slash(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """GOST's "//" between a work and what it is published in ("Miscellanae archaeologica //
    Eurasia septentrionalis antiqua. Helsinki, 1931.", "Приказанская культура // САИ. 1980."):
    the title ends before it, names read on up to it end at their last initial, and the words
    after it up to their sentence's end, read as the title or as names, are the venue."""
    labels = list(labelling.labels)
    mark = next(
        (
            i
            for i in range(1, len(tokens) - 2)
            if tokens[i].text == tokens[i + 1].text == "/" and tokens[i].end == tokens[i + 1].start
        ),
        None,
    )
    if mark is None or labels[mark - 1] not in (Label.TITLE, Label.AUTHOR):
        return labelling
    start = mark
    while start > 0 and labels[start - 1] is labels[mark - 1]:
        start -= 1
    if labels[mark - 1] is Label.AUTHOR:
        initials = [
            i
            for i in range(start, mark - 1)
            if is_initial(tokens[i].text) and tokens[i + 1].text == "."
        ]
        if not initials or words_between(tokens, initials[-1] + 2, mark) < 1:
            return labelling
        start = initials[-1] + 2
    if Label.TITLE in labels[:start] or words_between(tokens, start, mark) < 1:
        return labelling
    venue = mark + 2
    stop = venue
    while stop < len(tokens) and labels[stop] in (Label.TITLE, Label.AUTHOR, Label.CONTAINER):
        if sentence_end(tokens, stop) and tokens[stop].text != ":":
            break
        stop += 1
    if words_between(tokens, venue, stop) < 1:
        return labelling
    for index in range(start, mark):
        labels[index] = Label.TITLE
    labels[mark] = labels[mark + 1] = Label.OTHER
    for index in range(venue, stop):
        labels[index] = Label.CONTAINER
    return Labelling(tuple(labels), labelling.confidence)


def species_name_read_as_venue(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A title ending with a species' Latin name in italics, read as the venue's opening
    because journals are printed in italics too ("… in mallards <italic>(Anas
    platyrhynchos).</italic> The Auk 125", "… the blackbird, <italic>Turdus merula</italic>.
    Journal of Animal Ecology 60", "… brown trout <italic>Salmo trutta</italic> L. Molecular
    Ecology 6"): a genus (capitalised) and its species (in lower case), in brackets perhaps,
    with its authority's abbreviation after the italics perhaps, are the title's where the
    venue goes on after them with its volume."""
    labels = list(labelling.labels)
    runs = title_then(tokens, labels, Label.CONTAINER)
    if runs is None:
        return labelling
    title, venue = runs
    opening = next(
        (i for i in range(title[1] + 1, venue[0] + 1) if _tag_at(tokens, i, closing=False)), None
    )
    if opening is None:
        return labelling
    index = opening + 3
    index += tokens[index].text == "(" if index < len(tokens) else 0
    if not _binomial_at(tokens, index):
        return labelling
    index += 2
    while index < len(tokens) and tokens[index].text in ").":
        index += 1
    if not _tag_at(tokens, index, closing=True):
        return labelling
    index += 4
    if index + 1 < len(tokens) and _AUTHORITY.fullmatch(tokens[index].text):
        index += 2 if tokens[index + 1].text == "." else 1  # "L.", Linnaeus
    while index < len(tokens) and tokens[index].text in ".,":
        index += 1
    if (
        index >= len(tokens)
        or labels[index] is not Label.CONTAINER
        or not tokens[index].text[:1].isupper()
        or Label.VOLUME not in labels[index:]
    ):
        return labelling
    for inside in range(title[1] + 1, index):
        labels[inside] = Label.TITLE
    stop = index - 1
    while stop > title[1] and tokens[stop].text in ".,":
        labels[stop] = Label.OTHER
        stop -= 1
    return Labelling(tuple(labels), labelling.confidence)


_ITALIC_TAGS = frozenset({"italic", "i", "em"})
_AUTHORITY = re.compile(r"L|[A-Z][a-z]{0,3}")  # "L." (Linnaeus), "Lam.", "DC."


def _tag_at(tokens: Sequence[Token], index: int, *, closing: bool) -> bool:
    """Whether an italic tag opens (or closes) at `index`: "<italic>", "</italic>"."""
    texts = [token.text for token in tokens[index : index + (4 if closing else 3)]]
    if closing:
        return (
            len(texts) == 4
            and texts[:2] == ["<", "/"]
            and texts[2] in _ITALIC_TAGS
            and texts[3] == ">"
        )
    return len(texts) == 3 and texts[0] == "<" and texts[1] in _ITALIC_TAGS and texts[2] == ">"


def _binomial_at(tokens: Sequence[Token], index: int) -> bool:
    """Whether a genus and its species stand at `index`: "Turdus merula", "Anas
    platyrhynchos"."""
    if index + 1 >= len(tokens):
        return False
    genus, species = tokens[index].text, tokens[index + 1].text
    return (
        genus.isalpha()
        and genus.istitle()
        and len(genus) >= 3
        and species.isalpha()
        and species.islower()
        and len(species) >= 3
    )


def container_in_opening_a_title(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A title read from the "in" that announces it after a comma or full stop ("Luban, M.,
    in Phase Transitions and Critical Phenomena, Vol. 5A", "2017, in Proc. 35th Int. Cosmic
    Ray Conference", "Ostro, S. J. 2004, in Mitigation of Hazardous Comets"): the word
    announces the book or proceedings and is none of its title. A title that opens the
    reference, or whose next word is lower case ("in situ", "in writing"), keeps it; so does
    a capital "In", which titles open with ("(2011). In Search of the Perfect Search", "In
    Memoriam: …")."""
    labels = list(labelling.labels)
    run = first_run(labels, Label.TITLE)
    if run is None or run[1] == run[0]:
        return labelling
    first = run[0]
    word = tokens[first].text
    if (
        first == 0
        or word.lower() not in IN_WORDS
        or not word.islower()
        or tokens[first - 1].text not in ",."
        or not (tokens[first + 1].text[0].isupper() or tokens[first + 1].text[0].isdigit())
    ):
        return labelling
    labels[first] = Label.OTHER
    return Labelling(tuple(labels), labelling.confidence)


def translated_title_read_into_venue(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A title in square brackets, as MEDLINE prints a title translated into English, read as
    the opening of the venue where no title was read ("Franz, S. I. [Anthropometric
    experimental research]. Psychol. Rev. 1898, 5"): what the brackets enclose is the title,
    the words after their full stop the venue."""
    labels = list(labelling.labels)
    if Label.TITLE in labels:
        return labelling
    run = first_run(labels, Label.CONTAINER)
    if run is None:
        return labelling
    start, stop = run
    opening = start - 1 if start > 0 and tokens[start - 1].text == "[" else start
    if tokens[opening].text != "[":
        return labelling
    closing = next((i for i in range(opening + 1, stop) if tokens[i].text == "]"), None)
    if (
        closing is None
        or closing + 2 > stop
        or tokens[closing + 1].text != "."
        or words_between(tokens, opening + 1, closing) < TITLE_WORDS
        or not any(tokens[i].is_word for i in range(closing + 2, stop + 1))
    ):
        return labelling
    labels[opening] = labels[closing] = labels[closing + 1] = Label.OTHER
    for index in range(opening + 1, closing):
        labels[index] = Label.TITLE
    return Labelling(tuple(labels), labelling.confidence)


def volumes_count_ending_a_title(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A title read on over the count of its volumes ("The Decline of the West. 2 vols. 1:
    Form and Actuality. 2: …"): the title ends at the full stop before the count; the count
    is no field, and the volumes' own titles after it are a note."""
    labels = list(labelling.labels)
    run = first_run(labels, Label.TITLE)
    if run is None:
        return labelling
    first, last = run
    count = next(
        (
            i
            for i in range(first + 2, last)
            if tokens[i].text.isdigit()
            and tokens[i + 1].text.lower() in _VOLUMES
            and tokens[i - 1].text == "."
            and sentence_end(tokens, i - 1)
        ),
        None,
    )
    if count is None:
        return labelling
    after = count + 3 if count + 2 <= last and tokens[count + 2].text == "." else count + 2
    for index in range(count - 1, last + 1):
        labels[index] = Label.NOTE if index >= after and tokens[index].is_word else Label.OTHER
    return Labelling(tuple(labels), labelling.confidence)


def title_ends_at_its_closing_tag(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A title set in italics by the markup it was copied with, read on past the closing tag
    ("<italic>Manners and Customs of the Ancient Egyptians.</italic> Scribner and Welford, New
    York.", "… <italic>(Cervus elaphus).</italic> Dissertation, Colorado State University"):
    where the italics close inside the title after a full stop and open at its start, the
    title ends there. What follows is its genre where it names one, else its publisher where
    a place or a date comes after it, else a note."""
    labels = list(labelling.labels)
    run = first_run(labels, Label.TITLE)
    if run is None:
        return labelling
    first, last = run
    opening = next(
        (i for i in range(max(first - 3, 0), first + 1) if _tag_at(tokens, i, closing=False)), None
    )
    if opening is None:
        return labelling
    closing = next(
        (i for i in range(first + 1, last - 3) if _tag_at(tokens, i, closing=True)), None
    )
    if closing is None or tokens[closing - 1].text not in ".?!":
        return labelling
    rest = range(closing + 4, last + 1)
    text = " ".join(tokens[i].text for i in rest if tokens[i].is_word)
    after = next((labels[i] for i in range(last + 1, len(tokens)) if tokens[i].is_word), None)
    if kind_of_genre(text) or is_descriptor(text):
        field = Label.GENRE
    elif after in (Label.LOCATION, Label.DATE, Label.PUBLISHER):
        field = Label.PUBLISHER
    else:
        field = Label.NOTE
    for index in range(closing, last + 1):
        labels[index] = field if index in rest else Label.OTHER
    return Labelling(tuple(labels), labelling.confidence)


def subtitle_read_as_editors(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A subtitle after the title's colon read as editors ("Comparative Research on Oral
    Traditions: A Memorial for Milman Parry, Columbus Ohio 1987"): no editor's names follow a
    title's colon unannounced, so the words up to their comma or full stop are the title's."""
    labels = list(labelling.labels)
    title = first_run(labels, Label.TITLE)
    if title is None:
        return labelling
    colon = title[1] + 1
    if colon + 1 >= len(tokens) or tokens[colon].text != ":" or labels[colon + 1] != Label.EDITOR:
        return labelling
    stop = colon + 1
    while stop < len(tokens) and labels[stop] is Label.EDITOR and tokens[stop].text not in ",;":
        stop += 1
    if any(tokens[i].text.lower() in EDITOR_WORDS for i in range(colon + 1, stop)):
        return labelling  # "…: ed. by J. Ng"
    if stop < len(tokens) and labels[stop] is Label.EDITOR:
        return labelling  # the names go on after a comma: a list of editors after all
    for index in range(colon, stop):
        labels[index] = Label.TITLE
    return Labelling(tuple(labels), labelling.confidence)
