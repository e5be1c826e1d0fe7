"""Running real pandoc with the filter on a small document, for the filter's e2e tests."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

FILTER = str(Path(sys.executable).parent / "cite-sentinel")

SMITH_2020 = """\
---
references:
- id: smith2020
  type: article-journal
  title: The cited work
  author: [{family: Smith, given: Sarah}]
  issued: {date-parts: [[2020]]}
---

"""


def run_filter(
    pandoc: str, folder: Path, text: str, *args: str
) -> subprocess.CompletedProcess[str]:
    """pandoc on `text` (written to doc.md in `folder`), offline, with the filter first
    unless `args` place it themselves."""
    (folder / "doc.md").write_text(text, encoding="utf-8")
    ours = () if "--filter" in args else ("--filter", FILTER)
    return subprocess.run(
        [pandoc, "doc.md", *ours, "--wrap=none", *args],
        cwd=folder,
        env={**os.environ, "CITE_SENTINEL_OFFLINE": "1", "CITE_SENTINEL_QUIET": "1"},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def built(pandoc: str, folder: Path, text: str, *args: str) -> str:
    """The output of `run_filter`, which must succeed."""
    run = run_filter(pandoc, folder, text, *args)
    assert run.returncode == 0, run.stderr
    return run.stdout
