"""Each entry's lines as the segmenter's roles give them: a first line and its further lines,
across a few lines of other text."""

from __future__ import annotations

from collections.abc import Sequence
from statistics import median

from cite_sentinel.core.sources.pdf.entries import NUMBER_LABEL
from cite_sentinel.core.sources.segment import ListLine, Role
from cite_sentinel.core.sources.segment.headings import is_other_heading, opens_other_part

_LONGEST_BREAK = 6  # lines of other text an entry may run across (a caption, a footnote)
_PITCH = 1.5  # line pitches between two lines of one entry at most
_APART = 2.5  # line pitches: further below its entry than this, and in another type size,
_SIZE = 0.05  # (by more than this share), a line is none of the entry's
_FEWEST = 5  # first and further lines a list needs to show how it is indented
_HANGING = 1.0  # ems further lines stand further in than first lines in a hanging indent
_NOTE_WORDS = 3  # words the last line of a note holds at least
_SAME_INDENT = 0.3  # ems: lines this close to a first line's indent stand where it does
_LARGER = 1.12  # a heading in type this much larger than its entry's ends the list


def entry_runs(roles: Sequence[Role], listed: Sequence[ListLine]) -> list[list[int]]:
    """Each entry's lines (by index): from a first line over its further lines, across a few
    lines of other text (a caption, a footnote) but not across a heading. Lines of other text
    between two of an entry's lines that go on with its text at its pitch are the entry's own:
    a long list of names the model misread. A further line set apart from its entry, in
    another type size (the authors' biographies after the list), or heading the next part,
    ends the list's entries until the next first line; one back at the first line's indent and
    type after a note in other type, or in a list set with a hanging indent, starts the next
    entry."""
    runs: list[list[int]] = []
    open_run = ended = False
    between: list[int] = []
    hanging = _hangs(roles, listed)
    for index, role in enumerate(roles):
        if role is Role.MORE and open_run and _ends_list(listed[index], listed[runs[-1][0]]):
            open_run, ended, between = False, True, []
        elif (
            role is Role.FIRST
            or (role is Role.MORE and not open_run and not ended)
            or (role is Role.MORE and open_run and _after_annotation(listed, index, runs[-1]))
            or (role is Role.MORE and open_run and hanging and _flush(listed, index, runs[-1]))
        ):
            runs.append([index])
            open_run, ended, between = True, False, []
        elif role is Role.MORE and not open_run:
            continue  # text after an entry set apart from it: not the list's
        elif role is Role.MORE:
            if all(_goes_on(listed[other]) for other in [*between, index]):
                runs[-1].extend(between)
            runs[-1].append(index)
            between = []
        elif role is Role.HEADING:
            open_run = ended = False
        else:
            between.append(index)
            open_run = open_run and len(between) <= _LONGEST_BREAK
    return runs


def _hangs(roles: Sequence[Role], listed: Sequence[ListLine]) -> bool:
    """Whether the list is set with a hanging indent: its further lines stand at least an em
    further in than its first lines, as most of them do."""
    firsts = [line.indent for line, role in zip(listed, roles, strict=True) if role is Role.FIRST]
    further = [line.indent for line, role in zip(listed, roles, strict=True) if role is Role.MORE]
    if len(firsts) < _FEWEST or len(further) < _FEWEST:
        return False
    return median(further) - median(firsts) >= _HANGING


def _flush(listed: Sequence[ListLine], index: int, run: list[int]) -> bool:
    """Whether a further line stands back at its entry's first-line indent, where the list
    hangs its further lines in, in the same column: then it is the first line of the next
    entry ("Williams 1966, American Naturalist, 100, 687" after a one-line entry)."""
    line, first = listed[index], listed[run[0]]
    return (
        not NUMBER_LABEL.match(first.text)  # a numbered list is cut by its numbers (`counting`)
        # in the same column: the top of the next one may not show its own left edge
        and all(listed[between].gap is not None for between in range(run[0] + 1, index + 1))
        and abs(line.indent - first.indent) <= _SAME_INDENT
        and abs(line.size - first.size) <= _SIZE * first.size
    )


def _after_annotation(listed: Sequence[ListLine], index: int, run: list[int]) -> bool:
    """Whether a further line starts an entry after the note below the one before (an
    annotated bibliography): back at the entry's first-line indent and in its type, where the
    line before, in other type, ended (short, or with a full stop). The entry's own lines are in
    its type."""
    line, before, first = listed[index], listed[index - 1], listed[run[0]]
    return (
        index - 1 in run
        and (before.room or before.text.rstrip().endswith((".", "!", "?")))
        and len(before.text.split()) >= _NOTE_WORDS  # not a label set on its own line
        and abs(line.indent - first.indent) <= _SAME_INDENT
        and abs(line.size - first.size) <= _SIZE * first.size
        and abs(before.size - first.size) > _SIZE * first.size
    )


def _goes_on(line: ListLine) -> bool:
    """Whether a line stands where the next line of an entry would: at the list's pitch (a
    caption or a footnote stands apart, or on another page or column)."""
    return line.gap is not None and line.gap <= _PITCH


def _ends_list(line: ListLine, first: ListLine) -> bool:
    """Whether a line the model took for an entry's going on is text after the list: set apart
    from it, the heading of the next part in larger type ("Acknowledgements", "致谢" over
    the next page), or a paragraph in other type run in under one ("Acknowledgments. We are
    grateful …")."""
    other_type = abs(line.size - first.size) > _SIZE * first.size
    return (
        _set_apart(line, first)
        or (line.size > _LARGER * first.size and is_other_heading(line.text))
        or (other_type and opens_other_part(line.text))
    )


def _set_apart(line: ListLine, first: ListLine) -> bool:
    """Whether a line stands well below the line before it, in another type size than its
    entry's first line: text after the list, not the entry going on."""
    return (
        line.gap is not None
        and line.gap > _APART
        and abs(line.size - first.size) > _SIZE * first.size
    )
