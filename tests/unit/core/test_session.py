"""core.session: one check session per face — its engine, its verdicts, what fails."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import httpx
import pytest
from cite_sentinel.core import CheckSession, Config, Reference, Status, Verdict, identity
from cite_sentinel.core.session import INTERRUPTED
from cite_sentinel.core.workspace import Granted, Roots

from tests.unit.core.fakes import ByTitle

ENTRY = "@article{{{key}, title = {{{title}}}, author = {{Smith, Ann}}, year = 2020}}\n"


def _bib(path: Path, *entries: tuple[str, str]) -> str:
    path.write_text("".join(ENTRY.format(key=k, title=t) for k, t in entries), encoding="utf-8")
    return str(path)


async def test_a_key_defined_for_two_works_keeps_a_verdict_on_each(tmp_path: Path) -> None:
    real = _bib(tmp_path / "a.bib", ("smith2020", "Deep Nets"))
    invented = _bib(tmp_path / "b.bib", ("smith2020", "Invented Results"))
    heard: list[tuple[str, Status]] = []
    session = CheckSession(verifier=ByTitle())

    result = await session.check(
        [real, invented], on_verdict=lambda ref, verdict: heard.append((ref.title, verdict.status))
    )

    assert sorted(heard) == [
        ("Deep Nets", Status.VERIFIED),
        ("Invented Results", Status.FABRICATED),
    ]
    by_title = {ref.title: session.verdicts.get(ref) for ref in result.references}
    assert by_title["Deep Nets"] is not None and by_title["Deep Nets"].status is Status.VERIFIED
    invented_verdict = by_title["Invented Results"]
    assert invented_verdict is not None and invented_verdict.status is Status.FABRICATED
    (invented_reference,) = [ref for ref in result.references if ref.title == "Invented Results"]
    assert invented_verdict.subject == invented_reference.subject  # names the work it judged
    assert identity(invented_reference) in session.verdicts


async def test_what_fails_is_the_configurations_fail_on_never_an_accepted_reference(
    tmp_path: Path,
) -> None:
    bib = tmp_path / "refs.bib"
    bib.write_text(
        ENTRY.format(key="kept2020", title="Invented Results")
        + "% cite-sentinel: accept\n"
        + ENTRY.format(key="accepted2020", title="Invented Too"),
        encoding="utf-8",
    )
    session = CheckSession(Config(fail_on=("fabricated",)), verifier=ByTitle())
    result = await session.check([str(bib)])

    assert [failure.verdict.key for failure in session.failures(result)] == ["kept2020"]
    assert session.failed(result)
    assert not session.failed(result, fail_on=("miscited",))


async def test_a_users_stop_keeps_what_was_decided_and_marks_the_result_incomplete(
    tmp_path: Path,
) -> None:
    bib = _bib(tmp_path / "refs.bib", ("a2020", "First"), ("b2020", "Second"))
    stuck = asyncio.Event()

    class _Hanging:
        async def verify(self, references: Sequence[Reference]) -> list[Verdict]:
            stuck.set()
            await asyncio.Event().wait()  # no index ever answers
            return []

    session = CheckSession(verifier=_Hanging())
    task = asyncio.ensure_future(session.check([bib], stoppable=True))
    await asyncio.wait_for(stuck.wait(), 10)
    task.cancel()  # what Ctrl-C does to the running task
    result = await asyncio.wait_for(task, 10)

    assert session.interrupted and result.incomplete
    assert [verdict.reason for verdict in result.verdicts] == [INTERRUPTED, INTERRUPTED]


async def test_without_stoppable_a_cancellation_cancels(tmp_path: Path) -> None:
    bib = _bib(tmp_path / "refs.bib", ("a2020", "First"))
    stuck = asyncio.Event()

    class _Hanging:
        async def verify(self, references: Sequence[Reference]) -> list[Verdict]:
            stuck.set()
            await asyncio.Event().wait()
            return []

    task = asyncio.ensure_future(CheckSession(verifier=_Hanging()).check([bib]))
    await asyncio.wait_for(stuck.wait(), 10)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task


async def test_the_engine_is_rebuilt_only_when_what_it_is_made_from_changes() -> None:
    transport = httpx.MockTransport(lambda request: httpx.Response(404))
    session = CheckSession(Config(mailto="lab@example.org"), {}, transport=transport)
    async with session.lease() as first:
        pass
    session.reconfigure(replace(session.config, unused_entries=False))  # not the engine's
    async with session.lease() as same:
        assert same is first
    session.reconfigure(replace(session.config, mailto="other@example.org"))
    async with session.lease() as rebuilt:
        assert rebuilt is not first
    await session.aclose()
    with pytest.raises(RuntimeError, match="closed"):
        await first.verify([])  # the replaced engine was closed once its use ended


async def test_a_replaced_engine_still_in_use_closes_when_that_use_ends() -> None:
    session = CheckSession(
        Config(), {}, transport=httpx.MockTransport(lambda r: httpx.Response(404))
    )
    async with session.lease() as first:
        session.reconfigure(replace(session.config, timeout=5.0))
        async with session.lease() as second:
            assert second is not first
        assert await first.verify([]) == []  # still open: the wave using it goes on
    with pytest.raises(RuntimeError, match="closed"):
        await first.verify([])
    await session.aclose()


async def test_a_granted_file_access_reads_nothing_outside_its_folders(tmp_path: Path) -> None:
    inside, outside = tmp_path / "inside", tmp_path / "outside"
    inside.mkdir()
    outside.mkdir()
    _bib(outside / "refs.bib", ("smith2020", "Invented Results"))
    paper = inside / "paper.md"
    paper.write_text(f"---\nbibliography: {outside / 'refs.bib'}\n---\nSee [@smith2020].\n")
    verifier = ByTitle()
    session = CheckSession(verifier=verifier)

    result = await session.check([str(paper)], files=Granted(Roots.of([inside], "--root")))

    assert str(outside / "refs.bib") in result.unreadable
    assert not verifier.asked and not result.references
    said = " ".join(finding.message for finding in result.findings)
    assert "lies outside the folders --root granted" in said


def test_a_long_lived_sessions_store_forgets_its_oldest_verdicts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from cite_sentinel.core import Location, Verdicts, verdicts

    monkeypatch.setattr(verdicts, "_KEPT_VERDICTS", 3)
    store = Verdicts()
    references = [
        Reference(key=f"k{n}", location=Location.point("refs.bib", n + 1, 1), title=f"T {n}")
        for n in range(5)
    ]
    for reference in references:
        store.put(reference, Verdict(key=reference.key, status=Status.VERIFIED))
    assert len(store) == 3
    assert store.get(references[0]) is None and store.get(references[4]) is not None
