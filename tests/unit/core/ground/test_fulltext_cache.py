"""Full texts are read once per version of the file: judging again re-reads only what changed."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from cite_sentinel.core.ground import fulltext
from cite_sentinel.core.ground.fulltext_cache import TextCache, shared_texts
from cite_sentinel.core.ground.ground_check import ground
from cite_sentinel.core.ground.local import LocalScorer
from cite_sentinel.core.model import Citation, Location, Reference
from cite_sentinel.core.result import CheckResult

from tests.unit.core.ground.test_fulltext import _pdf

CLAIM = "Aspirin lowered the risk of stroke by a third in adults with atrial fibrillation."


@pytest.fixture
def pdf_reads(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Path]]:
    """The PDFs read from now on, in order (the process's cache emptied first)."""
    shared_texts().clear()
    reads: list[Path] = []
    real = fulltext._pdf_text

    def counting(path: Path) -> str:
        reads.append(path)
        return real(path)

    monkeypatch.setattr(fulltext, "_pdf_text", counting)
    yield reads
    shared_texts().clear()


def _result(bib: Path) -> CheckResult:
    reference = Reference(
        key="smith2020",
        location=Location.point(str(bib), 1, 1),
        title="Aspirin in atrial fibrillation",
        fields=(("file", ":smith2020.pdf:application/pdf"),),
    )
    citation = Citation(key="smith2020", location=Location.point("paper.md", 1, 70), sentence=CLAIM)
    return CheckResult(references=(reference,), citations=(citation,))


async def test_judging_again_does_not_parse_an_unchanged_pdf_again(
    tmp_path: Path, pdf_reads: list[Path]
) -> None:
    _pdf(tmp_path / "smith2020.pdf", "Aspirin lowered the risk of stroke by a third")
    scorer = LocalScorer()
    first = await ground(_result(tmp_path / "refs.bib"), scorer)
    second = await ground(_result(tmp_path / "refs.bib"), scorer)
    assert len(pdf_reads) == 1
    assert first.supports[0].judgement == second.supports[0].judgement
    assert second.supports[0].full_text_path.endswith("smith2020.pdf")


async def test_a_pdf_replaced_since_is_read_again_and_its_new_text_judged(
    tmp_path: Path, pdf_reads: list[Path]
) -> None:
    pdf = _pdf(tmp_path / "smith2020.pdf", "Aspirin lowered the risk of stroke by a third")
    scorer = LocalScorer()
    before = await ground(_result(tmp_path / "refs.bib"), scorer)
    _pdf(pdf, "Tensile strength of steel girders falls above six hundred degrees")
    after = await ground(_result(tmp_path / "refs.bib"), scorer)
    assert len(pdf_reads) == 2
    assert "girders" in " ".join(e.text for e in after.supports[0].judgement.evidence)
    assert after.supports[0].judgement.relevance < before.supports[0].judgement.relevance


def test_a_file_rewritten_at_the_same_size_is_read_again(tmp_path: Path) -> None:
    cache = TextCache()
    path = tmp_path / "a.txt"
    path.write_text("first", encoding="utf-8")
    assert cache.text(path, lambda p: p.read_text(encoding="utf-8")) == "first"
    path.write_text("again", encoding="utf-8")
    stamp = path.stat().st_mtime_ns + 1_000_000
    os.utime(path, ns=(stamp, stamp))  # a later write, whatever the clock's granularity
    assert cache.text(path, lambda p: p.read_text(encoding="utf-8")) == "again"
    assert len(cache) == 1, "the older version is forgotten"


def test_the_cache_forgets_the_least_recently_used_texts_beyond_its_character_bound(
    tmp_path: Path,
) -> None:
    cache = TextCache(max_characters=10)
    reads: list[str] = []

    def read(path: Path) -> str:
        reads.append(path.name)
        return path.read_text(encoding="utf-8")

    for name in ("a", "b", "c"):
        (tmp_path / name).write_text(name * 4, encoding="utf-8")
    cache.text(tmp_path / "a", read)
    cache.text(tmp_path / "b", read)
    cache.text(tmp_path / "a", read)  # a is now the most recently used
    cache.text(tmp_path / "c", read)  # 12 characters: b goes
    cache.text(tmp_path / "a", read)
    cache.text(tmp_path / "b", read)
    assert reads == ["a", "b", "c", "b"]


def test_a_missing_file_is_left_to_the_reader(tmp_path: Path) -> None:
    cache = TextCache()
    assert cache.text(tmp_path / "gone.pdf", lambda p: "") == ""
    assert len(cache) == 0
