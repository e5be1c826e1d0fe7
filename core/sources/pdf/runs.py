"""Each entry's lines as the segmenter's roles give them: a first line and its further lines,
across a few lines of other text."""

from __future__ import annotations

from collections.abc import Sequence

from cite_sentinel.core.sources.segment import ListLine, Role

_LONGEST_BREAK = 6  # lines of other text an entry may run across (a caption, a footnote)
_PITCH = 1.5  # line pitches between two lines of one entry at most


def entry_runs(roles: Sequence[Role], listed: Sequence[ListLine]) -> list[list[int]]:
    """Each entry's lines (by index): from a first line over its further lines, across a few
    lines of other text (a caption, a footnote) but not across a heading. Lines of other text
    between two of an entry's lines that go on with its text at its pitch are the entry's own:
    a long list of names the model misread."""
    runs: list[list[int]] = []
    open_run = False
    between: list[int] = []
    for index, role in enumerate(roles):
        if role is Role.FIRST or (role is Role.MORE and not open_run):
            runs.append([index])
            open_run, between = True, []
        elif role is Role.MORE:
            if all(_goes_on(listed[other]) for other in [*between, index]):
                runs[-1].extend(between)
            runs[-1].append(index)
            between = []
        elif role is Role.HEADING:
            open_run = False
        else:
            between.append(index)
            open_run = open_run and len(between) <= _LONGEST_BREAK
    return runs


def _goes_on(line: ListLine) -> bool:
    """Whether a line stands where the next line of an entry would: at the list's pitch (a
    caption or a footnote stands apart, or on another page or column)."""
    return line.gap is not None and line.gap <= _PITCH
