"""A title printed in quotation marks: what the marks enclose."""

from __future__ import annotations

from collections.abc import Sequence

from cite_sentinel.core.lexicon import (
    IN_WORDS,
    TYPE_CODES,
)
from cite_sentinel.core.sources.refparse.corrections.common import (
    QUOTES,
)
from cite_sentinel.core.sources.refparse.labeller import Labelling
from cite_sentinel.core.sources.refparse.labels import Label
from cite_sentinel.core.sources.refparse.tokens import Token


def title_in_quotation_marks(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
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


# Opening marks no apostrophe is written with.
_NO_APOSTROPHE = frozenset({"«", "„", "“"})


def _venue_after(tokens: Sequence[Token], closing: int) -> bool:
    """Whether the venue, or the pages in brackets, follow a closing mark straight away with
    no comma between ("» RDP, 1984", "” (143-172)"), not the title's own words ("» : une",
    "” with antiracist")."""
    after = tokens[closing + 1 : closing + 3]
    if not after:
        return False
    if after[0].text == "(":
        return len(after) > 1 and after[1].text[:1].isdigit()
    return after[0].is_word and after[0].text[:1].isupper()


def _quoted_span(tokens: Sequence[Token], labels: Sequence[Label]) -> tuple[int, int] | None:
    """Quotation marks that open right after the names or the date and close before a comma,
    a full stop, a semicolon or "in" (or after one, or after a question before a word),
    enclosing words, or marks that are never an apostrophe before the venue ("« … » RDP,
    1984"): (opening, closing) token positions; None where there are none. A mark
    that closes inside the title (an apostrophe; one closing a quotation inside, « La
    « société civile » dans … ») is passed over."""
    for opening in range(1, len(tokens) - 2):
        closes = QUOTES.get(tokens[opening].text)
        if closes is None or _inside_word(tokens, opening):
            continue  # no mark, or a letter's (the ayn of "Al-Ma‘tūq", an elision)
        if tokens[opening - 1].text in QUOTES:
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
            elif (
                after in ",.;"
                or (tokens[opening].text in _NO_APOSTROPHE and _venue_after(tokens, closing))
                or _in_after(tokens, closing)
                or tokens[closing - 1].text in ",."
                or _asked(tokens, closing)
            ):
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


def _in_after(tokens: Sequence[Token], closing: int) -> bool:
    """Whether "in" follows a closing mark and nothing later announces a book or journal
    ("‘Ghescreven ofte gheprent …’ in Geschreven en gedrukt"): where a later "In" after a
    full stop or comma does, the quotation opened the title ("‘Tone Cases’ in Bantu Group
    B.40. In Jean Blanchon …")."""
    if closing + 1 >= len(tokens) or tokens[closing + 1].text.lower() not in IN_WORDS:
        return False
    return not any(
        tokens[index].text.lower() in IN_WORDS and tokens[index - 1].text in ".,"
        for index in range(closing + 2, len(tokens))
    )
