"""The "Reference check" section: the Markdown report, read into the AST by the running pandoc."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import panflute as pf
from cite_sentinel.core import CheckResult
from cite_sentinel.core.report import render_markdown

ID_PREFIX = "cite-sentinel-report"


def report_blocks(result: CheckResult, pandoc: str | None = None) -> list[pf.Block]:
    """The report's blocks; its headings get ids of their own, so none clashes with the text's."""
    text = render_markdown(result)
    converted = pf.convert_text(
        text,
        input_format="markdown",
        output_format="panflute",
        pandoc_path=pandoc or running_pandoc(),
    )
    blocks = list(converted)
    for index, block in enumerate(blocks):
        if isinstance(block, pf.Header):
            block.identifier = ID_PREFIX if index == 0 else f"{ID_PREFIX}-{block.identifier}"
    return blocks


def running_pandoc() -> str | None:
    """The pandoc that runs this filter (our parent process), so the report parses as it would."""
    try:
        parent = os.readlink(f"/proc/{os.getppid()}/exe")
    except OSError:
        parent = ""
    if parent and "pandoc" in Path(parent).name:
        return parent
    return shutil.which("pandoc")
