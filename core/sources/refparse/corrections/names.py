"""Where the list of names ends, and who its names are (authors, editors)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from cite_sentinel.core.lexicon import (
    AND_WORDS,
    EDITOR_WORDS,
    IN_WORDS,
    JOURNAL_WORDS,
    NAME_PARTICLES,
    NAME_SUFFIXES,
)
from cite_sentinel.core.lexicon.words import name_counts, word_count
from cite_sentinel.core.sources.reflist_people import corporate, parse_people
from cite_sentinel.core.sources.refparse.corrections.common import (
    LOCATOR_LABELS,
    VENUE_WORDS,
    YEAR_ALONE,
    first_run,
    goes_on_into_venue,
    imprint_in_brackets,
    initials_after_and,
    is_initial,
    more_a_name,
    plain_word,
    sentence_end,
    vancouver_dated,
    words_between,
    words_run,
)
from cite_sentinel.core.sources.refparse.corrections.journal_words import journal_abbreviation
from cite_sentinel.core.sources.refparse.labeller import Labelling
from cite_sentinel.core.sources.refparse.labels import Label
from cite_sentinel.core.sources.refparse.tokens import Token

# Given names written as initials: "T.", "C.-W.", "H-yi", "N.", "J. P."
_INITIALS_GIVEN = re.compile(r"(?:[A-Z][a-z]?\.?(?:-[A-Za-z]{1,3}\.?)?\s?)+")
# A family name: one or two capitalised words after particles ("de Freitas", "Barth-Maron")
_FAMILY = re.compile(
    rf"(?:(?:{'|'.join(map(re.escape, sorted(NAME_PARTICLES)))}) )*[A-Z][\w'’-]+(?: [A-Z][\w'’-]+)?"
)
_GLUED_AND = re.compile(r"and[A-Z]")
# Words that open a publisher's name, never a title's: "Editions Tchou", "Verlag C. H. Beck".
_PUBLISHING = frozenset({"editions", "éditions", "editora", "editorial", "verlag", "press"})
_VANCOUVER_INITIALS = re.compile(r"[A-Z]{1,3}")  # "R", "MS", "JPM" after a family name
_PROSE_WORDS = 2  # words a part read among the names holds at least to be prose
_ANNOUNCING_EDITORS = IN_WORDS | EDITOR_WORDS  # "In J. Ng (ed.)", "edited by J. Ng"
_NAME_LIST_WORDS = frozenset({"others", "with", "etat", "avec", "mit"})  # words name lists hold
_PROSE_LETTERS = 4  # letters of a lower-case word that is no name's ("cargo", not "v." or "de")
_UNKNOWN_PROSE_LETTERS = 7  # and of one no word list holds ("revoluce", not "etal")
# What marks names as a work's editors: "ed.", "(eds.)", "editors", "(Hrsg.)", "(dir.)".
# What marks names as a work's editors (the lexicon's editor words, less a translator's).
_EDITOR_MARKS = (EDITOR_WORDS | {"hgg", "dirs", "coords"}) - {
    "trans", "transl", "translated", "translator", "übers", "edited", "edit"
}  # fmt: skip
# Words that say what names did besides writing: editing, translating, producing, compiling.
_ROLE_WORDS = EDITOR_WORDS | _EDITOR_MARKS | {
    "producer", "producers", "director", "compiler", "compiled", "trad"
}  # fmt: skip


def title_read_as_names(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """In a list of names printed initials first ("K. Osei, T. Ng, …"), a part between commas
    that opens with no initial and holds three words or more is no name but the title the
    labeller read into the names: "K. Osei, T. Ng, Rivers and Their Deltas, in: …"; so is a
    shorter last part before a book's imprint in brackets, as physics prints books ("H. Lamb,
    Hydrodynamics (Cambridge Univ. Press, 1993)"). What the names' run holds after it is the
    venue where it reads as one ("…, Rivers and their deltas, J. Hydrol. 12"), else no field
    (a publisher, a place)."""
    labels = list(labelling.labels)
    run = first_run(labels, Label.AUTHOR)
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
        titled = words_between(tokens, begin, end) >= 3 or (
            end == last + 1 and imprint_in_brackets(tokens, labels, end)
        )
        if not titled or not _no_initials(tokens, begin, end):
            return labelling
        for inside in range(chunks[number][0], end):  # an "and" before the title is none of it
            labels[inside] = Label.TITLE if inside >= begin else Label.OTHER
        rest = range(end + 1, last + 1)  # after a title: no name; a venue if it reads as one
        venue = any(tokens[i].text == "." or tokens[i].text.lower() in VENUE_WORDS for i in rest)
        for inside in range(end, last + 1):
            labels[inside] = Label.CONTAINER if venue and inside in rest else Label.OTHER
        return Labelling(tuple(labels), labelling.confidence)
    return labelling


def _initials_first(tokens: Sequence[Token], begin: int, end: int) -> bool:
    """Whether the tokens from `begin` to `end` open with an initial: "K. Osei", "Y. G. Kim
    and C. B. Park"."""
    return end - begin >= 3 and is_initial(tokens[begin].text) and tokens[begin + 1].text == "."


def _no_initials(tokens: Sequence[Token], begin: int, end: int) -> bool:
    """Whether no initial with its full stop stands between `begin` and `end`."""
    return not any(
        is_initial(tokens[index].text) and tokens[index + 1].text == "."
        for index in range(begin, end - 1)
    )


def prose_read_as_names(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """Names read on into the title where no mark but commas sets them apart: "Tetley, W.,
    Marine cargo claims, Cowansville, …", "BARNAUD Nicolas, De Occulta philosophia, Lyon, …".
    A name holds no lower-case word but its particles; the names end before the first part
    (between commas) after a whole name that holds one, and where no title was read, that part
    is the title."""
    labels = list(labelling.labels)
    run = first_run(labels, Label.AUTHOR)
    if run is None:
        return labelling
    first, last = run
    parts = _comma_parts(tokens, first, last + 1)
    for position, (start, stop) in enumerate(parts[1:], start=1):
        indices = [
            index
            for index in range(start, stop)
            if tokens[index].is_word and not _a_tags_name(tokens, index)
        ]
        words = [tokens[index] for index in indices]
        initialled = any(is_initial(token.text) for token in words)  # "ffytche D": a name's
        prose = [
            i
            for i in indices
            if _no_names_word(tokens[i].text)
            and (plain_word(tokens[i]) or (not initialled and _unknown_prose(tokens, i)))
        ]
        if len(words) < _PROSE_WORDS:
            continue
        titled = (
            not prose
            and Label.TITLE not in labels
            and _reads_as_a_title(tokens, start, stop, position == 2 and _inverted(tokens, parts))
        )
        if not (prose or titled):
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


def _unknown_prose(tokens: Sequence[Token], index: int) -> bool:
    """A long lower-case word neither word list holds, standing alone ("revoluce", in a
    language the word counts do not cover; not "etal", nor a name's piece a broken encoding
    cut off, "Br€|uggemann"). A name written in lower case ("ffytche D.") has its initials."""
    token = tokens[index]
    alone = index == 0 or tokens[index - 1].end < token.start
    unknown = word_count(token.text) == 0 and sum(name_counts(token.text)) == 0
    return alone and unknown and len(token.text) >= _UNKNOWN_PROSE_LETTERS


def _a_tags_name(tokens: Sequence[Token], index: int) -> bool:
    """Whether the word at `index` names a markup tag ("<italic>etal.</italic>"), no word of
    the reference's."""
    return (
        0 < index < len(tokens) - 1
        and tokens[index - 1].text in ("<", "/")
        and tokens[index + 1].text == ">"
    )


def _reads_as_a_title(tokens: Sequence[Token], start: int, stop: int, after_inverted: bool) -> bool:
    """Whether a part read among the names opens with a capitalised word that opens titles
    more often than it names anyone (or, `after_inverted` a first author's "Family, Given",
    one no list of names or words holds) and holds no initial, no abbreviation and no word
    more often a name ("The Prelude", "Self and Others", "Debussy, Claude, Pelléas et
    Mélisande"; not "Meg Carroll", "Strong RK", "Inc.", "Brain Pathol.")."""
    words = [index for index in range(start, stop) if tokens[index].is_word]
    opening = tokens[words[0]]
    unknown = word_count(opening.text) == 0 and sum(name_counts(opening.text)) == 0
    return (
        len(opening.text) >= _PROSE_LETTERS - 1
        and opening.text.istitle()
        and opening.text.lower() not in AND_WORDS | NAME_PARTICLES | _PUBLISHING
        and (plain_word(opening) or (after_inverted and unknown))
        and not any(
            is_initial(tokens[index].text)
            or (index + 1 < len(tokens) and tokens[index + 1].text == ".")
            for index in words
        )
        and not any(more_a_name(tokens[index].text) for index in words[1:])
    )


def _inverted(tokens: Sequence[Token], parts: Sequence[tuple[int, int]]) -> bool:
    """Whether the first two parts are a first author's family name and given names printed
    whole ("Debussy, Claude", "Buci-Glucksmann, Christine"), not initials."""
    family = [tokens[index] for index in range(*parts[0]) if tokens[index].is_word]
    given = [tokens[index] for index in range(*parts[1]) if tokens[index].is_word]
    return (
        1 <= len(family) <= 2
        and 1 <= len(given) <= 2
        and all(word.text.istitle() and not is_initial(word.text) for word in family + given)
        and all(name_counts(word.text)[1] > name_counts(word.text)[0] for word in given)
    )


def given_name_read_as_title(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A first author's given name or initials read as the title's first words: "Ogasawara,
    Yuko. Office Ladies and Salaried Men: …" (Chicago's "Family, Given. Title."), "Osei, K.
    Lectures on Fluid Theory." Where the names are one family name and its comma, one or two
    given names, or initials, and a full stop opening the title are the names' own. A book's
    title read as a venue, in a reference with no issue or pages, is its title."""
    labels = list(labelling.labels)
    run = first_run(labels, Label.AUTHOR)
    opened = first_run(labels, Label.TITLE)
    if opened is None and Label.ISSUE not in labels and Label.PAGES not in labels:
        opened = first_run(labels, Label.CONTAINER)
    if run is None or opened is None or run[1] - run[0] > 1:
        return labelling
    comma = run[1] + 1 if tokens[run[1]].text != "," else run[1]
    if comma >= len(tokens) or tokens[comma].text != "," or opened[0] != comma + 1:
        return labelling
    stop = _given_names_stop(tokens, opened[0], opened[1])
    if stop is None:
        return labelling
    for inside in range(run[0], stop):
        labels[inside] = Label.AUTHOR
    labels[stop] = Label.OTHER
    for inside in range(stop + 1, opened[1] + 1):
        labels[inside] = Label.TITLE
    return Labelling(tuple(labels), labelling.confidence)


def _given_names_stop(tokens: Sequence[Token], first: int, last: int) -> int | None:
    """The full stop that ends one or two given names ("Yuko.") or initials ("K.", "K. R.")
    at `first`, where a title's word that is no abbreviation follows it before `last`."""
    index = first
    while index + 1 < last and is_initial(tokens[index].text) and tokens[index + 1].text == ".":
        index += 2
    if index > first:
        opens = index < last and tokens[index].text[:1].isupper()
        return index - 1 if opens and tokens[index + 1].text != "." else None
    stop = next((i for i in range(first, min(first + 3, last)) if tokens[i].text == "."), None)
    if stop is None or stop == first:
        return None
    return stop if all(_given_word(tokens[i].text) for i in range(first, stop)) else None


def names_end_after_the_last_and(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """In a list of names with their initials first, the name after "and" is the last:
    "R. Zhao and A. J. Smits, J. Fluid Mech., 576", "B. Loiseau, …, and W. Plessas, Nuovo
    Cim. 97A". What was read with the names after it is the venue, where no title was read and
    numbers follow (a journal's abbreviations, in the styles that print no title)."""
    labels = list(labelling.labels)
    run = first_run(labels, Label.AUTHOR)
    if run is None or Label.TITLE in labels:
        return labelling
    first, last = run
    if not (is_initial(tokens[first].text) and first + 1 <= last and tokens[first + 1].text == "."):
        return labelling
    joins = _joins(tokens, first, last)
    if not joins:
        return labelling
    end = next((i for i in range(joins[-1] + 1, last + 1) if tokens[i].text in ",;"), None)
    rest = [i for i in range(end + 1, last + 1) if tokens[i].is_word] if end is not None else []
    if end is None or not rest or tokens[rest[0]].text.lower() in ("et", "al"):
        return labelling
    after = next((i for i in range(last + 1, len(tokens)) if tokens[i].is_word), None)
    if after is None or labels[after] not in LOCATOR_LABELS:
        return labelling
    labels[end] = Label.OTHER
    for inside in range(rest[0], last + 1):
        labels[inside] = Label.CONTAINER
    return Labelling(tuple(labels), labelling.confidence)


def opening_names_read_as_other(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
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


def names_marked_as_editors(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """Names that open the reference and are marked as its editors ("Kenyon, Nicholas, ed.
    Authenticity and Early Music", "Skov, L., and B. Moeran (Eds.). Women, Media …", "Mülder-
    Bach, I. (Hg.)") are the editors of an edited work, which has no authors: as a .bib
    entry's `editor` with no `author` is read."""
    labels = list(labelling.labels)
    run = first_run(labels, Label.AUTHOR)
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


def _no_names_word(text: str) -> bool:
    """A lower-case word no name holds: not a particle ("van", "de"), not "others" or "with"
    ("… and others", "with J. Ng"), long enough not to be an initial's remnant."""
    return (
        text.isalpha()
        and text.islower()
        and len(text) >= _PROSE_LETTERS
        and text not in NAME_PARTICLES
        and text not in _NAME_LIST_WORDS
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


def names_run_on(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """Names the labeller ended too early: the words after the names' run, read with them,
    are one longer list of names with initials, up to the year that follows the names (IOP's
    "… Chen K-Y, Lee H-yi and Lee L-S 2018 Scalable …", read as a title), or to the full stop
    of the last initials (GOST's "Petrov A. V., Ivanova E. S. Quantum …"), or up to the title
    (Copernicus's "…, Wang, Z., Freitas, N. de, and Team, W.: Making …", read as a venue)."""
    labels = list(labelling.labels)
    run = first_run(labels, Label.AUTHOR)
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
    if YEAR_ALONE.fullmatch(tokens[stop].text):
        labels[stop] = Label.DATE
    return Labelling(tuple(labels), labelling.confidence)


def last_name_after_an_ellipsis(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """APA's list of many authors, cut after the nineteenth with an ellipsis before the last
    ("…, Hensley, K. L., ... & Nadon, N. L. (2008)."): the name after the ellipsis is the
    list's last, where it reads as one person's name before the date."""
    labels = list(labelling.labels)
    run = first_run(labels, Label.AUTHOR)
    if run is None:
        return labelling
    index = run[1] + 1
    marks = ""
    while index < len(tokens) and not tokens[index].is_word:
        marks += tokens[index].text
        index += 1
    if not re.fullmatch(r"[.,]*(?:\.\.\.|…)[,&]*", marks.replace("and", "&")):
        return labelling
    if index < len(tokens) and tokens[index].text.lower() in AND_WORDS:
        index += 1
    stop = next(
        (i for i in range(index, min(len(tokens), index + 8)) if labels[i] is Label.DATE), None
    )
    if stop is None or stop == index:
        return labelling
    while not tokens[stop - 1].is_word and tokens[stop - 1].text != ".":
        stop -= 1  # the date's bracket: "… N. L. (2008)"
    people = parse_people(_text_of(tokens, index, stop))[0]
    if len(people) != 1 or not _FAMILY.fullmatch(people[0].family):
        return labelling
    for inside in range(run[1] + 1, stop):
        labels[inside] = Label.AUTHOR
    return Labelling(tuple(labels), labelling.confidence)


def _names_stop(tokens: Sequence[Token], labels: Sequence[Label], start: int) -> int | None:
    """Where names read as the field at `start` would end: at a year a few words on, inside a
    title, or after the full stop of initials before a word; before the title that follows a
    venue-read run. None where neither is so, or where a sentence ends first."""
    for index in range(start, min(start + 16, len(tokens))):
        if tokens[index].text == "." and not is_initial(tokens[index - 1].text):
            return None  # a sentence's end: names go on past none
        if labels[start] is Label.TITLE and labels[index] is not Label.TITLE:
            return None
        if labels[start] is Label.TITLE and YEAR_ALONE.fullmatch(tokens[index].text):
            return index
        if (
            labels[start] is Label.TITLE
            and tokens[index].text == "."
            and is_initial(tokens[index - 1].text)
            and index + 1 < len(tokens)
            and tokens[index + 1].is_word
            and not is_initial(tokens[index + 1].text)
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


def year_ends_the_names(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A year read inside the names, or as the first word of the venue right after them, is
    the date, and ends the names: no name or journal starts with a year. Words read as names
    after it belong to the field that follows ("Jones C D 2019 J. Phys. A: Math. Theor. 52
    345001": "J." opens the venue)."""
    labels = list(labelling.labels)
    run = first_run(labels, Label.AUTHOR)
    if run is None:
        return labelling
    first, last = run
    year = (
        next((i for i in range(first + 1, last + 2) if YEAR_ALONE.fullmatch(tokens[i].text)), None)
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


def name_after_last_initial(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """In a list of names printed given name first ("P. Boniol, M. Meftah", "Jon J. Bentley and
    Brian W. Kernighan"), names that end at an initial lack their family name: the word after
    it is that name, whatever field the labeller began there ("E. Remy, T. Palpanas in SIGMOD
    '22: …"). So does the last name after "and" in a list that opens family name first
    ("Warrington, C.J.S. and R. V. | Nicholls 1949 A History …")."""
    labels = list(labelling.labels)
    run = first_run(labels, Label.AUTHOR)
    if run is None:
        return labelling
    first, last = run
    given_first = (
        (
            first + 1 < len(tokens)
            and is_initial(tokens[first].text)
            and tokens[first + 1].text == "."
        )
        or _middle_initial_first(tokens, first)
        or initials_after_and(tokens, last, first)
    )
    if not given_first or last + 2 >= len(tokens) or not is_initial(tokens[last].text):
        return labelling
    if _capitals_after_initial(tokens, last):
        return labelling  # "Y. S. RAO. Chem. Rev.": a family name in capitals ends the list
    family = tokens[last + 2]
    if tokens[last + 1].text != "." or not family.text[0].isupper() or is_initial(family.text):
        return labelling
    if _opens_abbreviated_venue(tokens, labels, last + 2):  # "C. H. Bennett, J. Comput. Phys."
        start = last
        while start - 2 > first and _initial_at(tokens, start - 2):
            start -= 2  # "A. Kolmogoroff, C. R. Acad. Sci.": the journal's initials, all of them
        for index in range(start, last + 3):
            labels[index] = Label.CONTAINER
        return Labelling(tuple(labels), labelling.confidence)
    labels[last + 1] = labels[last + 2] = Label.AUTHOR
    year = last + 3
    if (
        year < len(tokens)
        and labels[year] is Label.TITLE
        and YEAR_ALONE.fullmatch(tokens[year].text)
    ):
        labels[year] = Label.DATE  # "… and R. V. Nicholls 1949 A History"
    return Labelling(tuple(labels), labelling.confidence)


def _capitals_after_initial(tokens: Sequence[Token], index: int) -> bool:
    """Whether a word of two or three capitals follows an initial and its full stop ("S.
    RAO", "J. LI"): a family name printed in capitals, not more initials."""
    return (
        len(tokens[index].text) > 1
        and index >= 2
        and tokens[index - 1].text == "."
        and len(tokens[index - 2].text) == 1
        and tokens[index - 2].text.isupper()
    )


def _opens_abbreviated_venue(tokens: Sequence[Token], labels: Sequence[Label], word: int) -> bool:
    """Whether a word is a journal's abbreviation that goes on into the venue read after it:
    "Comput" in "J. Comput. Phys. 22", "Org" in "I. Org. Chem. 19"."""
    return tokens[word].text.lower() in JOURNAL_WORDS and goes_on_into_venue(tokens, labels, word)


def title_opening_read_as_name(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A title's first part before its colon read as the last of the names: "… J. Lee, and
    E.-S. Kim. Mstr: Multi-scale transformer …", "… Michel Dagenais, ARITO: Cyber-attack
    response system …", "Willimon, William H., Pastor: The Theology …". In a list whose names
    open with initials, a word after a family name's full stop starts no name; nor does a word
    in capitals in a list of names that are not, nor a word after a comma that is more a word
    than a name. The word and its colon open the title."""
    labels = list(labelling.labels)
    run = words_run(tokens, labels, Label.AUTHOR)
    if run is None:
        return labelling
    first, last = run
    colon = last + 1
    if colon + 1 >= len(tokens) or tokens[colon].text != ":" or last - first < 3:
        return labelling
    word, before = tokens[last].text, tokens[last - 1].text
    after_full_stop = (
        before == "." and not is_initial(tokens[last - 2].text) and is_initial(tokens[first].text)
    )
    in_capitals = (
        before in {",", "and"}
        and len(word) > 2
        and word.isupper()
        and not any(t.text.isupper() and len(t.text) > 2 for t in tokens[first : last - 1])
    )
    no_name = (  # "Willimon, William H., Pastor: The Theology …"
        before == ","
        and word.istitle()
        and len(word) > 2
        and word_count(word.lower()) > 0  # a word titles write, and more a word than a name
        and not more_a_name(word)
        and word.lower() not in NAME_PARTICLES
    )
    if is_initial(word) or not (after_full_stop or in_capitals or no_name):
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
        and not is_initial(tokens[first + 3].text)
        and not plain_word(tokens[first + 3])  # "Wieland K. Distribution and …"
    )


def vancouver_name_before_colon(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """BioMed Central's Vancouver names end with a colon ("Scollay R, Sprent J: Introduction:
    homeostasis …"): the last name, read as the title's or the venue's opening, is a name."""
    labels = list(labelling.labels)
    run = first_run(labels, Label.AUTHOR)
    if run is None:
        return labelling
    first, last = run
    if not (
        first + 1 <= last
        and not is_initial(tokens[first].text)
        and _VANCOUVER_INITIALS.fullmatch(tokens[first + 1].text)
    ):
        return labelling
    start = last + 1
    while start < len(tokens) and tokens[start].text == "," and labels[start] is Label.OTHER:
        start += 1
    if (
        start + 2 >= len(tokens)
        or labels[start] not in (Label.TITLE, Label.CONTAINER)
        or not tokens[start].text[:1].isupper()
        or not _VANCOUVER_INITIALS.fullmatch(tokens[start + 1].text)
        or tokens[start + 2].text != ":"
    ):
        return labelling
    for inside in range(last + 1, start + 2):
        labels[inside] = Label.AUTHOR
    labels[start + 2] = Label.OTHER
    return Labelling(tuple(labels), labelling.confidence)


def vancouver_names_end(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """In a Vancouver list ("Fuchs F, Worrall D, Welling M."), the names end at the first full
    stop after a name's initials: what the labeller read as names after it opens the next
    field ("Welling M. SE(3)-Transformers: …", "Netanyahu NS. PHA*: Finding …"), and the
    title where they end in a full stop before the journal. A list of one name is told by
    Vancouver's date ("Godfrey RG. A Guide to … 1996;156(10):1047")."""
    labels = list(labelling.labels)
    run = first_run(labels, Label.AUTHOR)
    if run is None:
        return labelling
    first, last = run
    vancouver = (
        first + 2 <= last
        and tokens[first].text[0].isupper()
        and not is_initial(tokens[first].text)
        and is_initial(tokens[first + 1].text)
        and (tokens[first + 2].text == "," or _one_vancouver_name(tokens, first))
    )
    if not vancouver:
        return labelling
    stop = next(
        (
            i
            for i in range(first + 2, last)
            if tokens[i].text == "."
            and is_initial(tokens[i - 1].text)
            and tokens[i - 2].is_word
            and tokens[i + 1].text not in AND_WORDS  # lower case: "A" opens a title
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
    opens = labels[following]
    if opens is Label.CONTAINER and Label.TITLE not in labels and tokens[following - 1].text == ".":
        opens = Label.TITLE  # a title of one sentence before the journal: "Wilhelm MP. Vancomycin."
        labels[following - 1] = Label.OTHER
        following -= 1
    for inside in range(stop + 1, following):
        labels[inside] = opens
    return Labelling(tuple(labels), labelling.confidence)


def _one_vancouver_name(tokens: Sequence[Token], first: int) -> bool:
    """A Vancouver name and its initials, run together, closed by a full stop, and a word
    after it that is not another initial ("Godfrey RG. A Guide …", not "Hofbauer L.C., …" nor
    "Cantwell W., Morton J."), in a reference dated as Vancouver dates it."""
    after = tokens[first + 3 : first + 5]
    return (
        tokens[first + 2].text == "."
        and bool(after)
        and after[0].is_word
        and not (is_initial(after[0].text) and len(after) > 1 and after[1].text == ".")
        and vancouver_dated(tokens)
    )


def names_and_title_read_as_editors(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A book with its editor named after its title, as MLA prints it ("Douglass, Frederick.
    My Bondage and My Freedom. Ed. William L. Andrews. Urbana: …"), read from its first word
    to the editor's name as editors: the names before the first sentence's end are the
    authors, the sentence up to "Ed." ("Trans.", "Edited by") the title, the names after it
    the editors."""
    labels = list(labelling.labels)
    first = next((i for i, token in enumerate(tokens) if token.is_word), None)
    if first is None or labels[first] is not Label.EDITOR or Label.TITLE in labels:
        return labelling
    end = first
    while end + 1 < len(tokens) and labels[end + 1] is Label.EDITOR:
        end += 1
    mark = next(
        (
            i
            for i in range(first + 4, end)
            if tokens[i].text[:1].isupper()
            and tokens[i].text.lower() in EDITOR_WORDS
            and tokens[i - 1].text == "."
            and tokens[i + 1].text in (".", "by")
        ),
        None,
    )
    if mark is None:
        return labelling
    stop = next(
        (
            i
            for i in range(first + 2, mark - 1)
            if tokens[i].text == "." and len(tokens[i - 1].text) > 1
        ),
        None,
    )
    if stop is None or words_between(tokens, stop + 1, mark - 1) < 1:
        return labelling
    for index in range(first, end + 1):
        labels[index] = (
            Label.AUTHOR
            if index < stop
            else Label.TITLE
            if stop < index < mark - 1
            else Label.EDITOR
            if index > mark + 1
            else Label.OTHER
        )
    return Labelling(tuple(labels), labelling.confidence)


def title_after_one_inverted_name(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """One author printed family name first with the given name written whole, as MLA and the
    humanities print them ("Alcorn, Randy. Heaven. Carol Stream, IL: …", "Rajchman, John.
    Michel Foucault: the freedom of philosophy."), where the words after the given name's full
    stop were read as more names: the full stop ends the names, and those words, up to their
    own full stop or colon, are the title, or its opening where the title read goes on after
    the colon or comma ("Diamond, Stephen A. Anger, madness, and the daimonic"). A second name
    printed the same way ("BOUDIER, Bruno. TUNESI, Thérèse.") has its own comma and stays a
    name."""
    labels = list(labelling.labels)
    run = first_run(labels, Label.AUTHOR)
    if run is None or run[0] != 0 or run[1] + 1 >= len(tokens):
        return labelling
    last = run[1]
    comma = next((i for i in range(1, last) if tokens[i].text == ","), None)
    if comma is None or not all(
        tokens[i].is_word and tokens[i].text.lower() not in AND_WORDS for i in range(comma)
    ):
        return labelling  # "Shiojima and Walsh, Circ. Res.": two names, then a journal
    stop = _words_end(tokens, comma + 1)
    given = range(comma + 1, stop)
    if (
        not 1 <= len(given) <= 2
        or not _whole_given_name(tokens[given[0]].text)
        or not all(
            _whole_given_name(tokens[i].text) or (i == given[-1] and is_initial(tokens[i].text))
            for i in given
        )  # "Stephen A."
        or tokens[stop].text != "."
        or _words_end(tokens, stop + 1) != last + 1
        or stop + 1 > last
        or is_initial(tokens[stop + 1].text)  # "Dunn, James D.G., The Theology …"
        or tokens[last + 1].text not in ".:,"
    ):
        return labelling
    title = first_run(labels, Label.TITLE)
    if title is None and tokens[last + 1].text == ",":
        return labelling
    if title is not None and (tokens[last + 1].text not in ":," or title[0] != last + 2):
        return labelling
    labels[stop] = Label.OTHER
    for index in range(stop + 1, last + 1 if title is None else last + 2):
        labels[index] = Label.TITLE
    return Labelling(tuple(labels), labelling.confidence)


def _words_end(tokens: Sequence[Token], start: int) -> int:
    """Where the run of words from `start` ends (the first token that is no word)."""
    stop = start
    while stop < len(tokens) and tokens[stop].is_word:
        stop += 1
    return stop


def _whole_given_name(text: str) -> bool:
    """A given name written whole, hyphenated perhaps ("Randy", "Jean-Paul"; not "J", "JP")."""
    parts = text.split("-")
    return all(len(part) > 1 and part[0].isupper() and part[1:].islower() for part in parts)


def names_after_a_same_author_rule(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A reference printed after a rule ("———. Steppenwolf. Translated by …", MLA's and
    Chicago's same authors as the reference before) names no one at its start: the words read
    as names or editors there, up to their sentence's end, are the title. (The rule itself is
    taken off the text before it is read; the reader applies this where it was there.) Names
    read further on are a translator's or an editor's after their mark, else no one's."""
    labels = list(labelling.labels)
    start = next((i for i, token in enumerate(tokens) if token.is_word), None)
    if (
        start is None
        or labels[start] not in (Label.AUTHOR, Label.EDITOR)
        or tokens[start].text.lower() in AND_WORDS | EDITOR_WORDS  # "———, and Haendel, V."
        or (start > 0 and tokens[start - 1].text == ",")
    ):
        return labelling
    read = labels[start]
    stop = start
    while stop < len(tokens) and labels[stop] is read and not _full_stop(tokens, stop):
        stop += 1
    for index in range(start, stop):
        labels[index] = Label.TITLE
    if stop < len(tokens) and labels[stop] is read:
        labels[stop] = Label.OTHER
    after = next((i for i in range(stop, len(tokens)) if tokens[i].is_word), None)
    if (
        after is not None
        and labels[after] is Label.TITLE
        and tokens[after].text.lower() in _ROLE_WORDS
    ):
        while after < len(tokens) and labels[after] is Label.TITLE:
            labels[after] = Label.NOTE  # "Steppenwolf. Translated by Basil Creighton; …"
            after += 1
    for index in range(stop, len(tokens)):  # "On Christian Doctrine, trans. D. W. Robertson"
        if labels[index] is Label.AUTHOR:
            role = any(
                token.text.lower() in _ROLE_WORDS for token in tokens[max(0, index - 3) : index]
            )
            labels[index] = (
                Label.EDITOR if role or labels[index - 1] is Label.EDITOR else Label.OTHER
            )
    return Labelling(tuple(labels), labelling.confidence)


def title_read_after_the_last_and(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """In a list of names with their initials first, the name after "and" is the last, so the
    words read as names after its comma open the title: "M. Younis and S. Ali, Bright, Dark,
    and Singular Solitons …" (the title read from "Dark"), "C. Misner, K. Thorne, and J.
    Wheeler, Gravitation (Freeman, San Francisco, 1972)" (no title read; the bracket's names
    are the publisher's). A suffix, an editor's mark or "et al." after the comma is the
    names'."""
    labels = list(labelling.labels)
    run = first_run(labels, Label.AUTHOR)
    if run is None:
        return labelling
    first, last = run
    if not (is_initial(tokens[first].text) and first + 1 <= last and tokens[first + 1].text == "."):
        return labelling
    joins = _joins(tokens, first, last)
    if not joins or not _initials_then_family(tokens, joins[-1] + 1):
        return labelling
    end = next((i for i in range(joins[-1] + 1, last + 1) if tokens[i].text in ",;"), None)
    if end is None or end + 1 > last or not tokens[end + 1].is_word:
        return labelling
    opening = tokens[end + 1].text.lower()
    if opening in ("et", "al") or opening in NAME_SUFFIXES or opening in _ROLE_WORDS:
        return labelling
    stop = next((i for i in range(end + 1, last + 1) if tokens[i].text in "(["), last + 1)
    title = first_run(labels, Label.TITLE)
    if title is not None and title[0] > last + 2:
        return labelling  # a title read further on: what lies between is not its opening
    if title is None and any(label in LOCATOR_LABELS for label in labels[last + 1 :]):
        return labelling  # a journal printed without a title ("…, and W. Plessas, Nuovo Cim.")
    labels[end] = Label.OTHER
    for index in range(end + 1, stop):
        labels[index] = Label.TITLE
    for index in range(stop, last + 1):
        labels[index] = Label.PUBLISHER if tokens[index].is_word else Label.OTHER
    if title is not None:
        for index in range(stop, title[0]):
            labels[index] = Label.TITLE
    return Labelling(tuple(labels), labelling.confidence)


def _joins(tokens: Sequence[Token], first: int, last: int) -> list[int]:
    """Where "and" (in the languages names are joined in) stands between `first` and `last`;
    an initial "A." is no Czech "a"."""
    return [
        i
        for i in range(first, last + 1)
        if tokens[i].text.lower() in AND_WORDS and not _initial_at(tokens, i)
    ]


def _initial_at(tokens: Sequence[Token], index: int) -> bool:
    """Whether the word at `index` is an initial with its full stop ("A." is no Czech "a")."""
    return (
        0 <= index < len(tokens) - 1
        and is_initial(tokens[index].text)
        and tokens[index + 1].text == "."
    )


def _initials_then_family(tokens: Sequence[Token], start: int) -> bool:
    """Whether a name written initials first starts at `start`: "S. Ali", "J. R. Weeks"."""
    index = start
    while _initial_at(tokens, index):
        index += 2
    return index > start and index < len(tokens) and tokens[index].is_word


def _full_stop(tokens: Sequence[Token], index: int) -> bool:
    """A full stop that ends a sentence, after a word longer than an initial."""
    return tokens[index].text == "." and sentence_end(tokens, index)


def title_after_inverted_initials(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """The title read as more of a name after names printed family name first and initials
    after it, with a comma between them or none ("Osei, K. Drift of chambers. Nature 465",
    "Ivanov, P. Teoriya grupp [in Russian].", GOST's "Иванов И. И., Петров П. П. Теория
    вероятностей."): the last name's initials and their full stop end the names, and words
    up to the next full stop or bracket that hold a lower-case word no name holds ("chambers",
    "grupp"; not a particle, "van der") and no comma are the title. Only where no title was
    read."""
    labels = list(labelling.labels)
    run = first_run(labels, Label.AUTHOR)
    if run is None or run[0] != 0 or Label.TITLE in labels or run[1] + 1 >= len(tokens):
        return labelling
    last = run[1]
    initials = _initials_after_the_family(tokens, last)
    if initials is None:
        return labelling
    index = initials
    while index + 1 <= last and is_initial(tokens[index].text) and tokens[index + 1].text in ".-":
        index += 2
    start = index  # the first word after the initials and their full stops
    if start == initials or start > last or tokens[start - 1].text != ".":
        return labelling
    words = tokens[start : last + 1]
    if (
        tokens[last + 1].text not in ".(["  # its full stop, or a note in brackets after it
        or not all(token.is_word for token in words)
        or not any(_no_names_word(token.text) for token in words)
    ):
        return labelling
    for inside in range(start, last + 1):
        labels[inside] = Label.TITLE
    labels[start - 1] = Label.OTHER
    return Labelling(tuple(labels), labelling.confidence)


def _initials_after_the_family(tokens: Sequence[Token], last: int) -> int | None:
    """Where the last name's initials start, in names printed family name first: after the
    comma that ends its family name ("Osei, K.", "…, Ng, T."), or straight after a one-word
    family name with none ("Иванов И.", "…, Петров П.")."""
    separators = [i for i in range(last) if tokens[i].text in ",;"]
    after = separators[-1] + 1 if separators else 0
    if is_initial(tokens[after].text) and separators:  # "Osei, K." with its comma
        before = separators[-2] + 1 if len(separators) > 1 else 0
        words = range(before, separators[-1])
        return after if words and all(tokens[i].is_word for i in words) else None
    family, first = tokens[after], tokens[after + 1]
    if family.is_word and not is_initial(family.text) and is_initial(first.text):
        return after + 1
    return None


def names_read_as_the_titles_opening(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """The last names of a list printed given name first, read as the title's opening ("Bin
    Duan, Hao Tang, | Changchang Sun, Ye Zhu, and Yan Yan. Mining and …"): where the title
    opens with parts between commas, the last after "and", of two or three words that are
    each more often a person's name than a word, up to a full stop, those parts are names."""
    labels = list(labelling.labels)
    names, title = first_run(labels, Label.AUTHOR), first_run(labels, Label.TITLE)
    if names is None or title is None or not names[1] < title[0] <= names[1] + 2:
        return labelling
    if any(tokens[i].is_word for i in range(names[1] + 1, title[0])):
        return labelling
    index, joined = title[0], False
    while True:
        if tokens[index].text.lower() in AND_WORDS:
            joined, index = True, index + 1
        stop = _words_end(tokens, index)
        if not 2 <= stop - index <= 3 or not all(
            more_a_name(token.text) for token in tokens[index:stop]
        ):
            return labelling
        if stop >= title[1] or tokens[stop].text != ",":
            break
        index = stop + 1
    if not joined or tokens[stop].text != "." or words_between(tokens, stop + 1, title[1] + 1) < 2:
        return labelling
    for inside in range(title[0], stop):
        labels[inside] = Label.AUTHOR
    labels[stop] = Label.OTHER
    return Labelling(tuple(labels), labelling.confidence)


def names_read_as_editors_unmarked(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """Names read as editors straight after the authors where nothing marks editors
    ("Jiang, C. "M., Kashinath, K., Prabhat & Marcus, P. Enforcing …", a nickname's stray
    quotation mark between): no "ed.", "(Hg.)" or "In" announces them, so they go on the list
    of authors."""
    labels = list(labelling.labels)
    names, editors = first_run(labels, Label.AUTHOR), first_run(labels, Label.EDITOR)
    if names is None or editors is None or editors[0] <= names[1]:
        return labelling
    between = tokens[names[1] + 1 : editors[0]]
    before = tokens[max(editors[0] - 3, 0) : editors[0]]  # "In", "edited by"
    within = tokens[editors[0] : editors[1] + 6]  # "(Eds.)", ", editors."
    if (
        any(token.is_word for token in between)
        or any(token.text.lower() in _ANNOUNCING_EDITORS for token in before)
        or any(token.text.lower() in EDITOR_WORDS for token in within)
    ):
        return labelling
    for inside in range(names[1] + 1, editors[1] + 1):
        labels[inside] = Label.AUTHOR
    return Labelling(tuple(labels), labelling.confidence)


def family_name_read_as_a_journal(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """The last name's family name, after its initials, read as a journal's abbreviation
    before the title ("…, Lichan Hong, and Ed H. | Chi. Improving training stability …"): a
    journal is never printed between the names and the title, so one capitalised word there,
    after an initial's full stop and before the title, ends the names."""
    labels = list(labelling.labels)
    names = first_run(labels, Label.AUTHOR)
    if names is None:
        return labelling
    stop = names[1] + 1  # the initial's full stop, read as no name's
    word = stop + 1
    if (
        word + 2 >= len(tokens)
        or tokens[stop].text != "."
        or not is_initial(tokens[stop - 1].text)
        or labels[word] is not Label.CONTAINER
        or not (tokens[word].text.istitle() and tokens[word].text.isalpha())
        or tokens[word + 1].text not in (".", ",")
        or labels[word + 2] is not Label.TITLE
    ):
        return labelling
    labels[stop] = labels[word] = Label.AUTHOR
    return Labelling(tuple(labels), labelling.confidence)


def title_article_read_as_an_initial(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A title's opening "A" read as one more initial, the title read on as names ("Doe J. A
    real title. Venue. 2020."), where no title was read: words in lower case that titles write
    and names do not follow the letter, so the title starts at it."""
    labels = list(labelling.labels)
    run = first_run(labels, Label.AUTHOR)
    if run is None or Label.TITLE in labels:
        return labelling
    first, last = run
    prose = next((i for i in range(first + 3, last + 1) if _title_word(tokens[i].text)), None)
    if prose is None:
        return labelling
    letter = prose - 1
    if not (is_initial(tokens[letter].text) and tokens[letter - 1].text == "."):
        return labelling
    for index in range(letter, last + 1):
        labels[index] = Label.TITLE
    return Labelling(tuple(labels), labelling.confidence)


def _title_word(text: str) -> bool:
    """A word in lower case that titles write and name lists do not ("real", not "van")."""
    return (
        text.isalpha()
        and text.islower()
        and len(text) >= _PROSE_LETTERS
        and text not in NAME_PARTICLES | AND_WORDS | _NAME_LIST_WORDS
        and word_count(text) > 0
    )


def group_after_the_names_read_as_title(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A group the authors wrote for, named after them and read as the title's opening
    ("Walter SD, …, Troyan S, for the Canadian Lung Oncology Group. Outcome assessment …",
    "…, on behalf of the ARISE Investigators."): up to its full stop it is one more author."""
    labels = list(labelling.labels)
    names, title = first_run(labels, Label.AUTHOR), first_run(labels, Label.TITLE)
    if names is None or title is None or names[0] != 0 or title[0] != names[1] + 2:
        return labelling
    comma, first = names[1] + 1, title[0]
    opening = [token.text.lower() for token in tokens[first : first + 3]]
    if tokens[comma].text != "," or not (
        opening[:2] == ["for", "the"] or opening[:3] == ["on", "behalf", "of"]
    ):
        return labelling
    stop = next((i for i in range(first, title[1]) if tokens[i].text == "."), None)
    if stop is None or not corporate(" ".join(token.text for token in tokens[first:stop])):
        return labelling
    for index in range(comma, stop):
        labels[index] = Label.AUTHOR
    labels[stop] = Label.OTHER
    return Labelling(tuple(labels), labelling.confidence)


def title_opening_read_as_the_last_name(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A title's first sentence read as the last name of a list printed initials first, its
    second as the whole title or the venue ("J. V. Moreau, Homeric Misdirection. False
    Prediction in the Iliad, Ann Arbor 1992."): a last part with no initial, of words in
    capitals none of which is known as a name, closed by a full stop before the title, is the
    title's opening."""
    labels = list(labelling.labels)
    run = first_run(labels, Label.AUTHOR)
    if run is None or run[0] != 0 or run[1] + 2 >= len(tokens):
        return labelling
    first, last = run
    commas = [i for i in range(first, last) if tokens[i].text == ","]
    if not commas or not _initials_first(tokens, first, commas[0]):
        return labelling
    begin = commas[-1] + 1
    words = tokens[begin : last + 1]
    after = labels[last + 2]
    if (
        tokens[last + 1].text != "."
        or after not in (Label.TITLE, Label.CONTAINER)
        or not 1 <= len(words) <= 3
        or not all(_a_titles_capital_word(token.text) for token in words)
        or tokens[last + 3].text == "."  # a journal's abbreviations: "Kawashima, Euro. Phys. J."
    ):
        return labelling
    stop = last + 2
    while stop < len(tokens) and labels[stop] is after:
        stop += 1
    labels[commas[-1]] = Label.OTHER
    for index in range(begin, stop):
        labels[index] = Label.TITLE
    return Labelling(tuple(labels), labelling.confidence)


def _a_titles_capital_word(text: str) -> bool:
    """A word written with a capital and more letters after it that is no initial, no name
    and no journal's abbreviation: "Silent", "Homeric" (not "Z", "Kowalski", "Phys")."""
    return (
        text.isalpha()
        and text.istitle()
        and not is_initial(text)
        and sum(name_counts(text)) == 0
        and not journal_abbreviation(text)
    )


def vancouver_names_read_into_title(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """Vancouver names after the first read as the title's opening ("Dyck DG, | Short R,
    Vitaliano PP: Predictors of burden …"): where the names are written family name and run-
    together initials, parts of the title shaped so up to a colon are names, or up to a full
    stop where there are two or more ("Cell DNA." alone may be a title)."""
    labels = list(labelling.labels)
    names, title = first_run(labels, Label.AUTHOR), first_run(labels, Label.TITLE)
    if names is None or title is None or names[0] != 0 or names[1] > 2:
        return labelling
    first_mark = _vancouver_name_at(tokens, 0)
    if first_mark is None or title[0] != first_mark + 1:
        return labelling
    index = title[0]
    while (after := _vancouver_name_at(tokens, index)) is not None and after <= title[1]:
        if tokens[after].text == ":" or (tokens[after].text == "." and index > title[0]):
            for inside in range(names[1] + 1, after):
                labels[inside] = Label.AUTHOR
            labels[after] = Label.OTHER
            return Labelling(tuple(labels), labelling.confidence)
        if tokens[after].text != ",":
            return labelling
        index = after + 1
    return labelling


def _vancouver_name_at(tokens: Sequence[Token], index: int) -> int | None:
    """Where the mark after a Vancouver name at `index` stands ("Short R," → the comma's
    place): a capitalised word of a family name and run-together initials; else None."""
    if index + 2 >= len(tokens):
        return None
    family, initials = tokens[index].text, tokens[index + 1].text
    if not (family.isalpha() and family[:1].isupper() and not is_initial(family)):
        return None
    return index + 2 if is_initial(initials) and tokens[index + 2].text in ",:." else None


def title_read_as_editors(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A book's title read with the editor or translator named after it as editors, the
    authors read before them ("Douglass, Frederick. | My Bondage and My Freedom. Ed. William L.
    Andrews.", "Bourdieu, Pierre, | Homo Academicus, Peter Collier (trans.)"): the words before
    the editor's mark ("Ed.", "Trans.", "Edited by") or before the comma that opens the names
    marked after them ("(trans.)", "(ed.)") are the title."""
    labels = list(labelling.labels)
    names, editors = first_run(labels, Label.AUTHOR), first_run(labels, Label.EDITOR)
    if names is None or editors is None or Label.TITLE in labels or names[0] != 0:
        return labelling
    first, end = editors
    if any(tokens[i].is_word for i in range(names[1] + 1, first)):
        return labelling
    stop = _title_end_before_editors(tokens, first, end)
    if stop is None or words_between(tokens, first, stop) < 1:
        return labelling
    for index in range(first, stop):
        labels[index] = Label.TITLE
    labels[stop] = Label.OTHER
    for index in range(stop + 1, end + 1):  # "Ed.", "(trans." are no names
        if _editors_mark(tokens, index) or (index > 0 and _editors_mark(tokens, index - 1)):
            labels[index] = Label.OTHER
    return Labelling(tuple(labels), labelling.confidence)


def _editors_mark(tokens: Sequence[Token], index: int) -> bool:
    """An editor's or translator's word, or the bracket it opens with: "Ed", "(" of "(trans"."""
    text = tokens[index].text
    if text == "(":
        return index + 1 < len(tokens) and tokens[index + 1].text.lower() in EDITOR_WORDS
    return text.lower() in EDITOR_WORDS


def _title_end_before_editors(tokens: Sequence[Token], first: int, end: int) -> int | None:
    """The full stop before "Ed." ("… Freedom. Ed. William"), or the comma before names that
    a bracketed mark follows ("…, Peter Collier (trans.)"), within `first`..`end`."""
    for index in range(first + 2, end + 1):
        text = tokens[index].text
        if text[:1].isupper() and text.lower() in EDITOR_WORDS and tokens[index - 1].text == ".":
            after = tokens[index + 1].text if index + 1 < len(tokens) else ""
            if after in (".", "by"):
                return index - 1
        if text == "(" and _editors_mark(tokens, index):
            return next((i for i in range(index - 1, first, -1) if tokens[i].text == ","), None)
    return None


def last_name_read_as_the_titles_opening(
    tokens: Sequence[Token], labelling: Labelling
) -> Labelling:
    """The last name of a list, after "and", read as the title's opening ("H. Idrissi, O.
    Lefebvre | and C. Michelot, A primal-dual algorithm …"): a title that opens with "and",
    initials and a family name, and their comma, opens with the last name."""
    labels = list(labelling.labels)
    names, title = first_run(labels, Label.AUTHOR), first_run(labels, Label.TITLE)
    if names is None or title is None or title[0] != names[1] + 1:
        return labelling
    join = title[0]
    if tokens[join].text not in AND_WORDS or not _initials_then_family(tokens, join + 1):
        return labelling
    index = join + 1
    while _initial_at(tokens, index):
        index += 2
    family = index  # the family name after the initials
    if family + 1 > title[1] or tokens[family + 1].text not in ",.":
        return labelling
    for inside in range(join, family + 1):
        labels[inside] = Label.AUTHOR
    labels[family + 1] = Label.OTHER
    return Labelling(tuple(labels), labelling.confidence)
