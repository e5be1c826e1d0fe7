"""Local checks: what a person sees about keys, fields and identifiers before any network."""

from __future__ import annotations

from dataclasses import replace

import pytest
from cite_sentinel.core.config import Config
from cite_sentinel.core.findings import Code
from cite_sentinel.core.model import (
    Citation,
    Finding,
    Location,
    Read,
    Reference,
    Severity,
)
from cite_sentinel.core.sources import BIBLIOGRAPHY_SUFFIXES, read_text
from cite_sentinel.core.workspace.local_checks import Linked, lint

Mark = tuple[str, int, int]


def documents(fixture: str) -> tuple[list[Linked], list[Mark]]:
    """Documents from a multi-file fixture (STYLE.md §3) and the places its `^` lines mark.

    Each file starts with a `%! name` line; a line of only `^` marks the columns of the line
    above and is not part of the file. Every manuscript uses every bibliography.
    """
    files: dict[str, list[str]] = {}
    marks: list[Mark] = []
    name = ""
    for line in fixture.strip("\n").split("\n"):
        if line.startswith("%! "):
            name = line[3:].strip()
            files[name] = []
        elif line.strip() and set(line.strip()) == {"^"}:
            marks.append((name, len(files[name]), line.index("^") + 1))
        else:
            files[name].append(line)
    reads = {path: read_text("\n".join(lines) + "\n", path) for path, lines in files.items()}
    bibliographies = tuple(path for path in reads if path.endswith(tuple(BIBLIOGRAPHY_SUFFIXES)))
    docs = [
        Linked(path, read, () if path in bibliographies else bibliographies)
        for path, read in reads.items()
    ]
    return docs, marks


def places(findings: list[Finding], code: Code) -> list[Mark]:
    return [
        (f.location.path, f.location.line, f.location.column) for f in findings if f.code == code
    ]


def test_a_duplicate_key_is_reported_on_the_second_copy_pointing_to_the_first() -> None:
    docs, marks = documents(
        """
%! refs.json
[{"id": "smith2020", "title": "A", "author": [{"family": "S"}], "issued": 2020},
 {"id": "smith2020", "title": "B", "author": [{"family": "S"}], "issued": 2021}]
         ^
"""
    )
    findings = lint(docs, Config())
    assert places(findings, Code.DUPLICATE_KEY) == marks
    (duplicate,) = [f for f in findings if f.code == Code.DUPLICATE_KEY]
    assert duplicate.related == (Location("refs.json", 1, 10, 1, 19),)
    assert "smith2020" in duplicate.message and "line 1" in duplicate.message


def test_an_undefined_citation_key_suggests_the_closest_defined_key() -> None:
    docs, marks = documents(
        """
%! refs.json
[{"id": "smith2020", "title": "A", "author": [{"family": "S"}], "issued": 2020}]
%! paper.md
As shown by [@smith2021] and [@smith2020].
              ^
"""
    )
    findings = lint(docs, Config())
    assert places(findings, Code.UNDEFINED_KEY) == marks
    (undefined,) = [f for f in findings if f.code == Code.UNDEFINED_KEY]
    assert undefined.severity == Severity.ERROR
    assert "smith2021" in undefined.message
    assert "did you mean smith2020?" in undefined.message


def test_a_key_that_differs_only_in_case_is_suggested() -> None:
    docs, _ = documents(
        """
%! refs.json
[{"id": "Smith2020", "title": "A", "author": [{"family": "S"}], "issued": 2020}]
%! paper.md
As shown by [@smith2020].
"""
    )
    (undefined,) = [f for f in lint(docs, Config()) if f.code == Code.UNDEFINED_KEY]
    assert undefined.hint == "did you mean Smith2020?"


def test_an_undefined_key_without_any_close_key_says_where_to_add_it() -> None:
    docs, _ = documents(
        """
%! refs.json
[{"id": "smith2020", "title": "A", "author": [{"family": "S"}], "issued": 2020}]
%! paper.md
As [@smith2020] and [@zzz].
"""
    )
    (undefined,) = [f for f in lint(docs, Config()) if f.code == Code.UNDEFINED_KEY]
    assert "did you mean" not in undefined.message
    assert "refs.json" in undefined.message


def test_entries_never_cited_are_hints_on_their_keys() -> None:
    docs, marks = documents(
        """
%! refs.json
[{"id": "cited", "title": "A", "author": [{"family": "S"}], "issued": 2020},
 {"id": "lonely", "title": "B", "author": [{"family": "S"}], "issued": 2021}]
         ^
%! paper.md
As [@cited].
"""
    )
    findings = lint(docs, Config())
    assert places(findings, Code.UNUSED_ENTRY) == marks
    assert {f.severity for f in findings if f.code == Code.UNUSED_ENTRY} == {Severity.HINT}


def test_a_bibliography_no_manuscript_uses_gets_no_unused_hints() -> None:
    docs, _ = documents(
        """
%! refs.json
[{"id": "lonely", "title": "B", "author": [{"family": "S"}], "issued": 2021}]
"""
    )
    assert places(lint(docs, Config()), Code.UNUSED_ENTRY) == []


def test_unused_entries_can_be_turned_off() -> None:
    docs, _ = documents(
        """
%! refs.json
[{"id": "cited", "title": "A", "author": [{"family": "S"}], "issued": 2020},
 {"id": "lonely", "title": "B", "author": [{"family": "S"}], "issued": 2021}]
%! paper.md
As [@cited].
"""
    )
    assert places(lint(docs, Config(unused_entries=False)), Code.UNUSED_ENTRY) == []


def test_nocite_star_counts_every_entry_as_cited() -> None:
    docs, _ = documents(
        """
%! refs.json
[{"id": "cited", "title": "A", "author": [{"family": "S"}], "issued": 2020},
 {"id": "lonely", "title": "B", "author": [{"family": "S"}], "issued": 2021}]
%! paper.md
As [@cited].
"""
    )
    paper = docs[1]
    star = Citation(key="*", location=Location.point("paper.md", 1, 1))
    read = replace(paper.read, citations=(*paper.read.citations, star))
    docs[1] = replace(paper, read=read)
    findings = lint(docs, Config())
    assert places(findings, Code.UNUSED_ENTRY) == []
    assert places(findings, Code.UNDEFINED_KEY) == []


def test_missing_title_author_and_year_are_each_named() -> None:
    docs, marks = documents(
        """
%! refs.json
[{"id": "bare", "type": "article-journal"},
         ^
 {"id": "notitle", "author": [{"family": "S"}], "issued": 2020}]
         ^
"""
    )
    findings = [f for f in lint(docs, Config()) if f.code == Code.MISSING_FIELD]
    assert places(findings, Code.MISSING_FIELD) == marks
    assert "title, author and year" in findings[0].message
    assert "no title;" in findings[1].message


def test_an_edited_book_and_an_organisation_webpage_need_no_author_but_need_a_year() -> None:
    docs, _ = documents(
        """
%! refs.json
[{"id": "edited", "type": "book", "title": "T", "editor": [{"family": "E"}], "issued": 2001},
 {"id": "page", "type": "webpage", "title": "T", "publisher": "WHO"},
 {"id": "paper", "type": "article-journal", "title": "T", "editor": [{"family": "E"}],
  "issued": 2001}]
"""
    )
    findings = [f for f in lint(docs, Config()) if f.code == Code.MISSING_FIELD]
    assert [(f.key, f.message.split(";")[0]) for f in findings] == [
        ("page", "page: entry has no year"),
        ("paper", "paper: entry has no author"),
    ]


@pytest.mark.parametrize(
    ("field", "value", "code", "words"),
    [
        ("DOI", "10.12/abc", Code.MALFORMED_DOI, 'registrant code "12"'),
        ("ISBN", "0-306-40615-3", Code.MALFORMED_ISBN, "check digit 3, expected 2"),
        ("arxiv", "1713.00001", Code.MALFORMED_ARXIV, "month 13"),
    ],
)
def test_a_malformed_identifier_is_reported_naming_the_value(
    field: str, value: str, code: Code, words: str
) -> None:
    docs, _ = documents(
        f"""
%! refs.json
[{{"id": "x", "title": "T", "author": [{{"family": "S"}}], "issued": 2020, "{field}": "{value}"}}]
"""
    )
    (finding,) = [f for f in lint(docs, Config()) if f.code == code]
    assert words in finding.message and value in finding.message
    assert finding.severity == Severity.WARNING


def test_well_formed_entries_give_no_findings() -> None:
    docs, _ = documents(
        """
%! refs.json
[{"id": "x", "title": "T", "author": [{"family": "S"}], "issued": 2020,
  "DOI": "https://doi.org/10.1038/nature14539", "ISBN": "978-0-306-40615-7"}]
%! paper.md
As [@x].
"""
    )
    assert lint(docs, Config()) == []


def test_configured_severities_change_or_silence_findings_including_readers_own() -> None:
    docs, _ = documents(
        """
%! broken.json
[{"id": "a",}]
%! refs.json
[{"id": "x", "title": "T", "author": [{"family": "S"}], "issued": 2020, "DOI": "10.12/x"}]
%! paper.md
As [@x] and [@y].
"""
    )
    severities: dict[str, Severity | None] = {
        "malformed-doi": None,
        "undefined-key": Severity.WARNING,
        "parse-error": Severity.INFO,
    }
    findings = lint(docs, Config(severities=severities))
    assert {(f.code, f.severity) for f in findings} == {
        (Code.PARSE_ERROR, Severity.INFO),
        (Code.UNDEFINED_KEY, Severity.WARNING),
    }


def test_findings_are_sorted_by_path_line_and_column() -> None:
    reference = Reference(key="k", location=Location.point("b.json", 9, 1))
    early = Finding(
        code=Code.PARSE_ERROR,
        severity=Severity.ERROR,
        message="m",
        location=Location.point("b.json", 2, 5),
    )
    read = Read(references=(reference,), findings=(early,))
    other = Read(findings=(replace(early, location=Location.point("a.json", 7, 1)),))
    findings = lint([Linked("b.json", read), Linked("a.json", other)], Config())
    assert [(f.location.path, f.location.line) for f in findings] == [
        ("a.json", 7),
        ("b.json", 2),
        ("b.json", 9),
    ]
