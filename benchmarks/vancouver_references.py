"""Real articles of one journal printed in Vancouver style, as medicine prints its lists, read
by the free-text reader and verified against the fake API.

    .venv/bin/python -m benchmarks.vancouver_references [--venue NAME] [--abbreviation ABBR]
        [--works N] [--seed S]

The articles are those of ../shared/data/corpus/works_xfield.jsonl.gz whose venue is NAME
(default: the New England Journal of Medicine) with a volume and pages; each is printed
"1. Family GI, Family GI, …, et al. Title. ABBR. Year;Volume(Issue):Pages." (six names, then
"et al."), ABBR the journal's MEDLINE abbreviation. Every one is a real work cited rightly, so
every verdict but "verified" is a false alarm, and the verdicts say which field was held
against it.
"""

from __future__ import annotations

import argparse
import logging
import sys
from collections import Counter
from collections.abc import Sequence

from cite_sentinel.core.sources.reflist import read_reflist

from benchmarks.abbreviated_journals import WORKS, articles, vancouver
from benchmarks.engine_runs import UNLIMITED, verify
from tests.fakeapi import FakeApi


def main(argv: Sequence[str] | None = None) -> int:
    options = _options(argv)
    logging.getLogger("cite_sentinel").setLevel(logging.ERROR)
    if not WORKS.is_file():
        print(f"needs the shared data folder beside the project ({WORKS} is absent)")
        return 1
    works = articles(options.works, options.seed, venue=options.venue)
    lines = [vancouver(work, options.abbreviation, n) for n, work in enumerate(works, start=1)]
    with FakeApi.start("all") as fake:
        read = read_reflist("\n".join(lines), "vancouver.txt").references
        verdicts, _ = verify(fake.env(), read, UNLIMITED)
    tally = Counter(verdict.status.value for verdict in verdicts)
    held = Counter(problem.field for verdict in verdicts for problem in verdict.problems)
    print(f"{len(works)} articles of {options.venue} printed as {options.abbreviation!r}")
    print(f"read {len(read)}; verified {tally['verified']}/{len(works)}; " + ", ".join(
        f"{status} {count}" for status, count in sorted(tally.items()) if status != "verified"
    ))  # fmt: skip
    if held:
        print("fields held against them: " + ", ".join(f"{f} {n}" for f, n in held.most_common()))
    return 0


def _options(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.vancouver_references")
    parser.add_argument("--venue", default="New England Journal of Medicine")
    parser.add_argument("--abbreviation", default="N Engl J Med")
    parser.add_argument("--works", type=int, default=50)
    parser.add_argument("--seed", type=int, default=3)
    return parser.parse_args(argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
