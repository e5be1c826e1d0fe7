"""Our APA 7 rendering agrees with pandoc's citeproc and apa.csl on real works."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest
from cite_sentinel.core.model import Citation, CitationMode, Location
from cite_sentinel.core.sources.csl import read_csl_json
from cite_sentinel.core.styles import Disambiguation, apa_list, cite_apa

from tests.support.apa_fidelity import measure, read_works

ENTRY_BAR = 0.98  # the bars, on the 300 works (docs/BENCHMARKS.md)
CITATION_BAR = 0.99


@pytest.mark.slow
def test_apa_entries_and_citations_agree_with_citeproc(data: Path, pandoc3: str) -> None:
    result = measure(read_works(300), pandoc3, data / "csl" / "apa.csl")
    assert result.entries_equal / result.entries >= ENTRY_BAR, result.entry_differences
    assert result.citations_equal / result.citations >= CITATION_BAR, result.citation_differences


def _person(family: str, given: str) -> dict[str, str]:
    return {"family": family, "given": given}


FORMS: list[dict[str, Any]] = [
    {
        "id": "chapter",
        "type": "chapter",
        "title": "A chapter on things",
        "author": [_person("Brown", "Bea")],
        "editor": [_person("Green", "Gil"), _person("White", "Wes T.")],
        "container-title": "The big book of things",
        "publisher": "Springer",
        "page": "45-67",
        "issued": {"date-parts": [[2019]]},
        "DOI": "10.1/chap",
    },
    {
        "id": "edited",
        "type": "paper-conference",
        "title": "A paper with editors",
        "author": [_person("Clark", "Cy")],
        "editor": [_person("Eddy", "Ed")],
        "container-title": "Proceedings of the big conference",
        "publisher": "ACM",
        "page": "1-10",
        "issued": {"date-parts": [[2020]]},
    },
    {
        "id": "report",
        "type": "report",
        "title": "A technical report",
        "author": [{"literal": "World Health Organization"}],
        "publisher": "WHO",
        "number": "TR-12",
        "issued": {"date-parts": [[2017]]},
    },
    {
        "id": "phd",
        "type": "thesis",
        "genre": "Doctoral dissertation",
        "title": "My thesis",
        "author": [_person("Fox", "Fay")],
        "publisher": "Stanford University",
        "issued": {"date-parts": [[2016]]},
    },
    {
        "id": "masters",
        "type": "thesis",
        "genre": "Master's thesis",
        "title": "Small thesis",
        "author": [_person("Kay", "Kim")],
        "publisher": "MIT",
        "issued": {"date-parts": [[2015]]},
    },
    {
        "id": "web",
        "type": "webpage",
        "title": "A beginner's guide to ZKPs",
        "author": [_person("Gray", "Gus")],
        "container-title": "Example Blog",
        "URL": "https://blog.example.com/zk",
        "issued": {"date-parts": [[2024, 1, 15]]},
    },
    {
        "id": "undated",
        "type": "book",
        "title": "Undated book",
        "author": [_person("Moe", "Max")],
        "publisher": "Pub",
    },
    *(
        {
            "id": key,
            "type": "article-journal",
            "title": title,
            "author": [_person("Lee", "Lu")],
            "container-title": "Journal of things",
            "issued": {"date-parts": [[2020]]},
        }
        for key, title in (("lee1", "One"), ("lee2", "Two"))
    ),
    *(  # two author lists that both shorten to "Wu et al.": no year collapsing
        {
            "id": key,
            "type": "article-journal",
            "title": f"Work of {year}",
            "author": [_person("Wu", "Wei"), *others],
            "container-title": "Journal of things",
            "issued": {"date-parts": [[year]]},
        }
        for key, year, others in (
            ("wu2017", 2017, [_person("Lee", "Lu"), _person("Kim", "Ko")]),
            ("wu2025", 2025, [_person("Kim", "Ko"), _person("Moe", "Max")]),
        )
    ),
]


PLAIN = ("-t", "plain", "--wrap=none")


def _citeproc(pandoc: str, csl: Path, bibliography: Path, document: str) -> list[str]:
    """The paragraphs pandoc's citeproc writes for the document: citations, then the list."""
    output = subprocess.run(
        [pandoc, "--citeproc", "--csl", str(csl), "--bibliography", str(bibliography), *PLAIN],
        input=document,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    ).stdout
    return [p.strip() for p in output.split("\n\n") if p.strip()]


@pytest.mark.slow
def test_chapters_editors_reports_theses_web_pages_and_groups_read_as_citeproc_writes(
    tmp_path: Path, data: Path, pandoc3: str
) -> None:
    bibliography = tmp_path / "forms.json"
    bibliography.write_text(json.dumps(FORMS), encoding="utf-8")
    document = "---\nnocite: '@*'\n---\n\n" + (
        "[@lee1; @lee2; @report, p. 4]\n\n@chapter says\n\n[see @undated; -@lee2]\n\n"
        "[@wu2025; @wu2017]\n"
    )
    theirs = _citeproc(pandoc3, data / "csl" / "apa.csl", bibliography, document)
    references = read_csl_json(json.dumps(FORMS), "forms.json").references
    by_key = {reference.key: reference for reference in references}
    disambiguation = Disambiguation.from_references(references)
    here = Location.point("paper.md", 1, 1)

    def cite(*citations: Citation) -> str:
        return cite_apa(citations, by_key, disambiguation).plain

    ours = [
        cite(
            Citation(key="lee1", location=here),
            Citation(key="lee2", location=here),
            Citation(key="report", location=here, locator="p. 4"),
        ),
        cite(Citation(key="chapter", location=here, mode=CitationMode.AUTHOR_IN_TEXT)) + " says",
        cite(
            Citation(key="undated", location=here, prefix="see"),
            Citation(key="lee2", location=here, mode=CitationMode.SUPPRESS_AUTHOR),
        ),
        cite(Citation(key="wu2025", location=here), Citation(key="wu2017", location=here)),
        *(entry.lines[0].plain for entry in apa_list(references)),
    ]
    assert ours == theirs


CUT_LISTS = (
    "@article{a, author = {Smith, John and Doe, Jane and others}, year = {2020},"
    " title = {Deep learning: a review of methods}, journal = {Journal of Things},"
    " volume = {3}, pages = {1--10}}\n"
    "@article{b, author = {Smith, John and others}, title = {A Study: the Second One},"
    " journal = {Journal of Things}, year = {2021}}\n"
    "@article{c, author = {Roe, Ann and Poe, Bo}, title = {Learning: {the} {Bad} Way},"
    " journal = {Journal of Things}, year = {2019}}\n"
)


@pytest.mark.slow
def test_bibtex_lists_cut_with_and_others_and_subtitles_read_as_citeproc_writes(
    tmp_path: Path, data: Path, pandoc3: str
) -> None:
    from cite_sentinel.core.sources.bibtex import read_bibtex

    bibliography = tmp_path / "cut.bib"
    bibliography.write_text(CUT_LISTS, encoding="utf-8")
    document = "---\nnocite: '@*'\n---\n\n[@a; @b; @c]\n\n@b says\n"
    theirs = _citeproc(pandoc3, data / "csl" / "apa.csl", bibliography, document)
    references = read_bibtex(CUT_LISTS, "cut.bib").references
    by_key = {reference.key: reference for reference in references}
    disambiguation = Disambiguation.from_references(references)
    here = Location.point("paper.md", 1, 1)
    ours = [
        cite_apa(
            [Citation(key=key, location=here) for key in ("a", "b", "c")], by_key, disambiguation
        ).plain,
        cite_apa(
            [Citation(key="b", location=here, mode=CitationMode.AUTHOR_IN_TEXT)],
            by_key,
            disambiguation,
        ).plain
        + " says",
        *(entry.lines[0].plain for entry in apa_list(references)),
    ]
    assert ours == theirs
