"""The engine through the fake API: a paper's PDF gets the verdicts its .bib gets."""

from __future__ import annotations

import asyncio
import random
from dataclasses import replace
from pathlib import Path

import pytest
from cite_sentinel.core import Reference, Status
from cite_sentinel.core.http.client import HttpSettings
from cite_sentinel.core.sources.bibtex import read_bibtex
from cite_sentinel.core.sources.pdf import read_pdf
from cite_sentinel.core.verify.engine import Engine

from tests.fakeapi import FakeApi
from tests.support.pdf_papers import WORKS, Paper, invented_work, load_works, typst_paper

FAST = HttpSettings(timeout=2.0, connect_timeout=1.0, max_attempts=2, max_retry_seconds=1.0)


def _paper(style: str, columns: int) -> Paper:
    if not WORKS.is_file():
        pytest.skip(f"needs the shared corpus ({WORKS} is absent)")
    rng = random.Random(7)
    works = load_works(18, skip=300) + [invented_work(rng, f"fake{n}") for n in range(2)]
    rng.shuffle(works)
    return typst_paper(works, style=style, columns=columns, seed=11)


def _statuses(fake: FakeApi, cache: Path, references: list[Reference]) -> list[Status]:
    keyed = [replace(ref, key=f"r{n}") for n, ref in enumerate(references)]
    engine = Engine(fake.env(), cache_dir=cache, settings=FAST)
    return [verdict.status for verdict in asyncio.run(engine.verify(keyed))]


@pytest.mark.parametrize(("style", "columns"), [("ieee", 2), ("apa", 1), ("nature", 2)])
def test_the_pdf_and_its_bib_get_the_same_verdicts(
    fake_api: FakeApi, tmp_path: Path, style: str, columns: int
) -> None:
    paper = _paper(style, columns)
    bib = list(read_bibtex(paper.bib, "refs.bib").references)
    pdf = list(read_pdf(paper.pdf, "paper.pdf").references)
    assert len(pdf) == len(bib)
    by_title = {ref.title.casefold()[:40]: ref for ref in pdf}
    paired = [(ref, by_title[ref.title.casefold()[:40]]) for ref in bib]
    expected = _statuses(fake_api, tmp_path, [bib_ref for bib_ref, _ in paired])
    found = _statuses(fake_api, tmp_path, [pdf_ref for _, pdf_ref in paired])
    assert found == expected
    assert expected.count(Status.FABRICATED) == 2
