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
import gzip
import json
import logging
import random
import sys
from collections import Counter
from collections.abc import Sequence

from cite_sentinel.core.sources.reflist import read_reflist

from benchmarks.dev_sets import DATA
from benchmarks.engine_runs import UNLIMITED, verify
from tests.fakeapi import FakeApi

WORKS = DATA / "corpus" / "works_xfield.jsonl.gz"
_NAMES = 6  # Vancouver lists six names, then "et al."


def main(argv: Sequence[str] | None = None) -> int:
    options = _options(argv)
    logging.getLogger("cite_sentinel").setLevel(logging.ERROR)
    if not WORKS.is_file():
        print(f"needs the shared data folder beside the project ({WORKS} is absent)")
        return 1
    works = _articles(options.venue, options.works, options.seed)
    lines = [_printed(work, options.abbreviation, n) for n, work in enumerate(works, start=1)]
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


def _articles(venue: str, count: int, seed: int) -> list[dict[str, object]]:
    fit = []
    with gzip.open(WORKS, "rt", encoding="utf-8") as lines:
        for line in lines:
            work = json.loads(line)
            if (
                work.get("venue") == venue
                and work.get("volume")
                and work.get("pages")
                and work.get("authors")
                and len(str(work.get("title") or "")) > 25
            ):
                fit.append(work)
    return random.Random(seed).sample(fit, min(count, len(fit)))


def _printed(work: dict[str, object], abbreviation: str, number: int) -> str:
    people: list[dict[str, str]] = work["authors"]  # type: ignore[assignment]
    names = ", ".join(f"{p.get('family', '')} {_initials(p)}".strip() for p in people[:_NAMES])
    if len(people) > _NAMES:
        names += ", et al"
    issue = f"({work['issue']})" if work.get("issue") else ""
    return (
        f"{number}. {names}. {work['title']}. {abbreviation}. "
        f"{work['year']};{work['volume']}{issue}:{work['pages']}."
    )


def _initials(person: dict[str, str]) -> str:
    given = (person.get("given") or "").replace("-", " ").replace(".", " ").split()
    return "".join(part[0] for part in given if part)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
