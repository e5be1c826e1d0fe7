"""A PDF's reference list and in-text citations as a Read, like any manuscript's.

The stages: PDFium's glyphs become lines in reading order (`document`, run by `isolated` in
a child process bounded in memory, pages and time), running heads and page numbers go
(`margins`), the segmenter labels every line with its layout (`list_lines`, `section`): the
list's heading, each entry's first and further lines, other text; each entry's lines are
joined (`joining`) and read by the free-text reference reader, so its verdicts and finding
codes are those every input gets; then the text around finds the citations (`markers`).
Each reference is located by page and printed label.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path

from cite_sentinel.core.model import Finding, Identifiers, Location, Read
from cite_sentinel.core.sources.identifiers import normalise_arxiv, normalise_doi
from cite_sentinel.core.sources.pdf import notices
from cite_sentinel.core.sources.pdf.body import body_text
from cite_sentinel.core.sources.pdf.document import Link, Opened, Source
from cite_sentinel.core.sources.pdf.entries import NUMBER_LABEL, Entry
from cite_sentinel.core.sources.pdf.hyphens import Words, document_words
from cite_sentinel.core.sources.pdf.isolated import open_isolated
from cite_sentinel.core.sources.pdf.joining import joined_text, link_uris
from cite_sentinel.core.sources.pdf.margins import PageLine, strip_margins
from cite_sentinel.core.sources.pdf.markers import find_citations
from cite_sentinel.core.sources.pdf.marks import Listed
from cite_sentinel.core.sources.pdf.section import find_section
from cite_sentinel.core.sources.reflist import read_entries

log = logging.getLogger(__name__)

_LABEL_WORDS = 4
_LABEL_CHARACTERS = 32


def read_pdf_file(path: Path) -> Read:
    """The references and citations of the PDF at `path`; never raises on a bad file."""
    return _read(path, str(path))


def read_pdf(data: bytes, path: str) -> Read:
    """The references and citations of a PDF given as bytes; `path` names it in findings."""
    return _read(data, path)


def _read(source: Source, path: str) -> Read:
    opened = open_isolated(source)
    if not isinstance(opened, Opened):
        return Read(findings=(notices.unopened(path, opened),))
    findings: list[Finding] = []
    if opened.limits:
        findings.append(notices.limits_reached(path, opened.limits))
    if opened.broken:
        findings.append(notices.broken_pages(path, opened.broken))
    if not any(page.lines for page in opened.pages):
        if opened.limits:  # what was left out is said; that the rest holds no text is no news
            return Read(findings=tuple(findings))
        return Read(findings=(*findings, notices.without_text(path, opened.pages)))
    lines = strip_margins(opened.pages)
    links = {page.number: page.links for page in opened.pages}
    section = find_section(lines)
    if section is None:
        findings.append(notices.no_reference_list(path, opened.pages))
        return Read(findings=tuple(findings))
    entries = section.entries
    listed, problems = _references(entries, links, document_words(lines), path)
    findings.extend(problems)
    inside = section.numbers
    body = body_text([line for line in lines if line.number not in inside])
    found = find_citations(body, listed, links, path)
    log.info(
        "%s: %d pages, %d entries, %d references, %d citations",
        path,
        len(opened.pages),
        len(entries),
        len(listed),
        len(found.citations),
    )
    return Read(
        references=tuple(item.reference for item in listed),
        citations=found.citations,
        findings=(*findings, *found.findings),
    )


def _references(
    entries: Sequence[Entry], links: Mapping[int, Sequence[Link]], words: Words, path: str
) -> tuple[list[Listed], list[Finding]]:
    """Each entry read as a free-text reference and put back in place."""
    texts = [joined_text(entry.lines, links, words) for entry in entries]
    listed = read_entries(
        [_item(entry, text) for entry, text in zip(entries, texts, strict=True)], path
    )
    references: list[Listed] = []
    for reference in listed.references:
        number = (reference.location.line - 1) // 2
        entry = entries[number]
        located = replace(
            reference,
            raw=texts[number],
            location=_location(entry, path, texts[number]),
            identifiers=_linked(reference.identifiers, link_uris(entry.lines, links)),
        )
        references.append(Listed(located, entry.lines))
    findings = [
        replace(finding, location=_location(entries[number], path, texts[number]))
        for finding in listed.findings
        if 0 <= (number := (finding.location.line - 1) // 2) < len(entries)
    ]
    return references, findings


def _item(entry: Entry, text: str) -> tuple[str, str]:
    """An entry's text and key; a number however printed ("12 Smith J, …" in BMJ and The
    Lancet, "( 3)") as "[12]", which the free-text reader takes off."""
    printed = NUMBER_LABEL.match(text) if entry.key.isdigit() else None
    if printed is not None:
        return f"[{entry.key}]{text[printed.end() :]}", entry.key
    return text, entry.key


def _location(entry: Entry, path: str, text: str) -> Location:
    first: PageLine = entry.lines[0]
    last: PageLine = entry.lines[-1]
    return Location(
        path,
        first.number,
        1,
        last.number,
        len(last.line.text) + 1,
        page=first.page,
        label=entry.label or _first_words(text),
    )


def _first_words(text: str) -> str:
    """The start of an entry as printed, for people to find it: `Vaswani, A., Shazeer, N.…`."""
    words = text.split()
    shown = " ".join(words[:_LABEL_WORDS])
    if len(shown) > _LABEL_CHARACTERS:
        shown = shown[:_LABEL_CHARACTERS].rsplit(" ", 1)[0] or shown[:_LABEL_CHARACTERS]
    return shown + ("…" if len(shown) < len(" ".join(words)) else "")


def _linked(identifiers: Identifiers, uris: Sequence[str]) -> Identifiers:
    """A DOI or arXiv link is the identifier even where the printed one is cut or missing."""
    for uri in uris:
        doi = normalise_doi(uri) if "doi" in uri.lower() else ""
        printed = identifiers.doi.rstrip("….")  # a DOI cut short to fit: "10.5555/jmlr…"
        unhyphenated = doi.replace("-", "") == printed.replace("-", "")
        if doi and (not printed or doi.startswith(printed) or unhyphenated):
            identifiers = replace(identifiers, doi=doi)  # missing, cut short, or hyphenated
        arxiv = normalise_arxiv(uri) if "arxiv.org" in uri.lower() else ""
        if arxiv and not identifiers.arxiv:
            identifiers = replace(identifiers, arxiv=arxiv)
    return identifiers
