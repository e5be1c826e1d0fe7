"""The `cases` and `bibs` parts of benchmarks.real_bibliographies: real shapes, real .bib files.

Both run the real reader, engine and `fix` planner against the fake API serving the whole
corpus, the fixtures, the cases' works and (for `bibs`) the works the bibliographies cite
that the corpus lacks, built from the entries' own metadata.
"""

from __future__ import annotations

import collections
import time
from collections.abc import Sequence
from dataclasses import dataclass

from cite_sentinel.core.fix import EntryFix, Skipped, plan_fixes, rewrite
from cite_sentinel.core.model import Reference, Status, Verdict
from cite_sentinel.core.sources import read_text
from cite_sentinel.core.workspace.verdict_placing import page_findings, verdict_findings

from benchmarks.engine_runs import FLAGGED, UNLIMITED, pct, problems, verify
from benchmarks.real_bib_works import lacking, works_of
from tests.fakeapi import FakeApi, abstracts, fixtures
from tests.fakeapi.corpus import Corpus
from tests.fakeapi.loading import load_corpus
from tests.fakeapi.server import corpus_paths, default_data_dir
from tests.fakeapi.works import Work
from tests.support import real_shapes

REAL_BIBS = default_data_dir() / "real-bibs"
FILES = (
    "contextlab_cdl.bib",
    "scipy-1.0_references.bib",
    "deep-review_manual-references.csl.json",
)


def cases() -> None:
    """Each case's verdict against what a careful reader says, and what `fix` keeps."""
    text = real_shapes.bibliography()
    references = list(read_text(text, "issue26.bib").references)
    with _fake(list(real_shapes.works())) as fake:
        verdicts, seconds = verify(fake.env(), references, UNLIMITED)
    print(f"verified {len(references)} cases in {seconds:.1f} s")
    fixes, skipped = plan_fixes(references, verdicts, complete=True)
    fixed = {
        r.key: r.raw for r in read_text(rewrite(text, "issue26.bib", fixes), "x.bib").references
    }
    messages = _messages(references, verdicts)
    right = 0
    for case, verdict in zip(real_shapes.CASES, verdicts, strict=True):
        entry = fixed.get(case.name, "")
        lost = [kept for kept in case.fix_keeps if kept not in entry]
        lost += [f"(wrote {bad})" for bad in case.fix_never if bad in entry]
        said = not case.says or any(case.says in m for m in messages[case.name])
        said &= not case.never_says or not any(case.never_says in m for m in messages[case.name])
        ok = verdict.status in case.expected and not lost and said
        right += ok
        print(f"{'ok ' if ok else 'MISS'} {case.name}: {verdict.status.value} ({case.what})")
        for message in messages[case.name]:
            print(f"       {message}")
        for fix in (f for f in fixes if f.key == case.name):
            print(f"       fix: {'; '.join(fix.reasons)}")
        for skip in (s for s in skipped if s.key == case.name):
            print(f"       fix leaves {skip.field or 'the entry'} alone: {skip.reason}")
        if lost:
            print(f"       fix loses: {lost}")
    print(f"\n{right}/{len(real_shapes.CASES)} cases as a careful reader expects")


def bibliographies() -> None:
    """Every real bibliography checked, every flag and every change `fix` would make."""
    read = {name: read_text((REAL_BIBS / name).read_text(encoding="utf-8"), name) for name in FILES}
    started = time.perf_counter()
    corpus = _corpus([])
    added: dict[str, set[str]] = {}
    works: list[Work] = []
    for name, result in read.items():
        missing = lacking(corpus, result.references)
        added[name] = {r.key for r in missing}
        works += works_of(missing, f"realbib:{name}")
    print(f"corpus checked for the cited works in {time.perf_counter() - started:.0f} s")
    with _fake([*real_shapes.works(), *works]) as fake:
        for name, result in read.items():
            _bibliography(name, list(result.references), added[name], fake)


@dataclass(frozen=True, slots=True)
class _Tally:
    """One bibliography's verdicts, split by where the fake's record of the work came from."""

    total: int
    added: int
    flagged_added: int
    flagged_held: int
    fabricated: int


def _bibliography(name: str, references: list[Reference], added: set[str], fake: FakeApi) -> None:
    searchable = [r for r in references if r.title.strip()]
    verdicts, seconds = verify(fake.env(), searchable, UNLIMITED)
    statuses = collections.Counter(v.status.value for v in verdicts)
    flagged = [(r, v) for r, v in zip(searchable, verdicts, strict=True) if v.status in FLAGGED]
    tally = _Tally(
        total=len(searchable),
        added=len(added),
        flagged_added=sum(r.key in added for r, _ in flagged),
        flagged_held=sum(r.key not in added for r, _ in flagged),
        fabricated=sum(v.status is Status.FABRICATED for v in verdicts),
    )
    print(f"\n### {name}: {len(references)} entries, {tally.total} with a title, checked in"
          f" {seconds:.0f} s")  # fmt: skip
    print(f"works the corpus lacked, added from the entries' own metadata: {tally.added}")
    print(f"verdicts: {dict(sorted(statuses.items()))}")
    false_alarms = f"{tally.flagged_added}/{tally.added}"
    print(f"flagged where the record is the entry's own metadata (false alarms): {false_alarms}"
          f" = {pct(tally.flagged_added, tally.added)}")  # fmt: skip
    held = tally.total - tally.added
    print(f"flagged where the corpus holds the work (to read): {tally.flagged_held}/{held}")
    for reference, verdict in flagged:
        origin = "own" if reference.key in added else "corpus"
        print(f"  {verdict.status.value:<10} [{origin}] {reference.key}: {reference.title[:70]}")
        print(f"             {problems(verdict)[:400]}")
    for reference, verdict in zip(searchable, verdicts, strict=True):
        if verdict.status is Status.UNVERIFIED:
            print(f"  unverified {reference.key}: {reference.title[:70]}")
            print(f"             {verdict.reason[:300]}")
    fixes, skipped = plan_fixes(searchable, verdicts)
    _changes(name, references, fixes, skipped)


def _changes(
    name: str,
    references: Sequence[Reference],
    fixes: Sequence[EntryFix],
    skipped: Sequence[Skipped],
) -> None:
    """What `fix --write` would change, entry by entry, and what it leaves alone."""
    changed = collections.Counter(c.field.value for fix in fixes for c in fix.changes)
    print(f"fix --write would change {len(fixes)} entries: {dict(sorted(changed.items()))}")
    for fix in fixes:
        print(f"  fix {fix.key}: {'; '.join(fix.reasons)[:300]}")
    for skip in skipped:
        print(f"  left {skip.field or 'entry'} of {skip.key} alone: {skip.reason[:200]}")
    if fixes and name.endswith(".bib"):
        text = (REAL_BIBS / name).read_text(encoding="utf-8")
        rewrite(text, name, fixes)  # raises if the result would not read as the same entries


def _messages(references: Sequence[Reference], verdicts: Sequence[Verdict]) -> dict[str, list[str]]:
    """What `check` says of each key: its findings' messages."""
    found = [*verdict_findings(verdicts, references, ()), *page_findings(references, verdicts)]
    said: dict[str, list[str]] = collections.defaultdict(list)
    for finding in found:
        said[finding.key].append(f"{finding.severity.value}: {finding.message}")
    return said


def _corpus(extra: list[Work]) -> Corpus:
    return load_corpus(corpus_paths("all"), [*fixtures.ALL, *extra], abstracts=abstracts.BY_DOI)


def _fake(extra: list[Work]) -> FakeApi:
    return FakeApi.start(_corpus(extra))
