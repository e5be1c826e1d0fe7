"""What a person is told about a PDF that cannot be read, or holds no reference list."""

from __future__ import annotations

from collections.abc import Sequence

from cite_sentinel.core.findings import Code
from cite_sentinel.core.model import Finding, Location, Severity
from cite_sentinel.core.sources.pdf.document import Page, Trouble, Unopened

_REMEDIES = {
    Trouble.PASSWORD: "save a copy without the password (e.g. `qpdf --decrypt --password=… "
    "in.pdf out.pdf`) and check that",
    Trouble.DAMAGED: "the file is damaged or not a PDF; download or export it again",
    Trouble.NOT_PDF: "give the paper's PDF, or the manuscript's source (.tex, .md, .typ, .bib)",
    Trouble.MISSING: "check the path and that the file can be read",
    Trouble.LIMIT: "a PDF that costs this much is damaged or built to exhaust its reader; "
    "check the manuscript's source (.tex, .md, .typ, .bib) instead",
}
OCR_HINT = "run OCR on it (e.g. `ocrmypdf in.pdf out.pdf`) and check the result"


def unopened(path: str, failure: Unopened) -> Finding:
    """A PDF PDFium could not open: encrypted, damaged, or not a PDF."""
    remedy = _REMEDIES[failure.trouble]
    return Finding(
        code=Code.UNREADABLE_FILE,
        severity=Severity.ERROR,
        message=f"cannot read {path}: {failure.detail}; {remedy}",
        location=Location.point(path, 1, 1),
        hint=remedy,
    )


def without_text(path: str, pages: Sequence[Page]) -> Finding:
    """A PDF with no text at all: scanned pages, or text drawn as shapes."""
    if any(page.images for page in pages):
        what = f"its {_pages(len(pages))} are images without a text layer (a scan?)"
        remedy = OCR_HINT
    else:
        what = f"its {_pages(len(pages))} hold no text that can be extracted"
        remedy = "export the PDF again with its text (not as outlines), or check the source"
    return Finding(
        code=Code.UNREADABLE_FILE,
        severity=Severity.ERROR,
        message=f"cannot read {path}: {what}; {remedy}",
        location=Location.point(path, 1, 1),
        hint=remedy,
    )


def no_reference_list(path: str, pages: Sequence[Page]) -> Finding:
    """A PDF with text but no reference list that could be found."""
    scanned = [page.number for page in pages if not page.lines and page.images]
    if scanned:
        which = f"page {scanned[0]} has" if len(scanned) == 1 else f"pages {_ranges(scanned)} have"
        remedy = f"{which} no text layer; {OCR_HINT}"
    else:
        remedy = (
            "if it has one, check that its heading says References or Bibliography, or check "
            "the manuscript's source instead"
        )
    return Finding(
        code=Code.PARSE_ERROR,
        severity=Severity.WARNING,
        message=f"{path}: no reference list found (no References heading, and no numbered "
        f"list ends the text); nothing was verified; {remedy}",
        location=Location.point(path, 1, 1),
        hint=remedy,
    )


def limits_reached(path: str, clauses: Sequence[str]) -> Finding:
    """Pages left unread because reading them went beyond a limit (time, memory, page count)."""
    remedy = (
        "what was read was checked; for the rest, check the manuscript's source (.tex, .md, "
        ".typ, .bib) or a PDF exported again"
    )
    return Finding(
        code=Code.INPUT_LIMIT,
        severity=Severity.ERROR,
        message=f"{path}: {'; '.join(clauses)}; {remedy}",
        location=Location.point(path, 1, 1),
        hint=remedy,
    )


def broken_pages(path: str, numbers: Sequence[int]) -> Finding:
    """Pages PDFium could not load; the rest were read."""
    return Finding(
        code=Code.PARSE_ERROR,
        severity=Severity.WARNING,
        message=f"{path}: {_pages(len(numbers))} could not be read ({_ranges(numbers)}, "
        "damaged); the other pages were checked",
        location=Location(path, 1, 1, 1, 1, page=numbers[0]),
        hint="export or download the PDF again",
    )


def _pages(count: int) -> str:
    return "1 page" if count == 1 else f"{count} pages"


def _ranges(numbers: Sequence[int]) -> str:
    """1, 2, 3, 5 as "1–3, 5"."""
    spans: list[list[int]] = []
    for number in sorted(numbers):
        if spans and number == spans[-1][1] + 1:
            spans[-1][1] = number
        else:
            spans.append([number, number])
    return ", ".join(f"{a}–{b}" if a != b else str(a) for a, b in spans)
