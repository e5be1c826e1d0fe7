"""The HTML style: superscript anchors in the text, an accessible list, links both ways."""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence

from cite_sentinel.core.model import Citation, Reference, Verdict
from cite_sentinel.core.styles.entry import Entry
from cite_sentinel.core.styles.ieee import ieee_entry
from cite_sentinel.core.styles.inline import (
    Inline,
    Link,
    Rendered,
    Span,
    Superscript,
    Text,
)
from cite_sentinel.core.styles.locator import split_locator
from cite_sentinel.core.styles.marks import (
    DEFAULT_MARKING,
    Marking,
    mark_for,
    mark_span,
    problem_note,
)
from cite_sentinel.core.styles.numbered import failed_marks, lead_prefix
from cite_sentinel.core.styles.numbering import Numbering

BACK_LINK = "↩"  # an entry's link back to its citation; TeX outputs pass an ASCII one
LIST_ID = "cite-sentinel-references"  # not "references": pandoc gives `# References` that id


def cite_html(
    group: Sequence[Citation],
    numbering: Numbering,
    verdicts: Mapping[str, Verdict] | None = None,
    marking: Marking = DEFAULT_MARKING,
    references: Mapping[str, Reference] | None = None,
) -> Rendered:
    """`<sup><a href="#ref1" id="cite1-1">[1]</a></sup>`, one link per cited number.

    `.html` gives the raw fragment; the inline tree gives the same as pandoc elements.
    Several numbers share one bracket: `<sup>[<a …>1</a>, <a …>3</a>]</sup>`. A suffix's
    words after the locator stay outside the link, as citeproc's: `[<a …>1, p. 3</a> for more]`.
    An author-in-text citation keeps its authors' names from `references`: `Smith<sup>…`.
    """
    written = {(c.key, c.prefix, c.locator): c for c in group}  # `[@a; @a]` is one link
    numbered = [(citation, numbering.number(citation.key)) for citation in written.values()]
    anchored: set[str] = set()  # an anchor id is given once: `[@a, p. 2; @a, p. 9]`
    rests = [split_locator(c.locator) if c.locator else ("", "") for c, _ in numbered]
    alone = len(numbered) == 1 and not rests[0][1]  # "[1, p. 3]" is all one link
    inner: list[Inline] = [] if alone else [Text("[")]
    for index, (citation, number) in enumerate(numbered):
        if index:
            inner.append(Text(", "))
            if citation.prefix:
                inner.append(Text(f"{citation.prefix} "))
        if number is None:
            inner.append(Text(f"[?{citation.key}]" if alone else f"?{citation.key}"))
            continue
        locator, rest = rests[index]
        text = f"{number}, {locator}" if locator else str(number)
        inner.append(
            Link(
                children=(Text(f"[{text}]" if alone else text),),
                url=f"#{entry_id(number)}",
                id="" if citation.key in anchored else numbering.anchor(citation),
                label=f"Reference {number}",
                role="doc-biblioref",
            )
        )
        anchored.add(citation.key)
        if rest:  # as citeproc's, the link leaves out what follows the locator
            inner.append(Text(rest if locator else f", {rest}"))
    if not alone:
        inner.append(Text("]"))
    lead = lead_prefix(group, references, spaced=False)
    inlines: list[Inline] = [*lead, Superscript(tuple(inner))]
    marks = failed_marks(group, numbering, verdicts or {}, marking)
    if marks:
        inlines.append(mark_span(marks))
    return Rendered(tuple(inlines))


def html_entry(
    reference: Reference,
    number: int,
    numbering: Numbering,
    verdict: Verdict | None = None,
    marking: Marking = DEFAULT_MARKING,
    back: str = BACK_LINK,
) -> Entry:
    """One list item's content: the IEEE entry (core.styles.ieee), then back-links."""
    inlines: list[Inline] = list(ieee_entry(reference).inlines)
    anchors = numbering.anchors_of(reference.key)
    for index, anchor in enumerate(anchors, start=1):
        inlines += [
            Text(" "),
            Link(
                children=(Text(back if len(anchors) == 1 else f"{back}{index}"),),
                url=f"#{anchor}",
                label=f"Back to citation {index} of reference {number}",
                role="doc-backlink",
            ),
        ]
    note = problem_note(verdict, marking)
    mark = mark_for(verdict, marking)
    note_inline = None
    if note and mark is not None:
        note_inline = Rendered(
            (
                Span(
                    children=(Text(f"{mark.symbol} {note}"),),
                    classes=("cite-sentinel-note", *mark.classes),
                ),
            )
        )
    return Entry(
        key=reference.key,
        label=f"[{number}]",
        lines=(Rendered(tuple(inlines)),),
        mark=mark,
        note=note_inline,
    )


def html_reference_list(
    references: Sequence[Reference],
    numbering: Numbering,
    verdicts: Mapping[str, Verdict] | None = None,
    marking: Marking = DEFAULT_MARKING,
) -> str:
    """`<ol id=... >` with `<li id="ref1">` per reference and back-links to each citation."""
    by_key = {reference.key: reference for reference in references}
    verdicts = verdicts or {}
    items = []
    for number, key in enumerate(numbering.keys, start=1):
        if key not in by_key:
            continue
        entry = html_entry(by_key[key], number, numbering, verdicts.get(key), marking)
        body = entry.lines[0].html
        if entry.note is not None:
            body += f" {entry.note.html}"
        items.append(f'<li id="{entry_id(number)}" value="{number}">{body}</li>')
    head = (
        f'<ol id="{html.escape(LIST_ID)}" class="cite-sentinel-references" aria-label="References">'
    )
    return "\n".join([head, *items, "</ol>"]) + "\n"


def entry_id(number: int) -> str:
    """The id of reference `number`'s list item: what citations link to."""
    return f"ref{number}"
