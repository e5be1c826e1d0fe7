"""Build the word lists the readers consult (core/lexicon/words.txt.gz, names.txt.gz).

Run from the repository root: `.venv/bin/python -m training.lexicon_words`.

The words of the titles and venues of the corpus beside the checkout (256k machine-learning
works and 38k works of every other field, ../shared/data/corpus: titles and venues are
bibliographic facts from dblp, OpenAlex, Crossref, PubMed, arXiv and others, CC0 or open
metadata), lower case, written at least twice, two letters or more, each with how often it
is written; hyphenated compounds ("non-convex") are listed too, so that a reader can tell a
compound from a word a line break cut ("classifica-tion"). One "word count" a line, sorted,
gzip-compressed (deterministic: no time stamp in the header).

The words of the same works' venues alone, and of the journal references their authors gave
(arXiv's "Phys.Rev.D76:013009"), with how often each is written there
(core/lexicon/venue_words.txt.gz): PubMed's abbreviations ("fertil", "virol") are venue
words that no title writes, so that a reader can tell a journal run into a title from the
title.

The names of the same works' authors, lower case, each part of a family or given name
("de", "la", "cruz" of "de la Cruz"), written at least three times: "name family given" a
line, how often the part is written in a family name and in a given name, so that a
reference's reader can tell a name from a word of a title ("ELMA:" is neither).
"""

from __future__ import annotations

import gzip
import io
import json
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data"

_WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")
OUTPUT = ROOT / "core" / "lexicon" / "words.txt.gz"
NAMES = ROOT / "core" / "lexicon" / "names.txt.gz"
VENUES = ROOT / "core" / "lexicon" / "venue_words.txt.gz"
_LETTERS = re.compile(r"[^\W\d_]+")


def main() -> int:
    counts: Counter[str] = Counter()
    families: Counter[str] = Counter()
    givens: Counter[str] = Counter()
    venues: Counter[str] = Counter()
    for name in ("works_full.jsonl.gz", "works_xfield.jsonl.gz"):
        with gzip.open(DATA / "corpus" / name, "rt", encoding="utf-8") as lines:
            for line in lines:
                work = json.loads(line)
                for person in work.get("authors") or ():
                    families.update(_name_parts(str(person.get("family") or "")))
                    givens.update(
                        p for p in _name_parts(str(person.get("given") or "")) if len(p) > 1
                    )
                for text in (work.get("venue") or "", work.get("journal_ref") or ""):
                    venues.update(_LETTERS.findall(str(text).lower()))
                for text in (work.get("title") or "", work.get("venue") or ""):
                    for word in _WORD.findall(text.lower()):
                        counts[word] += 1
                        if "-" in word:
                            counts.update(word.split("-"))
    words = sorted(
        f"{word} {count}" for word, count in counts.items() if count >= 2 and len(word) >= 2
    )
    _write(OUTPUT, words)
    names = sorted(
        f"{name} {families[name]} {givens[name]}"
        for name in families.keys() | givens.keys()
        if families[name] + givens[name] >= 3
    )
    _write(NAMES, names)
    venue_words = sorted(
        f"{word} {count}" for word, count in venues.items() if count >= 2 and len(word) >= 2
    )
    _write(VENUES, venue_words)
    print(f"{len(words)} words: {OUTPUT} ({OUTPUT.stat().st_size / 1e3:.0f} kB)")
    print(f"{len(names)} name parts: {NAMES} ({NAMES.stat().st_size / 1e3:.0f} kB)")
    print(f"{len(venue_words)} venue words: {VENUES} ({VENUES.stat().st_size / 1e3:.0f} kB)")
    return 0


def _name_parts(name: str) -> list[str]:
    return _WORD.findall(name.lower().replace("-", " "))


def _write(path: Path, lines: list[str]) -> None:
    buffer = io.BytesIO()
    with gzip.GzipFile(fileobj=buffer, mode="wb", mtime=0, compresslevel=9) as packed:
        packed.write(("\n".join(lines) + "\n").encode("utf-8"))
    path.write_bytes(buffer.getvalue())


if __name__ == "__main__":
    sys.exit(main())
