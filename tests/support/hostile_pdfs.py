"""Small PDFs built byte by byte for the hostile-input tests and the fuzzing benchmark: text
pages, decompression bombs (a content stream that inflates to hundreds of megabytes), pages
in their thousands, and broken structure."""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from dataclasses import dataclass

_FONT = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"


@dataclass(frozen=True)
class Deflated:
    """A content stream written compressed (/FlateDecode)."""

    data: bytes


def text_pdf(pages: Sequence[Sequence[str]]) -> bytes:
    """A PDF whose pages hold these lines of text, one under the other."""
    return pdf_of([text_stream(lines) for lines in pages])


def bomb_pdf(inflated: int, *, fill: bytes = b"0 0 m\n", pages: int = 1) -> bytes:
    """A PDF whose page content inflates to `inflated` bytes of `fill` (a shared stream, so
    `pages` pages cost the compressed size once)."""
    return pdf_of([Deflated(deflated(fill, inflated))] * pages, shared=True)


def many_pages_pdf(count: int, line: str = "Nothing to see here") -> bytes:
    """A PDF of `count` pages that all draw the same short line."""
    return pdf_of([text_stream([line])] * count, shared=True)


def text_bomb(inflated: int) -> Deflated:
    """A content stream of `inflated` bytes of tiny text objects: PDFium holds each one, so it
    costs gigabytes where a stream of zeros costs its size."""
    return Deflated(deflated(b"BT /F1 1 Tf 1 1 Td (ab) Tj ET\n", inflated))


def deflated(fill: bytes, size: int) -> bytes:
    """`size` bytes of `fill` repeated, deflated a chunk at a time (memory stays small)."""
    packer = zlib.compressobj(9)
    chunk = fill * max(1, (1 << 20) // len(fill))
    parts: list[bytes] = []
    left = size
    while left > 0:
        piece = chunk[: min(left, len(chunk))]
        parts.append(packer.compress(piece))
        left -= len(piece)
    parts.append(packer.flush())
    return b"".join(parts)


def pdf_of(streams: Sequence[bytes | Deflated], *, shared: bool = False) -> bytes:
    """A PDF with one page per stream; `shared` pages all draw the first stream."""
    count = len(streams)
    objects: list[bytes] = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"",  # the page tree, filled in below
        _FONT,
    ]
    distinct = streams[:1] if shared else list(streams)
    content_numbers = []
    for stream in distinct:
        flate = b" /Filter /FlateDecode" if isinstance(stream, Deflated) else b""
        data = stream.data if isinstance(stream, Deflated) else stream
        head = b"<< /Length %d%s >>\nstream\n" % (len(data), flate)
        objects.append(head + data + b"\nendstream")
        content_numbers.append(len(objects))
    page_numbers = []
    for index in range(count):
        content = content_numbers[0 if shared else index]
        objects.append(
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] "
            b"/Resources << /Font << /F1 3 0 R >> >> /Contents %d 0 R >>" % content
        )
        page_numbers.append(len(objects))
    kids = b" ".join(b"%d 0 R" % number for number in page_numbers)
    objects[1] = b"<< /Type /Pages /Kids [%s] /Count %d >>" % (kids, count)
    return _assemble(objects)


def text_stream(lines: Sequence[str]) -> bytes:
    """A page's content drawing these lines of text."""
    rows = [b"BT /F1 11 Tf 72 720 Td 14 TL"]
    for line in lines:
        escaped = line.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
        rows.append(b"(" + escaped.encode("latin-1", "replace") + b") Tj T*")
    rows.append(b"ET")
    return b"\n".join(rows)


def _assemble(objects: Sequence[bytes]) -> bytes:
    out = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1,
        xref,
    )
    return bytes(out)
