"""Accuracy of the whole engine on the HALLMARK dev split, through the fake API server.

Every dev entry is written as BibTeX, read by the real reader and verified by the real engine
against the project's fake API server serving the full shared corpus. Also reports how many
entries of the SciPy 1.0 bibliography whose works the fake serves are flagged (none may be
called fabricated).

Run from the repository root:  .venv/bin/python -m benchmarks.verify_accuracy [--limit N]
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import json
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from cite_sentinel.core.http.client import HttpSettings, Lane
from cite_sentinel.core.model import Reference, Status, Verdict
from cite_sentinel.core.sources.bibtex import read_bibtex
from cite_sentinel.core.verify.engine import Engine

from tests.fakeapi import FakeApi

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data"
DEV = DATA / "dev" / "hallmark_dev_public.jsonl"
SCIPY = DATA / "real-bibs" / "scipy-1.0_references.bib"
# The fake has no limits of its own here: accuracy, not pacing, is measured.
UNLIMITED = HttpSettings(
    lanes={
        name: Lane(200.0, 200.0, 16)
        for name in ("openalex", "crossref", "crossref/list", "semanticscholar", "datacite", "doi")
    }
    | {"arxiv": Lane(50.0, 50.0, 4)}
)


def main(argv: Sequence[str] | None = None) -> int:
    options = _options(argv)
    if not DEV.is_file():
        print(f"needs the shared data folder beside the project ({DEV} is absent)")
        return 1
    entries = [json.loads(line) for line in DEV.read_text(encoding="utf-8").splitlines() if line]
    entries = entries[: options.limit] if options.limit else entries
    started = time.perf_counter()
    with FakeApi.start("full") as fake:
        print(f"fake API: full corpus loaded in {time.perf_counter() - started:.1f} s")
        references = _references(entries)
        verdicts = _verify(fake, references)
        served = _served(fake, references)
        scipy_references = list(_scipy_references())
        scipy = _verify(fake, scipy_references)
        scipy_served = _served(fake, scipy_references)
    _report_dev(entries, verdicts, served)
    _report_scipy(scipy, scipy_served)
    return 0


def _options(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--limit", type=int, default=0, help="only the first N dev entries")
    return parser.parse_args(argv)


def _references(entries: list[dict[str, object]]) -> list[Reference]:
    text = "\n\n".join(_bibtex(index, entry) for index, entry in enumerate(entries))
    read = read_bibtex(text, "hallmark_dev.bib")
    assert len(read.references) == len(entries), (len(read.references), len(entries))
    return list(read.references)


def _bibtex(index: int, entry: dict[str, object]) -> str:
    fields = entry["fields"]
    assert isinstance(fields, dict)
    body = ",\n".join(f"  {name} = {{{_balanced(str(value))}}}" for name, value in fields.items())
    return f"@{entry['bibtex_type']}{{e{index},\n{body}\n}}"


def _balanced(value: str) -> str:
    """Close the braces a few dev values leave open (their text was cut short upstream)."""
    return value + "}" * max(0, value.count("{") - value.count("}"))


def _verify(fake: FakeApi, references: list[Reference]) -> list[Verdict]:
    with tempfile.TemporaryDirectory() as cache:
        engine = Engine(fake.env(), cache_dir=Path(cache), settings=UNLIMITED)
        started = time.perf_counter()
        verdicts = asyncio.run(_verified(engine, references))
        elapsed = time.perf_counter() - started
    print(f"verified {len(references)} references in {elapsed:.1f} s")
    return verdicts


def _scipy_references() -> tuple[Reference, ...]:
    return read_bibtex(SCIPY.read_text(encoding="utf-8"), str(SCIPY)).references


def _served(fake: FakeApi, references: list[Reference]) -> set[str]:
    """Keys whose work the fake serves: its DOI, or its exact title, is in the corpus."""
    served = set()
    for reference in references:
        doi = reference.identifiers.doi
        if doi and fake.corpus.find_doi(doi) is not None:
            served.add(reference.key)
            continue
        hits = fake.corpus.search(reference.title, rows=1) if reference.title else []
        if hits and _same_title(hits[0].work.title, reference.title):
            served.add(reference.key)
    return served


def _same_title(a: str, b: str) -> bool:
    return "".join(c for c in a.casefold() if c.isalnum()) == "".join(
        c for c in b.casefold() if c.isalnum()
    )


def _report_dev(
    entries: list[dict[str, object]], verdicts: list[Verdict], served: set[str]
) -> None:
    by_type: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    valid = collections.Counter[str]()
    for entry, verdict in zip(entries, verdicts, strict=True):
        if entry["label"] == "VALID":
            valid[verdict.status.value] += 1
        else:
            by_type[str(entry["hallucination_type"])][verdict.status.value] += 1
    flagged = {Status.FABRICATED.value, Status.MISCITED.value}
    hallucinated = sum(sum(c.values()) for c in by_type.values())
    detected = sum(sum(c[s] for s in flagged) for c in by_type.values())
    valid_total = sum(valid.values())
    print()
    print(
        f"HALLUCINATED detected (fabricated or miscited): {detected}/{hallucinated}"
        f" = {_pct(detected, hallucinated)}"
    )
    print(
        f"VALID flagged (not verified): {valid_total - valid['verified']}/{valid_total}"
        f" = {_pct(valid_total - valid['verified'], valid_total)}"
    )
    print(
        f"VALID called fabricated: {valid['fabricated']}/{valid_total}"
        f" = {_pct(valid['fabricated'], valid_total)}"
    )
    print(f"VALID verdicts: {dict(valid)}")
    in_fake = [
        v
        for e, v in zip(entries, verdicts, strict=True)
        if e["label"] == "VALID" and v.key in served
    ]
    wrong = [v for v in in_fake if v.status is not Status.VERIFIED]
    print(
        f"VALID whose work the fake serves: {len(in_fake)}; flagged {len(wrong)}"
        f" = {_pct(len(wrong), len(in_fake))}; called fabricated"
        f" {sum(v.status is Status.FABRICATED for v in in_fake)}"
    )
    for verdict in wrong:
        problems = "; ".join(f"{p.field}: {p.cited!r} vs {p.found!r}" for p in verdict.problems)
        print(f"  {verdict.key}: {verdict.status.value}: {problems or verdict.reason}"[:300])
    print()
    print("| hallucination type | n | detected | fabricated | miscited | unverified | verified |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for kind, counts in sorted(by_type.items()):
        n = sum(counts.values())
        hits = sum(counts[s] for s in flagged)
        print(
            f"| {kind} | {n} | {_pct(hits, n)} | {counts['fabricated']} | {counts['miscited']}"
            f" | {counts['unverified']} | {counts['verified']} |"
        )


def _report_scipy(verdicts: list[Verdict], served: set[str]) -> None:
    mine = [v for v in verdicts if v.key in served]
    flagged = [v for v in mine if v.status is not Status.VERIFIED]
    fabricated = [v for v in verdicts if v.status is Status.FABRICATED]
    print()
    print(
        f"SciPy 1.0 bibliography: {len(verdicts)} entries, {len(served)} served by the fake;"
        f" of those flagged: {len(flagged)} ({_pct(len(flagged), len(mine))});"
        f" fabricated among all entries: {len(fabricated)}"
    )
    for verdict in flagged:
        print(f"  flagged although served: {verdict.key}: {verdict.status.value}: {verdict.reason}")


def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "n/a"


async def _verified(engine: Engine, references: list[Reference]) -> list[Verdict]:
    async with engine:
        return await engine.verify(references)


if __name__ == "__main__":
    sys.exit(main())
