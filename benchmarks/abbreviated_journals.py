"""Real journal articles of every field printed in the styles that abbreviate journals' names,
read by the free-text reader and verified against the fake API.

    .venv/bin/python -m benchmarks.abbreviated_journals [--works N] [--seed S] [--show]

Articles of ../shared/data/corpus/works_xfield.jsonl.gz (journal articles with authors, a
volume and pages; every field outside machine learning) are printed with their journal's ISO
4 abbreviation (training/iso4.py) in four styles:

    vancouver  1. Family GI, Family GI. Title. J Abbrev. 2004;430(7):209-13.
    ieee       [1] G. I. Family and G. Family, "Title," J. Abbrev., vol. 430, no. 7,
               pp. 209-213, 2004.
    nature     1. Family, G. I. & Family, G. Title. J. Abbrev. 430, 209-213 (2004).
    acs        (1) Family, G. I.; Family, G. Title. J. Abbrev. 2004, 430, 209-213.

Every one is a real work cited rightly, so every verdict but "verified" is a false alarm;
--show lists them with the fields held against them.
"""

from __future__ import annotations

import argparse
import gzip
import json
import logging
import random
import sys
from collections import Counter
from collections.abc import Callable, Sequence

from cite_sentinel.core.sources.reflist import read_reflist

from benchmarks.dev_sets import DATA
from benchmarks.engine_runs import UNLIMITED, verify
from tests.fakeapi import FakeApi
from training.iso4 import NEEDS, abbreviator

WORKS = DATA / "corpus" / "works_xfield.jsonl.gz"
Work = dict[str, object]
_NAMES = 6  # names printed before "et al."


def main(argv: Sequence[str] | None = None) -> int:
    options = _options(argv)
    logging.getLogger("cite_sentinel").setLevel(logging.ERROR)
    if not WORKS.is_file():
        print(f"needs the shared data folder beside the project ({WORKS} is absent)")
        return 1
    dotted, bare = abbreviator(), abbreviator(full_stops=False)
    if dotted is None or bare is None:
        print(NEEDS)
        return 1
    works = articles(options.works, options.seed)
    print(f"{len(works)} journal articles of {WORKS.name}, seed {options.seed}")
    with FakeApi.start("all") as fake:
        for style, printer in STYLES.items():
            journal = bare if style == "vancouver" else dotted
            lines = [
                printer(work, journal(str(work["venue"])), n) for n, work in enumerate(works, 1)
            ]
            read = read_reflist("\n".join(lines), f"{style}.txt").references
            verdicts, _ = verify(fake.env(), read, UNLIMITED)
            tally = Counter(verdict.status.value for verdict in verdicts)
            held = Counter(p.field for verdict in verdicts for p in verdict.problems)
            others = ", ".join(f"{s} {n}" for s, n in sorted(tally.items()) if s != "verified")
            fields = ", ".join(f"{f} {n}" for f, n in held.most_common())
            print(
                f"{style:10} read {len(read)}, verified {tally['verified']}/{len(works)}"
                + (f"; {others}" if others else "")
                + (f" (held against them: {fields})" if fields else "")
            )
            if options.show:
                by_line = {reference.location.line: reference for reference in read}
                for verdict, reference in zip(verdicts, read, strict=True):
                    if verdict.status.value != "verified":
                        why = ", ".join(p.field for p in verdict.problems) or verdict.reason
                        print(f"    {verdict.status.value} ({why}): {reference.raw}")
                for number, line in enumerate(lines, 1):
                    if number not in by_line:
                        print(f"    not read: {line}")
    return 0


def _options(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.abbreviated_journals")
    parser.add_argument("--works", type=int, default=300)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--show", action="store_true", help="list every false alarm")
    return parser.parse_args(argv)


def articles(count: int, seed: int, venue: str | None = None) -> list[Work]:
    """`count` articles drawn with `seed`: of the journal named `venue`, or (None) journal
    articles of every journal; each with authors, a volume, pages and a real title."""
    fit = []
    with gzip.open(WORKS, "rt", encoding="utf-8") as lines:
        for line in lines:
            work = json.loads(line)
            journal = work.get("venue") == venue if venue else _a_journals(work)
            if (
                journal
                and work.get("volume")
                and work.get("pages")
                and work.get("authors")
                and len(str(work.get("title") or "")) > 25
            ):
                fit.append(work)
    return random.Random(seed).sample(fit, min(count, len(fit)))


def _a_journals(work: Work) -> bool:
    return work.get("type") == "journal-article" and bool(work.get("venue"))


def vancouver(work: Work, journal: str, number: int) -> str:
    """Vancouver's "1. Family GI, …, et al. Title. Journal. 2004;430(7):209-13." (six names)."""
    people = _people(work)
    names = ", ".join(f"{p.get('family', '')} {_initials(p, '')}".strip() for p in people[:_NAMES])
    names += ", et al" if len(people) > _NAMES else ""
    issue = f"({work['issue']})" if work.get("issue") else ""
    return (
        f"{number}. {names}. {work['title']}. {journal}. "
        f"{work['year']};{work['volume']}{issue}:{work['pages']}."
    )


def _ieee(work: Work, journal: str, number: int) -> str:
    names = [f"{_initials(p, '. ')} {p.get('family', '')}".strip() for p in _people(work)]
    listed = names[0] + " et al." if len(names) > _NAMES else _joined(names, ", and ")
    issue = f", no. {work['issue']}" if work.get("issue") else ""
    return (
        f'[{number}] {listed}, "{work["title"]}," {journal}, vol. {work["volume"]}{issue}, '
        f"pp. {work['pages']}, {work['year']}."
    )


def _nature(work: Work, journal: str, number: int) -> str:
    names = [f"{p.get('family', '')}, {_initials(p, '. ')}".strip(", ") for p in _people(work)]
    listed = names[0] + " et al." if len(names) > 5 else _joined(names, " & ")
    return (
        f"{number}. {_closed(listed)} {work['title']}. {journal} {work['volume']}, {work['pages']} "
        f"({work['year']})."
    )


def _acs(work: Work, journal: str, number: int) -> str:
    names = [f"{p.get('family', '')}, {_initials(p, '. ')}".strip(", ") for p in _people(work)]
    listed = "; ".join(names[:_NAMES]) + ("; et al." if len(names) > _NAMES else "")
    return (
        f"({number}) {_closed(listed)} {work['title']}. {journal} {work['year']}, "
        f"{work['volume']}, {work['pages']}."
    )


STYLES: dict[str, Callable[[Work, str, int], str]] = {
    "vancouver": vancouver,
    "ieee": _ieee,
    "nature": _nature,
    "acs": _acs,
}


def _people(work: Work) -> list[dict[str, str]]:
    return work["authors"]  # type: ignore[return-value]


def _initials(person: dict[str, str], joiner: str) -> str:
    """ "GI" (joiner "") or "G. I." (joiner ". ")."""
    given = (person.get("given") or "").replace("-", " ").replace(".", " ").split()
    letters = [part[0] for part in given if part]
    if not letters:
        return ""
    return joiner.join(letters) + joiner.strip() if joiner else "".join(letters)


def _joined(names: list[str], last: str) -> str:
    """ "A and B"; "A, B, and C" (`last` ", and") or "A, B & C" (`last` " & ")."""
    if len(names) <= 2:
        return last.lstrip(",").join(names)
    return ", ".join(names[:-1]) + last + names[-1]


def _closed(names: str) -> str:
    """The name list with the full stop that ends it (a last name printed without initials
    gets one)."""
    return names if names.endswith(".") else names + "."


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
