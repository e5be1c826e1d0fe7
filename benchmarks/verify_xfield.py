"""Accuracy of the whole engine on the xfield dev set (works of every field), via the fake API.

Every entry of ../shared/data/dev/xfield_dev.jsonl (its `bibtex`) is read by the real reader
and verified by the real engine against the project's fake API serving both corpora (`all`),
with the fake's limits off. Reported: HALLUCINATED detected (fabricated or miscited), VALID
flagged (not verified), VALID called fabricated; tables per hallucination type, per field
and per work type; every flagged valid entry with what the engine found wrong.

Run from the repository root:
    .venv/bin/python -m benchmarks.verify_xfield [--limit N] [--quirks RATE]
"""

from __future__ import annotations

import argparse
import collections
import logging
import sys
import time
from collections.abc import Callable, Sequence

from cite_sentinel.core.model import Status, Verdict

from benchmarks import dev_sets
from benchmarks.engine_runs import FLAGGED, UNLIMITED, pct, problems, verify
from tests.fakeapi import FakeApi

Pair = tuple[dev_sets.Labelled, Verdict]


def main(argv: Sequence[str] | None = None) -> int:
    options = _options(argv)
    logging.getLogger("cite_sentinel").setLevel(logging.ERROR)  # retries are counted, not shown
    if not dev_sets.XFIELD_DEV.is_file():
        print(f"needs the shared data folder beside the project ({dev_sets.XFIELD_DEV} is absent)")
        return 1
    entries = dev_sets.xfield(options.limit)
    started = time.perf_counter()
    with FakeApi.start(options.corpus, quirks=options.quirks) as fake:
        print(
            f"fake API: corpus {options.corpus!r} loaded in {time.perf_counter() - started:.1f} s"
        )
        print(f"index quirks: {options.quirks:.0%} of works per index")
        verdicts, seconds = verify(fake.env(), [e.reference for e in entries], UNLIMITED)
    print(f"verified {len(entries)} references in {seconds:.1f} s")
    report(list(zip(entries, verdicts, strict=True)))
    return 0


def _options(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--limit", type=int, default=0, help="only the first N dev entries")
    parser.add_argument("--quirks", type=float, default=0.0, metavar="RATE", help="index quirks")
    parser.add_argument("--corpus", default="all", help="the fake's corpus (default: all)")
    return parser.parse_args(argv)


def report(pairs: list[Pair]) -> None:
    """The headline figures, the tables and the flagged valid entries."""
    valid = [(e, v) for e, v in pairs if e.label == "VALID"]
    wrong = [(e, v) for e, v in pairs if e.label != "VALID"]
    detected = sum(v.status in FLAGGED for _, v in wrong)
    flagged = [(e, v) for e, v in valid if v.status is not Status.VERIFIED]
    fabricated = sum(v.status is Status.FABRICATED for _, v in valid)
    print()
    print(f"HALLUCINATED detected (fabricated or miscited): {detected}/{len(wrong)}"
          f" = {pct(detected, len(wrong))}")  # fmt: skip
    print(f"VALID flagged (not verified): {len(flagged)}/{len(valid)}"
          f" = {pct(len(flagged), len(valid))}")  # fmt: skip
    print(f"VALID called fabricated: {fabricated}/{len(valid)} = {pct(fabricated, len(valid))}")
    print(f"VALID verdicts: {dict(collections.Counter(v.status.value for _, v in valid))}")
    _by_type(wrong)
    for title, group in (("field", _field), ("work type", _work_type)):
        _by_group(pairs, title, group)
    print()
    print(f"Flagged valid entries ({len(flagged)}):")
    for entry, verdict in flagged:
        where = f"{entry.field}, {entry.work_type}, {entry.work}"
        print(
            f"  {entry.reference.key} ({where}): {verdict.status.value}: {problems(verdict)}"[:400]
        )


def _field(entry: dev_sets.Labelled) -> str:
    return entry.field or "?"


def _work_type(entry: dev_sets.Labelled) -> str:
    return entry.work_type or "?"


def _by_type(wrong: list[Pair]) -> None:
    counts: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    for entry, verdict in wrong:
        counts[entry.kind][verdict.status.value] += 1
    print()
    print("| hallucination type | n | detected | fabricated | miscited | unverified | verified |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for kind, count in sorted(counts.items()):
        n = sum(count.values())
        hits = count["fabricated"] + count["miscited"]
        print(f"| {kind} | {n} | {pct(hits, n)} | {count['fabricated']} | {count['miscited']}"
              f" | {count['unverified']} | {count['verified']} |")  # fmt: skip


def _by_group(pairs: list[Pair], title: str, group: Callable[[dev_sets.Labelled], str]) -> None:
    valid: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    wrong: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    for entry, verdict in pairs:
        into = valid if entry.label == "VALID" else wrong
        into[group(entry)][verdict.status.value] += 1
    print()
    print(f"| {title} | valid | flagged | fabricated | hallucinated | detected |")
    print("|---|---:|---:|---:|---:|---:|")
    for name in sorted(set(valid) | set(wrong)):
        ok, bad = valid[name], wrong[name]
        n_ok, n_bad = sum(ok.values()), sum(bad.values())
        flagged = n_ok - ok["verified"]
        hits = bad["fabricated"] + bad["miscited"]
        print(f"| {name} | {n_ok} | {flagged} ({pct(flagged, n_ok)}) | {ok['fabricated']}"
              f" | {n_bad} | {hits} ({pct(hits, n_bad)}) |")  # fmt: skip


if __name__ == "__main__":
    sys.exit(main())
