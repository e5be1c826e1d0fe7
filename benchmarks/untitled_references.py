"""References printed without a title (chemistry's and physics' styles) through the whole engine.

Journal articles of ../shared/data/corpus/works_xfield.jsonl.gz (every field; with a volume,
pages and a venue) are printed as the styles that leave titles out print them: ACS ("Smith,
J. A.; Jones, B. Venue 2019, 141, 1234-1240.") and APS ("J. A. Smith and B. Jones, Venue 141,
1234 (2019)."), three authors and "et al." beyond; one in four gets a first page that is not
its own (an invented locator). The list is read by the free-text reader and verified by the
real engine against the fake API (both corpora, limits off).

Reported per style: references read, real ones verified, real ones flagged (fabricated or
miscited) and invented ones called fabricated: the reader and engine must never call a real
work fabricated, and an invented locator has no title to prove it invented, so it ends
unverified.

Run from the repository root:
    .venv/bin/python -m benchmarks.untitled_references [--works N] [--seed S] [--abbreviate]

With --abbreviate each journal is printed by its ISO 4 abbreviation ("J. Am. Chem. Soc."), as
both styles print them (training/iso4.py).
"""

from __future__ import annotations

import argparse
import gzip
import json
import logging
import random
import sys
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from cite_sentinel.core.sources.reflist import read_reflist

from benchmarks.dev_sets import DATA
from benchmarks.engine_runs import UNLIMITED, verify
from tests.fakeapi import FakeApi
from training.iso4 import NEEDS, abbreviator

WORKS = DATA / "corpus" / "works_xfield.jsonl.gz"
STYLES = ("acs", "aps")


@dataclass(frozen=True, slots=True)
class Printed:
    """One reference as a style prints it, and whether its locator is the work's own."""

    text: str
    invented: bool


def main(argv: Sequence[str] | None = None) -> int:
    options = _options(argv)
    logging.getLogger("cite_sentinel").setLevel(logging.ERROR)
    if not WORKS.is_file():
        print(f"needs the shared data folder beside the project ({WORKS} is absent)")
        return 1
    works = _articles(options.works, options.seed)
    name = abbreviator() if options.abbreviate else str
    if name is None:
        print(f"--abbreviate {NEEDS}")
        return 1
    lists = {
        style: [_printed(work, style, n, name) for n, work in enumerate(works)] for style in STYLES
    }
    with FakeApi.start("all") as fake:
        journals = "abbreviated by ISO 4" if options.abbreviate else "named in full"
        print(f"{len(works)} journal articles of {WORKS.name}, seed {options.seed}, {journals}")
        print(f"{'style':6} {'read':>6} {'real verified':>14} {'real flagged':>13} "
              f"{'invented fabricated':>20} {'invented unverified':>20}")  # fmt: skip
        for style, printed in lists.items():
            _report(style, printed, fake.env())
    return 0


def _options(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--works", type=int, default=200)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument(
        "--abbreviate", action="store_true", help="print each journal's ISO 4 abbreviation"
    )
    return parser.parse_args(argv)


def _articles(count: int, seed: int) -> list[dict[str, object]]:
    fit = []
    with gzip.open(WORKS, "rt", encoding="utf-8") as lines:
        for line in lines:
            work = json.loads(line)
            first = str(work.get("pages") or "").split("-")[0]
            located = work.get("volume") and first.isdigit() and work.get("venue")
            if work.get("type") == "journal-article" and located and work.get("authors"):
                fit.append(work)
    return random.Random(seed).sample(fit, min(count, len(fit)))


def _printed(
    work: dict[str, object], style: str, number: int, name: Callable[[str], str]
) -> Printed:
    people: list[dict[str, str]] = work["authors"]  # type: ignore[assignment]
    invented = number % 4 == 3
    pages = str(work["pages"])
    if invented:
        pages = str(int(pages.split("-")[0]) + 17)
    venue, volume, year = name(str(work["venue"])), work["volume"], work["year"]
    shown = people[:3]
    others = len(people) > 3
    if style == "acs":
        names = "; ".join(f"{p.get('family', '')}, {_initials(p)}" for p in shown)
        names += "; et al." if others else ""
        text = f"({number + 1}) {names} {venue} {year}, {volume}, {pages}."
    else:
        names = [f"{_initials(p)} {p.get('family', '')}" for p in shown]
        joined = ", ".join(names) + " et al." if others else _and(names)
        first = pages.split("-")[0]
        text = f"[{number + 1}] {joined}, {venue} {volume}, {first} ({year})."
    return Printed(text, invented)


def _initials(person: dict[str, str]) -> str:
    given = (person.get("given") or "").replace("-", " ").replace(".", " ").split()
    return " ".join(f"{part[0]}." for part in given if part)


def _and(names: list[str]) -> str:
    if len(names) <= 2:
        return " and ".join(names)
    return ", ".join(names[:-1]) + ", and " + names[-1]


def _report(style: str, printed: list[Printed], env: Mapping[str, str]) -> None:
    read = read_reflist("\n".join(entry.text for entry in printed), f"{style}.txt").references
    by_line = {reference.location.line: reference for reference in read}
    pairs = [(entry, by_line.get(line)) for line, entry in enumerate(printed, start=1)]
    found = [(entry, reference) for entry, reference in pairs if reference is not None]
    verdicts, _ = verify(env, [reference for _, reference in found], UNLIMITED)
    tally: Counter[str] = Counter()
    wrongly_fabricated = []
    for (entry, _), verdict in zip(found, verdicts, strict=True):
        kind = "invented" if entry.invented else "real"
        tally[f"{kind} {verdict.status.value}"] += 1
        if kind == "real" and verdict.status.value == "fabricated":
            wrongly_fabricated.append(f"{entry.text}: {verdict.reason}")
    real = sum(not entry.invented for entry in printed)
    invented = len(printed) - real
    flagged = tally["real miscited"] + tally["real fabricated"]
    print(
        f"{style:6} {len(read):>6} {tally['real verified']:>8}/{real:<5} {flagged:>7}/{real:<5} "
        f"{tally['invented fabricated']:>14}/{invented:<5} "
        f"{tally['invented unverified']:>14}/{invented:<5}"
    )
    if tally["real fabricated"]:
        print(f"       real works called fabricated: {tally['real fabricated']}")
        for line in wrongly_fabricated:
            print(f"         {line}")


if __name__ == "__main__":
    sys.exit(main())
