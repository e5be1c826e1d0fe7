"""How well the free-text reader recovers title, author, year and DOI from citeproc's output.

The measure behind `benchmarks.reflist_accuracy`, which prints it, and its integration test.
Works come from ../shared/data/corpus/works_sample5k.jsonl (the first N, default 1000);
pandoc 3 (pypandoc-binary) renders them with each style of ../shared/data/csl/, the
rendered strings are cached in the temporary directory, and each string is parsed back
with `parse_reference`; "split" counts the references `read_reflist` finds when the
strings are given as one list, one paragraph each.
"""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import tempfile
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cite_sentinel.core.model import Location, Reference
from cite_sentinel.core.sources.identifiers import normalise_doi
from cite_sentinel.core.sources.reflist import parse_reference

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT.parent / "shared" / "data"
WORKS = DATA / "corpus" / "works_sample5k.jsonl"
STYLES = (
    "apa",
    "modern-language-association",
    "chicago-author-date",
    "harvard-cite-them-right",
    "ieee",
    "american-medical-association",
    "nature",
)
TARGETS = {"title": 0.95, "author": 0.97, "year": 0.99, "doi": 1.0}
_CSL_TYPES = {"proceedings-article": "paper-conference", "journal-article": "article-journal"}


@dataclass(frozen=True, slots=True)
class Outcome:
    """One work parsed back: which fields came back right."""

    title: bool
    author: bool
    year: bool
    doi: bool | None  # None: the work has no DOI


@dataclass(frozen=True, slots=True)
class Score:
    """A style's accuracy per field, as fractions."""

    style: str
    works: int
    title: float
    author: float
    year: float
    doi: float
    dois: int

    def meets_targets(self) -> bool:
        return all(getattr(self, name) >= target for name, target in TARGETS.items())


def load_works(count: int, path: Path = WORKS) -> list[dict[str, Any]]:
    """The first `count` works of the corpus sample."""
    works: list[dict[str, Any]] = []
    with path.open(encoding="utf-8") as lines:
        for line in lines:
            works.append(json.loads(line))
            if len(works) == count:
                break
    return works


def to_csl(work: dict[str, Any], ident: str) -> dict[str, Any]:
    """A corpus work as a CSL-JSON item."""
    item: dict[str, Any] = {
        "id": ident,
        "type": _CSL_TYPES.get(work.get("type", ""), "article"),
        "title": work.get("title", ""),
        "author": [
            {"family": person.get("family", ""), "given": person.get("given", "")}
            for person in work.get("authors", ())
        ],
    }
    if work.get("year"):
        item["issued"] = {"date-parts": [[int(work["year"])]]}
    for csl_name, name in (("container-title", "venue"), ("page", "pages"), ("DOI", "doi")):
        if work.get(name):
            item[csl_name] = work[name]
    if work.get("url"):
        item["URL"] = work["url"]
    if work.get("publisher"):
        item["publisher"] = work["publisher"]
    return item


def render(works: Sequence[dict[str, Any]], style: Path, pandoc: str) -> list[str]:
    """One rendered reference string per work, in the order of `works` (cached)."""
    items = [to_csl(work, f"w{index:05d}") for index, work in enumerate(works)]
    payload = json.dumps(items, ensure_ascii=False, sort_keys=True)
    digest = hashlib.sha256((payload + style.read_text(encoding="utf-8")).encode()).hexdigest()
    cache = Path(tempfile.gettempdir()) / "cite-sentinel-reflist-bench" / f"{digest[:24]}.json"
    if cache.is_file():
        cached: list[str] = json.loads(cache.read_text(encoding="utf-8"))
        return cached
    with tempfile.TemporaryDirectory() as folder:
        refs = Path(folder) / "refs.json"
        refs.write_text(payload, encoding="utf-8")
        doc = Path(folder) / "doc.md"
        doc.write_text("---\nnocite: '@*'\n---\n", encoding="utf-8")
        base = [pandoc, str(doc), "--citeproc", "--csl", str(style), "--bibliography", str(refs)]
        plain = _run([*base, "-t", "plain", "--wrap=none"])
        tree = json.loads(_run([*base, "-t", "json"]))
    order = [int(ident[len("ref-w") :]) for ident in _entry_ids(tree)]
    entries = [entry.strip() for entry in re.split(r"\n\s*\n", plain) if entry.strip()]
    if len(entries) != len(order):
        raise RuntimeError(f"{style.name}: {len(entries)} entries for {len(order)} works")
    strings = [""] * len(works)
    for position, index in enumerate(order):
        strings[index] = entries[position]
    cache.parent.mkdir(parents=True, exist_ok=True)
    cache.write_text(json.dumps(strings, ensure_ascii=False), encoding="utf-8")
    return strings


def normalise(text: str) -> str:
    """Case-folded, NFKC, no punctuation, single spaces: how titles are compared."""
    text = unicodedata.normalize("NFKC", text).casefold()
    text = "".join(" " if unicodedata.category(char)[0] in "PS" else char for char in text)
    return " ".join(text.split())


def judge(work: dict[str, Any], reference: Reference) -> Outcome:
    """Compare one parsed reference with the work it was rendered from."""
    authors = work.get("authors") or [{}]
    family = authors[0].get("family", "")
    first = reference.people[0] if reference.people else None
    found_family = (first.family or first.literal) if first else ""
    doi = normalise_doi(str(work.get("doi", "")))  # the corpus has a few `\_` escapes
    return Outcome(
        title=normalise(reference.title) == normalise(work.get("title", "")),
        author=normalise(found_family) == normalise(family),
        year=reference.year == work.get("year"),
        doi=(reference.identifiers.doi == doi) if doi else None,
    )


def score(style: str, works: Sequence[dict[str, Any]], strings: Sequence[str]) -> Score:
    """Parse each string and compare it with its work."""
    outcomes = [judge(work, parse(text)) for work, text in zip(works, strings, strict=True)]
    with_doi = [outcome.doi for outcome in outcomes if outcome.doi is not None]
    return Score(
        style=style,
        works=len(outcomes),
        title=_share(outcome.title for outcome in outcomes),
        author=_share(outcome.author for outcome in outcomes),
        year=_share(outcome.year for outcome in outcomes),
        doi=_share(with_doi) if with_doi else 1.0,
        dois=len(with_doi),
    )


def parse(text: str) -> Reference:
    """Parse one rendered string as the reader would."""
    return parse_reference(text, key="bench", location=Location.point("bench.txt", 1, 1))


def failures(
    works: Sequence[dict[str, Any]], strings: Sequence[str], field: str
) -> list[tuple[str, Reference]]:
    """The strings whose `field` came back wrong, with what the parser made of them."""
    wrong = []
    for work, text in zip(works, strings, strict=True):
        reference = parse(text)
        if getattr(judge(work, reference), field) is False:
            wrong.append((text, reference))
    return wrong


def pandoc_path() -> str:
    """pandoc 3 from pypandoc-binary."""
    import pypandoc

    return str(pypandoc.get_pandoc_path())


def _run(command: list[str]) -> str:
    return subprocess.run(command, capture_output=True, text=True, check=True).stdout


def _entry_ids(tree: dict[str, Any]) -> list[str]:
    """Identifiers of the entry Divs inside Div#refs, in document order."""
    for block in tree["blocks"]:
        if block["t"] == "Div" and block["c"][0][0] == "refs":
            return [entry["c"][0][0] for entry in block["c"][1] if entry["t"] == "Div"]
    return []


def _share(values: Iterable[bool]) -> float:
    listed = list(values)
    return sum(listed) / len(listed) if listed else 1.0
