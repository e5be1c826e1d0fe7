"""PDFs: the reference list and in-text citations of the paper a reviewer receives."""

from __future__ import annotations

from cite_sentinel.core.sources.pdf.reader import read_pdf, read_pdf_file

__all__ = ["read_pdf", "read_pdf_file"]
