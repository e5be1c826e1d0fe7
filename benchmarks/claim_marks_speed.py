"""What judging each work on its own clause costs: reading citation places, scoring a clause.

Run from the repository root: `.venv/bin/python -m benchmarks.claim_marks_speed`.
Three figures, CPU time (`time.process_time`, median of the runs, the two cases taking turns)
since the machine is shared:
1. reading Markdown and LaTeX manuscripts of 300 sentences, each of two clauses citing a work
   apiece (the worst case) or ending with one citation (the common one), with the places of
   citations and without (`Sentences.place` answering -1: the readers' work before);
2. the local scorer per pair on the Citation-Integrity dev pairs whose clause differs from the
   whole sentence, asked the marked sentence and the clean one (`../shared/data/ground`);
3. `ground()` with the local scorer on the Markdown manuscripts, marked and not.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial
from pathlib import Path

from cite_sentinel.core.ground import ground_check
from cite_sentinel.core.ground.claim_scope import scoped_claim
from cite_sentinel.core.ground.claim_text import clean_claim
from cite_sentinel.core.ground.local import LocalScorer
from cite_sentinel.core.ground.scorer import Claim, Evidence, EvidenceKind, Judgement, Pair
from cite_sentinel.core.model import Location, Record, Reference, Status, Verdict
from cite_sentinel.core.result import CheckResult
from cite_sentinel.core.sources import sentences as sentences_module
from cite_sentinel.core.sources.latex import read_latex
from cite_sentinel.core.sources.markdown import read_markdown

ROOT = Path(__file__).resolve().parents[1]
PAIRS = ROOT.parent / "shared" / "data" / "ground" / "pairs_citint_dev.jsonl"
SENTENCES = 300
RUNS = 5
_WORDS = ("remdesivir", "recovery", "adults", "hospitalised", "nitrogen", "wheat", "yield",
          "soils", "fertiliser", "mortality", "patients", "trial", "randomised", "placebo",
          "seasons", "fields", "grain", "clay", "severe", "ventilation")  # fmt: skip


def main() -> None:
    print(f"load average {os.getloadavg()[0]:.1f}; CPU ms, median of {RUNS} runs")
    random.seed(1)
    keys = [f"k{number}" for number in range(20)]
    abstracts = {key: ". ".join(_phrase(12).capitalize() for _ in range(6)) + "." for key in keys}
    for shape, clauses in (("two clauses", 2), ("one citation at the end", 1)):
        markdown, latex = _manuscripts(keys, clauses)
        print(f"-- {SENTENCES} sentences, {shape}")
        _reading(markdown, latex)
        _grounding(markdown, abstracts)
    _pairs()


def _manuscripts(keys: list[str], clauses: int) -> tuple[str, str]:
    markdown, latex = [], []
    for _ in range(SENTENCES):
        first, second = random.sample(keys, 2)
        one, two = _phrase(8).capitalize(), _phrase(8)
        if clauses == 2:
            markdown.append(f"{one} [@{first}], and {two} [@{second}].")
            latex.append(f"{one}~\\citep{{{first}}}, and {two} \\cite{{{second}}}.")
        else:
            markdown.append(f"{one}, and {two} [@{first}].")
            latex.append(f"{one}, and {two}~\\citep{{{first}}}.")
    return "\n".join(markdown) + "\n", "\n".join(latex) + "\n"


def _phrase(length: int) -> str:
    return " ".join(random.choice(_WORDS) for _ in range(length))


def _reading(markdown: str, latex: str) -> None:
    readers = (("Markdown", lambda: read_markdown(markdown, "p.md")),
               ("LaTeX", lambda: read_latex(latex, "p.tex")))  # fmt: skip
    place = sentences_module.Sentences.place

    def unplaced(read: Callable[[], object]) -> None:
        sentences_module.Sentences.place = lambda self, offset, mark: -1  # type: ignore[method-assign]
        try:
            read()
        finally:
            sentences_module.Sentences.place = place  # type: ignore[method-assign]

    for name, read in readers:
        with_places, without = _cpu(read, partial(unplaced, read))
        print(f"read {name}: {with_places:.1f} ms with places, {without:.1f} ms without")


def _pairs() -> None:
    if not PAIRS.exists():
        print(f"per pair: skipped, {PAIRS} is absent")
        return
    rows = [json.loads(line) for line in PAIRS.read_text(encoding="utf-8").splitlines() if line]
    pairs = [
        Pair(Claim(row["claim"]), Evidence(EvidenceKind.ABSTRACT, tuple(row["sentences"])))
        for row in rows
    ]
    scoped = [p for p in pairs if scoped_claim(p.claim.text) != clean_claim(p.claim.text)]
    clean = [Pair(Claim(clean_claim(p.claim.text)), p.evidence) for p in scoped]
    scorer = LocalScorer()
    marked_ms, clean_ms = (
        total / len(scoped)
        for total in _cpu(
            lambda: [scorer.judge(pair) for pair in scoped],
            lambda: [scorer.judge(pair) for pair in clean],
        )
    )
    print(
        f"local scorer, {len(scoped)} of {len(pairs)} CitInt dev pairs with a clause of their "
        f"own: {marked_ms:.2f} ms a pair marked, {clean_ms:.2f} ms clean"
    )


def _grounding(markdown: str, abstracts: dict[str, str]) -> None:
    citations = read_markdown(markdown, "p.md").citations
    result = CheckResult(
        files=("p.md",),
        references=tuple(
            Reference(key=key, location=Location.point("refs.bib", n, 1), title=key)
            for n, key in enumerate(abstracts, start=1)
        ),
        citations=citations,
        verdicts=tuple(
            Verdict(
                key=key,
                status=Status.VERIFIED,
                match=Record(source="openalex", id=key, abstract=abstract),
            )
            for key, abstract in abstracts.items()
        ),
    )
    scorer = LocalScorer()
    marked, unmarked = _cpu(
        lambda: asyncio.run(ground_check.ground(result, scorer)),
        lambda: asyncio.run(ground_check.ground(result, _Unmarked(scorer))),
    )
    print(
        f"ground(), local scorer, {len(citations)} pairs: {marked:.0f} ms marked, "
        f"{unmarked:.0f} ms with the whole sentence"
    )


class _Unmarked:
    """The local scorer asked each sentence whole: the citation places cleaned away."""

    def __init__(self, scorer: LocalScorer) -> None:
        self._scorer = scorer
        self.name = scorer.name
        self.verdict_capable = scorer.verdict_capable

    async def score(self, pairs: Sequence[Pair]) -> tuple[Judgement, ...]:
        whole = [replace(p, claim=replace(p.claim, text=clean_claim(p.claim.text))) for p in pairs]
        return await self._scorer.score(whole)


def _cpu(first: Callable[[], object], second: Callable[[], object]) -> tuple[float, float]:
    """Median CPU milliseconds of each, the runs taking turns (warm-up and load hit both)."""
    times: tuple[list[float], list[float]] = ([], [])
    for _ in range(RUNS):
        for work, taken in zip((first, second), times, strict=True):
            start = time.process_time()
            work()
            taken.append(time.process_time() - start)
    return 1000 * statistics.median(times[0]), 1000 * statistics.median(times[1])


if __name__ == "__main__":
    main()
