"""Real bibliographies: how often a correct reference is flagged, and what `fix` would write.

Three parts (`--part`, all by default):

`recorded`: real index records. The references of nine real ICLR submissions
(`dev/refchecker_samples/openreview_bibliographies`, as refchecker extracted them: authors,
title, venue, year, DOI, URL) are written as the BibTeX an author would write, read by the
real reader and verified by the real engine against the recorded answers of OpenAlex and
Crossref (`benchmarks/recorded_world.py`): real records with their real quirks (arXiv
records beside published ones, truncated author lists, publishers as venues). Only
references whose work the recordings hold are counted; the others would say nothing about
the engine.

These are references people really wrote, so nearly all are real works; a few are not (the
labelled cases of `hallucination_regression_refs.json`: real titles with invented authors) and
some carry real slips (a wrong year, a misspelt name). Every flagged reference is printed with
what was found wrong, to be read: an index quirk taken for the author's error is an engine bug,
a slip the author made is a catch. The labelled cases are scored on their own.

`cases`: what users met on real bibliographies (issue 26), each in its real shape
(`tests/support/real_shapes.py`), against the fake API: the verdict against what a careful
reader says, and whether `fix --complete` keeps what the entry got right.

`bibs`: the real bibliographies of `../shared/data/real-bibs/` (a lab's 6,315 entries, the
SciPy paper's, a review's CSL-JSON items) against the fake API. The fake's corpus lacks most
of the works they cite; those are added from the entries' own metadata
(`benchmarks/real_bib_works.py`), so a flag on one of them is a false alarm by construction,
and a flag on a work the corpus holds is to be read (the author's slip, or the corpus's).
Every flag is printed, and every change `fix --write` would make.

Run from the repository root:
    .venv/bin/python -m benchmarks.real_bibliographies [--all] [--part recorded|cases|bibs]
"""

from __future__ import annotations

import argparse
import collections
import json
import logging
import re
import sys
from collections.abc import Sequence
from pathlib import Path

from cite_sentinel.core.model import Reference, Status, Verdict
from cite_sentinel.core.sources.bibtex import read_bibtex

from benchmarks import real_bib_checks
from benchmarks.engine_runs import FLAGGED, UNLIMITED, problems, verify
from benchmarks.recorded_world import ENV, SOURCES, Replay, words

SAMPLES = Path(__file__).resolve().parents[2] / "shared" / "data" / "dev" / "refchecker_samples"
BIBLIOGRAPHIES = SAMPLES / "openreview_bibliographies"
LABELLED = SAMPLES / "hallucination_regression_refs.json"
_PROCEEDINGS = re.compile(r"conference|proceedings|workshop|symposium|\bconf\b", re.IGNORECASE)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--all", action="store_true", help="print every verdict, not only flagged")
    parser.add_argument("--part", choices=("recorded", "cases", "bibs"), action="append")
    options = parser.parse_args(argv)
    if not BIBLIOGRAPHIES.is_dir():
        print(f"needs the shared data folder beside the project ({BIBLIOGRAPHIES} is absent)")
        return 1
    logging.getLogger("cite_sentinel").setLevel(logging.ERROR)
    parts = options.part or ["recorded", "cases", "bibs"]
    if "recorded" in parts:
        print("## Recorded index records: nine ICLR submissions' references\n")
        _recorded(options.all)
    if "cases" in parts:
        print("\n## What users met (issue 26), in their real shape, against the fake API\n")
        real_bib_checks.cases()
    if "bibs" in parts:
        print("\n## The real bibliographies of ../shared/data/real-bibs against the fake API\n")
        real_bib_checks.bibliographies()
    return 0


def _recorded(every: bool) -> None:
    replay = Replay.load()
    entries = [entry for entry in _entries() if replay.holds(str(entry["title"]))]
    references = _references(entries)
    verdicts, seconds = verify(
        ENV, references, UNLIMITED, sources=SOURCES, transport=replay.transport()
    )
    print(f"verified {len(references)} references in {seconds:.1f} s")
    _report(references, verdicts, replay, every)


def _entries() -> list[dict[str, object]]:
    found = []
    for path in sorted(BIBLIOGRAPHIES.glob("*.json")):
        paper = path.name.split(".")[0].removeprefix("openreview_")
        for index, entry in enumerate(json.loads(path.read_text(encoding="utf-8"))):
            found.append(entry | {"key": f"{paper}_{index}"})
    return found


def _references(entries: list[dict[str, object]]) -> list[Reference]:
    text = "\n\n".join(_bibtex(entry) for entry in entries)
    read = {r.key: r for r in read_bibtex(text, "real_bibliographies.bib").references}
    return [read[str(entry["key"])] for entry in entries if str(entry["key"]) in read]


def _bibtex(entry: dict[str, object]) -> str:
    """The entry as an author would write it: the venue's kind decides the entry type."""
    venue = str(entry.get("venue") or "")
    if not venue:
        kind, container = "misc", ""
    elif _PROCEEDINGS.search(venue):
        kind, container = "inproceedings", "booktitle"
    else:
        kind, container = "article", "journal"
    authors = entry.get("authors") or []
    assert isinstance(authors, list)
    fields = {
        "title": entry.get("title"),
        "author": " and ".join(str(a) for a in authors),
        container: venue,
        "year": entry.get("year"),
        "doi": entry.get("doi"),
        "url": entry.get("url"),
    }
    body = ",\n".join(
        f"  {name} = {{{_escaped(str(value))}}}" for name, value in fields.items() if name and value
    )
    return f"@{kind}{{{entry['key']},\n{body}\n}}"


def _escaped(value: str) -> str:
    return re.sub(r"([&%#_$])", r"\\\1", value).replace("{", "").replace("}", "")


def _report(
    references: list[Reference], verdicts: list[Verdict], replay: Replay, every: bool
) -> None:
    counts = collections.Counter(v.status for v in verdicts)
    total = len(verdicts)
    print(f"references held by the recordings: {total}")
    for status in Status:
        if counts[status]:
            print(f"  {status.value:<11} {counts[status]:>4}  {100 * counts[status] / total:5.1f}%")
    flagged = sum(counts[s] for s in FLAGGED)
    print(f"flagged (fabricated or miscited): {flagged}/{total} = {100 * flagged / total:.1f}%")
    print(f"requests: {dict(sorted(replay.requests.items()))}")
    print()
    for reference, verdict in zip(references, verdicts, strict=True):
        if every or verdict.status is not Status.VERIFIED:
            print(f"{verdict.status.value:<10} {reference.key}: {reference.title[:70]}")
            said = problems(verdict)
            if said:
                print(f"           {said}")
    _labelled(references, verdicts)


def _labelled(references: list[Reference], verdicts: list[Verdict]) -> None:
    """The refchecker regression cases whose reference is among those checked."""
    if not LABELLED.is_file():
        return
    by_title = {words(r.title): v for r, v in zip(references, verdicts, strict=True)}
    print("\nlabelled cases (expected flagged or not):")
    right = asked = 0
    for case in json.loads(LABELLED.read_text(encoding="utf-8")):
        verdict = by_title.get(words(case["error_entry"]["ref_title"]))
        if verdict is None:
            continue
        expect = bool(case["expect_should_check"])
        got = verdict.status in FLAGGED
        asked += 1
        right += got == expect
        mark = "ok " if got == expect else "MISS"
        print(
            f"  {mark} {case['id']}: expected {'flagged' if expect else 'not flagged'}, "
            f"got {verdict.status.value}"
        )
    print(f"  {right}/{asked} as labelled")


if __name__ == "__main__":
    sys.exit(main())
