"""How closely our APA 7 rendering agrees with pandoc's citeproc and apa.csl, the oracle.

The measure behind `benchmarks.apa_fidelity`, which prints it, and its integration test.
The first N works (default 300) of ../shared/data/corpus/works_sample5k.jsonl become
CSL-JSON, are read back by `read_csl_json`, and one document cites each work in its own
paragraph, then, in one more paragraph each, the works whose first authors share a family
name, cited together up to four at a time (`[@a; @b]`: "(Wu et al., 2017; Wu et al., 2025)"
unless the author lists are the same). pandoc 3 (pypandoc-binary) renders it with
`--citeproc --csl apa.csl -t plain`; our entries and in-text citations are compared with its
output as plain text.
"""

from __future__ import annotations

import json
import subprocess
import tempfile
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cite_sentinel.core.model import Citation, Location
from cite_sentinel.core.sources.csl import read_csl_json
from cite_sentinel.core.styles import Disambiguation, apa_list, cite_apa

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT.parent / "shared" / "data"
WORKS = DATA / "corpus" / "works_sample5k.jsonl"
CSL = DATA / "csl" / "apa.csl"
_TYPES = {"proceedings-article": "paper-conference", "journal-article": "article-journal"}
_FIELDS = (("pages", "page"), ("doi", "DOI"), ("url", "URL"), ("publisher", "publisher"))


@dataclass(frozen=True, slots=True)
class Fidelity:
    """Agreement counts and the differing pairs (ours, pandoc's)."""

    entries: int
    entries_equal: int
    citations: int
    citations_equal: int
    entry_differences: tuple[str, ...]
    citation_differences: tuple[tuple[str, str], ...]


def csl_items(works: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Corpus works as CSL-JSON items."""
    items = []
    for work in works:
        item: dict[str, Any] = {
            "id": work["id"],
            "type": _TYPES.get(work.get("type", ""), "article-journal"),
            "title": work["title"],
            "author": [
                {k: v for k, v in a.items() if k in ("family", "given", "literal")}
                for a in work.get("authors", [])
            ],
            "container-title": work.get("venue", ""),
        }
        if work.get("year"):
            item["issued"] = {"date-parts": [[work["year"]]]}
        for ours, theirs in (*_FIELDS, ("volume", "volume")):
            if work.get(ours):
                item[theirs] = str(work[ours])
        items.append(item)
    return items


def measure(works: Sequence[dict[str, Any]], pandoc: str, csl: Path) -> Fidelity:
    """Render the works both ways and compare entry by entry and citation by citation."""
    items = csl_items(works)
    cited = [[item["id"]] for item in items] + shared_first_authors(items)
    with tempfile.TemporaryDirectory() as folder:
        bibliography = Path(folder) / "refs.json"
        bibliography.write_text(json.dumps(items), encoding="utf-8")
        document = "\n\n".join("[" + "; ".join(f"@{key}" for key in keys) + "]" for keys in cited)
        document += "\n"
        command = [pandoc, "--citeproc", "--csl", str(csl), "--bibliography", str(bibliography)]
        output = subprocess.run(
            [*command, "-f", "markdown", "-t", "plain", "--wrap=none"],
            input=document,
            capture_output=True,
            text=True,
            check=True,
            timeout=300,
        ).stdout
    paragraphs = [p.strip() for p in output.split("\n\n") if p.strip()]
    theirs_cites, theirs_entries = paragraphs[: len(cited)], paragraphs[len(cited) :]
    references = read_csl_json(json.dumps(items), "refs.json").references
    by_key = {reference.key: reference for reference in references}
    disambiguation = Disambiguation.from_references(references)
    here = Location.point("paper.md", 1, 1)
    ours_cites = [
        cite_apa([Citation(key=key, location=here) for key in keys], by_key, disambiguation).plain
        for keys in cited
    ]
    ours_entries = [entry.lines[0].plain for entry in apa_list(references)]
    remaining = Counter(theirs_entries)
    differences = []
    for text in ours_entries:
        if remaining[text] > 0:
            remaining[text] -= 1
        else:
            differences.append(text)
    cite_differences = tuple(
        (a, b) for a, b in zip(ours_cites, theirs_cites, strict=True) if a != b
    )
    return Fidelity(
        entries=len(ours_entries),
        entries_equal=len(ours_entries) - len(differences),
        citations=len(cited),
        citations_equal=len(cited) - len(cite_differences),
        entry_differences=tuple(differences),
        citation_differences=cite_differences,
    )


GROUP = 4  # works cited together at most, as a paper cites them (and citeproc stays quick)


def shared_first_authors(items: Sequence[dict[str, Any]]) -> list[list[str]]:
    """Keys of the works whose first authors share a family name, in groups of up to GROUP."""
    by_family: dict[str, list[str]] = {}
    for item in items:
        authors = item.get("author") or [{}]
        family = authors[0].get("family", "")
        if family:
            by_family.setdefault(family, []).append(item["id"])
    groups = [
        keys[start : start + GROUP]
        for keys in by_family.values()
        for start in range(0, len(keys), GROUP)
    ]
    return [group for group in groups if len(group) > 1]


def read_works(count: int) -> list[dict[str, Any]]:
    """The first `count` works of the sample."""
    with WORKS.open(encoding="utf-8") as lines:
        return [json.loads(line) for _, line in zip(range(count), lines, strict=False)]
