"""The Typst reader finds the citation keys Typst itself finds (typst.query)."""

from __future__ import annotations

import pytest

from tests.support.typst_citations import SNIPPETS, compare

pytest.importorskip("typst", reason="needs the typst package (dev extra)")


def test_typst_citation_keys_equal_typst_query_on_tricky_snippets() -> None:
    sample = [s for s in SNIPPETS if "@" in s][:12]
    agree, disagreements, failed = compare(sample)
    assert failed == []
    assert disagreements == []
    assert agree == len(sample)
