"""References in Chinese, Japanese and Korean, printed as GB/T 7714 and its neighbours
print them."""

from __future__ import annotations

from collections.abc import Sequence

from cite_sentinel.core.lexicon.scripts import (
    EAST_ASIAN_LETTER,
    EAST_ASIAN_PART_MARKS,
    KANA_LETTER,
    mostly_in,
)
from cite_sentinel.core.sources.refparse.corrections.common import YEAR_ALONE
from cite_sentinel.core.sources.refparse.labeller import Labelling
from cite_sentinel.core.sources.refparse.labels import Label
from cite_sentinel.core.sources.refparse.tokens import Token

_PART_ENDS = EAST_ASIAN_PART_MARKS
_FULL_STOPS = frozenset({".", "。"})
_HAN_NAME = 4  # characters of a Chinese or Korean name written whole, at most
_KANA_NAME = 6  # characters of a Japanese name written with kana, at most
# Labels of words the labeller read as no field of their own (or as names they cannot be).
_UNREAD = frozenset({Label.NOTE, Label.OTHER, Label.AUTHOR, Label.PUBLISHER})


def parts_of_an_east_asian_reference(tokens: Sequence[Token], labelling: Labelling) -> Labelling:
    """A reference in Chinese, Japanese or Korean, read with no title ("문창로, 2017, 문헌자료를
    통해 본 삼한의 소도와 제의, 百濟學報22, 百濟學會, pp.5-32.", "孫洪生, 李永民. 子和補意推原.
    張家口醫學院學報. 2003. 20(6)."): as GB/T 7714 and its neighbours print one, the part after
    the names and the date (a comma or a full stop ends each) is the title, and the next one
    the venue, where none was read; an opening name the labeller read as no name is the
    author's ("朱妍, 传播学视角下网络直播的传播要素分析 …")."""
    labels = list(labelling.labels)
    if Label.TITLE in labels or not _east_asian(tokens):
        return labelling
    start = _after_names_and_date(tokens, labels)
    if not any(labels[i] in (Label.AUTHOR, Label.DATE) for i in range(start)):
        start = _unread_name_and_year(tokens, labels, start)
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


def _unread_name_and_year(tokens: Sequence[Token], labels: list[Label], start: int) -> int:
    """Where a reference that opens with a name no longer than a person's and perhaps a
    year, read as neither ("陈学斌 2010, '我国生态补偿机制进展与建议', …", "朱妍,
    传播学视角下 …"), goes on after them: they are labelled its author and date. `start`
    where it does not open so."""
    end = next((i for i, token in enumerate(tokens) if token.text in _PART_ENDS), None)
    if end is None or end + 1 >= len(tokens):
        return start
    words = [i for i in range(end) if tokens[i].is_word]
    if not words or not _name_sized(tokens[words[0]].text) or len(words) > 2:
        return start
    if len(words) == 2 and not YEAR_ALONE.fullmatch(tokens[words[1]].text):
        return start
    labels[words[0]] = Label.AUTHOR
    if len(words) == 2:
        labels[words[1]] = Label.DATE
    return end + 1


def _east_asian(tokens: Sequence[Token]) -> bool:
    """Whether most of a reference's letters are Chinese, Japanese or Korean."""
    return mostly_in(" ".join(token.text for token in tokens), EAST_ASIAN_LETTER)


def _after_names_and_date(tokens: Sequence[Token], labels: Sequence[Label]) -> int:
    """Where the words after a reference's opening names and date start: the first word read
    as neither, or, where all the words were read as names (the numbers after them aside:
    "李建香. 張從正補法思想淺談. 光明中醫. 2009. 24(8)."), the first after the names' full stop
    (after the first comma where none stops them: one author, "刘春, 舞蹈新媒体初探, …"); and
    never after a part no name could be ("张毅, 孙洪坤, 城市大气污染防治法律体系建设, …")."""
    read = _first_unnamed(tokens, labels)
    if read is None:
        ends = [i for i, token in enumerate(tokens[:-1]) if token.text in ".。" and i > 0]
        commas = [i for i, token in enumerate(tokens[:-1]) if token.text in ",，" and i > 0]
        read = (ends or commas or [len(tokens) - 1])[0] + 1  # "李永民." ends the names
    return min(read, _names_end(tokens))


def _first_unnamed(tokens: Sequence[Token], labels: Sequence[Label]) -> int | None:
    """The first word read as neither a name nor a date, or None where that is a number."""
    for index, (token, label) in enumerate(zip(tokens, labels, strict=True)):
        if token.is_word and label not in (Label.AUTHOR, Label.DATE, Label.NUMBER):
            return None if token.text[0].isdigit() else index
    return None


def _names_end(tokens: Sequence[Token]) -> int:
    """Where the opening parts that could all be names end: after the first part (the first
    author's, with whatever the labeller read there), each part (between commas and full
    stops) holds only words short enough for a name written whole ("张毅", "中井えり子") and
    numbers ("外 5人", "2009a")."""
    separators = [i for i, token in enumerate(tokens) if token.text in _PART_ENDS]
    if not separators:
        return len(tokens)
    begin = separators[0] + 1
    for index in [*separators[1:], len(tokens)]:
        words = [tokens[i].text for i in range(begin, index) if tokens[i].is_word]
        if words and not all(
            _name_sized(word) or any(char.isdigit() for char in word) for word in words
        ):
            return begin
        begin = index + 1
    return len(tokens)


def _name_sized(word: str) -> bool:
    """A word in an East Asian script no longer than a person's name written whole: four
    characters of Han or Hangul, six where kana is among them."""
    if not all(EAST_ASIAN_LETTER.match(char) for char in word):
        return False
    return len(word) <= (_KANA_NAME if KANA_LETTER.search(word) else _HAN_NAME)


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
            if not any(EAST_ASIAN_LETTER.match(char) for word in words for char in word):
                break
            parts.append((begin, index))
        begin = index + 1
    return parts


def east_asian_title_ends_at_its_full_stop(
    tokens: Sequence[Token], labelling: Labelling
) -> Labelling:
    """A title in Chinese, Japanese or Korean read on over its full stop into the venue and
    its numbers where no venue was read ("廣東四大古典名園植物調查分析. 安徽農 業科學. 40卷 21期",
    "… コレクション. カレントアウェアネス, 323"): the title ends at its first full stop, the part
    after it is the venue, and what follows that is no title's."""
    labels = list(labelling.labels)
    if Label.CONTAINER in labels or not _east_asian(tokens):
        return labelling
    title = [i for i, label in enumerate(labels) if label is Label.TITLE]
    if not title:
        return labelling
    first, last = title[0], title[-1]
    inside = (i for i in range(first + 1, last) if labels[i - 1] is labels[i + 1] is Label.TITLE)
    stop = next((i for i in inside if tokens[i].text in _FULL_STOPS), None)
    if stop is None or not _in_script(tokens[stop + 1].text):
        return labelling
    venue_end = next(
        (i for i in range(stop + 1, last + 1) if tokens[i].text in _PART_ENDS), last + 1
    )
    labels[stop] = Label.OTHER
    for index in range(stop + 1, last + 1):
        if index < venue_end:
            labels[index] = Label.CONTAINER
        elif labels[index] is Label.TITLE:
            labels[index] = Label.OTHER
    return Labelling(tuple(labels), labelling.confidence)


def _in_script(text: str) -> bool:
    return bool(EAST_ASIAN_LETTER.match(text[:1]))
