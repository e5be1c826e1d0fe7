"""Self-citation, every field: corpus works cited by their own metadata must all be verified.

N works (default 10,000) are sampled with a fixed seed, half from the ML corpus (works_full)
and half from the every-field corpus (works_xfield); each is cited once, in a rendering drawn
among those that change something for it (benchmarks/citation_renderings.py: full venue with
or without DOI, ISO abbreviation, conference acronym, title case changed, LaTeX accents,
`and others`; the entry type follows the kind of work). The real reader reads them and the
real engine verifies them against the fake API serving both corpora, its limits off.
Target: at least 99.5% verified and none called fabricated. Reported: the verdicts, tables
per field, per rendering and per kind of work, and the first 30 failures with their problems.

Run from the repository root:
    .venv/bin/python -m benchmarks.self_citation [--n N] [--quirks RATE] [--seed S]
"""

from __future__ import annotations

import argparse
import collections
import logging
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cite_sentinel.core.model import Status, Verdict
from cite_sentinel.core.sources.bibtex import read_bibtex

from benchmarks.citation_renderings import Rendering, applicable, bibtex
from benchmarks.engine_runs import UNLIMITED, pct, problems, verify
from tests.fakeapi import FakeApi
from tests.fakeapi.corpus import Corpus
from tests.fakeapi.works import Work

ML = "machine learning (full corpus)"
SHOWN_FAILURES = 30


@dataclass(frozen=True, slots=True)
class Citation:
    """One sampled work, how it is cited, and its verdict."""

    work: Work
    rendering: Rendering
    verdict: Verdict

    @property
    def field(self) -> str:
        return self.work.field or ML


def main(argv: Sequence[str] | None = None) -> int:
    options = _options(argv)
    logging.getLogger("cite_sentinel").setLevel(logging.ERROR)  # retries are counted, not shown
    started = time.perf_counter()
    try:
        fake = FakeApi.start("all", quirks=options.quirks)
    except OSError as error:
        print(f"needs the shared corpora beside the project: {error}")
        return 1
    with fake:
        print(f"fake API: corpus 'all' loaded in {time.perf_counter() - started:.1f} s")
        works = sample(fake.corpus, options.n, options.seed)
        draw = random.Random(options.seed)
        renderings = [draw.choice(applicable(work)) for work in works]
        text = "\n".join(
            bibtex(work, rendering, f"w{i}")
            for i, (work, rendering) in enumerate(zip(works, renderings, strict=True))
        )
        read = {r.key: r for r in read_bibtex(text, "self_citation.bib").references}
        kept = [i for i in range(len(works)) if f"w{i}" in read]
        print(f"cited {len(works)} works; the reader read {len(kept)} entries")
        print(f"index quirks: {options.quirks:.0%} of works per index")
        verdicts, seconds = verify(fake.env(), [read[f"w{i}"] for i in kept], UNLIMITED)
    print(f"verified {len(kept)} references in {seconds:.1f} s")
    citations = [
        Citation(works[i], renderings[i], verdict)
        for i, verdict in zip(kept, verdicts, strict=True)
    ]
    report(citations)
    return 0


def _options(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--n", type=int, default=10_000, help="works to cite (default 10,000)")
    parser.add_argument("--quirks", type=float, default=0.0, metavar="RATE", help="index quirks")
    parser.add_argument("--seed", type=int, default=2026)
    return parser.parse_args(argv)


def sample(corpus: Corpus, n: int, seed: int) -> list[Work]:
    """Half the works from each corpus (told apart by the every-field corpus's `field`)."""
    ml: list[int] = []
    every_field: list[int] = []
    for number in range(len(corpus.works)):
        if str(corpus.works.value(number, "key")).startswith("fixture:"):
            continue
        if not str(corpus.works.value(number, "title") or "").strip():
            continue
        (every_field if corpus.works.value(number, "field") else ml).append(number)
    draw = random.Random(seed)
    half = n // 2
    chosen = draw.sample(ml, min(len(ml), n - half)) + draw.sample(
        every_field, min(len(every_field), half)
    )
    return [corpus.works[number] for number in sorted(chosen)]


def report(citations: list[Citation]) -> None:
    counts = collections.Counter(c.verdict.status.value for c in citations)
    verified = counts["verified"]
    print()
    print(
        f"verified: {verified}/{len(citations)} = {pct(verified, len(citations))} (target ≥ 99.5%)"
    )
    print(f"fabricated: {counts['fabricated']} (target 0); miscited: {counts['miscited']};"
          f" unverified: {counts['unverified']}")  # fmt: skip
    _table(citations, "field", lambda c: c.field)
    _table(citations, "rendering", lambda c: str(c.rendering))
    _table(citations, "kind of work", lambda c: c.work.kind)
    fabricated = [c for c in citations if c.verdict.status is Status.FABRICATED]
    print()
    print(f"Called fabricated ({len(fabricated)}):")
    for citation in fabricated:
        _show(citation)
    failures = _in_turn([c for c in citations if c.verdict.status is not Status.VERIFIED])
    print()
    print(f"First {min(SHOWN_FAILURES, len(failures))} of {len(failures)} failures"
          " (taken in turn from each field and rendering):")  # fmt: skip
    for citation in failures[:SHOWN_FAILURES]:
        _show(citation)


def _in_turn(failures: list[Citation]) -> list[Citation]:
    """The failures, one from each (field, rendering) group in turn: no group fills the list."""
    groups: dict[tuple[str, str], list[Citation]] = collections.defaultdict(list)
    for citation in failures:
        groups[(citation.field, str(citation.rendering))].append(citation)
    queues = [groups[key] for key in sorted(groups)]
    ordered: list[Citation] = []
    while any(queues):
        ordered += [queue.pop(0) for queue in queues if queue]
    return ordered


def _show(citation: Citation) -> None:
    work, verdict = citation.work, citation.verdict
    where = f"{citation.field}, {work.kind}, {citation.rendering}"
    print(f"  {work.key} ({where}): {verdict.status.value}: {problems(verdict)}"[:400])


def _table(citations: list[Citation], title: str, group: Callable[[Citation], str]) -> None:
    groups: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    for citation in citations:
        groups[group(citation)][citation.verdict.status.value] += 1
    print()
    print(f"| {title} | n | verified | miscited | fabricated | unverified |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, count in sorted(groups.items(), key=lambda item: -sum(item[1].values())):
        n = sum(count.values())
        print(f"| {name} | {n} | {pct(count['verified'], n)} | {count['miscited']}"
              f" | {count['fabricated']} | {count['unverified']} |")  # fmt: skip


if __name__ == "__main__":
    sys.exit(main())
