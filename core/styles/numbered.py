"""The numbered style: [1], [1, 3], [2–4] in the text, and IEEE entries in the list."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cite_sentinel.core.model import Citation, CitationMode, Reference, Verdict
from cite_sentinel.core.styles.entry import Entry
from cite_sentinel.core.styles.ieee import ieee_entry
from cite_sentinel.core.styles.ieee_fields import in_text_names
from cite_sentinel.core.styles.inline import Inline, Rendered, Text
from cite_sentinel.core.styles.locator import split_locator
from cite_sentinel.core.styles.marks import (
    DEFAULT_MARKING,
    Mark,
    Marking,
    mark_for,
    mark_span,
    problem_note,
)
from cite_sentinel.core.styles.numbering import Numbering
from cite_sentinel.core.styles.segments import Segment, segment_inlines

_INDENT = "    "


def cite_numbered(
    group: Sequence[Citation],
    numbering: Numbering,
    verdicts: Mapping[str, Verdict] | None = None,
    *,
    link: bool = False,
    marking: Marking = DEFAULT_MARKING,
    references: Mapping[str, Reference] | None = None,
) -> Rendered:
    """One bracket for citations written together: "[1]", "[1, 3]", "[2–4]", "[1, p. 33]".

    A failed reference adds its mark after the bracket: "[3]⚠" (a Span with class and title).
    Keys the numbering does not know render as "[?key]" so nothing disappears silently.
    Prefixes are kept as natbib writes them: the first before the bracket, the others
    before their number ("see [1, p. 4; also 3]"). With `link` (pandoc's `link-citations`)
    each number and its locator link to its entry, as citeproc's do: the prefix and the rest
    of the suffix ("for more") stay outside the link. An author-in-text citation keeps its
    authors' names from `references`: "Smith [13] argues".
    """
    plain: list[int] = []
    located: list[list[Segment]] = []
    unknown: list[list[Segment]] = []
    targets: dict[int, str] = {}  # number → the key it links to
    for index, citation in enumerate(group):
        number = numbering.number(citation.key)
        prefix = f"{citation.prefix} " if citation.prefix and index else ""
        if number is None:
            unknown.append([("", f"{prefix}?{citation.key}")])
        elif citation.locator or prefix:
            locator, rest = split_locator(citation.locator) if citation.locator else ("", "")
            cited = f"{number}, {locator}" if locator else str(number)
            rest = f", {rest}" if rest and not locator else rest
            located.append([("", prefix), (citation.key, cited), ("", rest)])
        elif number not in plain:
            plain.append(number)
            targets[number] = citation.key
    collapsed = [[(targets[int(piece.split("–")[0])], piece)] for piece in _collapse(sorted(plain))]
    separator = "; " if located else ", "
    segments: list[Segment] = [("", "[")]
    for index, piece in enumerate([*collapsed, *located, *unknown]):
        segments += [("", separator)] if index else []
        segments += piece
    segments.append(("", "]"))
    lead = lead_prefix(group, references)
    inlines: list[Inline] = [*lead, *segment_inlines(segments, link=link)]
    marks = failed_marks(group, numbering, verdicts or {}, marking)
    if marks:
        inlines.append(mark_span(marks))
    return Rendered(tuple(inlines))


def numbered_entry(
    reference: Reference,
    number: int,
    verdict: Verdict | None = None,
    marking: Marking = DEFAULT_MARKING,
) -> Entry:
    """`[2]` and the IEEE entry (core.styles.ieee), with the mark and note of a failure."""
    note = problem_note(verdict, marking)
    return Entry(
        key=reference.key,
        label=f"[{number}]",
        lines=(ieee_entry(reference),),
        mark=mark_for(verdict, marking),
        note=Rendered((Text(f"{marking.symbol} {note}"),)) if note else None,
    )


def numbered_list(
    references: Sequence[Reference],
    numbering: Numbering,
    verdicts: Mapping[str, Verdict] | None = None,
    marking: Marking = DEFAULT_MARKING,
) -> tuple[Entry, ...]:
    """Entries of every numbered reference, in number order (uncited references left out)."""
    by_key = {reference.key: reference for reference in references}
    verdicts = verdicts or {}
    return tuple(
        numbered_entry(by_key[key], number, verdicts.get(key), marking)
        for number, key in enumerate(numbering.keys, start=1)
        if key in by_key
    )


def numbered_markdown(entries: Sequence[Entry]) -> str:
    """The reference list as Markdown text: each label raw ("[2]", not "\\[2\\]"), the
    entry with its italics and links, the note of a failure indented below it."""
    blocks = []
    for entry in entries:
        lines = [f"{entry.label} {entry.lines[0].markdown}"]
        lines += [f"{_INDENT}{line.markdown}" for line in entry.lines[1:]]
        if entry.note is not None:
            lines.append(f"{_INDENT}{entry.note.markdown}")
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks) + ("\n" if blocks else "")


def lead_prefix(
    group: Sequence[Citation],
    references: Mapping[str, Reference] | None = None,
    *,
    spaced: bool = True,
) -> tuple[Inline, ...]:
    """The text before the bracket: the first citation's prefix ("see", "e.g."), and the
    authors of an author-in-text citation ("Smith [13] argues", as authors write it);
    `spaced`: a space follows the authors (not before a superscript number)."""
    prefix = group[0].prefix if group else ""
    name = ""
    if len(group) == 1 and group[0].mode is CitationMode.AUTHOR_IN_TEXT:
        reference = (references or {}).get(group[0].key)
        if reference is not None:
            name = in_text_names(reference.people or reference.editors)
    if not name:
        return (Text(f"{prefix} "),) if prefix else ()
    text = f"{prefix} {name}" if prefix else name
    return (Text(f"{text} " if spaced else text),)


def failed_marks(
    group: Sequence[Citation],
    numbering: Numbering,
    verdicts: Mapping[str, Verdict],
    marking: Marking = DEFAULT_MARKING,
) -> tuple[tuple[str, Mark], ...]:
    """(label, mark) for each distinct marked reference of a group."""
    found: dict[str, tuple[str, Mark]] = {}
    for citation in group:
        mark = mark_for(verdicts.get(citation.key), marking)
        if mark is not None and citation.key not in found:
            number = numbering.number(citation.key)
            found[citation.key] = (f"[{number}]" if number else citation.key, mark)
    return tuple(found.values())


def _collapse(numbers: Sequence[int]) -> list[str]:
    runs: list[list[int]] = []
    for number in numbers:
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    pieces: list[str] = []
    for run in runs:
        if len(run) >= 3:
            pieces.append(f"{run[0]}–{run[-1]}")
        else:
            pieces.extend(str(number) for number in run)
    return pieces
