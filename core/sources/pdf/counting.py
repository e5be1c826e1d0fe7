"""A numbered reference list as its numbers count, read in the form most of its entries print
them ("[6]", not a footnote's "6"): it starts at its 1; a line that carries the next number
starts the entry it numbers even where the segmenter left that line out (a lone entry after a
page break, the last entry before an appendix) or read it into the entry above; and what
stands without its number between the entries n and n + 1, or after the last, is the rest of
the entry above or none of the list's."""

from __future__ import annotations

from collections.abc import Sequence

from cite_sentinel.core.sources.pdf.entries import NUMBER_LABEL
from cite_sentinel.core.sources.segment import ListLine, Role
from cite_sentinel.core.sources.segment.headings import starts_part

_NUMBERED = 0.5  # share of a list's entries printed with a number that makes it numbered
_LONGEST = 6  # lines of other text a missed entry may stand among
_PITCH = 1.5  # line pitches below the last entry a line of it may stand
_SAME_TYPE = 0.05  # relative difference in size within one list's type
_LABEL_DIGITS = 4  # digits a list's number has at most
_BARE = 3  # the form of a bare number: NUMBER_LABEL's fourth group
_BACK = 60  # lines above a list its first entries may stand (the column beside an appendix)
_HANGS = 0.5  # ems: a further line across a page or column hangs in at least this far


def counted(
    block: list[list[int]], roles: Sequence[Role], listed: Sequence[ListLine]
) -> list[list[int]]:
    """A numbered list as its numbers count: it starts at its 1 (what stands above that in the
    block without a number is no entry of it: a table's or the title's footnotes), and a line
    the model left out that carries the next number starts the entry it numbers (and the next
    after it, up to the number the list goes on with)."""
    numbers = numbers_of(block, listed)
    if sum(number is not None for number in numbers) < _NUMBERED * len(block):
        return block
    if 1 in numbers:
        first = numbers.index(1)
        if all(number is None for number in numbers[:first]):
            block, numbers = block[first:], numbers[first:]
    elif numbers[0] is not None and numbers[0] > 1:
        above = _above(block[0][0], numbers[0], roles, listed)
        block, numbers = [*above, *block], [*range(1, len(above) + 1), *numbers]
    block, numbers = _split_at_numbers(block, numbers, listed)
    block, numbers = _without_tail(block, numbers, listed)
    kept: list[list[int]] = []
    for position, run in enumerate(block):
        kept.append(run)
        number = numbers[position]
        following = block[position + 1][0] if position + 1 < len(block) else None
        upto = numbers[position + 1] if following is not None else None
        if number is None or (following is not None and (upto is None or upto <= number + 1)):
            continue
        start, wanted = run[-1] + 1, number + 1
        while upto is None or wanted < upto:
            missed = _missed(start, following, wanted, roles, listed)
            if not missed:
                break
            kept.append(missed)
            start, wanted = missed[-1] + 1, wanted + 1
    return kept


def _split_at_numbers(
    block: list[list[int]], numbers: list[int | None], listed: Sequence[ListLine]
) -> tuple[list[list[int]], list[int | None]]:
    """An entry split where a further line carries the next number in the same form ("[31]"
    inside "[30]"), unless the next entry already has that number."""
    runs: list[list[int]] = []
    found: list[int | None] = []
    for position, run in enumerate(block):
        number = numbers[position]
        after = numbers[position + 1] if position + 1 < len(block) else None
        start = 0
        for offset in range(1, len(run)):
            text = listed[run[offset]].text
            if (
                number is not None
                and after != number + 1
                and _number(text) == number + 1
                and _form(text) == _form(listed[run[start]].text)
            ):
                runs.append(run[start:offset])
                found.append(number)
                start, number = offset, number + 1
        runs.append(run[start:])
        found.append(number)
    return runs, found


def _without_tail(
    block: list[list[int]], numbers: list[int | None], listed: Sequence[ListLine]
) -> tuple[list[list[int]], list[int | None]]:
    """A numbered list ends with its last number: an entry without one after it is the rest of
    the last entry (a word, in the list's type, at its pitch or over a page or column) or none
    of the list's (a caption set apart below it, an appendix's heading in other type)."""
    last = max((at for at, number in enumerate(numbers) if number is not None), default=None)
    if last is None or last == len(block) - 1:
        return block, numbers
    kept = [*block[: last + 1]]
    for run in block[last + 1 :]:
        line = listed[run[0]]
        close = line.gap is None or line.gap <= _PITCH
        if (
            not close
            or not _goes_on(line, listed[kept[-1][-1]])
            or starts_part(line.text, line.size)
        ):
            break
        kept[-1] = [*kept[-1], *run]
    return kept, numbers[: last + 1]


def between_numbers(runs: list[list[int]], listed: Sequence[ListLine]) -> list[list[int]]:
    """In a numbered list, an entry without its number between the entries numbered n and
    n + 1 is none: the rest of the entry above where a page or column broke it ("loquium on
    Automata, …" at the top of the next column, in the list's type), or else what the page
    printed among the entries (its footnotes, "∗ This file describes …"; its foot, "6 /
    PREPRINT FOR REVIEW"), left out."""
    numbers = numbers_of(runs, listed)
    if sum(number is not None for number in numbers) < _NUMBERED * len(runs):
        return runs
    kept: list[list[int]] = []
    last: int | None = None
    for position, run in enumerate(runs):
        after = next((number for number in numbers[position + 1 :] if number is not None), None)
        if last is not None and numbers[position] != last + 1 and after == last + 1:
            if _goes_on(listed[run[0]], listed[kept[-1][-1]]):
                kept[-1] = [*kept[-1], *run]
            continue
        kept.append(run)
        last = numbers[position]
    return kept


def _goes_on(line: ListLine, above: ListLine) -> bool:
    """Whether a line reads as the rest of the entry whose last line is `above`: it starts with
    a word, in the same type."""
    return line.text[:1].isalpha() and abs(line.size - above.size) <= _SAME_TYPE * above.size


def _missed(
    start: int, stop: int | None, number: int, roles: Sequence[Role], listed: Sequence[ListLine]
) -> list[int]:
    """The lines of the entry numbered `number` among other lines from `start` (up to the next
    entry at `stop`, or within the list's line pitch after its last): [] where no such line."""
    end = min(stop if stop is not None else len(roles), start + _LONGEST, len(roles))
    found = next(
        (
            index
            for index in range(start, end)
            if roles[index] is Role.OTHER and _number(listed[index].text) == number
        ),
        None,
    )
    if found is None:
        return []
    run = [found]
    for index in range(found + 1, end):
        line = listed[index]
        if (
            roles[index] is not Role.OTHER
            or starts_part(line.text, line.size)
            or _number(line.text) == number + 1
        ):
            break
        if stop is None and (line.gap is None or line.gap > _PITCH):
            break
        run.append(index)
    return run


def _above(
    stop: int, number: int, roles: Sequence[Role], listed: Sequence[ListLine]
) -> list[list[int]]:
    """The entries numbered 1 to `number` - 1 that the model left out above a list starting at
    `number` (in reading order an appendix may stand between them, in the column beside):
    each the line carrying its number and the lines going on with it; all of them or none."""
    runs: list[list[int]] = []
    form = _form(listed[stop].text)
    for wanted in range(number - 1, 0, -1):
        start = next(
            (
                index
                for index in range(stop - 1, max(-1, stop - 1 - _BACK), -1)
                if roles[index] is Role.OTHER
                and _number(listed[index].text) == wanted
                and _form(listed[index].text) == form
            ),
            None,
        )
        if start is None:
            return []
        runs.insert(0, _going_on(start, stop, roles, listed))
        stop = start
    return runs


def _going_on(
    start: int, stop: int, roles: Sequence[Role], listed: Sequence[ListLine]
) -> list[int]:
    """A numbered line and the lines after it that go on with it (at the list's pitch, or
    hanging in at the top of the next page or column), up to `stop`."""
    first = listed[start]
    run = [start]
    for index in range(start + 1, min(stop, start + 1 + _LONGEST)):
        line = listed[index]
        if roles[index] is not Role.OTHER or starts_part(line.text, line.size):
            break
        if line.gap is None and line.indent < first.indent + _HANGS:
            break
        if line.gap is not None and line.gap > _PITCH:
            break
        run.append(index)
    return run


def _form(text: str) -> int:
    """How a line's number is printed: `[1]`, `1.`, `(1)` or a bare `1` (the group that
    matched; a number alone on its line is bare), so that a section's "1. Introduction" is not
    taken for a list's "[1]"; -1 for no number."""
    match = NUMBER_LABEL.match(text)
    if match:
        return next(i for i, group in enumerate(match.groups()) if group)
    return _BARE if _number(text) is not None else -1


def numbers_of(block: list[list[int]], listed: Sequence[ListLine]) -> list[int | None]:
    """The number each entry of a list is printed with, in the form most of its entries have
    ("[6]", not a footnote's "6" among them); None where it has none."""
    texts = [listed[run[0]].text for run in block]
    forms = [_form(text) for text in texts]
    printed = [form for form in forms if form >= 0]
    if not printed:
        return [None] * len(block)
    usual = max(set(printed), key=printed.count)
    return [
        _number(text) if form == usual else None for text, form in zip(texts, forms, strict=True)
    ]


def _number(text: str) -> int | None:
    """A line's printed number: its label, or the whole line where it is a number alone (a
    raised label set on a line of its own above its entry's text)."""
    match = NUMBER_LABEL.match(text)
    if match:
        return int(next(group for group in match.groups() if group))
    bare = text.strip()
    return int(bare) if bare.isdigit() and len(bare) <= _LABEL_DIGITS else None
