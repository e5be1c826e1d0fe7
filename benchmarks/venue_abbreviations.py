"""Journals cited by their ISO 4 abbreviation: does the matcher take them for the index's name?

    .venv/bin/python -m benchmarks.venue_abbreviations [--show N]

Every journal article of ../shared/data/corpus/works_xfield.jsonl.gz (real works of every
field outside machine learning) is cited with its journal's name abbreviated by ISO 4 (the
List of Title Word Abbreviations, through the `pyiso4` package), once with full stops
("Glob. Chang. Biol.") and once without, as MEDLINE prints them ("Glob Chang Biol"), and the
abbreviation is compared with the name the index gives (`core.matching.venues.place`). Each
is the right journal, so "differs" is a false alarm: `check` would call the venue miscited.
Counted per article (a journal cited often counts often); names the abbreviation leaves as
they are are not counted.

pyiso4 has quirks of its own (training/iso4.py), so part of what is left is not a form
anyone prints; the listing shows which.
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from collections import Counter
from collections.abc import Sequence

from cite_sentinel.core.matching.venues import Placement, place

from benchmarks.dev_sets import DATA
from training.iso4 import NEEDS, abbreviator

WORKS = DATA / "corpus" / "works_xfield.jsonl.gz"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.venue_abbreviations")
    parser.add_argument("--show", type=int, default=30, help="list the N commonest false alarms")
    options = parser.parse_args(argv)
    if not WORKS.is_file():
        print(f"needs the shared data folder beside the project ({WORKS} is absent)")
        return 1
    abbreviate = abbreviator()
    if abbreviate is None:
        print(NEEDS)
        return 1
    placed: Counter[tuple[str, Placement]] = Counter()
    alarms: Counter[tuple[str, str]] = Counter()
    for venue, articles in _journals().items():
        dotted = abbreviate(venue)
        if dotted == venue:
            continue
        for form, cited in (("ISO 4", dotted), ("MEDLINE", dotted.replace(".", ""))):
            placement = place(cited, [venue])
            placed[form, placement] += articles
            if placement is Placement.DIFFERS:
                alarms[cited, venue] += articles
    _report(placed, alarms, options.show)
    return 0


def _journals() -> Counter[str]:
    """Each journal's name as the corpus gives it, with its number of articles."""
    names: Counter[str] = Counter()
    with gzip.open(WORKS, "rt", encoding="utf-8") as lines:
        for line in lines:
            work = json.loads(line)
            if work.get("type") == "journal-article" and work.get("venue"):
                names[work["venue"]] += 1
    return names


def _report(
    placed: Counter[tuple[str, Placement]], alarms: Counter[tuple[str, str]], show: int
) -> None:
    print("form      articles  agrees   differs  unplaced")
    for form in ("ISO 4", "MEDLINE"):
        counts = [placed[form, placement] for placement in Placement]
        total = sum(counts)
        differs = placed[form, Placement.DIFFERS]
        print(
            f"{form:<8} {total:>9}  {placed[form, Placement.AGREES]:>6}  {differs:>6} "
            f"({differs / max(total, 1):.1%})  {placed[form, Placement.UNPLACED]:>6}"
        )
    for (cited, venue), articles in alarms.most_common(show):
        print(f"{articles:>5}  {cited!r} for {venue!r}")


if __name__ == "__main__":
    sys.exit(main())
