"""Opening a PDF with PDFium: its pages' lines and links, or why it cannot be read.

PDFium runs in this process here; `isolated` runs these functions in a child process bounded
in memory and time, which is how a reader opens a PDF.
"""

from __future__ import annotations

import ctypes
import logging
import re
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
from cite_sentinel.core.sources.pdf.glyphs import page_words
from cite_sentinel.core.sources.pdf.layout import Line, page_lines
from cite_sentinel.core.sources.pdf.line_numbers import Edge, without_line_numbers
from cite_sentinel.core.sources.pdf.rules import rule_words

log = logging.getLogger(__name__)

_URI_BUFFER = 4096


class LinkKind(StrEnum):
    """Where a link annotation leads."""

    URI = "uri"  # a web address (a DOI, an arXiv page)
    PAGE = "page"  # a place in the same document (a citation linked to its entry)


@dataclass(frozen=True, slots=True, kw_only=True)
class Link:
    """A link annotation: its box on the page and its target."""

    x0: float
    x1: float
    top: float
    bottom: float
    kind: LinkKind
    uri: str = ""
    target_page: int = 0  # 1-based, for PAGE links
    target_top: float | None = None  # from the top of the target page, when the link says
    target_left: float | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Page:
    """One page as read: its lines in reading order and its links."""

    number: int  # 1-based
    width: float
    height: float
    lines: tuple[Line, ...]
    links: tuple[Link, ...]
    images: bool  # the page draws images (a page of images and no text was scanned)


class Trouble(StrEnum):
    """Why a file cannot be read at all."""

    PASSWORD = "password"
    DAMAGED = "damaged"
    NOT_PDF = "not-pdf"
    MISSING = "missing"
    LIMIT = "limit"  # opening it alone went beyond the memory or time a PDF may take


@dataclass(frozen=True, slots=True)
class Unopened:
    """A PDF that PDFium could not open, and what it said."""

    trouble: Trouble
    detail: str


@dataclass(frozen=True, slots=True)
class Opened:
    """Every page of a PDF that opened."""

    pages: tuple[Page, ...]
    broken: tuple[int, ...] = ()  # pages PDFium could not load
    limits: tuple[str, ...] = ()  # the limits reached, each a clause: "page 3 took over 10 s"


Source = Path | bytes


def open_pdf(source: Source) -> Opened | Unopened:
    """The pages of a PDF (a path or its bytes), or why they cannot be read, read here."""
    document = open_document(source)
    if isinstance(document, Unopened):
        return document
    try:
        pages: list[Page] = []
        broken: list[int] = []
        numbered: frozenset[Edge] = frozenset()  # where earlier pages numbered their lines
        for index in range(len(document)):
            page, edges = read_page(document, index, numbered)
            numbered = edges or numbered
            if page is None:
                broken.append(index + 1)
            else:
                pages.append(page)
        return Opened(tuple(pages), tuple(broken))
    finally:
        document.close()


def open_document(source: Source) -> Any:
    """PDFium's document (the caller closes it), or Unopened saying why there is none."""
    if isinstance(source, bytes) and b"%PDF-" not in source[:1024]:
        return Unopened(Trouble.NOT_PDF, "it does not start with %PDF")
    try:
        if isinstance(source, Path) and source.exists() and not source.is_file():
            return Unopened(Trouble.MISSING, "it is not a regular file (a folder, pipe or device)")
        return pdfium.PdfDocument(source if isinstance(source, bytes) else str(source))
    except pdfium.PdfiumError as error:
        return _unopened(error)
    except FileNotFoundError:
        return Unopened(Trouble.MISSING, "no such file")
    except OSError as error:
        return Unopened(Trouble.MISSING, error.strerror or str(error))
    except ValueError:  # a NUL in the name
        return Unopened(Trouble.MISSING, "its name holds a NUL character, which no file name can")


def _unopened(error: Any) -> Unopened:
    code = getattr(error, "err_code", None)
    if code == pdfium_c.FPDF_ERR_PASSWORD:
        return Unopened(Trouble.PASSWORD, "it is encrypted with a password")
    if code == pdfium_c.FPDF_ERR_SECURITY:
        return Unopened(Trouble.PASSWORD, "it uses an encryption PDFium does not support")
    if code == pdfium_c.FPDF_ERR_FILE:
        return Unopened(Trouble.MISSING, "the file cannot be opened")
    said = re.search(r"PDFium: ([^)]*)", str(error))
    return Unopened(Trouble.DAMAGED, f"it is damaged ({said[1].lower() if said else error})")


def read_page(
    document: Any, index: int, numbered: frozenset[Edge] = frozenset()
) -> tuple[Page | None, frozenset[Edge]]:
    """Page `index` (0-based) as read, or None when PDFium cannot load it, and the edges where
    its lines are numbered (`numbered`: where earlier pages numbered theirs)."""
    try:
        page = document[index]
    except pdfium.PdfiumError as error:
        log.warning("page %d cannot be loaded: %s", index + 1, error)
        return None, frozenset()
    try:
        width, height = page.get_size()
        textpage = page.get_textpage()
        try:
            words, edges = without_line_numbers(page_words(textpage, height), numbered)
        finally:
            textpage.close()
        words += rule_words(page, height, words)  # a drawn same-author rule as its dash
        lines = tuple(page_lines(words, width))
        links = tuple(_links(document, page, height))
        images = not lines and _draws_images(page)
        read = Page(
            number=index + 1,
            width=width,
            height=height,
            lines=lines,
            links=links,
            images=images,
        )
        return read, edges
    except pdfium.PdfiumError as error:
        log.warning("page %d cannot be read: %s", index + 1, error)
        return None, frozenset()
    finally:
        page.close()


def _links(document: Any, page: Any, height: float) -> list[Link]:
    links: list[Link] = []
    position = ctypes.c_int(0)
    handle = pdfium_c.FPDF_LINK()
    rect = pdfium_c.FS_RECTF()
    while pdfium_c.FPDFLink_Enumerate(page, ctypes.byref(position), ctypes.byref(handle)):
        if not pdfium_c.FPDFLink_GetAnnotRect(handle, rect):
            continue
        box = {
            "x0": min(rect.left, rect.right),
            "x1": max(rect.left, rect.right),
            "top": height - max(rect.top, rect.bottom),
            "bottom": height - min(rect.top, rect.bottom),
        }
        target = _target(document, handle)
        if target is not None:
            links.append(Link(**box, **target))
    return links


def _target(document: Any, handle: Any) -> dict[str, Any] | None:
    """The keyword arguments of a Link that say where it leads."""
    raw_document = document.raw
    action = pdfium_c.FPDFLink_GetAction(handle)
    if action and pdfium_c.FPDFAction_GetType(action) == pdfium_c.PDFACTION_URI:
        buffer = ctypes.create_string_buffer(_URI_BUFFER)
        size = pdfium_c.FPDFAction_GetURIPath(raw_document, action, buffer, _URI_BUFFER)
        if not size or size > _URI_BUFFER:
            return None
        uri = buffer.raw[: size - 1].decode("latin-1").strip()
        return {"kind": LinkKind.URI, "uri": uri} if uri else None
    destination = pdfium_c.FPDFLink_GetDest(raw_document, handle)
    if (
        not destination
        and action
        and pdfium_c.FPDFAction_GetType(action) == (pdfium_c.PDFACTION_GOTO)
    ):
        destination = pdfium_c.FPDFAction_GetDest(raw_document, action)
    if not destination:
        return None
    page_index = pdfium_c.FPDFDest_GetDestPageIndex(raw_document, destination)
    if page_index < 0:
        return None
    left, top = _place(document, destination, page_index)
    return {
        "kind": LinkKind.PAGE,
        "target_page": page_index + 1,
        "target_top": top,
        "target_left": left,
    }


def _place(document: Any, destination: Any, page_index: int) -> tuple[float | None, float | None]:
    """Where on its page a destination points (left, top), as far as it says."""
    has_x, has_y, has_zoom = (ctypes.c_int() for _ in range(3))
    x, y, zoom = (ctypes.c_float() for _ in range(3))
    if not pdfium_c.FPDFDest_GetLocationInPage(
        destination,
        ctypes.byref(has_x),
        ctypes.byref(has_y),
        ctypes.byref(has_zoom),
        ctypes.byref(x),
        ctypes.byref(y),
        ctypes.byref(zoom),
    ):
        return None, None
    _, height = document.get_page_size(page_index)
    left = float(x.value) if has_x.value else None
    top = float(height - y.value) if has_y.value else None
    return left, top


def _draws_images(page: Any) -> bool:
    for index in range(pdfium_c.FPDFPage_CountObjects(page.raw)):
        handle = pdfium_c.FPDFPage_GetObject(page.raw, index)
        if pdfium_c.FPDFPageObj_GetType(handle) == pdfium_c.FPDF_PAGEOBJ_IMAGE:
            return True
    return False
