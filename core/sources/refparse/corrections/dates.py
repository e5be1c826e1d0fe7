"""Which year is the reference's date."""

from __future__ import annotations

import re
from collections.abc import Sequence

from cite_sentinel.core.lexicon import PLACE_WORDS
from cite_sentinel.core.lexicon.dates import YEAR, month_number
from cite_sentinel.core.sources.refparse.corrections.common import (
    PLACE_LENGTH,
    QUOTES,
    YEAR_ALONE,
    first_run,
    words_between,
)
from cite_sentinel.core.sources.refparse.labeller import Labelling
from cite_sentinel.core.sources.refparse.labels import Label
from cite_sentinel.core.sources.refparse.tokens import Token

_CLOSER_OF = {"(": ")", "[": "]"}
_YEAR_SPAN = re.compile(rf"{YEAR}[-‐‑–—](?:{YEAR})?")  # "1896-1970", "1885–"
_SUBJECT_YEARS = re.compile(rf"({YEAR})[-–]({YEAR})")  # "1848-1918": two whole years
_TITLE_WORDS_BEFORE_YEAR = 2  # words a title keeps before a date read into it
# Words after which a year is the title's own ("the 2010 census", "since 1945").
_SMALL_WORDS = frozenset(
    {"the", "of", "in", "on", "for", "at", "and", "to", "a", "an", "from", "since", "by",
     "during", "after", "before", "until", "der", "die", "das", "de", "la", "le", "les", "du",
     "des", "el", "il", "von", "und", "et", "y", "e", "im", "en", "year", "years"}
)  # fmt: skip
_YEARS = re.compile(rf"({YEAR})[-‐‑–—](\d{{4}}|\d{{2}})")
_YEARS_A_SPAN_HOLDS = 50
_VOLUME_WORDS = frozenset({"vol", "volume", "v", "bd", "band", "tome"})  # "Volume 2000 N°1"


def date_read_into_title(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """The rest of a date in brackets read as the title's first words: "(1997, June 26).
    Privatization accepted." read "June 26)." into the title, "1972 [1931] Essays in
    Persuasion" the original year. A title opens after the bracket its date opened."""
    labels = list(labelling.labels)
    run = first_run(labels, Label.TITLE)
    if run is None:
        return labelling
    start = run[0]
    opener = _open_bracket(tokens, start)
    if opener is None and tokens[start].text in "([" and start + 1 < len(tokens):
        opener = start if YEAR_ALONE.fullmatch(tokens[start + 1].text) else None
    if opener is None or not any(
        labels[index] is Label.DATE or YEAR_ALONE.fullmatch(tokens[index].text)
        for index in range(opener + 1, min(opener + 3, len(tokens)))
    ):
        return labelling
    closer = next(
        (i for i in range(start, run[1] + 1) if tokens[i].text == _CLOSER_OF[tokens[opener].text]),
        None,
    )
    if closer is None or closer == run[1]:
        return labelling
    for inside in range(start, closer):
        labels[inside] = Label.DATE if tokens[inside].is_word else Label.OTHER
    labels[closer] = Label.OTHER
    after = closer + 1
    while after <= run[1] and not tokens[after].is_word:
        labels[after] = Label.OTHER
        after += 1
    return Labelling(tuple(labels), labelling.confidence)


def year_read_into_title(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A reference with no date read, whose title runs on over its year: "Asuncion, A. UCI
    machine learning repository 2007", "Inoue, H. Efficiency of Self-Generating Neural
    Networks 2003 Int. J. of Mathematical …", "S. Thompson, Motif Index of Folk Literature,
    Copenhagen 1955-1958", "… Automation August 5 - 8, 2007". The title ends before the date
    (its month and days, a range of years), a place between the title's comma and the date is
    the place, and the words after it join the venue they run into or none. A year inside
    the title's wording ("Report on the 2010 census", "of the 2007 IEEE Conference on …",
    "Introduced on July 31, 1961", or inside its quotation marks) stays: it follows a small
    word or runs on in lower case. A year in a note in brackets after the title's ("Paris,
    1976 (original edition: Stone Age Economics, 1972)") is not its date."""
    labels = list(labelling.labels)
    run = first_run(labels, Label.TITLE)
    if run is None:
        return labelling
    first, last = run
    if any(
        label is Label.DATE and not _in_a_note(tokens, index, first, last)
        for index, label in enumerate(labels)
    ):
        return labelling
    year = next(
        (
            i
            for i in range(last, first + 2, -1)
            if _ends_a_date_in_title(tokens, i, last)
            and not _in_a_note(tokens, i, first, last)  # "… 2009 (translated from the 1868 …"
        ),
        None,
    )
    if year is None:
        return labelling
    start = year
    while start - 1 > first and _date_word(tokens[start - 1].text):
        start -= 1
    while start < year and not tokens[start].is_word:
        start += 1
    if (
        words_between(tokens, first, start) < _TITLE_WORDS_BEFORE_YEAR
        or tokens[start - 1].text.lower() in _SMALL_WORDS  # "Introduced on July 31, 1961"
        or (year + 1 < len(tokens) and tokens[year + 1].text in QUOTES.values())
    ):
        return labelling
    for index, label in enumerate(labels):
        if label is Label.DATE:
            labels[index] = Label.OTHER  # the year of another edition, in a note
    for index in range(start, year + 1):
        labels[index] = Label.DATE if tokens[index].is_word else Label.OTHER
    mark = _place_before_date(tokens, first, start)
    if mark is not None:
        for index in range(mark, start):
            place = index > mark and tokens[index].is_word
            labels[index] = Label.LOCATION if place else Label.OTHER
    joins = last + 1 < len(labels) and labels[last + 1] is Label.CONTAINER
    for index in range(year + 1, last + 1):
        labels[index] = Label.CONTAINER if joins else Label.OTHER
    return Labelling(tuple(labels), labelling.confidence)


def _in_a_note(tokens: Sequence[Token], index: int, first: int, last: int) -> bool:
    """Whether a date stands in a bracketed note the title's run opened, after words of its
    own ("… Paris, 1976 (édition originale : Stone Age Economics, 1972)"): the date of another
    edition, not the reference's ("(2011)" alone is the reference's)."""
    bracket = _open_bracket(tokens, index)
    return (
        bracket is not None
        and first < bracket <= last
        and words_between(tokens, bracket + 1, index) >= 2
    )


def _place_before_date(tokens: Sequence[Token], first: int, start: int) -> int | None:
    """Where the title ends before a place printed between it and its date: the title's
    comma before a place right before the date ("…, Copenhagen 1955-1958"), or its comma or
    full stop before a place a comma parts from the date, where a place's word says it is one
    ("Probability Theory I. New York, 1977", "…, Paris, 1976"); None where there is none."""
    end = start - 1 if tokens[start - 1].text == "," else start
    mark = next((i for i in range(end - 1, first, -1) if tokens[i].text in ",."), None)
    if mark is None or not 0 < end - mark - 1 <= PLACE_LENGTH:
        return None
    place = tokens[mark + 1 : end]
    if not all(token.text[:1].isupper() for token in place):
        return None
    if end == start and tokens[mark].text == ",":
        return mark
    return mark if any(token.text.lower() in PLACE_WORDS for token in place) else None


def _ends_a_date_in_title(tokens: Sequence[Token], index: int, last: int) -> bool:
    """Whether a title's token is a year that ends a date printed after the title: not after a
    small word ("the 2010 census") and not running on in lower case."""
    if not YEAR_ALONE.fullmatch(tokens[index].text):  # a span is a title's ("England, 1500-1700")
        return False
    before = tokens[index - 1].text.lower()
    after = tokens[index + 1].text if index < last else ""
    return before not in _SMALL_WORDS and not after[:1].islower()


def _date_word(text: str) -> bool:
    """A token of a date before its year: a month, a day, a year, a dash or a comma."""
    return (
        bool(month_number(text))
        or text in {"-", "–", ",", "/"}
        or (text.isdigit() and (len(text) <= 2 or bool(YEAR_ALONE.fullmatch(text))))
    )


def _open_bracket(tokens: Sequence[Token], stop: int) -> int | None:
    """The bracket left open before position `stop`, if any."""
    open_at: list[int] = []
    for index in range(stop):
        if tokens[index].text in _CLOSER_OF:
            open_at.append(index)
        elif tokens[index].text in ")]" and open_at:
            open_at.pop()
    return open_at[-1] if open_at else None


def years_in_venue_or_title(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A year printed in a venue's name is no date where the reference prints its date as
    well: the years a journal ran, in brackets after its name ("Public Health Reports
    (1896-1970)", "Annals of Surgery (1885-)"), wherever the date stands; a conference's or an
    era's year ending the venue's words ("PoS LATTICE 2015 (2016)", "British Fiction since
    1970. Basingstoke: Palgrave, 2005"), where a year no earlier follows it. Vancouver's
    "Biochim Biophys Acta 2000; 1502:95" keeps its date: the number after it is smaller. So
    too a year ending a title after the date printed in its author-date place ("(2020).
    Global tuberculosis report 2020.", "(1999). Mental health: … depression, 1998.")."""
    labels = list(labelling.labels)
    runs = _runs(labels, Label.DATE)
    for index, run in enumerate(runs):
        span = _year_span_after_venue(tokens, labels, run)
        later = runs[index + 1 :]
        if span is not None:
            others = [other for other in runs if other != run]
            if not any(_year_from(tokens, other, int(tokens[run[0]].text[:4])) for other in others):
                continue
        elif _year_ends(Label.CONTAINER, tokens, labels, run) and any(
            _year_from(tokens, other, int(tokens[run[0]].text)) for other in later
        ):
            span = run
        elif _year_ends(Label.TITLE, tokens, labels, run) and any(
            _year_from(tokens, other, 0) for other in runs[:index]
        ):
            labels[run[0]] = Label.TITLE  # "(2020). Global tuberculosis report 2020."
            continue
        elif _date_after_titles_comma(tokens, labels, run) and _another_year_before(
            tokens, run, runs[:index]
        ):
            for inside in range(run[0] - 1, run[1] + 1):
                labels[inside] = Label.TITLE  # "(1999). … on depression, 1998. Canberra"
            continue
        else:
            continue
        for inside in range(span[0], span[1] + 1):
            labels[inside] = Label.CONTAINER
    return Labelling(tuple(labels), labelling.confidence)


def day_after_month(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A day right after a date's month, before the semicolon of Vancouver's "2015 May
    28;521(7553)", is the date's, not the volume: the volume follows the semicolon."""
    labels = list(labelling.labels)
    for index in range(1, len(tokens) - 1):
        day = tokens[index].text
        if (
            labels[index - 1] is Label.DATE
            and month_number(tokens[index - 1].text)
            and labels[index] is not Label.DATE
            and day.isdigit()
            and 1 <= int(day) <= 31
            and tokens[index + 1].text == ";"
        ):
            labels[index], labels[index + 1] = Label.DATE, Label.OTHER
    return Labelling(tuple(labels), labelling.confidence)


def year_span_read_as_numbers(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """Where no date was read, a span of years read as an issue in brackets or as the pages of
    a work with no volume is the date: "Social Text 16 (1986–87)", a multi-volume edition's
    "Cambridge University Press, 1985-2015". Pages announced ("pp. 1985-2015") or after a
    volume ("Energy Environ. Sci., 12, 1910-1917") stay pages."""
    labels = list(labelling.labels)
    if Label.DATE in labels:
        return labelling
    numbered = Label.VOLUME in labels  # an article's pages may look like years: "1910-1917"
    for index, token in enumerate(tokens):
        if not _years_apart(token.text):
            continue
        bracketed = 0 < index < len(tokens) - 1 and tokens[index - 1].text == "("
        if (labels[index] is Label.ISSUE and bracketed) or (
            labels[index] is Label.PAGES and not numbered and not _announced_pages(tokens, index)
        ):
            labels[index] = Label.DATE
            return Labelling(tuple(labels), labelling.confidence)
    return labelling


def locator_read_as_date(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A first page or a volume that looks like a year, read as the date where another year
    is the date: announced as a page (IEEE's "vol. 105, pp. 1547, 2005") or as a volume
    ("CEUR Workshop Proceedings, vol. 2072. CEUR-WS.org (2018)"), or a page after the volume
    that follows the year (ACS's "Crit. Care Med. 2006, 34, 2016")."""
    labels = list(labelling.labels)
    dates = [i for i, label in enumerate(labels) if label is Label.DATE]
    if len(dates) < 2:
        return labelling
    for index in dates:
        others = [i for i in dates if i != index and YEAR_ALONE.fullmatch(tokens[i].text)]
        if not others or not tokens[index].text.isdigit():
            continue
        after_volume = (  # with no pages read: "Bull. 22, 1995, 583–610" has them
            Label.PAGES not in labels
            and index >= 2
            and tokens[index - 1].text == ","
            and labels[index - 2] is Label.VOLUME
            and any(i < index - 2 for i in others)
            and not any(token.is_word for token in tokens[index + 1 :])  # it ends the reference
        )
        if _after_pp(tokens, index) or after_volume:
            labels[index] = Label.PAGES
            return Labelling(tuple(labels), labelling.confidence)
        if Label.VOLUME not in labels and _after_vol(tokens, index):
            labels[index] = Label.VOLUME
            return Labelling(tuple(labels), labelling.confidence)
    return labelling


def date_read_as_volume(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """Where no date was read, a volume read from a year with more after it is the date and
    then the volume: Vancouver's "Ann Emerg Med. 2012 Jul; 60(1)", "Aviat Space Environ Med.
    2012 83(11)", APA's "(1996, June 4)" read as a volume whole. A year alone read as the
    volume stays so ("Lect. Notes 1999"), and so does a year announced as one ("Volume 2000
    N°1")."""
    labels = list(labelling.labels)
    run = first_run(labels, Label.VOLUME)
    if Label.DATE in labels or run is None:
        return labelling
    start, stop = run
    announced = start > 0 and tokens[start - 1].text.lower() in _VOLUME_WORDS
    if stop == start or announced or not YEAR_ALONE.fullmatch(tokens[start].text):
        return labelling  # "Volume 2000 N°1" is a volume
    index = start
    labels[index] = Label.DATE
    index += 1
    while index <= stop and (_date_word(tokens[index].text) and not _a_volume(tokens, index)):
        labels[index] = Label.DATE if tokens[index].is_word else Label.OTHER
        index += 1
    while index <= stop and not tokens[index].is_word:
        labels[index] = Label.OTHER
        index += 1
    return Labelling(tuple(labels), labelling.confidence)


def _a_volume(tokens: Sequence[Token], index: int) -> bool:
    """Whether a number after a year is the volume: one the issue's bracket follows, or one
    after a mark that ends the date ("2012 Jul; 60(1)", "2012 83(11)"), or one that ends the
    reference."""
    text = tokens[index].text
    if not text.isdigit():
        return False
    after = tokens[index + 1].text if index + 1 < len(tokens) else ""
    return after in ("(", ":", "") or tokens[index - 1].text in (";", ".") or len(text) > 2


def _after_pp(tokens: Sequence[Token], index: int) -> bool:
    """A number straight after "pp." or "p." in lower case (a capital "P." is an initial)."""
    before = [token.text for token in tokens[max(0, index - 2) : index]]
    return before[-1:] in (["pp"], ["p"]) or before in (["pp", "."], ["p", "."])


def _after_vol(tokens: Sequence[Token], index: int) -> bool:
    """A number straight after "vol." or "Volume"."""
    before = [token.text.lower() for token in tokens[max(0, index - 2) : index]]
    return bool(before) and (
        before[-1] in _VOLUME_WORDS or (before[-1] == "." and before[0] in _VOLUME_WORDS)
    )


def _announced_pages(tokens: Sequence[Token], index: int) -> bool:
    return any(
        tokens[i].text.lower() in {"p", "pp", "pages", "s", "pgs"}
        for i in range(max(0, index - 2), index)
    )


def _years_apart(text: str) -> bool:
    """Whether a token is a span of years, the second after the first by 50 at most:
    "1986–87", "1985-2015"."""
    match = _YEARS.fullmatch(text)
    if match is None:
        return False
    start, end = int(match.group(1)), match.group(2)
    stop = int(end) if len(end) == 4 else start - start % 100 + int(end)
    return 0 < stop - start <= _YEARS_A_SPAN_HOLDS


def _year_ends(
    label: Label, tokens: Sequence[Token], labels: Sequence[Label], run: tuple[int, int]
) -> bool:
    """A date run of one year right after a word of the field `label`: "PoS LATTICE 2015",
    "Global tuberculosis report 2020"."""
    first, last = run
    return (
        first == last
        and first > 0
        and labels[first - 1] is label
        and tokens[first - 1].is_word
        and bool(YEAR_ALONE.fullmatch(tokens[first].text))
    )


def _date_after_titles_comma(
    tokens: Sequence[Token], labels: Sequence[Label], run: tuple[int, int]
) -> bool:
    """A date run after the title's last word and comma that ends the title's sentence: "… A
    report focusing on depression, 1998.", "… Total Diet Study, September 1991-December
    1996."."""
    first, last = run
    return (
        first >= 2
        and tokens[first - 1].text == ","
        and labels[first - 2] is Label.TITLE
        and tokens[first - 2].is_word
        and (last + 1 == len(tokens) or tokens[last + 1].text == ".")
    )


def _year_span_after_venue(
    tokens: Sequence[Token], labels: Sequence[Label], run: tuple[int, int]
) -> tuple[int, int] | None:
    """The bracketed years a journal ran, printed after its name, that the date run `run`
    starts: the brackets and what they hold; None where it is not so."""
    first = run[0]
    if first < 2 or tokens[first - 1].text != "(" or labels[first - 2] is not Label.CONTAINER:
        return None
    close = next(
        (i for i in range(first, min(first + 4, len(tokens))) if tokens[i].text == ")"), None
    )
    if close is None:
        return None
    span = "".join(token.text for token in tokens[first:close])
    return (first - 1, close) if _YEAR_SPAN.fullmatch(span) else None


def _another_year_before(
    tokens: Sequence[Token], run: tuple[int, int], before: Sequence[tuple[int, int]]
) -> bool:
    """Whether a date run before `run` holds a year and none of `run`'s years: a title's
    "…, March 1913" after the date 1913 may be the date's month."""
    years = {t.text for t in tokens[run[0] : run[1] + 1] if YEAR_ALONE.fullmatch(t.text)}
    earlier = {
        t.text
        for other in before
        for t in tokens[other[0] : other[1] + 1]
        if YEAR_ALONE.fullmatch(t.text)
    }
    return bool(earlier) and not years & earlier


def _year_from(tokens: Sequence[Token], run: tuple[int, int], earliest: int) -> bool:
    """Whether the run holds a year no earlier than `earliest`."""
    return any(
        YEAR_ALONE.fullmatch(token.text) and int(token.text) >= earliest
        for token in tokens[run[0] : run[1] + 1]
    )


def _runs(labels: Sequence[Label], label: Label) -> list[tuple[int, int]]:
    """Where each run of `label` starts and ends (both included)."""
    runs: list[tuple[int, int]] = []
    for index, found in enumerate(labels):
        if found is not label:
            continue
        if runs and runs[-1][1] == index - 1:
            runs[-1] = (runs[-1][0], index)
        else:
            runs.append((index, index))
    return runs


def year_span_ending_a_title(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """The years a book's subject spans, after its title's comma ("Education and Middle Class
    Society in Imperial Austria, 1848-1918. West Lafayette, 1998.", "… in Revolution,
    1917-1921 (Oxford: Clarendon Press, 1989)"), read as pages, a date or nothing: where no
    volume was read before it and the work's date is no earlier than the span's end, the span
    is the title's; so is a span written with a word between its years ("1800 to 2000")."""
    labels = list(labelling.labels)
    for index in range(2, len(tokens)):
        span = _SUBJECT_YEARS.fullmatch(tokens[index].text)
        if (
            span is None
            or labels[index] not in (Label.PAGES, Label.DATE, Label.OTHER)
            or any(label in (Label.VOLUME, Label.ISSUE) for label in labels[:index])
            or tokens[index - 1].text != ","
            or labels[index - 2] is not Label.TITLE
            or not tokens[index - 2].is_word
            or int(span[1]) >= int(span[2])
        ):
            continue
        dates = [i for i, label in enumerate(labels) if label is Label.DATE and i != index]
        if not any(_year_from(tokens, (i, i), int(span[2])) for i in dates):
            return labelling
        labels[index - 1] = labels[index] = Label.TITLE
        return Labelling(tuple(labels), labelling.confidence)
    return _year_span_in_words_ending_a_title(tokens, labels, labelling)


def _year_span_in_words_ending_a_title(
    tokens: Sequence[Token], labels: list[Label], labelling: Labelling
) -> Labelling:
    """The years a book's subject spans written with a word between them ("The Western
    Medical Tradition, 1800 to 2000.", "… en France de 1789 à 1870, Vol. 2."), read as its
    date, after the title's comma or a preposition ending it, where a later year is the work's
    date: the span is the title's."""
    for index in range(2, len(tokens) - 2):
        first, word, last = tokens[index], tokens[index + 1], tokens[index + 2]
        if not (
            YEAR_ALONE.fullmatch(first.text)
            and word.text.lower() in _SPAN_WORDS
            and YEAR_ALONE.fullmatch(last.text)
            and int(first.text) < int(last.text)
            and labels[index] in (Label.DATE, Label.PAGES, Label.OTHER)
        ):
            continue
        before = index - 1
        after_comma = tokens[before].text == "," and labels[before - 1] is Label.TITLE
        after_preposition = labels[before] is Label.TITLE and tokens[before].text in _SPAN_OPENERS
        if not (after_comma or after_preposition):
            return labelling
        dates = [i for i, label in enumerate(labels) if label is Label.DATE and i > index + 2]
        if not any(_year_from(tokens, (i, i), int(last.text)) for i in dates):
            return labelling
        for inside in range(before if after_comma else index, index + 3):
            labels[inside] = Label.TITLE
        return Labelling(tuple(labels), labelling.confidence)
    return labelling


# What joins the first and last year of a span in words, and what opens it in a title.
_SPAN_WORDS = frozenset({"to", "à", "a", "bis", "until", "till", "al", "au", "-", "–", "—"})
_SPAN_OPENERS = frozenset({"de", "from", "von", "of", "between", "in", "du", "dal", "del"})


def names_and_date_read_as_title(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """An author-date reference whose names and date were read as its title's opening
    ("Sustainable Forestry Initiative, Inc. 2010. Requirements for the SFI program.", "Bureau
    d'audiences publiques sur l'environnement (2014). Projet de parc éolien …", "France,
    Anatole 1923 [1895]. Le jardin d'Épicure"): where no names and no date were read and the
    title opens the reference, a year after its first words, in brackets or before a full
    stop, and then a sentence of three words or more, ends the names; the year is the date
    (an original edition's year in brackets after it a note) and the sentence opens the title.
    A year after a small word ("Report on the 2010 census") or before a place's colon
    ("… report 2020. Geneva: WHO") is the title's."""
    labels = list(labelling.labels)
    if any(label in labels for label in (Label.AUTHOR, Label.EDITOR, Label.DATE)):
        return labelling
    run = first_run(labels, Label.TITLE)
    words = [i for i, token in enumerate(tokens) if token.is_word]
    if run is None or not words or run[0] != words[0]:
        return labelling
    first, last = run
    opening = range(first + 1, min(last, first + _NAMES_TOKENS))
    year = next((i for i in opening if YEAR_ALONE.fullmatch(tokens[i].text)), None)
    if year is None:
        return labelling
    names_end = year - 1 if tokens[year - 1].text in "(.," else year
    if (
        words_between(tokens, first, names_end) < 1
        or tokens[names_end - 1].text.lower() in _SMALL_WORDS
    ):
        return labelling
    index = year + 1
    while index <= last and tokens[index].text in ")]":
        index += 1
    if (  # an original edition's year: "1923 [1895]"
        index + 2 < last
        and tokens[index].text in "[("
        and YEAR_ALONE.fullmatch(tokens[index + 1].text)
        and tokens[index + 2].text in ")]"
    ):
        index += 3
    if index + 1 > last or tokens[index].text != "." or not tokens[index + 1].text[:1].isupper():
        return labelling
    sentence = next((i for i in range(index + 1, last + 1) if tokens[i].text in ".:,"), last + 1)
    if words_between(tokens, index + 1, sentence) < 3:
        return labelling
    for inside in range(first, names_end):
        labels[inside] = Label.AUTHOR
    for inside in range(names_end, index + 1):
        labels[inside] = Label.DATE if inside == year else Label.OTHER
    return Labelling(tuple(labels), labelling.confidence)


_NAMES_TOKENS = 24  # tokens of the names read into a title, at most


def title_date_and_venue_run_together(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A reference printed without marks between its fields, as PDFs of LNCS's lists give
    them ("Elman, J.L. Finding structure in time 1990 Cognitive Sci 14 179--211"), read as one
    venue over its title, year and journal: where no title and no date were read, a year alone
    inside the venue, between words and before a capitalised word, with the volume after the
    venue, parts the title, the date and the journal."""
    labels = list(labelling.labels)
    run = first_run(labels, Label.CONTAINER)
    if Label.TITLE in labels or Label.DATE in labels or run is None:
        return labelling
    start, stop = run
    years = [i for i in range(start + 1, stop) if YEAR_ALONE.fullmatch(tokens[i].text)]
    if len(years) != 1 or stop + 1 >= len(tokens) or labels[stop + 1] is not Label.VOLUME:
        return labelling
    year = years[0]
    if (
        words_between(tokens, start, year) < 2
        or not tokens[year - 1].is_word
        or not (tokens[year + 1].is_word and tokens[year + 1].text[:1].isupper())
    ):
        return labelling
    for index in range(start, year):
        labels[index] = Label.TITLE
    labels[year] = Label.DATE
    return Labelling(tuple(labels), labelling.confidence)
