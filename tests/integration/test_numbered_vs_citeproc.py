"""Our numbered list reads as IEEE's: it agrees with pandoc's citeproc and ieee.csl."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest
from cite_sentinel.core.sources.csl import read_csl_json
from cite_sentinel.core.styles import Numbering, numbered_list

from tests.integration.test_apa_vs_citeproc import FORMS
from tests.support.apa_fidelity import read_works
from tests.support.numbered_fidelity import journal_articles, measure

ENTRY_BAR = 0.99  # docs/BENCHMARKS.md: 99.8% on these works


@pytest.mark.slow
def test_entries_of_conference_papers_and_journal_articles_agree_with_citeproc(
    data: Path, pandoc3: str
) -> None:
    works = read_works(300) + journal_articles()
    result = measure(works, pandoc3, data / "csl" / "ieee.csl")
    assert result.entries_equal / result.entries >= ENTRY_BAR, result.entry_differences
    assert result.citations_equal == result.citations, result.citation_differences


MORE_FORMS: list[dict[str, Any]] = [
    {
        "id": "visited",
        "type": "webpage",
        "title": "A page seen once",
        "author": [{"family": "Gray", "given": "Gus"}],
        "URL": "https://example.org/a",
        "accessed": {"date-parts": [[2024, 2, 8]]},
    },
    {
        "id": "issue",
        "type": "article-journal",
        "title": 'Is it "so"?',
        "author": [{"family": "Doe", "given": "Jo"}],
        "container-title": "J. Things",
        "volume": "4",
        "issue": "6",
        "page": "922-931",
        "issued": {"date-parts": [[1992, 6]]},
        "DOI": "10.1/ABC",
    },
    {
        "id": "seven",
        "type": "article-journal",
        "title": "Seven authors",
        "author": [{"family": f"Author{n}", "given": "Bo"} for n in range(7)],
        "container-title": "Journal",
        "issued": {"date-parts": [[2000]]},
        "URL": "https://example.org/seven",
    },
    {
        "id": "note",
        "type": "document",
        "title": "A note",
        "author": [{"family": "Roe", "given": "Ray", "suffix": "Jr."}],
        "publisher": "Self",
        "issued": {"date-parts": [[2011, 3, 4]]},
    },
    {
        "id": "edited",
        "type": "book",
        "title": "An edited book",
        "editor": [{"family": "Eddy", "given": "Ed"}, {"family": "Fay", "given": "Flo"}],
        "publisher": "Pub",
        "publisher-place": "Berlin",
        "edition": "2",
        "issued": {"date-parts": [[2005]]},
    },
    {
        "id": "preprint",
        "type": "article",
        "title": "A preprint",
        "author": [{"family": "Qi", "given": "Qiu"}],
        "publisher": "arXiv",
        "number": "2101.00001",
        "issued": {"date-parts": [[2021]]},
        "URL": "https://arxiv.org/abs/2101.00001",
    },
]


@pytest.mark.slow
def test_chapters_reports_theses_books_web_pages_and_preprints_read_as_citeproc_writes(
    tmp_path: Path, data: Path, pandoc3: str
) -> None:
    items = FORMS + MORE_FORMS
    bibliography = tmp_path / "forms.json"
    bibliography.write_text(json.dumps(items), encoding="utf-8")
    csl = str(data / "csl" / "ieee.csl")
    command = [pandoc3, "--citeproc", "--csl", csl, "--bibliography", str(bibliography)]
    output = subprocess.run(
        [*command, "-t", "plain", "--wrap=none"],
        input="---\nnocite: '@*'\n---\n\ntext\n",
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    ).stdout
    theirs = [p.strip() for p in output.split("\n\n") if p.strip()][1:]
    references = read_csl_json(json.dumps(items), "forms.json").references
    numbering = Numbering.from_keys([reference.key for reference in references])
    ours = [f"{e.label} {e.lines[0].plain}" for e in numbered_list(references, numbering)]
    assert _unnumbered(ours) == _unnumbered(theirs)


def _unnumbered(entries: list[str]) -> list[str]:
    """citeproc orders `nocite: @*` entries its own way; the entries are what count."""
    return sorted(re.sub(r"^\[\d+\] ", "", entry) for entry in entries)
