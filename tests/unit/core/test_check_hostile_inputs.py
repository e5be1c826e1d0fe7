"""A fast slice of the fuzzing benchmark (benchmarks/hostile_inputs.py): hostile files of every
text format, each checked beside a good bibliography, never raise, never lose the good file's
references, and always give a report that encodes; mutated PDFs never make the reader raise."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cite_sentinel.core import check
from cite_sentinel.core.report import render_json
from cite_sentinel.core.sources.long_sentences import MAX_SENTENCE
from cite_sentinel.core.sources.pdf import read_pdf

from tests.support.hostile_inputs import HostileInput, hostile_inputs

GOOD = "@article{good2020, title = {Attention}, author = {Vaswani, A.}, year = 2017}\n"
TEXTS = [item for item in hostile_inputs(2028, 45, pdfs=False, scale=0.05)]
PDFS = [item for item in hostile_inputs(2029, 64, scale=0.01) if item.suffix == ".pdf"][:8]


@pytest.mark.parametrize("item", TEXTS, ids=[item.name for item in TEXTS])
async def test_a_hostile_file_never_costs_the_good_file_or_the_report(
    tmp_path: Path, item: HostileInput
) -> None:
    (tmp_path / "good.bib").write_text(GOOD, encoding="utf-8")
    (tmp_path / item.name).write_bytes(item.data)

    result = await check([str(tmp_path / "good.bib"), str(tmp_path / item.name)])

    good = [ref.key for ref in result.references if ref.location.path.endswith("good.bib")]
    assert good == ["good2020"]
    report = render_json(result)
    json.loads(report.encode("utf-8"))  # every lone surrogate and NUL survived as JSON
    assert all(len(citation.sentence) <= MAX_SENTENCE + 4 for citation in result.citations)


@pytest.mark.parametrize("item", PDFS, ids=[item.name for item in PDFS])
def test_a_hostile_pdf_is_read_without_raising(item: HostileInput) -> None:
    read = read_pdf(item.data, item.name)
    assert read.references or read.findings  # something is said about it, never nothing
