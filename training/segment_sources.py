"""What the segmenter's training documents are made of: real reference lists, real prose, real
names.

- Reference lists: the hand-labelled strings of AnyStyle (BSD-2-Clause) and GROBID
  (Apache-2.0) in `../shared/data/parsing`, as runs of neighbouring strings (a GROBID file is
  one paper's list, in its order), their printed numbers taken off (the layout adds its own);
  and works of the project's corpus rendered by pandoc's citeproc in the CSL styles of
  `../shared/data/csl`.
- Prose: the sentences of SciFact's training abstracts (ODC-By; `../shared/data/ground`).
- Names: the authors of the corpus's works (open metadata), for author lists.
"""

from __future__ import annotations

import gzip
import json
import re
import subprocess
import tempfile
import xml.etree.ElementTree as ElementTree
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data"
PARSING = DATA / "parsing"
ABSTRACTS = DATA / "ground" / "pairs_scifact_train.jsonl"
WORKS = DATA / "corpus" / "works_full.jsonl.gz"
CSL = DATA / "csl"
_TEI = "{http://www.tei-c.org/ns/1.0}"
_MARKUP = re.compile(r"</?[a-z]+>")  # GROBID's bioRxiv strings keep <italic>
_NUMBER = re.compile(r"^\s*(?:\[\s*\d{1,4}\s*\]|\(\s*\d{1,4}\s*\)|\d{1,4}[.)]?)\s+")
_SKIP_WORKS = 5000  # the corpus's first works are left to the benchmarks' own papers


@dataclass(frozen=True, slots=True)
class RefList:
    """Reference strings printed together, in their order, and where they come from."""

    source: str  # anystyle:good, grobid:<file>, csl:<style>
    entries: tuple[str, ...]


def reference_lists() -> list[RefList]:
    """Every list the sources give (AnyStyle's in runs of up to 60 strings)."""
    return [*_anystyle(), *_grobid()]


def _anystyle() -> Iterator[RefList]:
    for name in ("core", "good", "ugly", "bad"):
        tree = ElementTree.parse(PARSING / "anystyle" / f"{name}.xml")
        strings = [
            _clean(" ".join(part.text or "" for part in sequence if part.tag != "citation-number"))
            for sequence in tree.getroot().iter("sequence")
        ]
        strings = [string for string in strings if string]
        for start in range(0, len(strings), 60):
            yield RefList(f"anystyle:{name}", tuple(strings[start : start + 60]))


def _grobid() -> Iterator[RefList]:
    for path in sorted((PARSING / "grobid").glob("*.xml")):
        if "header" in path.name:
            continue
        root = ElementTree.parse(path).getroot()
        strings = [_clean("".join(bibl.itertext())) for bibl in root.iter(f"{_TEI}bibl")]
        strings = [string for string in strings if string]
        for start in range(0, len(strings), 80):
            yield RefList(f"grobid:{path.name}", tuple(strings[start : start + 80]))


def _clean(text: str) -> str:
    """One line, its printed number taken off."""
    return _NUMBER.sub("", " ".join(_MARKUP.sub("", text).split()), count=1)


def rendered_lists(styles: tuple[str, ...], works_per_style: int) -> list[RefList]:
    """Works of the corpus (past the benchmarks' share) rendered by citeproc in each style."""
    works = list(_works(works_per_style * len(styles)))
    lists: list[RefList] = []
    for number, style in enumerate(styles):
        chosen = works[number * works_per_style : (number + 1) * works_per_style]
        entries = _citeproc(chosen, CSL / f"{style}.csl")
        lists.append(RefList(f"csl:{style}", tuple(entries)))
    return lists


def _works(count: int) -> Iterator[dict[str, object]]:
    with gzip.open(WORKS, "rt", encoding="utf-8") as lines:
        for number, line in enumerate(lines):
            if number < _SKIP_WORKS:
                continue
            record = json.loads(line)
            if record.get("title") and record.get("authors") and record.get("year"):
                yield _csl_item(record, f"w{number}")
                count -= 1
                if count <= 0:
                    return


def _csl_item(record: dict[str, object], key: str) -> dict[str, object]:
    authors = record.get("authors") or []
    assert isinstance(authors, list)
    article = record.get("type") == "journal-article"
    item: dict[str, object] = {
        "id": key,
        "type": "article-journal" if article else "paper-conference",
        "title": record["title"],
        "author": [{"family": a.get("family", ""), "given": a.get("given", "")} for a in authors],
        "issued": {"date-parts": [[int(str(record["year"]))]]},
        "container-title": record.get("venue", ""),
    }
    for field, name in (("pages", "page"), ("doi", "DOI"), ("volume", "volume")):
        if record.get(field):
            item[name] = record[field]
    return item


def _citeproc(items: list[dict[str, object]], style: Path) -> list[str]:
    """The works' entries as citeproc prints them, one string each, in the style's order."""
    import pypandoc

    with tempfile.TemporaryDirectory() as folder:
        here = Path(folder)
        (here / "refs.json").write_text(json.dumps(items), encoding="utf-8")
        (here / "doc.md").write_text("---\nnocite: '@*'\n---\n", encoding="utf-8")
        done = subprocess.run(
            [
                pypandoc.get_pandoc_path(),
                "doc.md",
                "--citeproc",
                "--bibliography=refs.json",
                f"--csl={style}",
                "-t",
                "plain",
                "--wrap=none",
            ],
            cwd=here,
            capture_output=True,
            text=True,
            timeout=600,
            check=True,
        )
    return [_clean(block) for block in done.stdout.split("\n\n") if block.strip()]


def prose() -> list[str]:
    """Sentences of scientific abstracts, as body text."""
    sentences: list[str] = []
    seen: set[object] = set()
    with ABSTRACTS.open(encoding="utf-8") as lines:
        for line in lines:
            record = json.loads(line)
            if record["doc_id"] in seen:
                continue
            seen.add(record["doc_id"])
            sentences.extend(" ".join(sentence.split()) for sentence in record["sentences"])
    return [sentence for sentence in sentences if len(sentence) > 20]


def titles() -> list[str]:
    """Titles of the abstracts, as section and document titles."""
    found: dict[object, str] = {}
    with ABSTRACTS.open(encoding="utf-8") as lines:
        for line in lines:
            record = json.loads(line)
            found.setdefault(record["doc_id"], " ".join(record["title"].split()))
    return list(found.values())


def names(count: int) -> list[tuple[str, str]]:
    """(given, family) of the corpus's authors, as author lists print them."""
    found: list[tuple[str, str]] = []
    seen: set[tuple[str, str]] = set()
    with gzip.open(WORKS, "rt", encoding="utf-8") as lines:
        for line in lines:
            for author in json.loads(line).get("authors") or []:
                name = (str(author.get("given", "")), str(author.get("family", "")))
                if all(name) and name not in seen:
                    seen.add(name)
                    found.append(name)
            if len(found) >= count:
                return found
    return found
