"""The numbered style: [1], [1, 3], [2–4] in the text, and entries with URL and dates."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cite_sentinel.core.model import Citation, Reference, Verdict
from cite_sentinel.core.styles.entry import Entry
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
) -> Rendered:
    """One bracket for citations written together: "[1]", "[1, 3]", "[2–4]", "[1, p. 33]".

    A failed reference adds its mark after the bracket: "[3]⚠" (a Span with class and title).
    Keys the numbering does not know render as "[?key]" so nothing disappears silently.
    Prefixes are kept as natbib writes them: the first before the bracket, the others
    before their number ("see [1, p. 4; also 3]"). With `link` (pandoc's `link-citations`)
    each number and its locator link to its entry, as citeproc's do: the prefix and the rest
    of the suffix ("for more") stay outside the link.
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
    inlines: list[Inline] = [*lead_prefix(group), *segment_inlines(segments, link=link)]
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
    """`[2] "Title", Authors` and then URL, Published and Accessed lines where known.

    Accessed is the reference's `accessed` (urldate); a caller that knows when the reference
    was verified and wants that date shown passes a Reference with `accessed` set to it.
    """
    head = f'"{reference.title or reference.key}"'
    authors = people_text(reference)
    if authors:
        head += f", {authors}"
    lines = [Rendered((Text(head),))]
    url = reference_url(reference)
    for label, value in (
        ("URL", url),
        ("Published", reference.date),
        ("Accessed", reference.accessed),
    ):
        if value:
            lines.append(Rendered((Text(f"{label}: {value}"),)))
    note = problem_note(verdict, marking)
    return Entry(
        key=reference.key,
        label=f"[{number}]",
        lines=tuple(lines),
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
    """The reference list as Markdown text exactly as the issue shows it (raw, not escaped)."""
    blocks = []
    for entry in entries:
        lines = [f"{entry.label} {entry.lines[0].plain}"]
        lines += [f"{_INDENT}{line.plain}" for line in entry.lines[1:]]
        if entry.note is not None:
            lines.append(f"{_INDENT}{entry.note.plain}")
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks) + ("\n" if blocks else "")


def people_text(reference: Reference) -> str:
    """Authors (or the organisation, or editors) as people write them: "Sarah Smith, Ann Lee"."""
    people = reference.people or reference.editors
    text = ", ".join(person.display for person in people)
    return f"{text} et al." if text and reference.others else text


def reference_url(reference: Reference) -> str:
    """The reference's URL, else its DOI as a link, else ""."""
    if reference.identifiers.url:
        return reference.identifiers.url
    if reference.field("url"):
        return reference.field("url")
    return f"https://doi.org/{reference.identifiers.doi}" if reference.identifiers.doi else ""


def lead_prefix(group: Sequence[Citation]) -> tuple[Inline, ...]:
    """The first citation's prefix ("see", "e.g.") as the text before the bracket."""
    prefix = group[0].prefix if group else ""
    return (Text(f"{prefix} "),) if prefix else ()


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
