"""The numbered style: [1], [1, 3], [2–4] in the text, and entries with URL and dates."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from cite_sentinel.core.model import Citation, Reference, Verdict
from cite_sentinel.core.styles.entry import Entry, entry_anchor
from cite_sentinel.core.styles.inline import Inline, Link, Rendered, Span, Text
from cite_sentinel.core.styles.marks import Mark, mark_for, problem_note
from cite_sentinel.core.styles.numbering import Numbering

_INDENT = "    "


def cite_numbered(
    group: Sequence[Citation],
    numbering: Numbering,
    verdicts: Mapping[str, Verdict] | None = None,
    *,
    link: bool = False,
) -> Rendered:
    """One bracket for citations written together: "[1]", "[1, 3]", "[2–4]", "[1, p. 33]".

    A failed reference adds its mark after the bracket: "[3]⚠" (a Span with class and title).
    Keys the numbering does not know render as "[?key]" so nothing disappears silently.
    Prefixes are kept as natbib writes them: the first before the bracket, the others
    before their number ("see [1, p. 4; also 3]"). With `link` (pandoc's `link-citations`)
    each number links to its entry.
    """
    plain: list[int] = []
    located: list[str] = []
    unknown: list[str] = []
    targets: dict[str, str] = {}  # piece → the key it links to
    for index, citation in enumerate(group):
        number = numbering.number(citation.key)
        prefix = f"{citation.prefix} " if citation.prefix and index else ""
        if number is None:
            unknown.append(f"{prefix}?{citation.key}")
        elif citation.locator or prefix:
            targets[str(number)] = citation.key
            located.append(
                prefix + (f"{number}, {citation.locator}" if citation.locator else f"{number}")
            )
        elif number not in plain:
            plain.append(number)
            targets[str(number)] = citation.key
    pieces = [*_collapse(sorted(plain)), *located, *unknown]
    separator = "; " if located else ", "
    inlines: list[Inline] = [*lead_prefix(group)]
    if link:
        inlines += _linked(pieces, separator, targets)
    else:
        inlines.append(Text(f"[{separator.join(pieces)}]"))
    marks = failed_marks(group, numbering, verdicts or {})
    if marks:
        inlines.append(mark_span(marks))
    return Rendered(tuple(inlines))


def numbered_entry(
    reference: Reference,
    number: int,
    verdict: Verdict | None = None,
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
    note = problem_note(verdict)
    return Entry(
        key=reference.key,
        label=f"[{number}]",
        lines=tuple(lines),
        mark=mark_for(verdict),
        note=Rendered((Text(f"⚠ {note}"),)) if note else None,
    )


def numbered_list(
    references: Sequence[Reference],
    numbering: Numbering,
    verdicts: Mapping[str, Verdict] | None = None,
) -> tuple[Entry, ...]:
    """Entries of every numbered reference, in number order (uncited references left out)."""
    by_key = {reference.key: reference for reference in references}
    verdicts = verdicts or {}
    return tuple(
        numbered_entry(by_key[key], number, verdicts.get(key))
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


def _linked(pieces: Sequence[str], separator: str, targets: Mapping[str, str]) -> list[Inline]:
    """ "[", each piece linked to the entry of its (first) number, "]"."""
    inlines: list[Inline] = [Text("[")]
    for index, piece in enumerate(pieces):
        if index:
            inlines.append(Text(separator))
        number = re.search(r"\d+", piece)
        key = targets.get(number.group()) if number and not piece.startswith("?") else None
        if key is None:
            inlines.append(Text(piece))
        else:
            inlines.append(Link(children=(Text(piece),), url=f"#{entry_anchor(key)}"))
    return [*inlines, Text("]")]


def lead_prefix(group: Sequence[Citation]) -> tuple[Inline, ...]:
    """The first citation's prefix ("see", "e.g.") as the text before the bracket."""
    prefix = group[0].prefix if group else ""
    return (Text(f"{prefix} "),) if prefix else ()


def failed_marks(
    group: Sequence[Citation], numbering: Numbering, verdicts: Mapping[str, Verdict]
) -> tuple[tuple[str, Mark], ...]:
    """(label, mark) for each distinct failed reference of a group."""
    found: dict[str, tuple[str, Mark]] = {}
    for citation in group:
        mark = mark_for(verdicts.get(citation.key))
        if mark is not None and citation.key not in found:
            number = numbering.number(citation.key)
            found[citation.key] = (f"[{number}]" if number else citation.key, mark)
    return tuple(found.values())


def mark_span(marks: Sequence[tuple[str, Mark]]) -> Span:
    """One ⚠ after a citation, its tooltip naming each failed reference."""
    if len(marks) == 1:
        tooltip = marks[0][1].tooltip
    else:
        tooltip = "; ".join(f"{label} {mark.tooltip}" for label, mark in marks)
    classes = tuple(dict.fromkeys(name for _, mark in marks for name in mark.classes))
    return Span(children=(Text(marks[0][1].symbol),), classes=classes, title=tooltip)


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
