"""The reference list each style adds, and the marks style `none` puts on citeproc's entries."""

from __future__ import annotations

import panflute as pf
from cite_sentinel.core.styles import (
    BACK_LINK,
    LIST_ID,
    Entry,
    apa_list,
    entry_anchor,
    entry_id,
    html_entry,
    html_reference_list,
    mark_for,
    numbered_list,
    numbered_markdown,
    problem_note,
)
from cite_sentinel.filters.elements import inlines, mark_span, text_inlines
from cite_sentinel.filters.rendering import Rendering
from cite_sentinel.filters.settings import Style, ascii_only

HEADING_ID = "references"
_HEADINGS = frozenset({"references", "bibliography", "works cited", "literature"})


def add_reference_list(doc: pf.Doc, rendering: Rendering) -> None:
    """Put the list in `Div#refs` when the document has one, else after a References heading."""
    if rendering.style is Style.NONE:
        mark_citeproc_entries(doc, rendering)
        return
    if not rendering.cited:
        return
    blocks = _list_blocks(rendering)
    refs = _find_refs(doc)
    if refs is not None:  # after --citeproc, its entries describe the Cites just rewritten
        refs.content[:] = [block for block in refs.content if not _citeproc_entry(block)]
        refs.content.extend(blocks)
        return
    title = doc.get_metadata("reference-section-title", default=None, builtin=False)
    named = pf.stringify(title).strip() if title is not None else ""
    heading = _heading_index(doc, named)
    if heading is None:
        taken = _identifiers(doc)
        identifier = HEADING_ID if HEADING_ID not in taken else f"cite-sentinel-{HEADING_ID}"
        words = text_inlines(named) if named else [pf.Str("References")]
        doc.content.append(pf.Header(*words, level=1, identifier=identifier))
        heading = len(doc.content) - 1
    for offset, block in enumerate(blocks, start=1):
        doc.content.insert(heading + offset, block)


def mark_citeproc_entries(doc: pf.Doc, rendering: Rendering) -> int:
    """After --citeproc: add the mark and what is wrong to each failed entry of `Div#refs`."""
    refs = _find_refs(doc)
    if refs is None:
        return 0
    marked = 0
    for entry in refs.content:
        if not _citeproc_entry(entry):
            continue
        verdict = rendering.verdicts.get(entry.identifier[len("ref-") :])
        mark = mark_for(verdict, rendering.marking)
        target = next((b for b in entry.content if isinstance(b, pf.Para | pf.Plain)), None)
        if mark is None or target is None:
            continue
        note = problem_note(verdict, rendering.marking)
        target.content.extend([pf.Space(), mark_span(mark)])
        if note:
            target.content.extend([pf.Space(), *text_inlines(note)])
        marked += 1
    return marked


def _citeproc_entry(block: pf.Element) -> bool:
    return isinstance(block, pf.Div) and block.identifier.startswith("ref-")


def _list_blocks(rendering: Rendering) -> list[pf.Block]:
    raw = rendering.raw_format
    if rendering.style is Style.HTML and (rendering.is_html or rendering.is_markdown):
        html = html_reference_list(
            rendering.cited, rendering.numbering, rendering.verdicts, rendering.marking
        )
        return [pf.RawBlock(html, format="html")]
    if rendering.style is Style.HTML:  # in LaTeX, docx, …: the targets its links name
        return [_html_entries(rendering)]
    if rendering.style is Style.APA:
        entries = apa_list(rendering.cited, rendering.verdicts, rendering.marking)
    else:
        entries = numbered_list(
            rendering.cited, rendering.numbering, rendering.verdicts, rendering.marking
        )
        if rendering.is_markdown:
            return [pf.RawBlock(numbered_markdown(entries), format=raw)]
    return [
        pf.Div(*(_entry(entry) for entry in entries), identifier=LIST_ID, classes=["references"])
    ]


def _html_entries(rendering: Rendering) -> pf.Div:
    by_key = {reference.key: reference for reference in rendering.cited}
    numbering = rendering.numbering
    entries = [
        _entry(
            html_entry(
                by_key[key],
                number,
                numbering,
                rendering.verdicts.get(key),
                rendering.marking,
                back="^" if ascii_only(rendering.output_format) else BACK_LINK,
            ),
            identifier=entry_id(number),
        )
        for number, key in enumerate(numbering.keys, start=1)
        if key in by_key
    ]
    return pf.Div(*entries, identifier=LIST_ID, classes=["references"])


def _entry(entry: Entry, identifier: str = "") -> pf.Div:
    first: list[pf.Inline] = []
    if entry.label:
        first += [pf.Str(entry.label), pf.Space()]
    if entry.lines:
        first += inlines(entry.lines[0])
    if entry.mark is not None and entry.note is None:
        first.append(mark_span(entry.mark))
    content: list[pf.Inline] = list(first)
    for line in entry.lines[1:]:
        content += [pf.LineBreak(), *inlines(line)]
    if entry.note is not None:
        note = inlines(entry.note)
        if entry.mark is not None:  # the note starts with the mark: it carries the class
            classes = [entry.mark.css_class]
            note = [pf.Span(*note, classes=classes, attributes={"title": entry.mark.tooltip})]
        content += [pf.LineBreak(), *note]
    identifier = identifier or entry_anchor(entry.key)
    return pf.Div(pf.Para(*content), identifier=identifier, classes=["csl-entry"])


def _find_refs(doc: pf.Doc) -> pf.Div | None:
    found: list[pf.Div] = []

    def look(element: pf.Element, _: pf.Doc) -> None:
        if isinstance(element, pf.Div) and element.identifier == "refs" and not found:
            found.append(element)

    doc.walk(look)
    return found[0] if found else None


def _heading_index(doc: pf.Doc, named: str = "") -> int | None:
    """The last heading that names a reference list (or pandoc's `reference-section-title`)."""
    names = _HEADINGS | {named.lower()} if named else _HEADINGS
    for index in range(len(doc.content) - 1, -1, -1):
        block = doc.content[index]
        if isinstance(block, pf.Header) and pf.stringify(block).strip().lower() in names:
            return index
    return None


def _identifiers(doc: pf.Doc) -> set[str]:
    taken: set[str] = set()

    def look(element: pf.Element, _: pf.Doc) -> None:
        identifier = getattr(element, "identifier", "")
        if identifier:
            taken.add(identifier)

    doc.walk(look)
    return taken
