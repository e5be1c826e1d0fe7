"""Where a venue starts and ends: a journal read as a title's end or as a name, a book read as
a venue."""

from __future__ import annotations

import re
from collections.abc import Sequence

from cite_sentinel.core.lexicon import (
    AND_WORDS,
    JOURNAL_WORDS,
    LOCATOR_WORDS,
    NAME_SUFFIXES,
    PLACE_WORDS,
)
from cite_sentinel.core.lexicon.dates import month_number
from cite_sentinel.core.lexicon.kinds import kind_of_genre
from cite_sentinel.core.lexicon.words import venue_count, word_count
from cite_sentinel.core.sources.refparse.corrections.common import (
    LOCATOR_LABELS,
    NAME_SMALL_WORDS,
    PLACE_LENGTH,
    ROMAN_NUMBER,
    TITLE_WORDS,
    VENUE_WORDS,
    YEAR_ALONE,
    abbreviated,
    any_cut_short,
    first_run,
    is_initial,
    last_word,
    more_a_name,
    title_then,
    vancouver_dated,
    words_between,
    words_run,
)
from cite_sentinel.core.sources.refparse.corrections.journal_words import (
    ABBREVIATION_LETTERS,
    JOURNAL_NAME_WORDS,
    TITLE_WORD_SHARE,
    a_journals_abbreviation,
    a_venues_word,
    cut_short,
    journal_abbreviation,
    mostly_a_venues_word,
    opens_a_venue,
    prose,
    short_capitalised,
    short_venue_or_unknown_word,
    short_venue_word,
)
from cite_sentinel.core.sources.refparse.labeller import Labelling
from cite_sentinel.core.sources.refparse.labels import Label
from cite_sentinel.core.sources.refparse.tokens import Token

_IMPRINT = (Label.PUBLISHER, Label.LOCATION)
_A_BOOKS = (*_IMPRINT, Label.EDITION)  # what a book's title comes with and a journal's not
_NUMBERS = frozenset({Label.DATE, Label.VOLUME, Label.ISSUE, Label.PAGES})
_ABBREVIATIONS_AT_MOST = 4  # a journal's abbreviated words read into a title's last part
_TITLE_CASE_JOURNAL_WORDS = 4  # words of a journal's name known by its case and volume alone
_VENUE_ALONE = 20  # times a word is written in venues' names to be a journal's name alone
_VENUE_SOMETIMES = 5  # … or fewer, where it is written more in venues' names than in titles


def journal_read_as_title_end(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A title read on over its full stop or comma into the journal, where no venue was read
    and a volume or pages follow: "On the trend recognition … of professional traders.
    Decision Analysis, 4, 176-193.", "Sélection et parcours des directeurs …, Sociologies
    pratiques, no. 21, 2010", Vancouver's "… chez le chien. CR Acad Sci (Paris) 1950;231:
    1176-7". An article's journal stands before its volume (or its date and volume, a place
    in brackets perhaps before them); the words after the title's last sentence end or comma
    are the journal."""
    labels = list(labelling.labels)
    run = first_run(labels, Label.TITLE)
    if run is None or Label.CONTAINER in labels:
        return labelling
    first, last = run
    after = next(
        (
            i
            for i in range(last + 1, len(tokens))
            if tokens[i].is_word and tokens[i].text.lower() not in LOCATOR_WORDS  # "No. 12"
        ),
        None,
    )
    if after is None or not _numbers_after(tokens, labels, after):
        return labelling
    end = next(
        (
            index
            for index in range(last - 1, first + 1, -1)
            if (
                tokens[index].text in ".?!"
                or (tokens[index].text == "," and "," not in _texts(tokens, index + 1, last))
            )
            and _opens_a_name(tokens[index + 1].text)
            and tokens[index + 1].text.lower() not in LOCATOR_WORDS  # "Volume II: …"
            and not ROMAN_NUMBER.fullmatch(tokens[index - 1].text)  # "models. II. Form …"
            and not ROMAN_NUMBER.fullmatch(tokens[index + 1].text)
            and words_between(tokens, first, index) >= TITLE_WORDS
        ),
        None,
    )
    if end is None or not 1 <= words_between(tokens, end + 1, last + 1) <= JOURNAL_NAME_WORDS:
        return labelling
    if Label.DATE not in labels and YEAR_ALONE.fullmatch(tokens[last].text) and last > end + 1:
        labels[last] = Label.DATE  # ACS's year after the journal: "… BIS. Emotion 2004, 4, 305"
        last -= 1
    labels[end] = Label.OTHER
    for inside in range(end + 1, last + 1):
        labels[inside] = Label.CONTAINER
    return Labelling(tuple(labels), labelling.confidence)


def _numbers_after(tokens: Sequence[Token], labels: Sequence[Label], after: int) -> bool:
    """Whether a journal's numbers follow a title from `after`: a volume, an issue or pages,
    or Vancouver's date and then a volume ("1950;231") or its colon and pages ("1980:
    133-137"), a place in brackets perhaps before them ("(Paris) 1950;231")."""
    if labels[after] in LOCATOR_LABELS:
        return True
    index = after
    if labels[after] is Label.LOCATION and tokens[after - 1].text == "(":
        closing = next((i for i in range(after, len(tokens)) if tokens[i].text == ")"), None)
        words = (i for i in range((closing or after) + 1, len(tokens)) if tokens[i].is_word)
        index = next(words, len(tokens)) if closing is not None and closing - after < 4 else -1
        if not 0 <= index < len(tokens):
            return False
        if labels[index] in LOCATOR_LABELS:
            return True
    if labels[index] is not Label.DATE:
        return False
    while index + 1 < len(tokens) and labels[index + 1] is Label.DATE:
        index += 1  # a date in words: "avril 2008, n°237"
    colon = index + 1 < len(tokens) and tokens[index + 1].text == ":"  # "1980: 133-137"
    return any(
        labels[i] is Label.VOLUME or (colon and labels[i] is Label.PAGES)
        for i in range(index + 1, min(index + 5, len(tokens)))
    )


def journal_run_into_sentence_case_title(
    tokens: Sequence[Token], labelling: Labelling
) -> Labelling:
    """A journal printed straight after a title in sentence case, with no full stop between
    them, where the date and volume follow (Vancouver's "… on pregnancy rates Fertil Steril
    1995; 63: 1284-6", "… herpes simplex virus infection Genitourin Med (1988) 64(5)",
    "Epidemiology of medical error BMJ 2000; 320"), read as the title's end with no venue, as
    the venue with no title, or as a venue that opens with the title's last words in lower
    case ("… in the fast lane to functional | genomics Brief Bioinform 2000; 1"): the
    capitalised words after the run's last word in lower case
    are the journal, two or more with one a journal's abbreviation or a word no dictionary
    holds, or one that is an acronym or written mostly in venues' names."""
    labels = list(labelling.labels)
    title = words_run(tokens, labels, Label.TITLE)
    venue = words_run(tokens, labels, Label.CONTAINER)
    if title is not None and venue is not None:
        if venue[0] != title[1] + 1 or not tokens[venue[0]].text[:1].islower():
            return labelling
        run: tuple[int, int] | None = (title[0], venue[1])  # "… to functional | genomics Brief"
    else:
        run = title or venue
    if run is None:
        return labelling
    first, last = run
    after = next((i for i in range(last + 1, len(tokens)) if tokens[i].is_word), None)
    if after is None or not _journals_numbers_at(tokens, labels, after, title is not None):
        return labelling
    words = [i for i in range(first, last + 1) if tokens[i].is_word]
    lower = [i for i in words if tokens[i].text[:1].islower()]
    if len(lower) * 2 < len(words) or not lower:
        return labelling
    title_end = max((i for i in lower if tokens[i].text not in NAME_SMALL_WORDS), default=None)
    if title_end is None:
        return labelling
    journal = [i for i in words if i > title_end and tokens[i].text not in NAME_SMALL_WORDS]
    if not (
        journal
        and words[words.index(title_end) + 1] == journal[0]  # not "… stroke in AF Bandolier"
        and len(journal) <= JOURNAL_NAME_WORDS
        and all(tokens[i].text[:1].isupper() and tokens[i].text.isalpha() for i in journal)
        and _journal_words(tokens, journal)
        and words_between(tokens, first, journal[0]) >= TITLE_WORDS
    ):
        return labelling
    for index in range(first, last + 1):
        labels[index] = (
            Label.CONTAINER
            if index >= journal[0]
            else Label.TITLE
            if index <= title_end
            else Label.OTHER
        )
    return Labelling(tuple(labels), labelling.confidence)


def title_end_read_into_venue(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A venue read over the title's last words and its full stop ("… macrophages from
    diabetes prone | BB rats. Autoimmunity 1993"; "… angry faces: | it's BAS, not BIS. Emotion
    2004, 4, 305"): the words up to that full stop are the title's where the title ran into
    them with no mark between, or they hold a word in lower case that no venue's name is
    written with (also after the title's comma: "… immunity, | innate immunity and
    osteoimmunology. Bioessays"), or the title stopped at "and", "of" or "the", or a venue's
    name opens after the stop, the words before holding none of a venue's ("… Scene Parsing, |
    Depth Estimation, and More. IEEE Conference on …"). Vancouver writes its
    journals without full stops, so there the words may follow the title's comma and end in a
    name ("… in Pueblo, | Colorado, and Macon, Georgia. Urban Geogr. 1997;18:521")."""
    labels = list(labelling.labels)
    runs = title_then(tokens, labels, Label.CONTAINER)
    if runs is None:
        return labelling
    (_, title_end), (venue, venue_end) = runs
    vancouver = vancouver_dated(tokens)
    mark = tokens[title_end + 1].text if venue == title_end + 2 else ""
    if venue != title_end + 1 and mark not in (".", ":", ","):
        return labelling
    unfinished = tokens[title_end].text.lower() in NAME_SMALL_WORDS
    stop = next(
        (
            i
            for i in range(venue + 1, venue_end)
            if tokens[i].text == "."
            and tokens[i - 1].text.isalpha()
            and len(tokens[i - 1].text) >= 3
            and tokens[i + 1].text[:1].isupper()
            and not ROMAN_NUMBER.fullmatch(tokens[i + 1].text)  # a book's part: "…geometry. II"
            and (
                (not mark and tokens[i - 1].text.islower())
                or (unfinished and mark != ",")
                or any(prose(tokens[k].text) for k in range(venue, i))
                or (
                    vancouver
                    and mark == ","
                    and any(tokens[k].text.islower() for k in range(venue, i))
                )
                or (mark == "," and _a_venue_opens_after(tokens, venue, i))
            )
        ),
        None,
    )
    if stop is None:
        return labelling
    for index in range(title_end + 1, stop):
        labels[index] = Label.TITLE
    labels[stop] = Label.OTHER
    return Labelling(tuple(labels), labelling.confidence)


def _a_venue_opens_after(tokens: Sequence[Token], venue: int, stop: int) -> bool:
    """Whether the word after the full stop at `stop` opens a venue's name, written out
    ("IEEE", "Proceedings"; not a journal's abbreviation, "Appl."), and the venue's words
    before it are none of a venue's."""
    after = tokens[stop + 1].text
    cut = stop + 2 < len(tokens) and tokens[stop + 2].text == "."  # "… Process. Appl. 65"
    opening = (after.isupper() and len(after) >= 3) or opens_a_venue(after)
    return (
        opening
        and not cut
        and not any(a_venues_word(tokens[k].text) for k in range(venue, stop) if tokens[k].is_word)
    )


def journal_abbreviations_read_as_title_end(
    tokens: Sequence[Token], labelling: Labelling
) -> Labelling:
    """IOP's title in sentence case and then its journal with no full stop between, the
    journal's first abbreviations read as the title's last words ("… gravitational
    -wavedetectors Class .Quantum Grav .18", "… using maragingsteel Nucl .Instrum .Methods
    Phys .Res .A"): capitalised words cut short by a full stop that journals' names are
    written with, between the title's last word in lower case and a venue that goes on
    abbreviated, open the venue. A capitalised word no venue's name holds ("… the cnidarian
    Clytia. Dev. Biol.") stays the title's, and so does a title's last word before a venue
    written out ("… in southern Sweden. Geologiska Foreningen …"); one that stands alone as
    the title's last sentence ("… La flore. Port. Acta Biol. B") opens the venue."""
    labels = list(labelling.labels)
    runs = title_then(tokens, labels, Label.CONTAINER)
    if runs is None:
        return labelling
    title, venue = runs
    first, last = title
    if any(tokens[i].is_word for i in range(last + 1, venue[0])):
        return labelling
    opening = [i for i in range(venue[0], venue[1] + 1) if tokens[i].is_word][:2]
    if (
        vancouver_dated(tokens)
        or _numbers_with_commas(tokens, venue[1])
        or not any(  # the venue goes on abbreviated: "… Class .Quantum Grav .27"
            i + 1 < len(tokens) and tokens[i + 1].text == "." and short_venue_word(tokens[i].text)
            for i in opening
        )
    ):
        return labelling
    start = last
    while (
        start - 1 > first
        and start + 1 < len(tokens)
        and tokens[start + 1].text == "."
        and short_venue_word(tokens[start].text)
    ):
        start -= 1
        while start > first and tokens[start].text == ".":
            start -= 1
    if start == last and _an_abbreviation_alone(tokens, first, last):
        labels[last - 1] = Label.OTHER  # "… La flore. Port. Acta Biol. B": the title's end
        start = last - 1
    before = tokens[start].text  # the title's last word: in lower case, or an acronym
    if start == last or not (before == "." or before.isalpha()):
        return labelling
    opened = _journal_opening_after_comma(tokens, first, start)
    if opened is not None:  # "…, Stochastic Process. Appl. 65": the journal's first word
        start = opened
        labels[start] = Label.OTHER
    elif before != "." and not (before.islower() or before.isupper()):
        return labelling
    for index in range(start + 1, venue[0]):
        labels[index] = Label.CONTAINER
    return Labelling(tuple(labels), labelling.confidence)


def _journal_opening_after_comma(tokens: Sequence[Token], first: int, start: int) -> int | None:
    """Where a journal's first word written out stands between the title's comma and its
    abbreviations ("…, Stochastic Process. Appl."), the comma; else None."""
    word = start
    while word > first and tokens[word].text.istitle() and tokens[word].text.isalpha():
        if tokens[word - 1].text == ",":
            return word - 1 if start - word < _WRITTEN_OUT_OPENING else None
        word -= 1
    return None


_WRITTEN_OUT_OPENING = 2  # a journal's words written out before its abbreviations, at most


def _numbers_with_commas(tokens: Sequence[Token], venue_end: int) -> bool:
    """Whether the venue's numbers are ACS's or Nature's, commas between them ("… after Stroke.
    Am. J. Neuroradiol. 32, 857-863 (2011)"): styles that end the title with a full stop,
    where IOP prints "27 194002" and runs its title into the journal."""
    start = venue_end + 1
    while start < len(tokens) and tokens[start].text == ".":
        start += 1
    return _locator_shape(tokens, start)


def _an_abbreviation_alone(tokens: Sequence[Token], first: int, last: int) -> bool:
    """Whether the title's last word, a capitalised word short enough to be cut short, is a
    sentence of its own, between two full stops ("… du Portugal. I. La flore. Port."): no
    title ends so; a journal's first abbreviation does."""
    text = tokens[last].text
    return (
        last - 2 > first
        and last + 1 < len(tokens)
        and tokens[last - 1].text == "."
        and tokens[last + 1].text == "."
        and text.isalpha()
        and text.istitle()
        and 2 <= len(text) <= ABBREVIATION_LETTERS + 1
        and not is_initial(tokens[last - 2].text)
    )


def title_hyphen_read_as_venue(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A title's word joined by a hyphen to the bracket before it ("… for Solving Some
    (3+1)-Dimensional Nonlinear Evolution Equations, New Trends in Mathematical Sciences"),
    the words after the hyphen read as the venue: they are the title's up to the venue's
    comma."""
    labels = list(labelling.labels)
    runs = title_then(tokens, labels, Label.CONTAINER)
    if runs is None or runs[1][0] - runs[0][1] > 3:
        return labelling
    title, venue = runs
    hyphen = venue[0] - 1
    if not (
        tokens[hyphen].text in "-‐"
        and tokens[hyphen].end == tokens[venue[0]].start
        and all(labels[i] is not Label.CONTAINER for i in range(title[1] + 1, venue[0]))
    ):
        return labelling
    comma = next((i for i in range(venue[0], venue[1]) if tokens[i].text == ","), None)
    if comma is None or words_between(tokens, comma + 1, venue[1] + 1) < 1:
        return labelling
    for index in range(title[1] + 1, comma):
        labels[index] = Label.TITLE
    labels[comma] = Label.OTHER
    return Labelling(tuple(labels), labelling.confidence)


def journal_split_at_its_and(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A journal's name with "and" in it read from the "and" on, its first abbreviation left
    at the title's end ("Beta pentagon relations, Theoret. | and Math. Phys. 181"): the
    abbreviation opens the venue."""
    labels = list(labelling.labels)
    runs = title_then(tokens, labels, Label.CONTAINER)
    if runs is None or tokens[runs[1][0]].text.lower() not in AND_WORDS:
        return labelling
    title, venue = runs
    first, last = title
    if not (
        venue[0] - last == 2
        and tokens[last + 1].text == "."
        and last - 1 > first
        and tokens[last - 1].text in ",."
        and short_venue_or_unknown_word(tokens[last].text)
    ):
        return labelling
    labels[last - 1] = Label.OTHER
    labels[last] = labels[last + 1] = Label.CONTAINER
    return Labelling(tuple(labels), labelling.confidence)


def _journals_numbers_at(
    tokens: Sequence[Token], labels: Sequence[Label], after: int, titled: bool
) -> bool:
    """Whether a journal's numbers start at `after`: its date and then a volume ("1995; 63:
    1284-6", "(1988) 64(5)"), or after a title read, Vancouver's volume, colon and pages
    ("… neck pain Rheumatology 38:143-147, 1999"; a venue read alone, "Journal of molecular
    Biology, 98 : 503-517", keeps its words)."""
    if labels[after] is Label.DATE:
        return any(labels[i] is Label.VOLUME for i in range(after + 1, min(len(tokens), after + 6)))
    return (
        titled
        and labels[after] is Label.VOLUME
        and after + 2 < len(tokens)
        and tokens[after + 1].text == ":"
        and labels[after + 2] is Label.PAGES
    )


def _journal_words(tokens: Sequence[Token], journal: Sequence[int]) -> bool:
    """Whether capitalised words after a title name a journal: two or more, one of them a
    journal's word or a word no dictionary holds ("Fertil Steril"), or one alone that is an
    acronym ("BMJ"), a word venues' names are often written with ("Science", "Genetics") or
    one no dictionary holds ("Immunogenetics"): a capital after a title's words in lower case,
    right before the date and volume, opens the journal."""
    if len(journal) == 1:
        text = tokens[journal[0]].text
        lower = text.lower()
        return (
            (len(text) >= 2 and text.isupper() and lower not in PLACE_WORDS)
            or venue_count(lower) >= _VENUE_ALONE
            or (venue_count(lower) >= _VENUE_SOMETIMES and mostly_a_venues_word(text))
            or word_count(lower) == 0
        )
    return any(
        tokens[i].text.lower() in JOURNAL_WORDS or mostly_a_venues_word(tokens[i].text)
        for i in journal
    )


def _opens_a_name(text: str) -> bool:
    """Whether a word could open a journal's name: a capital, or a letter of a script without
    case ("한국시스템엔지니어링학회", "古代文化")."""
    initial = text[:1]
    return initial.isupper() or (initial.isalpha() and not initial.islower())


def _texts(tokens: Sequence[Token], start: int, stop: int) -> set[str]:
    return {token.text for token in tokens[start:stop]}


def venue_abbreviation_after_title(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A journal's first abbreviation read as the last word of a title in sentence case: "…
    in layered magnets J. Phys.: Condens. Matter", "… winds of giants Mon. Not. R. Astron.
    Soc." The abbreviation (a venue word, its full stop after it) opens the venue that
    follows where that goes on abbreviated ("… at Arg506 of factor V. Lancet" keeps its V)."""
    labels = list(labelling.labels)
    run = first_run(labels, Label.TITLE)
    if run is None or run[1] + 2 >= len(tokens):
        return labelling
    last = run[1]
    word = tokens[last].text
    if not (
        last > run[0]
        and word[0].isupper()
        and word.lower() in VENUE_WORDS
        and tokens[last - 1].text.islower()
        and tokens[last - 1].text not in NAME_SMALL_WORDS  # "… Meta-Analysis and Review."
        and not vancouver_dated(tokens)  # its journal's full stop closes it: "Psychosomatics."
        and tokens[last + 1].text == "."
        and labels[last + 2] is Label.CONTAINER
        and last + 3 < len(tokens)
        and tokens[last + 3].text == "."  # the venue goes on abbreviated: "Mon. Not."
    ):
        return labelling
    labels[last] = labels[last + 1] = Label.CONTAINER
    return Labelling(tuple(labels), labelling.confidence)


def venue_abbreviations_after_comma(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A journal's first abbreviations read as the title's last part after its comma or its
    full stop: "… problems in linear algebra, Funct. Anal. Appl. 12", "… Model of
    Supermanifolds, Nucl. Phys. B, 915", "… retinoic acid signaling. Subcell. Biochem. 70".
    Words all cut short by full stops, after the title's comma or sentence end and before the
    venue read after them, open that venue; where no venue was read, they are the venue if
    one of them is a venue's word ("Sur les fonctions entières, C. R. Acad. Sci. Paris")."""
    labels = list(labelling.labels)
    run = first_run(labels, Label.TITLE)
    if run is None or run[1] + 2 >= len(tokens):
        return labelling
    first, last = run
    if tokens[last].text == ".":  # the full stop after the title's last word read with it
        last -= 1
    comma = next((i for i in range(last - 1, first, -1) if _ends_title_part(tokens, i)), None)
    venue_after = labels[last + 2] is Label.CONTAINER
    if (
        comma is None
        or words_between(tokens, first, comma) < 3
        or tokens[last + 1].text != "."
        or not (venue_after or Label.CONTAINER not in labels)
    ):
        return labelling
    part = [i for i in range(comma + 1, last + 1) if tokens[i].is_word]
    if not (
        0 < len(part) <= _ABBREVIATIONS_AT_MOST
        and all(
            short_capitalised(tokens[i].text) or a_journals_abbreviation(tokens[i].text)
            for i in part
        )
        # the last one a journal's abbreviation or no word at all ("… groups. Linear Algebr. |
        # Appl.", "… Hair Loss. Case Rep. | Dermatol."), or several all cut short
        and (
            cut_short(tokens[part[-1]].text)
            or (
                abbreviated(tokens, comma + 1, last + 1)
                and (len(part) >= 2 or word_count(tokens[part[0]].text) < _WRITTEN_OUT)
            )
        )  # a place's word alone is written out: "… of “Gaien” in Nagoya, Japan. J. Jpn."
        # a venue word among them ("Nucl. Phys.", "C. R. Acad. Sci."), or the venue after
        # goes on abbreviated ("Funct. | Anal. Appl."): not a place that ends a title
        # ("…, Ontario, Canada.")
        and (
            (venue_after and any(tokens[i].text.lower() in VENUE_WORDS for i in part))
            # (Vancouver's journal ends with a full stop that is no abbreviation's: "…
            # Guangdong, China. PeerJ. 2019;7:e6157")
            or (
                venue_after
                and abbreviated(tokens, last + 2, last + 3)
                and not vancouver_dated(tokens)
            )
            or (len(part) >= 2 and sum(journal_abbreviation(tokens[i].text) for i in part) >= 2)
        )
    ):
        return labelling
    labels[comma] = Label.OTHER
    for index in range(comma + 1, last + 2):
        labels[index] = Label.CONTAINER
    return Labelling(tuple(labels), labelling.confidence)


def _ends_title_part(tokens: Sequence[Token], index: int) -> bool:
    """A comma, a question's or an exclamation's mark, or a full stop after a word in lower
    case (a sentence's end in sentence case, not an initial's or an abbreviation's) or after a
    word titles write and venues hardly ever do (title case's "… Presenting as Hair Loss.")."""
    text, before = tokens[index].text, tokens[index - 1].text
    if text in ",?!":
        return True
    if text != "." or not before.isalpha():
        return False
    return before[0].islower() or (
        len(before) >= 4 and word_count(before) > TITLE_WORD_SHARE * venue_count(before)
    )


_WRITTEN_OUT = 1000  # a word titles write this often is written out, not cut short ("Japan.")


def venue_after_inverted_names(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """In a list of inverted names ("Family, I."), words after the last initials that no comma
    follows are no person's: with no title and no venue read and numbers next, they are the
    venue a style without titles prints (ACS's "Lowe, A.; Tiefenbacher, S. Haemophilia 2021,
    27, 142-147")."""
    labels = list(labelling.labels)
    run = first_run(labels, Label.AUTHOR)
    if Label.TITLE in labels or Label.CONTAINER in labels or run is None:
        return labelling
    first, last = run
    inverted = (
        first + 2 <= last and tokens[first + 1].text == "," and is_initial(tokens[first + 2].text)
    )
    after = last + 1
    while after < len(labels) and labels[after] is Label.OTHER and not tokens[after].is_word:
        after += 1
    if not inverted or after == len(labels) or labels[after] not in _NUMBERS:
        return labelling
    closing = max(
        (
            i
            for i in range(first + 1, last + 1)
            if tokens[i].text == "."
            and (is_initial(tokens[i - 1].text) or tokens[i - 1].text == "al")
        ),
        default=last,
    )
    tail = range(closing + 1, last + 1)
    if not tail or not all(_venue_word(tokens[i]) for i in tail):
        return labelling
    first_word = tokens[tail[0]].text
    if not first_word[0].isupper() or first_word.lower() in NAME_SUFFIXES:
        return labelling
    if len(first_word) == 1 and (len(tail) == 1 or tokens[tail[0] + 1].text == "."):
        return labelling  # "Ling, C. X. (1995)": one more initial ("Z Parasitenkd" is a venue)
    for inside in tail:
        labels[inside] = Label.CONTAINER
    return Labelling(tuple(labels), labelling.confidence)


def _venue_word(token: Token) -> bool:
    if token.text in (":", ".", "-"):
        return True
    return token.is_word and not token.text[0].isdigit() and token.text.lower() not in AND_WORDS


def venue_before_numbers(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """Where neither a title nor a venue was read, the words right before the first number
    after the names are the venue, whatever else the labeller took them for: "IEEE Access 4,
    7347 (2016)" read as a volume, "Catena 38, 282" as a place, "Data in brief 5, 852" as a
    date. A locator word ("Vol.", "Bd.") or a month is not a venue's."""
    labels = list(labelling.labels)
    if Label.TITLE in labels or Label.CONTAINER in labels:
        return labelling
    number = next(
        (
            i
            for i, token in enumerate(tokens)
            if token.text[0].isdigit() and labels[i] in _NUMBERS and Label.AUTHOR in labels[:i]
        ),
        None,
    )
    if number is None or not _numbers_follow(tokens, number):
        return labelling
    start = number
    while start > 0 and labels[start - 1] in _MISTAKEN_VENUE and _venue_word(tokens[start - 1]):
        start -= 1
    words = [token.text for token in tokens[start:number] if token.is_word]
    if not words or not words[0][0].isupper() or len(words[0]) < 2:
        return labelling
    if any(word.lower() in LOCATOR_WORDS or month_number(word) for word in words):
        return labelling
    for inside in range(start, number):
        labels[inside] = Label.CONTAINER
    return Labelling(tuple(labels), labelling.confidence)


def journal_after_title_read_as_other(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A journal after a title, read as a publisher, a volume, a date or a place, with its
    volume and pages after it, where no venue was read ("… theory. Frontiers in Zoology 4: 2.",
    "… map 1993 Neural Networks 6 441--445", "… preferencias. IEEE-RITA, 4(2), 139-146"): the
    words are the venue and the numbers its volume, issue and pages. A publisher's year after
    it ("Springer 2005") is no volume."""
    labels = list(labelling.labels)
    run = first_run(labels, Label.TITLE)
    if run is None or Label.CONTAINER in labels:
        return labelling
    start = run[1] + 1
    while start < len(tokens) and (
        not tokens[start].is_word
        or (labels[start] is Label.DATE and YEAR_ALONE.fullmatch(tokens[start].text))
    ):
        start += 1
    stop = start
    while stop < len(tokens) and labels[stop] in _MISTAKEN_VENUE and _venue_word(tokens[stop]):
        stop += 1
    words = [token.text for token in tokens[start:stop] if token.is_word]
    if (
        not words
        or not words[0][0].isupper()
        or any(word.lower() in LOCATOR_WORDS or month_number(word) for word in words)
    ):
        return labelling
    numbers = _journal_numbers(tokens, labels, stop)
    if numbers is None:
        return labelling
    for inside in range(start, stop):
        labels[inside] = (
            Label.CONTAINER if tokens[inside].is_word or inside < stop - 1 else Label.OTHER
        )
    for inside, label in numbers.items():
        labels[inside] = label
    return Labelling(tuple(labels), labelling.confidence)


def _journal_numbers(
    tokens: Sequence[Token], labels: Sequence[Label], start: int
) -> dict[int, Label] | None:
    """A journal's volume, perhaps its issue or year in brackets, and its pages from `start`
    ("4: 2", "6 441--445", ", 4(2), 139-146", "46 (1986) 473-491"), each token's label; None
    where they do not read so or more numbers follow ("23 (1999) 1, 4-9", "3:3: 131", "113 21
    July"). A year in brackets is the date, where no other date was read."""
    found: dict[int, Label] = {}
    index = start
    if index < len(tokens) and tokens[index].text == ",":
        found[index] = Label.OTHER
        index += 1
    if (
        index >= len(tokens)
        or not tokens[index].text.isdigit()
        or YEAR_ALONE.fullmatch(tokens[index].text)
    ):
        return None
    found[index] = Label.VOLUME
    index += 1
    if index + 2 < len(tokens) and tokens[index].text == "(" and tokens[index + 2].text == ")":
        inside = Label.ISSUE
        if YEAR_ALONE.fullmatch(tokens[index + 1].text):
            dated = labels[index + 1] is not Label.DATE and Label.DATE in labels
            inside = Label.OTHER if dated else Label.DATE
        found.update({index: Label.OTHER, index + 1: inside, index + 2: Label.OTHER})
        index += 3
    if index < len(tokens) and tokens[index].text in ":,":
        found[index] = Label.OTHER
        index += 1
    if index >= len(tokens) or not _NUMBER.fullmatch(tokens[index].text):
        return None
    while index < len(tokens) and (
        _NUMBER.fullmatch(tokens[index].text) or tokens[index].text in "-–"
    ):
        found[index] = Label.PAGES
        index += 1
    after = tokens[index].text if index < len(tokens) else "."
    beyond = tokens[index + 1].text if index + 1 < len(tokens) else ""
    if after not in ".;,([" or (
        after == "," and (beyond[:1].isdigit() or beyond.lower() in AND_WORDS)
    ):
        return None
    return found


def _numbers_follow(tokens: Sequence[Token], number: int) -> bool:
    """Whether the number at `number` opens a venue's numbers: a volume, or a year with a
    volume after its comma (ACS's "2015, 5, 852"); a place's year stands alone ("Berne 2008")."""
    if not YEAR_ALONE.fullmatch(tokens[number].text):
        return True
    after = [token.text for token in tokens[number + 1 : number + 3]]
    return len(after) == 2 and after[0] == "," and bool(_NUMBER.fullmatch(after[1]))


_MISTAKEN_VENUE = frozenset({Label.VOLUME, Label.DATE, Label.LOCATION, Label.PUBLISHER})


def abbreviations_joined(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """Abbreviated words read as a publisher right before the venue are the venue's first
    words ("Geol. Soc. Am. Bull.", "J. Am. Chem. Soc."): a publisher is not printed as a run
    of abbreviations against the journal ("Acad. Press" keeps a whole word)."""
    labels = list(labelling.labels)
    index = 0
    while index < len(labels):
        if labels[index] is not Label.PUBLISHER:
            index += 1
            continue
        stop = index
        while stop < len(labels) and labels[stop] is Label.PUBLISHER:
            stop += 1
        joined = stop
        while joined < len(labels) and tokens[joined].text == "." and labels[joined] is Label.OTHER:
            joined += 1
        if (
            words_between(tokens, index, stop)
            and abbreviated(tokens, index, stop)
            and joined < len(labels)
            and labels[joined] is Label.CONTAINER
        ):
            for inside in range(index, joined):
                labels[inside] = Label.CONTAINER
        index = stop
    return Labelling(tuple(labels), labelling.confidence)


def book_read_as_venue(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A "venue" with an imprint (a publisher or a place) or an edition after it and no volume
    or issue, where no title was read, is a book's title: "Berg, O. Polymer Physics; Wiley:
    Hoboken, NJ, 2003.", "Robert Redfield, Peasant Society and Culture, Chicago, 1956.",
    "Stedman's Medical Dictionary (26th ed.), p.1439" (a journal's name comes with its numbers,
    a book's title with its imprint and its editions). An organisation printed again
    after it, read as names, is its publisher ("Osei Agency. (2019). Annual energy outlook
    2019. Osei Agency.")."""
    labels = list(labelling.labels)
    if Label.TITLE in labels or Label.CONTAINER not in labels:
        return labelling
    if Label.ISSUE in labels or (Label.VOLUME in labels and not _a_books_volume(labels)):
        return labelling
    venue = labels.index(Label.CONTAINER)
    imprint = [index for index, label in enumerate(labels) if label in _A_BOOKS]
    publisher = _names_after(tokens, labels, venue)  # "Osei Agency. (2019). Title. Osei Agency."
    if (not imprint or imprint[0] < venue) and publisher is None:
        return labelling
    labels = [Label.TITLE if label is Label.CONTAINER else label for label in labels]
    if publisher is not None:
        for index in range(publisher, len(labels)):
            if labels[index] is Label.AUTHOR:
                labels[index] = Label.PUBLISHER
    return Labelling(tuple(labels), labelling.confidence)


def _names_after(tokens: Sequence[Token], labels: Sequence[Label], venue: int) -> int | None:
    """Where names read after the venue start, the authors having been read before it: an
    organisation that published its own work, printed again as its publisher; else None."""
    if Label.AUTHOR not in labels[:venue]:
        return None
    return next(
        (i for i in range(venue, len(labels)) if labels[i] is Label.AUTHOR and tokens[i].is_word),
        None,
    )


def book_after_its_editors(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A chapter's book read as a second title after its editors ("Time and school learning.
    In C. Denham & A. Lieberman (Eds.), Time to learn (pp. 33–72)."), where no venue was read:
    the book is the venue."""
    labels = list(labelling.labels)
    run = first_run(labels, Label.TITLE)
    if run is None or Label.CONTAINER in labels or Label.EDITOR not in labels[run[1] :]:
        return labelling
    editors = labels.index(Label.EDITOR, run[1])
    second = next((i for i in range(editors, len(labels)) if labels[i] is Label.TITLE), None)
    if second is None or any(label is Label.TITLE for label in labels[run[1] + 1 : editors]):
        return labelling
    index = second
    while index < len(labels) and labels[index] is Label.TITLE:
        labels[index] = Label.CONTAINER
        index += 1
    return Labelling(tuple(labels), labelling.confidence)


def _a_books_volume(labels: Sequence[Label]) -> bool:
    """Whether a volume is a book's, one of a set ("Microelectronic circuit design, vol. 97
    (McGraw-Hill, New York, 1997)"): by its authors (an editor's volume is the venue of its
    chapters), a publisher follows it and no pages were read."""
    volume = labels.index(Label.VOLUME)
    return (
        Label.AUTHOR in labels
        and Label.EDITOR not in labels
        and Label.PAGES not in labels
        and Label.PUBLISHER in labels[volume:]
    )


def locators_after_venue(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """The numbers after a venue in the two shapes of the styles that print no title are
    volume, pages and year, whatever their size: "Venue 2012, 65, 1968." (ACS, RSC: year,
    volume, pages) and "Venue 3, 40 (2008)." (APS, AIP, Nature: volume, pages, year). A
    volume or a first page can look like a year ("Biochim Biophys Acta 1787, 1352 (2009)").
    After a year printed before the venue, volume and page may stand alone ("… 2017 Mon. Not.
    R. Astron. Soc. 469 394", "… 2016, MNRAS, 457, 1522").
    Where a title but no venue was read, a "title" followed by such numbers is the venue: no
    titled reference goes from its title straight to its volume; where neither was read, a
    journal's short name after the names' comma is ("…, JHEP 1206 (2012) 035")."""
    labels = list(labelling.labels)
    has_title, has_venue = Label.TITLE in labels, Label.CONTAINER in labels
    if not has_title and not has_venue:
        short_name = _short_name_before_locators(tokens, labels)
        if short_name is not None:
            labels[short_name] = Label.CONTAINER
            has_venue = True
    if has_title == has_venue:
        return labelling
    named = Label.CONTAINER if has_venue else Label.TITLE
    first = labels.index(named)
    after = len(labels) - labels[::-1].index(named)
    while after < len(tokens) and tokens[after].text in ".,)":
        after += 1  # the venue's closing mark ("Chem. Geol. 2012, 65, 1968", "MNRAS, 457, 1522")
    shapes = _LOCATOR_SHAPES
    if Label.DATE in labels[:first]:
        shapes = {**shapes, **_DATED_SHAPES}  # IOP's "Smith A 2017 Venue 469 394"
    # the venue's last "words" may be numbers read into it ("Acta 1863, 1502 (2021)", both of
    # "Natural Hazards 65, 1968 (2012)")
    for start in (after, after - 1, after - 2, after - 3):
        tail = [token.text for token in tokens[start:]]
        if tail and tail[-1] == ".":
            tail = tail[:-1]
        found = shapes.get("".join(_shape_of(text) for text in tail))
        if found is not None and start > first:
            break
    else:
        return labelling
    labels = [Label.CONTAINER if label is Label.TITLE else label for label in labels]
    for offset, label in enumerate(found):
        labels[start + offset] = label
    return Labelling(tuple(labels), labelling.confidence)


def _short_name_before_locators(tokens: Sequence[Token], labels: Sequence[Label]) -> int | None:
    """Where a journal's short name in capitals ("JHEP", "JCAP", "ApJ") stands after a comma
    and before the numbers of a title-less reference, its index."""
    for index in range(1, len(tokens) - 1):
        text = tokens[index].text
        if (
            tokens[index - 1].text == ","
            and text.isalpha()
            and sum(letter.isupper() for letter in text) >= 2
            and not more_a_name(text)
            and _locator_shape(tokens, index + 1)
        ):
            return index
    return None


def _locator_shape(tokens: Sequence[Token], start: int) -> bool:
    """Whether the tokens from `start` to the end (and its full stop) are a title-less
    reference's numbers: "2012, 65, 1968", "3, 40 (2008)", "09 (2011) 012"."""
    tail = [token.text for token in tokens[start:]]
    if tail and tail[-1] == ".":
        tail = tail[:-1]
    return "".join(_shape_of(text) for text in tail) in _LOCATOR_SHAPES


def _shape_of(text: str) -> str:
    if YEAR_ALONE.fullmatch(text):
        return "Y"
    if _NUMBER.fullmatch(text):
        return "N"
    return text if text in ",()" else "?"


_NUMBER = re.compile(r"[A-Za-z]?\d+[a-z]?(?:[-‐‑–][A-Za-z]?\d+)?")
_O, _V, _P, _D = Label.OTHER, Label.VOLUME, Label.PAGES, Label.DATE
_LOCATOR_SHAPES = {
    "Y,N,N": (_D, _O, _V, _O, _P),
    "Y,Y,N": (_D, _O, _V, _O, _P),
    "Y,N,Y": (_D, _O, _V, _O, _P),
    "Y,Y,Y": (_D, _O, _V, _O, _P),
    "N,N(Y)": (_V, _O, _P, _O, _D, _O),
    "Y,N(Y)": (_V, _O, _P, _O, _D, _O),
    "N,Y(Y)": (_V, _O, _P, _O, _D, _O),
    "Y,Y(Y)": (_V, _O, _P, _O, _D, _O),
    # Elsevier's physics journals and JHEP, JCAP: "Phys. Lett. B 716 (2012) 1", "JCAP 0701
    # (2007) 031" (INSPIRE's volume: the year's last two digits and the issue)
    "N(Y)N": (_V, _O, _D, _O, _P),
    "N(Y)Y": (_V, _O, _D, _O, _P),
}
# Volume and page alone, where the year stood before the venue (IOP, MNRAS, ApJ's lists).
_DATED_SHAPES = {
    shape: (_V, _P) if len(shape) == 2 else (_V, _O, _P)
    for shape in ("NN", "YN", "NY", "YY", "N,N", "Y,N", "N,Y", "Y,Y")
}  # astronomy's "… 2016, MNRAS, 457, 1522": a first page may look like a year


def title_read_as_venue_opening(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A reference read with no title whose venue opens with a title, a comma or a
    sentence's end, and a journal's name: "Elements of Supergeometry, J. Soviet
    Mathematics", "Putting objects in perspective. IJCV". The journal's name is short and
    named as journals are (a journal's word, an abbreviation, an acronym); the title's part
    is not a venue's opening ("Proceedings of the …, USA") nor abbreviated. So are the
    proceedings a paper was given in: "The MACSYMA System, Proceedings of Second Symposium on
    …"."""
    labels = list(labelling.labels)
    run = words_run(tokens, labels, Label.CONTAINER)
    if Label.TITLE in labels or run is None:
        return labelling
    first, last = run
    if not any(label in (Label.AUTHOR, Label.DATE) for label in labels[:first]):
        return labelling
    opening = first + 1 if tokens[first].text.lower() in _ARTICLES else first  # "The Journal"
    if opens_a_venue(tokens[opening].text):
        return labelling
    for stop in range(first + 2, last):
        if not _ends_title_part(tokens, stop) and not _sentence_end(tokens, stop):
            continue
        if (
            words_between(tokens, first, stop) >= TITLE_WORDS
            and not abbreviated(tokens, first, stop)
            and (
                _named_as_a_journal(tokens, stop + 1, last + 1)
                or tokens[stop + 1].text.lower() in _PROCEEDINGS_OPENING
            )
        ):
            for inside in range(first, stop):
                labels[inside] = Label.TITLE
            labels[stop] = Label.OTHER
            return Labelling(tuple(labels), labelling.confidence)
    return labelling


_ARTICLES = frozenset({"the", "a", "an", "la", "le", "les", "l", "der", "die", "das", "el", "il"})
_PROCEEDINGS_OPENING = frozenset({"proceedings", "proc", "proceeding", "actes", "atti", "anais"})


def _sentence_end(tokens: Sequence[Token], index: int) -> bool:
    """A full stop after a word of four letters or more that no venue abbreviates."""
    before = tokens[index - 1].text
    return (
        tokens[index].text == "."
        and before.isalpha()
        and len(before) >= 4
        and before.lower() not in VENUE_WORDS
    )


def _named_as_a_journal(tokens: Sequence[Token], start: int, stop: int) -> bool:
    """Whether the words between `start` and `stop` name a journal: a few words opening with a
    capital, only small words in lower case and no comma, with an abbreviation or an acronym
    that names no country ("J. Soviet Mathematics", "IJCV", "GSA Today"), or a journal's word
    or a few words in title case, and then its volume ("Eastern Economic Journal, 9", "Mind
    59")."""
    words = [i for i in range(start, stop) if tokens[i].is_word]
    if (
        not words
        or len(words) > JOURNAL_NAME_WORDS
        or not tokens[words[0]].text[0].isupper()
        or tokens[words[0]].text.lower() in LOCATOR_WORDS  # "No. 6"
    ):
        return False
    if any(tokens[i].text == "," for i in range(start, stop)) or any(
        not tokens[i].text.isalpha() or (tokens[i].text[0].islower() and len(tokens[i].text) > 3)
        for i in words
    ):
        return False
    if any(
        (
            tokens[i].text.isupper()
            and len(tokens[i].text) >= 2
            and tokens[i].text.lower() not in PLACE_WORDS
        )
        or (short_capitalised(tokens[i].text) and i + 1 < stop and tokens[i + 1].text == ".")
        for i in words
    ):
        return True
    title_case = len(words) <= _TITLE_CASE_JOURNAL_WORDS and all(
        tokens[i].text[0].isupper() or tokens[i].text in NAME_SMALL_WORDS for i in words
    )  # "…, Mind 59", "…. Expert Systems with Applications, 33"
    if any(tokens[i].text.lower() in JOURNAL_WORDS for i in words):
        return _volume_after(tokens, stop)
    return title_case and _volume_after(tokens, stop) and not _year_after(tokens, stop)


def _year_after(tokens: Sequence[Token], stop: int) -> bool:
    """Whether the number after `stop` is a year ("Saunders, 1953"): a publisher's date."""
    return bool(YEAR_ALONE.fullmatch(_after_a_mark(tokens, stop)))


def _volume_after(tokens: Sequence[Token], stop: int) -> bool:
    """Whether a number follows `stop`, straight or after a comma, a bracket or a colon."""
    return _after_a_mark(tokens, stop)[:1].isdigit()


def _after_a_mark(tokens: Sequence[Token], stop: int) -> str:
    """The token at `stop`, or after the comma, bracket or colon there; "" at the end."""
    if stop < len(tokens) and tokens[stop].text in ",(;:":
        stop += 1
    return tokens[stop].text if stop < len(tokens) else ""


def journal_read_as_title_and_venue(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A long journal's name abbreviated without full stops and read as a title and a venue
    ("M. Swash et al., Amyotroph Lateral Scler Other Mot. | Neuron Disord 1, 293 (2000)"):
    where the numbers after the venue are those of a reference printed without a title (APS's
    volume, page and year; ACS's year, volume and page), a "title" just before the venue, in
    capitalised words, two of them written only in journals' names, is the venue's opening."""
    labels = list(labelling.labels)
    runs = title_then(tokens, labels, Label.CONTAINER)
    if runs is None:
        return labelling
    (first, last), (venue, venue_end) = runs
    between = [tokens[i].text for i in range(last + 1, venue)]
    words = [i for i in range(first, last + 1) if tokens[i].is_word]
    if (
        any(text != "." for text in between)
        or not _locator_shape(tokens, venue_end + 1)
        or not all(tokens[i].text[:1].isupper() for i in words)
        or sum(a_journals_abbreviation(tokens[i].text) for i in words) < 2
    ):
        return labelling
    for index in range(first, venue):
        labels[index] = Label.CONTAINER
    return Labelling(tuple(labels), labelling.confidence)


def journal_abbreviations_after_venue(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A journal's last abbreviations read as a publisher, a date or no field between the
    journal and its numbers ("… neuralgia. Acta Neurol. | Scand. 1999, 100, 25-35", IEEE's
    "…," Knee Surg. | Sport. Traumatol. Arthrosc., vol. 18"): an article with a volume or pages
    has no publisher there, so capitalised words cut short just after the venue (no month's)
    are the venue's."""
    labels = list(labelling.labels)
    venue = first_run(labels, Label.CONTAINER)
    if venue is None or not (Label.VOLUME in labels or Label.PAGES in labels):
        return labelling
    end = venue[1] + 1
    while end < len(tokens) and labels[end] in _NO_JOURNALS_LABELS:
        text = tokens[end].text
        if tokens[end].is_word and not (
            text[:1].isupper() and text.isalpha() and not month_number(text)
        ):
            break
        end += 1
    words = [i for i in range(venue[1] + 1, end) if tokens[i].is_word]
    if (
        not words
        or any(tokens[i].text != "." for i in range(venue[1] + 1, words[0]))
        or any(tokens[i].text.lower() in LOCATOR_WORDS for i in words)  # "Bd.", "V.", "S."
        or any(labels[i] is Label.TITLE and not _outside_the_title(labels, i) for i in words)
        or not abbreviated(tokens, words[0], words[-1] + 1)
    ):
        return labelling
    for index in range(venue[1] + 1, words[-1] + 1):
        labels[index] = Label.CONTAINER
    return Labelling(tuple(labels), labelling.confidence)


# What a journal's last abbreviations are read as between the journal and its numbers: a
# publisher, no field, the title, or the date ("Obstet. Gynecol. | Surv. 1988, 43").
_NO_JOURNALS_LABELS = (Label.PUBLISHER, Label.OTHER, Label.TITLE, Label.DATE)


def _outside_the_title(labels: Sequence[Label], index: int) -> bool:
    """Whether a word read as the title stands after the venue, apart from the title before it."""
    return (
        Label.CONTAINER in labels[:index] and Label.TITLE in labels[: labels.index(Label.CONTAINER)]
    )


def title_place_read_into_vancouver_journal(
    tokens: Sequence[Token], labelling: Labelling
) -> Labelling:
    """A place ending a title after its comma, read as the first sentence of a Vancouver
    journal ("… in Pueblo, Colorado, and Macon, | Georgia. Urban Geogr. 1997;18"): MEDLINE's
    abbreviations hold no full stop, so where the venue's first sentence is a word or two
    written out, none cut short, it is the title's."""
    labels = list(labelling.labels)
    runs = title_then(tokens, labels, Label.CONTAINER)
    if runs is None or not vancouver_dated(tokens):
        return labelling
    (_, last), (start, stop) = runs
    if [token.text for token in tokens[last + 1 : start]] != [","]:
        return labelling
    stop_at = next((i for i in range(start, stop + 1) if tokens[i].text == "."), None)
    if stop_at is None or not any(tokens[i].is_word for i in range(stop_at + 1, stop + 1)):
        return labelling
    place = [tokens[i].text for i in range(start, stop_at)]
    if not (0 < len(place) <= PLACE_LENGTH) or not all(
        word.isalpha() and word.istitle() and not cut_short(word) for word in place
    ):
        return labelling
    for index in range(last + 1, stop_at):
        labels[index] = Label.TITLE
    labels[stop_at] = Label.OTHER
    return Labelling(tuple(labels), labelling.confidence)


def journal_before_vancouver_date_read_as_imprint(
    tokens: Sequence[Token], labelling: Labelling
) -> Labelling:
    """A journal read as a publisher or a place before Vancouver's date and numbers, where no
    venue was read ("… guide to Europe. Health Policy. 1986;6:115-22"): a journal article's
    date, volume and pages follow its journal, never an imprint."""
    labels = list(labelling.labels)
    run = first_run(labels, Label.TITLE)
    if run is None or Label.CONTAINER in labels or not vancouver_dated(tokens):
        return labelling
    start = run[1] + 1
    while start < len(tokens) and not tokens[start].is_word:
        start += 1
    date = next((i for i in range(start, len(tokens)) if labels[i] is Label.DATE), None)
    if date is None or date == start or not tokens[start].text[:1].isupper():
        return labelling
    numbers = [token.text for token in tokens[date + 1 : date + 3]]
    if numbers[:1] != [";"] or not numbers[1:2] or not numbers[1][:1].isdigit():
        return labelling  # a journal's "1986;6:115-22", not a book's "Orbis, 1996; Edinburgh"
    inside = [i for i in range(start, date) if tokens[i].is_word]
    if (
        len(inside) > JOURNAL_NAME_WORDS
        or any(labels[i] not in _IMPRINT for i in inside)
        or any(token.text == ":" for token in tokens[start:date])  # "Place: Publisher"
    ):
        return labelling
    end = max(inside)
    for index in range(start, end + 1):
        labels[index] = Label.CONTAINER
    return Labelling(tuple(labels), labelling.confidence)


def journal_opening_left_out(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A journal's first abbreviation read as no field between the title's end and the rest of
    the journal ("… efficacy.. | S. | Afr. Med. J. 88", IEEE's '…," | Obstet. | Gynecol. Surv.,
    vol. 43'): a capitalised word cut short by a full stop, right before the venue and after
    the marks that end the title, opens the venue."""
    labels = list(labelling.labels)
    runs = title_then(tokens, labels, Label.CONTAINER)
    if runs is None:
        return labelling
    (_, title_end), (venue, _) = runs
    word = venue - 2
    if (
        word <= title_end + 1
        or tokens[word + 1].text != "."
        or labels[word] is not Label.OTHER
        or labels[word + 1] is not Label.OTHER
        or not short_capitalised(tokens[word].text)
        or any(tokens[i].is_word for i in range(title_end + 1, word))
    ):
        return labelling
    labels[word] = labels[word + 1] = Label.CONTAINER
    return Labelling(tuple(labels), labelling.confidence)


def venue_word_ending_a_title(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A venue of one word read as the title's last sentence before the date, where no venue
    was read ("Berger, Jens: The jurabib package. CTAN-Archive, 2002"): a capitalised word no
    dictionary holds, or one written more often in venues' names, after the title's full stop
    and before the date's comma, is the venue."""
    labels = list(labelling.labels)
    title = words_run(tokens, labels, Label.TITLE)
    if title is None or Label.CONTAINER in labels:
        return labelling
    first, last = title
    word = last
    if (
        word - 2 <= first
        or tokens[word - 1].text != "."
        or not tokens[word - 2].text.isalpha()
        or not tokens[word].text[:1].isupper()
        or not mostly_a_venues_word(tokens[word].text)
        or word + 2 >= len(tokens)
        or tokens[word + 1].text != ","
        or labels[word + 2] is not Label.DATE
    ):
        return labelling
    labels[word - 1] = Label.OTHER
    labels[word] = Label.CONTAINER
    return Labelling(tuple(labels), labelling.confidence)


def title_and_journal_read_as_one_venue(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A title and its journal read as one venue, where no title was read ("Holliday, V. T.,
    …, Age and effects of the Odessa meteorite impact, western Texas, USA. | Geology, v. 33,
    …"): where the venue's last sentence is a short name in capitals with the venue's
    numbers after it, and the sentences before it are prose (four words or more, one of them
    a lower-case word titles write and venues' names hardly ever do), those are the title."""
    labels = list(labelling.labels)
    venue = first_run(labels, Label.CONTAINER)
    if Label.TITLE in labels or venue is None or Label.AUTHOR not in labels[: venue[0]]:
        return labelling
    first, last = venue
    end = last_word(tokens, first, last)
    stop = next((i for i in range(end, first, -1) if tokens[i].text == "."), None)
    following = next(
        (i for i in range(last + 1, len(tokens)) if labels[i] is not Label.OTHER), None
    )
    if stop is None or following is None or not _a_sentence_ends(tokens, stop):
        return labelling
    if not _numbers_after(tokens, labels, following):
        return labelling
    journal = [i for i in range(stop + 1, end + 1) if tokens[i].is_word]
    title = [i for i in range(first, stop) if tokens[i].is_word]
    if (
        not 1 <= len(journal) <= 4
        or not tokens[stop + 1].text[:1].isupper()
        or len(title) < 4
        or not any(prose(tokens[i].text) for i in title)
        or any_cut_short(tokens, title[:-1])  # a journal's abbreviations
    ):
        return labelling
    for inside in range(first, stop):
        labels[inside] = Label.TITLE
    labels[stop] = Label.OTHER
    return Labelling(tuple(labels), labelling.confidence)


def _a_sentence_ends(tokens: Sequence[Token], stop: int) -> bool:
    """A full stop after a word that is no abbreviation and no initial ("impact.", "USA.")."""
    before = tokens[stop - 1].text
    return len(before) >= 2 and before.isalpha() and not cut_short(before)


def journal_read_as_volume(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A one-word journal read as part of its volume ("…, Computing Machinery and
    Intelligence, Mind 59, pp 433–460"): a capitalised word after a comma, read as the volume
    before the volume's number, is the journal, where no title or no venue was read (not a
    month, "Jul 2002 167(7)", nor the word of an issue after the volume, "Volume 149, Numéro
    149"); and where no title was read, the venue read before it is the title."""
    labels = list(labelling.labels)
    if Label.TITLE in labels and Label.CONTAINER in labels:
        return labelling
    word = next(
        (
            i
            for i in range(1, len(tokens) - 1)
            if labels[i] is Label.VOLUME
            and tokens[i - 1].text == ","
            and (i < 2 or labels[i - 2] not in LOCATOR_LABELS)  # "Volume 149, Numéro 149"
            and tokens[i].text.isalpha()
            and tokens[i].text.istitle()
            and tokens[i].text.lower() not in LOCATOR_WORDS
            and not month_number(tokens[i].text)
            and not ROMAN_NUMBER.fullmatch(tokens[i].text)
            and labels[i + 1] is Label.VOLUME
            and tokens[i + 1].text[:1].isdigit()
        ),
        None,
    )
    if word is None:
        return labelling
    labels[word] = Label.CONTAINER
    venue = first_run(labels, Label.CONTAINER)
    if (
        Label.TITLE not in labels
        and venue is not None
        and venue[1] < word - 1
        and all(labels[i] is Label.OTHER for i in range(venue[1] + 1, word))
    ):
        for inside in range(venue[0], venue[1] + 1):
            labels[inside] = Label.TITLE
    return Labelling(tuple(labels), labelling.confidence)


def volume_before_its_journal_read_into_title(
    tokens: Sequence[Token], labelling: Labelling
) -> Labelling:
    """The law reviews' order (the Bluebook's "Title, 30 J. Shellfish Res. 659 (2011)"): the
    number after the title's comma and straight before the journal is its volume, not the
    title's, and the number after the journal is the first page."""
    labels = list(labelling.labels)
    runs = title_then(tokens, labels, Label.CONTAINER)
    if runs is None:
        return labelling
    (first, last), (venue, venue_end) = runs
    if not (
        venue == last + 1
        and last - 1 > first
        and tokens[last].text.isdigit()
        and tokens[last - 1].text == ","
        and not YEAR_ALONE.fullmatch(tokens[last].text)
    ):
        return labelling
    page = next((i for i in range(venue_end + 1, len(tokens)) if tokens[i].is_word), None)
    if page is None or not tokens[page].text[:1].isdigit() or labels[page] not in LOCATOR_LABELS:
        return labelling
    labels[last - 1] = Label.OTHER
    labels[last] = Label.VOLUME
    labels[page] = Label.PAGES
    return Labelling(tuple(labels), labelling.confidence)


def title_read_as_a_venue_alone(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A title read as the venue where nothing else was read as the title, and nothing a
    journal's name comes with follows it ("DARES, Les écarts de salaire entre les hommes et les
    femmes en 2009, 2012.", "Corroyer, J. 1888. L’architecture romane, 258-268"): right after
    the names or their date, words written out, with a word in lower case that titles write
    and venues' names hardly ever do, and no volume or issue anywhere, are the title."""
    labels = list(labelling.labels)
    if Label.TITLE in labels or Label.VOLUME in labels or Label.ISSUE in labels:
        return labelling
    venue = first_run(labels, Label.CONTAINER)
    if venue is None:
        return labelling
    first, last = venue
    before = next((i for i in range(first - 1, -1, -1) if tokens[i].is_word), None)
    words = [i for i in range(first, last + 1) if tokens[i].is_word]
    if (
        before is None
        or labels[before] not in (Label.AUTHOR, Label.DATE)
        or len(words) < 2
        or opens_a_venue(tokens[first].text)
        or not any(prose(tokens[i].text) for i in words)
        or any(tokens[i].text.lower() in VENUE_WORDS for i in words)
        or any_cut_short(tokens, words[:-1])
        or kind_of_genre(" ".join(tokens[i].text for i in words))  # "private communication"
    ):
        return labelling
    for inside in range(first, last + 1):
        labels[inside] = Label.TITLE
    return Labelling(tuple(labels), labelling.confidence)
