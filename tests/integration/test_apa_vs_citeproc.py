"""Our APA 7 rendering agrees with pandoc's citeproc and apa.csl on real works."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.apa_fidelity import measure, read_works

ENTRY_BAR = 0.98  # the bars, on the 300 works (docs/BENCHMARKS.md)
CITATION_BAR = 0.99


@pytest.mark.slow
def test_apa_entries_and_citations_agree_with_citeproc(data: Path, pandoc3: str) -> None:
    result = measure(read_works(300), pandoc3, data / "csl" / "apa.csl")
    assert result.entries_equal / result.entries >= ENTRY_BAR, result.entry_differences
    assert result.citations_equal / result.citations >= CITATION_BAR, result.citation_differences
