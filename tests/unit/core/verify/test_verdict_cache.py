"""Remembered verdicts: reused while fresh, never for failures, never read when refreshing."""

from __future__ import annotations

from pathlib import Path

from cite_sentinel.core.http.cache import CacheMode
from cite_sentinel.core.model import (
    Location,
    Reference,
    SourceReport,
    SourceStatus,
    Status,
    Verdict,
)
from cite_sentinel.core.verify.verdict_cache import VerdictCache

SMITH = Reference(key="smith2020", location=Location.point("refs.bib", 1, 1), title="Deep Nets")


def _remember(folder: Path, verdict: Verdict, mode: CacheMode = CacheMode.NORMAL) -> None:
    cache = VerdictCache(folder, mode)
    cache.put(SMITH, verdict)
    cache.close()


def _recall(
    folder: Path, reference: Reference = SMITH, mode: CacheMode = CacheMode.NORMAL
) -> Verdict | None:
    cache = VerdictCache(folder, mode)
    try:
        return cache.get(reference)
    finally:
        cache.close()


def test_a_verified_reference_is_recalled_by_the_next_run(tmp_path: Path) -> None:
    _remember(tmp_path, Verdict(key="smith2020", status=Status.VERIFIED, confidence=0.97))
    recalled = _recall(tmp_path)
    assert recalled is not None and recalled.confidence == 0.97


def test_a_verdict_unverified_because_a_source_failed_is_never_remembered(tmp_path: Path) -> None:
    _remember(tmp_path, Verdict(key="smith2020", status=Status.UNVERIFIED, reason="timeout"))
    assert _recall(tmp_path) is None
    failed = (
        SourceReport("openalex", SourceStatus.ANSWERED),
        SourceReport("crossref", SourceStatus.FAILED, "3 timeouts"),
    )
    _remember(tmp_path, Verdict(key="smith2020", status=Status.UNVERIFIED, sources=failed))
    assert _recall(tmp_path) is None


def test_a_kind_the_indexes_do_not_hold_is_remembered_as_unverified(tmp_path: Path) -> None:
    answered = (
        SourceReport("openalex", SourceStatus.ANSWERED),
        SourceReport("crossref", SourceStatus.ANSWERED),
        SourceReport("semanticscholar", SourceStatus.SKIPPED, "not asked"),
    )
    reason = "a web page of this kind may be outside the scholarly indexes"
    _remember(
        tmp_path,
        Verdict(key="smith2020", status=Status.UNVERIFIED, sources=answered, reason=reason),
    )
    recalled = _recall(tmp_path)
    assert recalled is not None and recalled.reason == reason


def test_an_edited_entry_is_judged_again(tmp_path: Path) -> None:
    _remember(tmp_path, Verdict(key="smith2020", status=Status.VERIFIED))
    edited = Reference(key="smith2020", location=SMITH.location, title="Deeper Nets")
    assert _recall(tmp_path, edited) is None


def test_refresh_ignores_what_was_remembered_and_offline_remembers_nothing(tmp_path: Path) -> None:
    _remember(tmp_path, Verdict(key="smith2020", status=Status.VERIFIED))
    assert _recall(tmp_path, mode=CacheMode.REFRESH) is None
    _remember(tmp_path / "other", Verdict(key="smith2020", status=Status.FABRICATED),
              CacheMode.OFFLINE)  # fmt: skip
    assert _recall(tmp_path / "other") is None


def test_a_lone_surrogate_in_a_reference_is_remembered_like_any_text(tmp_path: Path) -> None:
    odd = Reference(key="odd\ud800", location=Location.point("refs.json", 1, 1), title="\udfff")
    cache = VerdictCache(tmp_path)
    cache.put(odd, Verdict(key="odd\ud800", status=Status.VERIFIED, confidence=0.9))
    cache.close()
    assert _recall(tmp_path, odd) is not None
