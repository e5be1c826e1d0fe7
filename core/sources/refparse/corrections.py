"""Corrections of the labeller's labels where the structure of the reference decides what the
labeller, which sees a few tokens around each one, cannot: identifiers are never text, a title
starts after a name list's last initial, a venue printed without a title is a venue."""

from __future__ import annotations

import re
from collections.abc import Sequence

from cite_sentinel.core.lexicon import (
    AND_WORDS,
    CONFERENCE_WORDS,
    JOURNAL_WORDS,
    LOCATOR_WORDS,
    NAME_PARTICLES,
    NAME_SUFFIXES,
    PUBLISHER_WORDS,
    TYPE_CODES,
)
from cite_sentinel.core.lexicon.dates import YEAR, month_number
from cite_sentinel.core.lexicon.words import name_counts, word_count
from cite_sentinel.core.sources.reflist_people import parse_people
from cite_sentinel.core.sources.refparse.labeller import Labelling
from cite_sentinel.core.sources.refparse.labels import Label
from cite_sentinel.core.sources.refparse.tokens import Token

_LINK = re.compile(r"(?:https?|ftp)://|www\.|10\.\d{4,9}/")
_VENUE_WORDS = JOURNAL_WORDS | CONFERENCE_WORDS | LOCATOR_WORDS
_YEAR_THEN_NAME = re.compile(rf"{YEAR}$")
_YEAR = re.compile(YEAR)
# Given names written as initials: "T.", "C.-W.", "H-yi", "N.", "J. P."
_INITIALS_GIVEN = re.compile(r"(?:[A-Z][a-z]?\.?(?:-[A-Za-z]{1,3}\.?)?\s?)+")
# A family name: one or two capitalised words after particles ("de Freitas", "Barth-Maron")
_FAMILY = re.compile(
    rf"(?:(?:{'|'.join(map(re.escape, sorted(NAME_PARTICLES)))}) )*[A-Z][\w'’-]+(?: [A-Z][\w'’-]+)?"
)
_FUNCTION_WORDS = frozenset(
    {"a", "an", "and", "the", "of", "in", "on", "for", "to", "with", "de", "des", "du", "der", "la"}
)
_GLUED_AND = re.compile(r"and[A-Z]")
_IMPRINT = (Label.PUBLISHER, Label.LOCATION)
_CLOSER_OF = {"(": ")", "[": "]"}
_PROSE_WORDS = 2  # words a part read among the names holds at least to be prose
_PROSE_LETTERS = 4  # letters of a lower-case word that is no name's ("cargo", not "v." or "de")
_ROMAN_NUMBER = re.compile(r"[IVXLC]+")
_TITLE_WORDS = 3  # words a title keeps at least when its end is read as the journal
_JOURNAL_WORDS = 6  # words of a journal's name read as the title's end, at most
_YEAR_SPAN = re.compile(rf"{YEAR}[-‐‑–—](?:{YEAR})?")  # "1896-1970", "1885–"
# Words that announce the next field and are never the start of a title.
_ANNOUNCING = frozenset({"pp", "p", "vol", "no", "doi", "url", "available", "retrieved"})
_TEXT_FIELDS = frozenset(
    {Label.AUTHOR, Label.EDITOR, Label.TITLE, Label.CONTAINER, Label.COLLECTION, Label.PUBLISHER}
)
_NUMBERS = frozenset({Label.DATE, Label.VOLUME, Label.ISSUE, Label.PAGES})


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
# What marks names as a work's editors: "ed.", "(eds.)", "editors", "(Hrsg.)", "(dir.)".
_EDITOR_MARKS = frozenset(
    {"ed", "eds", "editor", "editors", "hrsg", "hg", "hgg", "éd", "éds", "dir", "dirs", "coord",
     "coords", "comp", "comps", "red"}
)  # fmt: skip
_TITLE_WORDS_BEFORE_YEAR = 2  # words a title keeps before a date read into it
_PLACE_WORDS = 2  # words of a place between a title's comma and the date after it
# Words after which a year is the title's own ("the 2010 census", "since 1945").
_SMALL_WORDS = frozenset(
    {"the", "of", "in", "on", "for", "at", "and", "to", "a", "an", "from", "since", "by",
     "during", "after", "before", "until", "der", "die", "das", "de", "la", "le", "les", "du",
     "des", "el", "il", "von", "und", "et", "y", "e", "im", "en", "year", "years"}
)  # fmt: skip
# Han, kana and Hangul: the scripts of references printed as GB/T 7714 and its neighbours do.
_EAST_ASIAN = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]")
_PART_ENDS = frozenset({",", ".", "，", "。", "、", ";", "；"})
# Labels of words the labeller read as no field of their own (or as names they cannot be).
_UNREAD = frozenset({Label.NOTE, Label.OTHER, Label.AUTHOR, Label.PUBLISHER})
_PUBLISHER_WORDS = 10  # words of a publisher's name read as a title's end, at most
# Words that say what names did besides writing: editing, translating, producing, compiling.
_ROLE_WORDS = _EDITOR_MARKS | frozenset(
    {"trans", "transl", "translator", "translated", "producer", "producers", "director",
     "compiler", "compiled", "edited", "übers", "trad"}
)  # fmt: skip
_YEARS = re.compile(rf"({YEAR})[-‐‑–—](\d{{4}}|\d{{2}})")
_YEARS_A_SPAN_HOLDS = 50
_EDITION_WORDS = frozenset({"ed", "edn", "edition", "éd", "édition", "aufl", "auflage", "edição"})
_ABBREVIATIONS_AT_MOST = 4  # a journal's abbreviated words read into a title's last part
_ABBREVIATION_LETTERS = 7  # letters a journal's abbreviated word has at most

# Quotation marks a title may be printed in: each opening mark and the mark that closes it.
_QUOTES = {"'": "'", '"': '"', "“": "”", "‘": "’", "«": "»", "„": "“", "‚": "‘"}


def corrected(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """The labelling with each correction applied in turn."""
    for correction in (
        _identifiers_apart,
        _title_in_quotation_marks,
        _word_before_colon,
        _title_words_before,
        _title_inside_container,
        _title_read_as_names,
        _title_before_in,
        _title_run_past_in,
        _parts_of_an_east_asian_reference,
        _edition_read_into_title,
        _imprint_read_into_title,
        _title_run_into_venue,
        _journal_read_as_title_end,
        _journal_run_into_sentence_case_title,
        _venue_abbreviation_after_title,
        _venue_abbreviations_after_comma,
        _publisher_after_title,
        _place_and_publisher_after_title,
        _title_read_as_note,
        _name_of_a_link,
        _prose_read_as_names,
        _given_name_read_as_title,
        _names_end_after_the_last_and,
        _opening_names_read_as_other,
        _names_marked_as_editors,
        _names_run_on,
        _year_ends_the_names,
        _name_after_last_initial,
        _journal_read_as_last_name,
        _title_opening_read_as_name,
        _vancouver_names_end,
        _venue_after_inverted_names,
        _abbreviations_joined,
        _years_in_venue_or_title,
        _day_after_month,
        _year_span_read_as_numbers,
        _date_read_into_title,
        _year_read_into_title,
        _venue_before_numbers,
        _book_read_as_venue,
        _locators_after_venue,
    ):
        labelling = correction(tokens, labelling)
    return labelling


def _title_in_quotation_marks(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A title printed in quotation marks is what they enclose, where the labeller read it
    past them or as the venue: "陈学斌, 2010, '我国生态补偿机制进展与建议', 宏观经济管理",
    "이장원, '중국의 공공외교: 배경, 목표, 전략,' 동서연구", "D. J. Coleman, “Unified model for
    accommodative mechanism,” Am. J. Ophthalmol.", "Delmas, Catherine. « When West meets East
    … », Etudes britanniques". The words after the closing mark it read as the title are the
    venue, where none was read."""
    labels = list(labelling.labels)
    span = _quoted_span(tokens, labels)
    if span is None:
        return labelling
    opening, closing = span
    outside = [
        index
        for index, label in enumerate(labels)
        if label is Label.TITLE and not opening < index < closing
    ]
    inside = range(opening + 1, closing)
    if all(labels[index] is Label.TITLE for index in inside) and not outside:
        return labelling
    venue = Label.OTHER if Label.CONTAINER in labels else Label.CONTAINER
    for index in outside:
        labels[index] = venue if index > closing and tokens[index].is_word else Label.OTHER
    for index in inside:
        labels[index] = Label.TITLE
    end = closing - 1  # GB/T 7714's "[J]" before the closing mark is the type, not the title
    while end > opening and tokens[end].text in ",.":
        labels[end] = Label.OTHER
        end -= 1
    if end - 2 > opening and tokens[end].text == "]" and tokens[end - 1].text in TYPE_CODES:
        labels[end - 2 : end + 1] = [Label.OTHER, Label.GENRE, Label.OTHER]
    labels[opening] = labels[closing] = Label.OTHER
    return Labelling(tuple(labels), labelling.confidence)


def _quoted_span(tokens: Sequence[Token], labels: Sequence[Label]) -> tuple[int, int] | None:
    """Quotation marks that open right after the names or the date and close before a comma,
    a full stop or a semicolon (or after one, or after a question before a word),
    enclosing words: (opening, closing) token positions; None where there are none. A mark
    that closes inside the title (an apostrophe; one closing a quotation inside, « La
    « société civile » dans … ») is passed over."""
    for opening in range(1, len(tokens) - 2):
        closes = _QUOTES.get(tokens[opening].text)
        if closes is None or _inside_word(tokens, opening):
            continue  # no mark, or a letter's (the ayn of "Al-Ma‘tūq", an elision)
        if tokens[opening - 1].text in _QUOTES:
            return None  # a quotation inside quotation marks: "'Inherent' Ideology, …"
        before = next((i for i in range(opening - 1, -1, -1) if tokens[i].is_word), None)
        if before is None or labels[before] not in (Label.AUTHOR, Label.DATE):
            return None
        depth = 0  # marks of the same kind opened inside: « La « société civile » dans … »
        for closing in range(opening + 2, len(tokens)):
            text = tokens[closing].text
            if text == tokens[opening].text != closes:
                depth += 1
            if text != closes:
                continue
            after = tokens[closing + 1].text if closing + 1 < len(tokens) else "."
            if depth:
                depth -= 1
            elif closing == opening + 2 and _names_go_on(tokens, labels, closing):
                break  # a nickname among the names: 'Jiang, C. "Max"., Kashinath, K., …'
            elif after in ",.;" or tokens[closing - 1].text in ",." or _asked(tokens, closing):
                return opening, closing
        return None
    return None


def _names_go_on(tokens: Sequence[Token], labels: Sequence[Label], closing: int) -> bool:
    """Whether the word after a closing mark was read as a name: the list of names goes on
    (after one quoted word, a nickname; after a title, its book's editors may follow)."""
    after = next((i for i in range(closing + 1, len(tokens)) if tokens[i].is_word), None)
    return after is not None and labels[after] is Label.AUTHOR


def _inside_word(tokens: Sequence[Token], index: int) -> bool:
    """Whether a mark stands between two letters with no space: part of a word."""
    return (
        0 < index < len(tokens) - 1
        and tokens[index - 1].is_word
        and tokens[index + 1].is_word
        and tokens[index - 1].end == tokens[index].start
        and tokens[index].end == tokens[index + 1].start
    )


def _asked(tokens: Sequence[Token], closing: int) -> bool:
    """Whether a closing mark ends a question or an exclamation with a word after it ("“Why
    now?” Journal of …"): a title of its own, where a dash or a colon after it ("“I can do
    everything but see!” - How People …") goes on with the title."""
    after = tokens[closing + 1].text if closing + 1 < len(tokens) else ""
    return tokens[closing - 1].text in "?!" and after[:1].isalnum()


def _identifiers_apart(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A link or a DOI is never part of a name, a title or a venue, whatever the labeller
    said."""
    labels = list(labelling.labels)
    for index, token in enumerate(tokens):
        if labels[index] in _TEXT_FIELDS and _LINK.match(token.text):
            labels[index] = (
                Label.URL if "://" in token.text or token.text.startswith("www.") else Label.DOI
            )
    return Labelling(tuple(labels), labelling.confidence)


def _title_words_before(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """Words read as belonging to no field right before a title are the title's first words
    ("In Defense of …", "Editing in Style: …"): a field's announcing word ("In:", "pp.") is
    never followed directly by a title."""
    labels = list(labelling.labels)
    for index in range(len(tokens) - 1, 0, -1):
        if labels[index] is not Label.TITLE or labels[index - 1] is not Label.OTHER:
            continue
        start = index
        while start > 0 and labels[start - 1] is Label.OTHER and _plain_word(tokens[start - 1]):
            start -= 1
        if start < index and (start == 0 or not tokens[start - 1].is_word):
            if Label.TITLE in labels[:start]:
                continue  # a second title after the first's end: "… History.” In Performing …"
            for inside in range(start, index):
                labels[inside] = Label.TITLE
    return Labelling(tuple(labels), labelling.confidence)


def _word_before_colon(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A word between a name list's closing initial and a colon opens the title, not the
    names: "Kan, M.-Y. FANG: Leveraging …", "Gil, H. Whiskers: Exploring …" (a name before a
    colon, DIN's "Berger, Jens: …", follows a comma)."""
    labels = list(labelling.labels)
    for index in range(2, len(tokens) - 2):
        if (
            labels[index] is Label.AUTHOR
            and tokens[index].is_word
            and tokens[index + 1].text == ":"
            and tokens[index - 1].text == "."
            and _is_initial(tokens[index - 2].text)
            and labels[index + 2] is Label.TITLE
        ):
            labels[index] = labels[index + 1] = Label.TITLE
    return Labelling(tuple(labels), labelling.confidence)


def _is_initial(text: str) -> bool:
    return text.isalpha() and text.isupper() and len(text) <= 3


def _title_inside_container(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A reference read with no title whose venue runs over a sentence's end holds its title
    before that end: "(2021). Agent Incentives: A Causal Perspective. Thirty-Fifth AAAI
    Conference …". A journal's abbreviations ("Phys. Rev. Lett.") end no sentence."""
    labels = list(labelling.labels)
    run = _first_run(labels, Label.CONTAINER)
    if Label.TITLE in labels or run is None:
        return labelling
    first, last = run
    if not any(label in (Label.AUTHOR, Label.DATE) for label in labels[:first]):
        return labelling
    for stop in range(first + 2, last - 1):
        if (
            _ends_a_title(tokens, stop)
            and _words(tokens, first, stop) >= 2
            and not _abbreviated(tokens, first, stop)
            and _words(tokens, stop + 1, last + 1) >= 2
        ):
            for inside in range(first, stop):
                labels[inside] = Label.TITLE
            labels[stop] = Label.OTHER
            return Labelling(tuple(labels), labelling.confidence)
    return labelling


def _title_read_as_names(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """In a list of names printed initials first ("K. Osei, T. Ng, …"), a part between commas
    that opens with no initial and holds three words or more is no name but the title the
    labeller read into the names: "K. Osei, T. Ng, Rivers and Their Deltas, in: …"; what the
    names' run holds after it is the venue where it reads as one ("…, Rivers and their
    deltas, J. Hydrol. 12"), else no field (a publisher, a place)."""
    labels = list(labelling.labels)
    run = _first_run(labels, Label.AUTHOR)
    if Label.TITLE in labels or run is None:
        return labelling
    first, last = run
    chunks: list[tuple[int, int]] = []
    start = first
    for index in range(first, last + 2):
        if index > last or tokens[index].text == ",":
            if start < index:
                chunks.append((start, index))
            start = index + 1
    if len(chunks) < 2 or not _initials_first(tokens, *chunks[0]):
        return labelling
    for number, (begin, end) in enumerate(chunks[1:], start=1):
        if tokens[begin].text in AND_WORDS:  # lower case: "A." and "Y." are initials
            begin += 1
        elif _GLUED_AND.match(tokens[begin].text):
            continue  # "andR .de Tourreil": the last name, "and" glued to it in a PDF
        if _initials_first(tokens, begin, end):
            continue
        if _words(tokens, begin, end) < 3 or not _no_initials(tokens, begin, end):
            return labelling
        for inside in range(chunks[number][0], end):  # an "and" before the title is none of it
            labels[inside] = Label.TITLE if inside >= begin else Label.OTHER
        rest = range(end + 1, last + 1)  # after a title: no name; a venue if it reads as one
        venue = any(tokens[i].text == "." or tokens[i].text.lower() in _VENUE_WORDS for i in rest)
        for inside in range(end, last + 1):
            labels[inside] = Label.CONTAINER if venue and inside in rest else Label.OTHER
        return Labelling(tuple(labels), labelling.confidence)
    return labelling


def _initials_first(tokens: Sequence[Token], begin: int, end: int) -> bool:
    """Whether the tokens from `begin` to `end` open with an initial: "K. Osei", "Y. G. Kim
    and C. B. Park"."""
    return end - begin >= 3 and _is_initial(tokens[begin].text) and tokens[begin + 1].text == "."


def _no_initials(tokens: Sequence[Token], begin: int, end: int) -> bool:
    """Whether no initial with its full stop stands between `begin` and `end`."""
    return not any(
        _is_initial(tokens[index].text) and tokens[index + 1].text == "."
        for index in range(begin, end - 1)
    )


def _title_before_in(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A reference read with no title, names and then venue words up to "in:" and the venue
    after it: the words before "in:" are the title ("J. van Dijk, Memory, Grief and the
    Archive, in: Proceedings of …", Copernicus's "Zhu, Y.: Glacier retreat in the Alps, in:
    EGU, 2020"). A title never ends in "in:"; a venue is what it announces."""
    labels = list(labelling.labels)
    run = _first_run(labels, Label.CONTAINER)
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
        or _words(tokens, first, announced - 1) < 2
    ):
        return labelling
    for inside in range(first, announced - 1):
        labels[inside] = Label.TITLE
    for inside in range(announced - 1, announced + 2):
        labels[inside] = Label.OTHER
    return Labelling(tuple(labels), labelling.confidence)


def _title_run_past_in(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A title read on past "In" after its full stop or comma ("Expressing musical features
    … using ACE XML 2.0. In Structuring Music through Markup Language, ed. J. Steyn", "…
    Table-Fellowship, in The Social World of Luke-Acts"), with no venue read: a chapter's
    title ends there, and the book it is in is the venue. "In" opens the book's title with a
    capital after it."""
    labels = list(labelling.labels)
    run = _first_run(labels, Label.TITLE)
    if run is None or Label.CONTAINER in labels:
        return labelling
    first, last = run
    announced = next(
        (
            index
            for index in range(first + 2, last - 1)
            if tokens[index].text.lower() == "in"
            and tokens[index - 1].text in ",."
            and (tokens[index].text == "In" or tokens[index - 1].text == ",")
            and tokens[index + 1].text[:1].isupper()
        ),
        None,
    )
    if announced is None or _words(tokens, first, announced - 1) < 2:
        return labelling
    labels[announced - 1] = labels[announced] = Label.OTHER
    for inside in range(announced + 1, last + 1):
        labels[inside] = Label.CONTAINER
    return Labelling(tuple(labels), labelling.confidence)


def _edition_read_into_title(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """An edition printed after a title, set off by a comma, a full stop or a bracket ("A
    Treatise on the Calculus of Finite Differences, 2nd ed.", "L'écriture et la différence
    (1 éd.)", "… Semantics. Revised Edition", "Droit constitutionnel (29e édition)"), read as
    the title's end, is the edition."""
    labels = list(labelling.labels)
    run = _first_run(labels, Label.TITLE)
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
        last - first >= _TITLE_WORDS
        and tokens[last].text.isdigit()
        and len(tokens[last].text) <= 2
        and tokens[last - 1].text in ".,"
        and last + 2 < len(tokens)
        and tokens[last + 1].text == "."
        and tokens[last + 2].text.lower() in _EDITION_WORDS
    )


def _imprint_read_into_title(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A book's imprint in brackets after its title, as physics and mathematics print it
    ("G. B. Whitham, Linear and Nonlinear Waves (John Wiley Pub., New York, 1974)"), read as
    the title's end: the title ends before the bracket, whose words up to its year are the
    publisher and its place. A bracket that holds no year and no comma ("(with
    discussion)", "(PhysTeV2015)") is not an imprint."""
    labels = list(labelling.labels)
    run = _first_run(labels, Label.TITLE)
    if run is None:
        return labelling
    first, last = run
    opening = next((i for i in range(last, first, -1) if tokens[i].text in "()"), None)
    if opening is None or tokens[opening].text != "(" or _words(tokens, first, opening) < 2:
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


def _parts_of_an_east_asian_reference(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A reference in Chinese, Japanese or Korean, read with no title ("문창로, 2017, 문헌자료를
    통해 본 삼한의 소도와 제의, 百濟學報22, 百濟學會, pp.5-32.", "孫洪生, 李永民. 子和補意推原.
    張家口醫學院學報. 2003. 20(6)."): as GB/T 7714 and its neighbours print one, the part after
    the names and the date (a comma or a full stop ends each) is the title, and the next one
    the venue, where none was read."""
    labels = list(labelling.labels)
    if Label.TITLE in labels or not _east_asian(tokens):
        return labelling
    start = _after_names_and_date(tokens, labels)
    parts = _parts(tokens, start)
    if not parts:
        return labelling
    title = parts[0]
    venue_read = any(
        labels[i] is Label.CONTAINER for i in range(len(labels)) if not title[0] <= i < title[1]
    )
    for index in range(*title):
        labels[index] = Label.TITLE
    if len(parts) > 1 and not venue_read:
        venue = parts[1]
        if all(labels[i] in _UNREAD for i in range(*venue) if tokens[i].is_word):
            for index in range(*venue):
                labels[index] = Label.CONTAINER
    return Labelling(tuple(labels), labelling.confidence)


def _east_asian(tokens: Sequence[Token]) -> bool:
    """Whether most of a reference's letters are Chinese, Japanese or Korean."""
    letters = [char for token in tokens for char in token.text if char.isalpha()]
    ideographs = sum(1 for char in letters if _EAST_ASIAN.match(char))
    return bool(letters) and ideographs * 2 > len(letters)


def _after_names_and_date(tokens: Sequence[Token], labels: Sequence[Label]) -> int:
    """Where the words after a reference's opening names and date start: the first word read
    as neither, or, where all were read as names, the first after the names' full stop (after
    the first comma where none stops them: one author, "刘春, 舞蹈新媒体初探, …")."""
    for index, (token, label) in enumerate(zip(tokens, labels, strict=True)):
        if token.is_word and label not in (Label.AUTHOR, Label.DATE, Label.NUMBER):
            return index
    ends = [i for i, token in enumerate(tokens[:-1]) if token.text in ".。" and i > 0]
    commas = [i for i, token in enumerate(tokens[:-1]) if token.text in ",，" and i > 0]
    stop = (ends or commas or [len(tokens) - 1])[0]  # "李永民." ends the names, else a comma
    return stop + 1


def _parts(tokens: Sequence[Token], start: int) -> list[tuple[int, int]]:
    """The parts between commas and full stops from `start` that hold words in an East Asian
    script or open with one: (start, stop) token positions, the ending mark left out. Numbers
    and locators ("Vol. 68", "pp.5-32") end the parts looked at."""
    parts: list[tuple[int, int]] = []
    begin = start
    for index in range(start, len(tokens) + 1):
        if index < len(tokens) and tokens[index].text not in _PART_ENDS:
            continue
        words = [tokens[i].text for i in range(begin, index) if tokens[i].is_word]
        if words:
            if not any(_EAST_ASIAN.match(char) for word in words for char in word):
                break
            parts.append((begin, index))
        begin = index + 1
    return parts


def _title_run_into_venue(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """IOP prints the title and the venue with no mark between them: "2019 Neutrino
    oscillations in dense matter Proceedings of the 39th …", "2016 Observation of spin waves
    in thin films Phys. Rev. Lett. 116". A venue starts with a capital and a venue word; the
    title's words in sentence case before it, read as the venue, are the title's."""
    labels = list(labelling.labels)
    run = _first_run(labels, Label.CONTAINER)
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
        and tokens[first].text.lower() not in _VENUE_WORDS
        and tokens[first + 1].text.islower()
    ):
        return labelling  # no title, and the venue does not open in sentence case
    opening = next(
        (
            index
            for index in range(first + 1, last + 1)
            if tokens[index].text[0].isupper()
            and tokens[index - 1].text.islower()
            and tokens[index].text.lower() in _VENUE_WORDS
        ),
        None,
    )
    if (
        opening is None
        or tokens[opening - 1].text in _FUNCTION_WORDS  # "Bulletin of the American …"
        or (
            not title
            and (
                _words(tokens, first, opening) < 3
                or any(tokens[i].text[0].isupper() for i in range(first + 1, opening))
            )
        )
    ):
        return labelling
    for inside in range(start, opening):
        labels[inside] = Label.TITLE
    return Labelling(tuple(labels), labelling.confidence)


def _date_read_into_title(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """The rest of a date in brackets read as the title's first words: "(1997, June 26).
    Privatization accepted." read "June 26)." into the title, "1972 [1931] Essays in
    Persuasion" the original year. A title opens after the bracket its date opened."""
    labels = list(labelling.labels)
    run = _first_run(labels, Label.TITLE)
    if run is None:
        return labelling
    start = run[0]
    opener = _open_bracket(tokens, start)
    if opener is None and tokens[start].text in "([" and start + 1 < len(tokens):
        opener = start if _YEAR.fullmatch(tokens[start + 1].text) else None
    if opener is None or not any(
        labels[index] is Label.DATE or _YEAR.fullmatch(tokens[index].text)
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


def _year_read_into_title(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A reference with no date read, whose title runs on over its year: "Asuncion, A. UCI
    machine learning repository 2007", "Inoue, H. Efficiency of Self-Generating Neural
    Networks 2003 Int. J. of Mathematical …", "S. Thompson, Motif Index of Folk Literature,
    Copenhagen 1955-1958", "… Automation August 5 - 8, 2007". The title ends before the date
    (its month and days, a range of years), a place between the title's comma and the date is
    the place, and the words after it join the venue they run into or none. A year inside
    the title's wording ("Report on the 2010 census", "of the 2007 IEEE Conference on …",
    "Introduced on July 31, 1961", or inside its quotation marks) stays: it follows a small
    word or runs on in lower case."""
    labels = list(labelling.labels)
    run = _first_run(labels, Label.TITLE)
    if run is None or Label.DATE in labels:
        return labelling
    first, last = run
    year = next(
        (i for i in range(last, first + 2, -1) if _ends_a_date_in_title(tokens, i, last)), None
    )
    if year is None:
        return labelling
    start = year
    while start - 1 > first and _date_word(tokens[start - 1].text):
        start -= 1
    while start < year and not tokens[start].is_word:
        start += 1
    if (
        _words(tokens, first, start) < _TITLE_WORDS_BEFORE_YEAR
        or tokens[start - 1].text.lower() in _SMALL_WORDS  # "Introduced on July 31, 1961"
        or (year + 1 < len(tokens) and tokens[year + 1].text in _QUOTES.values())
    ):
        return labelling
    for index in range(start, year + 1):
        labels[index] = Label.DATE if tokens[index].is_word else Label.OTHER
    comma = next((i for i in range(start - 1, first, -1) if tokens[i].text == ","), None)
    if comma is not None and 0 < start - comma - 1 <= _PLACE_WORDS:
        place = range(comma + 1, start)
        if all(tokens[i].text[:1].isupper() for i in place):
            labels[comma] = Label.OTHER
            for index in place:
                labels[index] = Label.LOCATION
    joins = last + 1 < len(labels) and labels[last + 1] is Label.CONTAINER
    for index in range(year + 1, last + 1):
        labels[index] = Label.CONTAINER if joins else Label.OTHER
    return Labelling(tuple(labels), labelling.confidence)


def _ends_a_date_in_title(tokens: Sequence[Token], index: int, last: int) -> bool:
    """Whether a title's token is a year that ends a date printed after the title: not after a
    small word ("the 2010 census") and not running on in lower case."""
    if not _YEAR.fullmatch(tokens[index].text):  # a span is a title's ("England, 1500-1700")
        return False
    before = tokens[index - 1].text.lower()
    after = tokens[index + 1].text if index < last else ""
    return before not in _SMALL_WORDS and not after[:1].islower()


def _date_word(text: str) -> bool:
    """A token of a date before its year: a month, a day, a year, a dash or a comma."""
    return (
        bool(month_number(text))
        or text in {"-", "–", ",", "/"}
        or (text.isdigit() and (len(text) <= 2 or bool(_YEAR.fullmatch(text))))
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


def _journal_read_as_title_end(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A title read on over its full stop or comma into the journal, where no venue was read
    and a volume or pages follow: "On the trend recognition … of professional traders.
    Decision Analysis, 4, 176-193.", "Sélection et parcours des directeurs …, Sociologies
    pratiques, no. 21, 2010". An article's journal stands before its volume; the words after
    the title's last sentence end or comma are the journal."""
    labels = list(labelling.labels)
    run = _first_run(labels, Label.TITLE)
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
    if after is None or labels[after] not in (Label.VOLUME, Label.ISSUE, Label.PAGES):
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
            and not _ROMAN_NUMBER.fullmatch(tokens[index - 1].text)  # "models. II. Form …"
            and not _ROMAN_NUMBER.fullmatch(tokens[index + 1].text)
            and _words(tokens, first, index) >= _TITLE_WORDS
        ),
        None,
    )
    if end is None or not 1 <= _words(tokens, end + 1, last + 1) <= _JOURNAL_WORDS:
        return labelling
    labels[end] = Label.OTHER
    for inside in range(end + 1, last + 1):
        labels[inside] = Label.CONTAINER
    return Labelling(tuple(labels), labelling.confidence)


def _journal_run_into_sentence_case_title(
    tokens: Sequence[Token], labelling: Labelling
) -> Labelling:
    """A journal printed straight after a title in sentence case, with no full stop between
    them, read as the title's end where no venue was read and the date and volume follow
    (Vancouver's "… on pregnancy rates Fertil Steril 1995; 63: 1284-6", "… herpes simplex
    virus infection Genitourin Med (1988) 64(5)"): the capitalised words that end the title
    after its last word in lower case, two or more, one of them a journal's abbreviation or a
    word no dictionary holds, are the journal."""
    labels = list(labelling.labels)
    run = _first_run(labels, Label.TITLE)
    if run is None or Label.CONTAINER in labels:
        return labelling
    first, last = run
    while last > first and not tokens[last].is_word:
        last -= 1
    after = next((i for i in range(last + 1, len(tokens)) if tokens[i].is_word), None)
    if after is None or labels[after] is not Label.DATE:
        return labelling
    if not any(labels[i] is Label.VOLUME for i in range(after + 1, min(len(tokens), after + 6))):
        return labelling
    words = [i for i in range(first, last + 1) if tokens[i].is_word]
    lower = [i for i in words if tokens[i].text[:1].islower()]
    if len(lower) * 2 < len(words) or not lower:
        return labelling
    journal = [i for i in words if i > lower[-1]]
    if not (
        2 <= len(journal) <= _JOURNAL_WORDS
        and all(tokens[i].text[:1].isupper() and tokens[i].text.isalpha() for i in journal)
        and any(
            tokens[i].text.lower() in JOURNAL_WORDS or word_count(tokens[i].text.lower()) == 0
            for i in journal
        )
        and _words(tokens, first, journal[0]) >= _TITLE_WORDS
    ):
        return labelling
    for index in range(journal[0], last + 1):
        labels[index] = Label.CONTAINER
    return Labelling(tuple(labels), labelling.confidence)


def _opens_a_name(text: str) -> bool:
    """Whether a word could open a journal's name: a capital, or a letter of a script without
    case ("한국시스템엔지니어링학회", "古代文化")."""
    initial = text[:1]
    return initial.isupper() or (initial.isalpha() and not initial.islower())


def _texts(tokens: Sequence[Token], start: int, stop: int) -> set[str]:
    return {token.text for token in tokens[start:stop]}


def _venue_abbreviation_after_title(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A journal's first abbreviation read as the last word of a title in sentence case: "…
    in layered magnets J. Phys.: Condens. Matter", "… winds of giants Mon. Not. R. Astron.
    Soc." The abbreviation (a venue word, its full stop after it) opens the venue that
    follows where that goes on abbreviated ("… at Arg506 of factor V. Lancet" keeps its V)."""
    labels = list(labelling.labels)
    run = _first_run(labels, Label.TITLE)
    if run is None or run[1] + 2 >= len(tokens):
        return labelling
    last = run[1]
    word = tokens[last].text
    if not (
        last > run[0]
        and word[0].isupper()
        and word.lower() in _VENUE_WORDS
        and tokens[last - 1].text.islower()
        and tokens[last + 1].text == "."
        and labels[last + 2] is Label.CONTAINER
        and last + 3 < len(tokens)
        and tokens[last + 3].text == "."  # the venue goes on abbreviated: "Mon. Not."
    ):
        return labelling
    labels[last] = labels[last + 1] = Label.CONTAINER
    return Labelling(tuple(labels), labelling.confidence)


def _venue_abbreviations_after_comma(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A journal's first abbreviations read as the title's last part after its comma or its
    full stop: "… problems in linear algebra, Funct. Anal. Appl. 12", "… Model of
    Supermanifolds, Nucl. Phys. B, 915", "… retinoic acid signaling. Subcell. Biochem. 70".
    Words all cut short by full stops, after the title's comma or sentence end and before the
    venue read after them, open that venue."""
    labels = list(labelling.labels)
    run = _first_run(labels, Label.TITLE)
    if run is None or run[1] + 2 >= len(tokens):
        return labelling
    first, last = run
    if tokens[last].text == ".":  # the full stop after the title's last word read with it
        last -= 1
    comma = next((i for i in range(last - 1, first, -1) if _ends_title_part(tokens, i)), None)
    if (
        comma is None
        or _words(tokens, first, comma) < 3
        or tokens[last + 1].text != "."
        or labels[last + 2] is not Label.CONTAINER
    ):
        return labelling
    part = [i for i in range(comma + 1, last + 1) if tokens[i].is_word]
    if not (
        0 < len(part) <= _ABBREVIATIONS_AT_MOST
        and all(_short_capitalised(tokens[i].text) for i in part)
        and _abbreviated(tokens, comma + 1, last + 1)
        # a venue word among them ("Nucl. Phys."), or the venue after goes on abbreviated
        # ("Funct. | Anal. Appl."): not a place that ends a title ("…, Ontario, Canada.")
        and (
            any(tokens[i].text.lower() in _VENUE_WORDS for i in part)
            or _abbreviated(tokens, last + 2, last + 3)
        )
    ):
        return labelling
    labels[comma] = Label.OTHER
    for index in range(comma + 1, last + 2):
        labels[index] = Label.CONTAINER
    return Labelling(tuple(labels), labelling.confidence)


def _ends_title_part(tokens: Sequence[Token], index: int) -> bool:
    """A comma, or a full stop after a word in lower case (a sentence's end in sentence case,
    not an initial's or an abbreviation's)."""
    text, before = tokens[index].text, tokens[index - 1].text
    return text == "," or (text == "." and before.isalpha() and before[0].islower())


def _short_capitalised(text: str) -> bool:
    """A word as a journal's abbreviation prints it: a capital, a few letters, not all
    capitals ("Funct", "Phys"; not "USA", not "Tennessee")."""
    return (
        text.isalpha()
        and text[0].isupper()
        and len(text) <= _ABBREVIATION_LETTERS
        and not (len(text) > 1 and text.isupper())
    )


def _ends_a_title(tokens: Sequence[Token], stop: int) -> bool:
    before, after = tokens[stop - 1].text, tokens[stop + 1].text
    if tokens[stop].text not in ".!?" or not before.isalpha() or len(before) < 4:
        return False
    if before.lower() in _VENUE_WORDS:
        return False
    return after[0].isupper() or bool(_YEAR_THEN_NAME.match(after))


def _words(tokens: Sequence[Token], start: int, stop: int) -> int:
    """Words of letters between `start` and `stop`."""
    return sum(1 for token in tokens[start:stop] if token.text.isalpha())


def _abbreviated(tokens: Sequence[Token], start: int, stop: int) -> bool:
    """Whether every word between `start` and `stop` is cut short by a full stop, as a
    journal's abbreviations are ("Biochim. Biophys. Acta")."""
    words = [i for i in range(start, stop) if tokens[i].text.isalpha()]
    return all(i + 1 < len(tokens) and tokens[i + 1].text == "." for i in words)


def _plain_word(token: Token) -> bool:
    """A word that opens titles more often than it names people ("In", "Editing"; not
    "Kernighan")."""
    text = token.text
    if not token.is_word or text[0].isdigit() or text.lower() in _ANNOUNCING:
        return False
    return word_count(text) > sum(name_counts(text))


def _prose_read_as_names(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """Names read on into the title where no mark but commas sets them apart: "Tetley, W.,
    Marine cargo claims, Cowansville, …", "BARNAUD Nicolas, De Occulta philosophia, Lyon, …".
    A name holds no lower-case word but its particles; the names end before the first part
    (between commas) after a whole name that holds one, and where no title was read, that part
    is the title."""
    labels = list(labelling.labels)
    run = _first_run(labels, Label.AUTHOR)
    if run is None:
        return labelling
    first, last = run
    parts = _comma_parts(tokens, first, last + 1)
    for position, (start, stop) in enumerate(parts[1:], start=1):
        words = [tokens[index] for index in range(start, stop) if tokens[index].is_word]
        prose = [
            word
            for word in words
            if word.text.islower()
            and word.text.isalpha()
            and len(word.text) >= _PROSE_LETTERS
            and word.text not in NAME_PARTICLES
            and word.text not in ("others", "with", "etat", "avec", "mit")
            and _plain_word(word)
        ]
        if len(words) < _PROSE_WORDS or not prose:
            continue
        if len(parse_people(_text_of(tokens, first, parts[position - 1][1]))[0]) == 0:
            return labelling
        for inside in range(parts[position - 1][1], last + 1):
            labels[inside] = Label.OTHER
        if Label.TITLE not in labels:
            for inside in range(start, stop):
                labels[inside] = Label.TITLE
        return Labelling(tuple(labels), labelling.confidence)
    return labelling


def _given_name_read_as_title(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A first author's given name read as the title's first word: "Ogasawara, Yuko. Office
    Ladies and Salaried Men: …" (Chicago's "Family, Given. Title."). Where the names are one
    family name and its comma, one or two given names and a full stop opening the title are
    the names' own."""
    labels = list(labelling.labels)
    run = _first_run(labels, Label.AUTHOR)
    title = _first_run(labels, Label.TITLE)
    if run is None or title is None or run[1] - run[0] > 1:
        return labelling
    comma = run[1] + 1 if tokens[run[1]].text != "," else run[1]
    if comma >= len(tokens) or tokens[comma].text != "," or title[0] != comma + 1:
        return labelling
    stop = next(
        (i for i in range(title[0], min(title[0] + 3, title[1])) if tokens[i].text == "."), None
    )
    if (
        stop is None
        or stop == title[0]
        or not all(_given_word(tokens[i].text) for i in range(title[0], stop))
    ):
        return labelling
    for inside in range(run[0], stop):
        labels[inside] = Label.AUTHOR
    labels[stop] = Label.OTHER
    return Labelling(tuple(labels), labelling.confidence)


def _names_end_after_the_last_and(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """In a list of names with their initials first, the name after "and" is the last:
    "R. Zhao and A. J. Smits, J. Fluid Mech., 576", "B. Loiseau, …, and W. Plessas, Nuovo
    Cim. 97A". What was read with the names after it is the venue, where no title was read and
    numbers follow (a journal's abbreviations, in the styles that print no title)."""
    labels = list(labelling.labels)
    run = _first_run(labels, Label.AUTHOR)
    if run is None or Label.TITLE in labels:
        return labelling
    first, last = run
    if not (
        _is_initial(tokens[first].text) and first + 1 <= last and tokens[first + 1].text == "."
    ):
        return labelling
    joins = [i for i in range(first, last + 1) if tokens[i].text.lower() in AND_WORDS]
    if not joins:
        return labelling
    end = next((i for i in range(joins[-1] + 1, last + 1) if tokens[i].text in ",;"), None)
    rest = [i for i in range(end + 1, last + 1) if tokens[i].is_word] if end is not None else []
    if end is None or not rest or tokens[rest[0]].text.lower() in ("et", "al"):
        return labelling
    after = next((i for i in range(last + 1, len(tokens)) if tokens[i].is_word), None)
    if after is None or labels[after] not in (Label.VOLUME, Label.ISSUE, Label.PAGES):
        return labelling
    labels[end] = Label.OTHER
    for inside in range(rest[0], last + 1):
        labels[inside] = Label.CONTAINER
    return Labelling(tuple(labels), labelling.confidence)


def _opening_names_read_as_other(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A reference's opening names read as its editors or its venue, where no author was read
    and no mark says they edited it: "World Health Organization (2009). World Suicide …",
    "American Educational Research Association. (1985). Standards for …", "Adam Mornement,
    The second coming, World architecture". What opens a reference before its date or title is
    who wrote it."""
    labels = list(labelling.labels)
    if Label.AUTHOR in labels:
        return labelling
    start = next((i for i, token in enumerate(tokens) if token.is_word), None)
    if start is None or labels[start] not in (Label.EDITOR, Label.CONTAINER):
        return labelling
    label = labels[start]
    end = start
    while end + 1 < len(tokens) and labels[end + 1] is label:
        end += 1
    after = next((i for i in range(end + 1, len(tokens)) if tokens[i].is_word), None)
    if after is None or labels[after] not in (Label.DATE, Label.TITLE):
        return labelling
    if label is Label.CONTAINER and (labels[after] is not Label.DATE or Label.TITLE not in labels):
        return labelling  # a periodical cited by its name: "Business Week, "Banks Try …""
    if any(tokens[i].text.lower() in _ROLE_WORDS for i in range(start, min(len(tokens), end + 4))):
        return labelling
    for index in range(start, end + 1):
        labels[index] = Label.AUTHOR
    return Labelling(tuple(labels), labelling.confidence)


def _names_marked_as_editors(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """Names that open the reference and are marked as its editors ("Kenyon, Nicholas, ed.
    Authenticity and Early Music", "Skov, L., and B. Moeran (Eds.). Women, Media …", "Mülder-
    Bach, I. (Hg.)") are the editors of an edited work, which has no authors: as a .bib
    entry's `editor` with no `author` is read."""
    labels = list(labelling.labels)
    run = _first_run(labels, Label.AUTHOR)
    if run is None or Label.TITLE in labels[: run[0]]:
        return labelling
    start, end = run
    marker = next(
        (
            index
            for index in range(start + 1, min(len(tokens), end + 4))
            if _marks_editors(tokens, index)
        ),
        None,
    )
    if marker is None or any(
        tokens[index].is_word and labels[index] is not Label.AUTHOR
        for index in range(end + 1, marker)
    ):
        return labelling
    for index in range(start, max(end, marker) + 1):
        if labels[index] is Label.AUTHOR:
            labels[index] = Label.EDITOR if index < marker else Label.OTHER
    labels[marker] = Label.OTHER
    return Labelling(tuple(labels), labelling.confidence)


def _marks_editors(tokens: Sequence[Token], index: int) -> bool:
    """Whether a token is an editors' mark after their names: ", ed.", "(Eds.)", ", editors.";
    "Ed" with a capital only in brackets (after a comma it may be Edward: "Smith, Ed.")."""
    text = tokens[index].text
    before = tokens[index - 1].text
    after = tokens[index + 1].text if index + 1 < len(tokens) else "."
    return (
        text.lower() in _EDITOR_MARKS
        and before in "(,"
        and after in ".,);:"
        and (before == "(" or text != "Ed")
    )


def _comma_parts(tokens: Sequence[Token], start: int, stop: int) -> list[tuple[int, int]]:
    """The spans between the commas and semicolons of tokens start to stop."""
    parts: list[tuple[int, int]] = []
    begin = start
    for index in range(start, stop):
        if tokens[index].text in ",;":
            if begin < index:
                parts.append((begin, index))
            begin = index + 1
    if begin < stop:
        parts.append((begin, stop))
    return parts


def _names_run_on(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """Names the labeller ended too early: the words after the names' run, read with them,
    are one longer list of names with initials, up to the year that follows the names (IOP's
    "… Chen K-Y, Lee H-yi and Lee L-S 2018 Scalable …", read as a title), or to the full stop
    of the last initials (GOST's "Petrov A. V., Ivanova E. S. Quantum …"), or up to the title
    (Copernicus's "…, Wang, Z., Freitas, N. de, and Team, W.: Making …", read as a venue)."""
    labels = list(labelling.labels)
    run = _first_run(labels, Label.AUTHOR)
    if run is None:
        return labelling
    first, last = run
    start = last + 1
    while start < len(tokens) and labels[start] is Label.OTHER and not tokens[start].is_word:
        start += 1
    if start >= len(tokens) or labels[start] not in (Label.TITLE, Label.CONTAINER):
        return labelling
    stop = _names_stop(tokens, labels, start)
    if stop is None:
        return labelling
    names = parse_people(_text_of(tokens, first, stop))[0]
    if len(names) <= len(parse_people(_text_of(tokens, first, last + 1))[0]) or not all(
        _FAMILY.fullmatch(person.family) and _INITIALS_GIVEN.fullmatch(person.given)
        for person in names
    ):
        return labelling
    for inside in range(last + 1, stop):
        labels[inside] = Label.AUTHOR
    if _YEAR.fullmatch(tokens[stop].text):
        labels[stop] = Label.DATE
    return Labelling(tuple(labels), labelling.confidence)


def _names_stop(tokens: Sequence[Token], labels: Sequence[Label], start: int) -> int | None:
    """Where names read as the field at `start` would end: at a year a few words on, inside a
    title, or after the full stop of initials before a word; before the title that follows a
    venue-read run. None where neither is so, or where a sentence ends first."""
    for index in range(start, min(start + 16, len(tokens))):
        if tokens[index].text == "." and not _is_initial(tokens[index - 1].text):
            return None  # a sentence's end: names go on past none
        if labels[start] is Label.TITLE and labels[index] is not Label.TITLE:
            return None
        if labels[start] is Label.TITLE and _YEAR.fullmatch(tokens[index].text):
            return index
        if (
            labels[start] is Label.TITLE
            and tokens[index].text == "."
            and _is_initial(tokens[index - 1].text)
            and index + 1 < len(tokens)
            and tokens[index + 1].is_word
            and not _is_initial(tokens[index + 1].text)
        ):
            return index + 1  # GOST's "Petrov A. V., Ivanova E. S. Quantum dots …"
        if labels[start] is Label.CONTAINER and labels[index] is Label.TITLE:
            while index > start and not tokens[index - 1].is_word:
                index -= 1
            return index
    return None


def _text_of(tokens: Sequence[Token], start: int, stop: int) -> str:
    """The tokens from `start` to `stop` as printed, spaces where the text had them."""
    parts = []
    for index in range(start, stop):
        if index > start and tokens[index].start > tokens[index - 1].end:
            parts.append(" ")
        parts.append(tokens[index].text)
    return "".join(parts)


def _year_ends_the_names(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A year read inside the names, or as the first word of the venue right after them, is
    the date, and ends the names: no name or journal starts with a year. Words read as names
    after it belong to the field that follows ("Jones C D 2019 J. Phys. A: Math. Theor. 52
    345001": "J." opens the venue)."""
    labels = list(labelling.labels)
    run = _first_run(labels, Label.AUTHOR)
    if run is None:
        return labelling
    first, last = run
    year = (
        next((i for i in range(first + 1, last + 2) if _YEAR.fullmatch(tokens[i].text)), None)
        if last + 1 < len(labels)
        else None
    )
    if year is None or labels[year] not in (Label.AUTHOR, Label.CONTAINER):
        return labelling
    labels[year] = Label.DATE
    stop = year + 1
    while stop < len(labels) and labels[stop] is Label.AUTHOR:
        stop += 1
    following = stop
    while following < len(labels) and labels[following] is Label.OTHER:
        following += 1
    if following < len(labels) and labels[following] in (Label.CONTAINER, Label.TITLE):
        for inside in range(year + 1, following):
            labels[inside] = labels[following]
    return Labelling(tuple(labels), labelling.confidence)


def _name_after_last_initial(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """In a list of names printed given name first ("P. Boniol, M. Meftah", "Jon J. Bentley and
    Brian W. Kernighan"), names that end at an initial lack their family name: the word after
    it is that name, whatever field the labeller began there ("E. Remy, T. Palpanas in SIGMOD
    '22: …")."""
    labels = list(labelling.labels)
    run = _first_run(labels, Label.AUTHOR)
    if run is None:
        return labelling
    first, last = run
    given_first = (
        first + 1 < len(tokens)
        and _is_initial(tokens[first].text)
        and tokens[first + 1].text == "."
    ) or _middle_initial_first(tokens, first)
    if not given_first or last + 2 >= len(tokens) or not _is_initial(tokens[last].text):
        return labelling
    family = tokens[last + 2]
    if tokens[last + 1].text != "." or not family.text[0].isupper() or _is_initial(family.text):
        return labelling
    if _opens_abbreviated_venue(tokens, labels, last + 2):  # "C. H. Bennett, J. Comput. Phys."
        labels[last] = labels[last + 1] = labels[last + 2] = Label.CONTAINER
        return Labelling(tuple(labels), labelling.confidence)
    labels[last + 1] = labels[last + 2] = Label.AUTHOR
    return Labelling(tuple(labels), labelling.confidence)


def _opens_abbreviated_venue(tokens: Sequence[Token], labels: Sequence[Label], word: int) -> bool:
    """Whether a word is a journal's abbreviation that goes on into the venue read after it:
    "Comput" in "J. Comput. Phys. 22", "Org" in "I. Org. Chem. 19"."""
    return tokens[word].text.lower() in JOURNAL_WORDS and _goes_on_into_venue(tokens, labels, word)


def _goes_on_into_venue(tokens: Sequence[Token], labels: Sequence[Label], word: int) -> bool:
    """Whether a word is cut short by a full stop and the venue read goes on after it."""
    return (
        word + 2 < len(tokens)
        and tokens[word + 1].text == "."
        and Label.CONTAINER in (labels[word], labels[word + 2])
    )


def _journal_read_as_last_name(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A reference printed without a title whose journal's first abbreviation was read as the
    last name of the list: "H. Rieger and N. Kawashima, Euro. Phys. J. B 9", "K. Olive, Chin.
    Phys. C 38", "J. J. H. Brouwers, J. Engrg. Math., 44". The last name, after its comma, is
    an abbreviation (an initial before it at most) going on into the venue read after it: a
    journal's word, or in a list of names with initials, a word with none and that no name
    list holds."""
    labels = list(labelling.labels)
    run = _first_run(labels, Label.AUTHOR)
    if run is None or Label.TITLE in labels:
        return labelling
    first, last = run
    while last > first and not tokens[last].is_word:
        last -= 1
    comma = next((i for i in range(last - 1, first, -1) if tokens[i].text in {",", "and"}), None)
    if comma is None or last + 2 >= len(tokens):
        return labelling
    initialled = _is_initial(tokens[first].text)
    start = comma + 1
    word = last
    chunk = [tokens[i].text for i in range(start, last + 1)]
    has_initial = len(chunk) == 3 and _is_initial(chunk[0]) and chunk[1] == "."
    if (
        not (len(chunk) == 1 or has_initial)
        or not tokens[word].text[:1].isupper()
        or _is_initial(tokens[word].text)  # "van Wees, B.J .Nat Nanotechnol": J is his
    ):
        return labelling
    journal_word = tokens[word].text.lower() in JOURNAL_WORDS
    no_name = initialled and not has_initial and name_counts(tokens[word].text) == (0, 0)
    if not (journal_word or no_name) or not _goes_on_into_venue(tokens, labels, word):
        return labelling
    labels[comma] = Label.OTHER
    for index in range(start, word + 2):
        labels[index] = Label.CONTAINER
    return Labelling(tuple(labels), labelling.confidence)


def _title_opening_read_as_name(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A title's first part before its colon read as the last of the names: "… J. Lee, and
    E.-S. Kim. Mstr: Multi-scale transformer …", "… Michel Dagenais, ARITO: Cyber-attack
    response system …". In a list whose names open with initials, a word after a family name's
    full stop starts no name; nor does a word in capitals in a list of names that are not.
    The word and its colon open the title."""
    labels = list(labelling.labels)
    run = _first_run(labels, Label.AUTHOR)
    if run is None:
        return labelling
    first, last = run
    while last > first and not tokens[last].is_word:
        last -= 1
    colon = last + 1
    if colon + 1 >= len(tokens) or tokens[colon].text != ":" or last - first < 3:
        return labelling
    word, before = tokens[last].text, tokens[last - 1].text
    after_full_stop = (
        before == "." and not _is_initial(tokens[last - 2].text) and _is_initial(tokens[first].text)
    )
    in_capitals = (
        before in {",", "and"}
        and len(word) > 2
        and word.isupper()
        and not any(t.text.isupper() and len(t.text) > 2 for t in tokens[first : last - 1])
    )
    if _is_initial(word) or not (after_full_stop or in_capitals):
        return labelling
    labels[last - 1] = Label.OTHER
    labels[last] = labels[colon] = Label.TITLE
    for index in range(colon + 1, len(tokens)):
        if labels[index] is not Label.OTHER or not tokens[index].is_word:
            break
        labels[index] = Label.TITLE
    return Labelling(tuple(labels), labelling.confidence)


def _given_word(text: str) -> bool:
    family, given = name_counts(text)
    return text[:1].isupper() and given > family


def _middle_initial_first(tokens: Sequence[Token], first: int) -> bool:
    """Whether the list opens with a given name, a middle initial and a family name: "Jon J.
    Bentley and …" (a family name first is followed by its initials alone: "Scott P.
    Initiation …"; the first word must be one that authors have as a given name more than as
    a family name, and the next name or a comma follow the family name)."""
    return (
        first + 4 < len(tokens)
        and tokens[first + 4].text in (",", "and", "&")
        and _given_word(tokens[first].text)
        and len(tokens[first + 1].text) == 1
        and tokens[first + 1].text.isupper()
        and tokens[first + 2].text == "."
        and tokens[first + 3].is_word
        and tokens[first + 3].text[0].isupper()
        and not _is_initial(tokens[first + 3].text)
        and not _plain_word(tokens[first + 3])  # "Wieland K. Distribution and …"
    )


def _vancouver_names_end(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """In a Vancouver list ("Fuchs F, Worrall D, Welling M."), the names end at the first full
    stop after a name's initials: what the labeller read as names after it opens the next
    field ("Welling M. SE(3)-Transformers: …", "Netanyahu NS. PHA*: Finding …")."""
    labels = list(labelling.labels)
    run = _first_run(labels, Label.AUTHOR)
    if run is None:
        return labelling
    first, last = run
    vancouver = (
        first + 2 <= last
        and tokens[first].text[0].isupper()
        and not _is_initial(tokens[first].text)
        and _is_initial(tokens[first + 1].text)
        and tokens[first + 2].text == ","
    )
    if not vancouver:
        return labelling
    stop = next(
        (
            i
            for i in range(first + 2, last)
            if tokens[i].text == "." and _is_initial(tokens[i - 1].text) and tokens[i - 2].is_word
        ),
        None,
    )
    # the field the words open: the next title or venue within a few tokens ("SE(2)-…", where
    # the labeller may have read the "2" as something else)
    following = next(
        (
            i
            for i in range(last + 1, min(last + 5, len(labels)))
            if labels[i] in (Label.TITLE, Label.CONTAINER)
        ),
        None,
    )
    if stop is None or following is None:
        return labelling
    for inside in range(stop + 1, following):
        labels[inside] = labels[following]
    return Labelling(tuple(labels), labelling.confidence)


def _venue_after_inverted_names(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """In a list of inverted names ("Family, I."), words after the last initials that no comma
    follows are no person's: with no title and no venue read and numbers next, they are the
    venue a style without titles prints (ACS's "Lowe, A.; Tiefenbacher, S. Haemophilia 2021,
    27, 142-147")."""
    labels = list(labelling.labels)
    run = _first_run(labels, Label.AUTHOR)
    if Label.TITLE in labels or Label.CONTAINER in labels or run is None:
        return labelling
    first, last = run
    inverted = (
        first + 2 <= last and tokens[first + 1].text == "," and _is_initial(tokens[first + 2].text)
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
            and (_is_initial(tokens[i - 1].text) or tokens[i - 1].text == "al")
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


def _venue_before_numbers(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
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


def _numbers_follow(tokens: Sequence[Token], number: int) -> bool:
    """Whether the number at `number` opens a venue's numbers: a volume, or a year with a
    volume after its comma (ACS's "2015, 5, 852"); a place's year stands alone ("Berne 2008")."""
    if not _YEAR.fullmatch(tokens[number].text):
        return True
    after = [token.text for token in tokens[number + 1 : number + 3]]
    return len(after) == 2 and after[0] == "," and bool(_NUMBER.fullmatch(after[1]))


_MISTAKEN_VENUE = frozenset({Label.VOLUME, Label.DATE, Label.LOCATION, Label.PUBLISHER})


def _abbreviations_joined(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
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
            _words(tokens, index, stop)
            and _abbreviated(tokens, index, stop)
            and joined < len(labels)
            and labels[joined] is Label.CONTAINER
        ):
            for inside in range(index, joined):
                labels[inside] = Label.CONTAINER
        index = stop
    return Labelling(tuple(labels), labelling.confidence)


def _publisher_after_title(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A title that runs on over "; Publisher: Place" holds ACS's book imprint: "Elements of
    Topology; Acad. Press: New York, 1971". The part between the semicolon and the colon
    names a publisher (a word such as "Press", "Wiley", "Verlag"), the part after is short."""
    labels = list(labelling.labels)
    run = _first_run(labels, Label.TITLE)
    if run is None or Label.PUBLISHER in labels:
        return labelling
    first, last = run
    semicolon = next((i for i in range(first + 2, last) if tokens[i].text == ";"), None)
    if semicolon is None:
        return labelling
    colon = next((i for i in range(semicolon + 2, last) if tokens[i].text == ":"), None)
    if colon is None or _words(tokens, semicolon, colon) > 6 or _words(tokens, colon, last + 1) > 4:
        return labelling
    if not any(tokens[i].text.lower() in PUBLISHER_WORDS for i in range(semicolon, colon)):
        return labelling
    labels[semicolon] = labels[colon] = Label.OTHER
    for inside in range(semicolon + 1, colon):
        labels[inside] = Label.PUBLISHER
    for inside in range(colon + 1, last + 1):
        labels[inside] = Label.LOCATION
    return Labelling(tuple(labels), labelling.confidence)


def _place_and_publisher_after_title(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A book's imprint read as its title's last sentence: "Managing Work and Family Life …
    in the EU. Leeds: Centre for the Study of Law and Policy in Europe", "… approach. London,
    UK: BMJ Publishing Group". After the title's full stop, a place (a few capitalised words)
    and a colon, and then a publisher's name (a word such as "Press", "Centre", "Verlag"):
    the title ends at its full stop."""
    labels = list(labelling.labels)
    run = _first_run(labels, Label.TITLE)
    if run is None or any(label in (Label.PUBLISHER, Label.LOCATION) for label in labels[: run[0]]):
        return labelling
    first, last = run
    for stop in range(first + 3, last - 2):
        if tokens[stop].text != "." or not tokens[stop - 1].text.isalpha():
            continue
        colon = next(
            (i for i in range(stop + 2, min(last, stop + 6)) if tokens[i].text == ":"), None
        )
        if colon is None or _words(tokens, first, stop) < _TITLE_WORDS:
            continue
        place = [i for i in range(stop + 1, colon) if tokens[i].is_word]
        publisher = [i for i in range(colon + 1, last + 1) if tokens[i].is_word]
        if (
            1 <= len(place) <= _PLACE_WORDS + 1
            and all(tokens[i].text[:1].isupper() for i in place)
            and 1 <= len(publisher) <= _PUBLISHER_WORDS
            and any(tokens[i].text.lower() in PUBLISHER_WORDS for i in publisher)
        ):
            labels[stop] = labels[colon] = Label.OTHER
            for index in range(stop + 1, colon):
                labels[index] = Label.LOCATION if tokens[index].is_word else Label.OTHER
            for index in range(colon + 1, last + 1):
                labels[index] = Label.PUBLISHER
            return Labelling(tuple(labels), labelling.confidence)
    return labelling


def _book_read_as_venue(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A "venue" with an imprint after it (a publisher or a place) and no volume or issue,
    where no title was read, is a book's title: "Berg, O. Polymer Physics; Wiley: Hoboken, NJ,
    2003.", "Robert Redfield, Peasant Society and Culture, Chicago, 1956." (a journal's name
    comes with its numbers, a book's title with its imprint)."""
    labels = list(labelling.labels)
    if Label.TITLE in labels or Label.CONTAINER not in labels:
        return labelling
    if Label.VOLUME in labels or Label.ISSUE in labels:
        return labelling
    imprint = [index for index, label in enumerate(labels) if label in _IMPRINT]
    if not imprint or imprint[0] < labels.index(Label.CONTAINER):
        return labelling
    return Labelling(
        tuple(Label.TITLE if label is Label.CONTAINER else label for label in labels),
        labelling.confidence,
    )


def _name_of_a_link(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
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


def _title_read_as_note(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """Where no title was read, a note right after the names (and their year) with an imprint
    after it is the title: "World Health Organization. Global tuberculosis report 2023
    [Internet]. Geneva: WHO; 2023". The labeller's doubt stays with it, so it is never grounds
    for fabricated."""
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
    # a report's or a book's imprint follows its title; a status ("work in preparation",
    # "Preprint 1403.4822") follows nothing
    if not any(label in (Label.PUBLISHER, Label.LOCATION) for label in labels[stop:]):
        return labelling
    for inside in range(index, stop):
        labels[inside] = Label.TITLE
    return Labelling(tuple(labels), labelling.confidence)


def _locators_after_venue(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """The numbers after a venue in the two shapes of the styles that print no title are
    volume, pages and year, whatever their size: "Venue 2012, 65, 1968." (ACS, RSC: year,
    volume, pages) and "Venue 3, 40 (2008)." (APS, AIP, Nature: volume, pages, year). A
    volume or a first page can look like a year ("Biochim Biophys Acta 1787, 1352 (2009)").
    After a year printed before the venue, volume and page may stand alone ("… 2017 Mon. Not.
    R. Astron. Soc. 469 394").
    Where a title but no venue was read, a "title" followed by such numbers is the venue: no
    titled reference goes from its title straight to its volume."""
    labels = list(labelling.labels)
    has_title, has_venue = Label.TITLE in labels, Label.CONTAINER in labels
    if has_title == has_venue:
        return labelling
    named = Label.CONTAINER if has_venue else Label.TITLE
    first = labels.index(named)
    after = len(labels) - labels[::-1].index(named)
    while after < len(tokens) and tokens[after].text == ".":
        after += 1  # the venue's closing full stop ("Chem. Geol. 2012, 65, 1968")
    shapes = _LOCATOR_SHAPES
    if Label.DATE in labels[:first]:
        shapes = {**shapes, **_DATED_SHAPES}  # IOP's "Smith A 2017 Venue 469 394"
    # the venue's last "words" may be numbers read into it ("Acta 1863, 1502 (2021)")
    for start in (after, after - 1, after - 2):
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


def _years_in_venue_or_title(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A year printed in a venue's name is no date where the reference prints its date as
    well: the years a journal ran, in brackets after its name ("Public Health Reports
    (1896-1970)", "Annals of Surgery (1885-)"), wherever the date stands; a conference's or an
    era's year ending the venue's words ("PoS LATTICE 2015 (2016)", "British Fiction since
    1970. Basingstoke: Palgrave, 2005"), where a year no earlier follows it. Vancouver's
    "Biochim Biophys Acta 2000; 1502:95" keeps its date: the number after it is smaller. So
    too a year ending a title after the date printed in its author-date place ("(2020).
    Global tuberculosis report 2020.")."""
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
        else:
            continue
        for inside in range(span[0], span[1] + 1):
            labels[inside] = Label.CONTAINER
    return Labelling(tuple(labels), labelling.confidence)


def _day_after_month(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
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


def _year_span_read_as_numbers(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
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
        and bool(_YEAR.fullmatch(tokens[first].text))
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


def _year_from(tokens: Sequence[Token], run: tuple[int, int], earliest: int) -> bool:
    """Whether the run holds a year no earlier than `earliest`."""
    return any(
        _YEAR.fullmatch(token.text) and int(token.text) >= earliest
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


def _shape_of(text: str) -> str:
    if _YEAR.fullmatch(text):
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
}
# Volume and page alone, where the year stood before the venue (IOP, MNRAS, ApJ's lists).
_DATED_SHAPES = {"NN": (_V, _P), "YN": (_V, _P), "NY": (_V, _P), "YY": (_V, _P)}


def _first_run(labels: Sequence[Label], label: Label) -> tuple[int, int] | None:
    """Where the first run of `label` starts and ends (both included), or None."""
    if label not in labels:
        return None
    first = labels.index(label)
    last = first
    while last + 1 < len(labels) and labels[last + 1] is label:
        last += 1
    return first, last
