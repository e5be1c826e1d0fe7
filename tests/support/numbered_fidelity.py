"""How closely our numbered (IEEE) entries agree with pandoc's citeproc and ieee.csl.

The measure behind `benchmarks.numbered_fidelity`, which prints it, and its integration test.
The first N works (default 100) of ../shared/data/corpus/works_sample5k.jsonl, the sample
of benchmarks.apa_fidelity, become CSL-JSON and are read back by `read_csl_json`; with
`--journals` the sample's journal articles (volumes, DOIs) follow them. One document cites
each work in its own paragraph; pandoc 3 (pypandoc-binary) renders it with
`--citeproc --csl ieee.csl -t plain`, the style read from ../shared at run time. Our list
entries (`[n] entry`) and citations are compared with its output as plain text.
"""

from __future__ import annotations

import json
import subprocess
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cite_sentinel.core.model import Citation, Location
from cite_sentinel.core.sources.csl import read_csl_json
from cite_sentinel.core.styles import Numbering, cite_numbered, numbered_list

from tests.support.apa_fidelity import DATA, WORKS, csl_items

CSL = DATA / "csl" / "ieee.csl"


@dataclass(frozen=True, slots=True)
class Fidelity:
    """Agreement counts and the differing pairs (ours, pandoc's)."""

    entries: int
    entries_equal: int
    citations: int
    citations_equal: int
    entry_differences: tuple[tuple[str, str], ...]
    citation_differences: tuple[tuple[str, str], ...]


def measure(works: Sequence[dict[str, Any]], pandoc: str, csl: Path) -> Fidelity:
    """Render the works both ways and compare entry by entry and citation by citation."""
    items = csl_items(works)
    with tempfile.TemporaryDirectory() as folder:
        bibliography = Path(folder) / "refs.json"
        bibliography.write_text(json.dumps(items), encoding="utf-8")
        document = "\n\n".join(f"[@{item['id']}]" for item in items) + "\n"
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
    theirs_cites, theirs_entries = paragraphs[: len(items)], paragraphs[len(items) :]
    references = read_csl_json(json.dumps(items), "refs.json").references
    here = Location.point("paper.md", 1, 1)
    citations = [
        Citation(key=item["id"], location=here, group=index) for index, item in enumerate(items)
    ]
    numbering = Numbering.from_citations(citations)
    ours_cites = [cite_numbered([citation], numbering).plain for citation in citations]
    ours_entries = [
        f"{entry.label} {entry.lines[0].plain}" for entry in numbered_list(references, numbering)
    ]
    entry_differences = tuple(
        (a, b) for a, b in zip(ours_entries, theirs_entries, strict=True) if a != b
    )
    cite_differences = tuple(
        (a, b) for a, b in zip(ours_cites, theirs_cites, strict=True) if a != b
    )
    return Fidelity(
        entries=len(ours_entries),
        entries_equal=len(ours_entries) - len(entry_differences),
        citations=len(items),
        citations_equal=len(items) - len(cite_differences),
        entry_differences=entry_differences,
        citation_differences=cite_differences,
    )


def journal_articles() -> list[dict[str, Any]]:
    """Every journal article of the sample (the first works are all conference papers)."""
    with WORKS.open(encoding="utf-8") as lines:
        works = [json.loads(line) for line in lines]
    return [work for work in works if work.get("type") == "journal-article"]
