"""CSL-JSON and CSL-YAML bibliographies read into references placed where each item is."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cite_sentinel.core.findings import Code
from cite_sentinel.core.model import Person
from cite_sentinel.core.sources.csl import is_csl, read_csl_json, read_csl_yaml

ZOTERO_JSON = """[
  {
    "id": "lecun2015",
    "type": "article-journal",
    "title": "Deep <i>learning</i> for <span class=\\"nocase\\">iPhone</span> users",
    "container-title": ["Nature", "Nat."],
    "volume": "521", "issue": 7553, "page": "436-444",
    "DOI": "https://doi.org/10.1038/NATURE14539",
    "PMID": "26017442",
    "author": [
      {"family": "LeCun", "given": "Yann"},
      {"family": "Beethoven", "given": "Ludwig", "dropping-particle": "van"},
      {"family": "King", "given": "Martin Luther", "suffix": "Jr."},
      {"literal": "The Deep Learning Consortium"},
      {"literal": "others"}
    ],
    "issued": {"date-parts": [["2015", "5", "27"]]},
    "accessed": {"date-parts": [[2024, 1, 2]]}
  },
  {"id": "report1", "type": "report", "title": "A report", "issued": {"raw": "March 2019"}},
  {"id": 42, "title": "Numeric", "issued": {"literal": "c. 1890"}, "number": "arXiv:1706.03762"}
]"""


def test_a_zotero_csl_json_item_becomes_a_reference_with_every_field() -> None:
    read = read_csl_json(ZOTERO_JSON, "refs.json")
    assert read.findings == ()
    first = read.references[0]
    assert first.key == "lecun2015"
    assert first.kind == "article-journal"
    assert first.title == "Deep learning for iPhone users"
    assert first.protected_title == "Deep learning for {iPhone} users"
    assert first.people == (
        Person(family="LeCun", given="Yann"),
        Person(family="Beethoven", given="Ludwig", von="van"),
        Person(family="King", given="Martin Luther", suffix="Jr."),
        Person(literal="The Deep Learning Consortium"),
    )
    assert first.others
    assert (first.year, first.date, first.accessed) == (2015, "2015-05-27", "2024-01-02")
    assert (first.venue, first.volume, first.issue, first.pages) == (
        "Nature",
        "521",
        "7553",
        "436-444",
    )
    assert first.identifiers.doi == "10.1038/nature14539"
    assert first.identifiers.pmid == "26017442"
    assert first.field("doi") == "https://doi.org/10.1038/NATURE14539"
    assert first.source_format == "csl-json"


def test_dates_given_as_raw_or_literal_text_still_give_a_year() -> None:
    read = read_csl_json(ZOTERO_JSON, "refs.json")
    assert [(ref.key, ref.year) for ref in read.references[1:]] == [("report1", 2019), ("42", 1890)]


def test_an_arxiv_id_in_the_number_field_is_found() -> None:
    read = read_csl_json(ZOTERO_JSON, "refs.json")
    assert read.references[2].identifiers.arxiv == "1706.03762"


def test_each_json_item_is_located_at_its_brace_and_its_id() -> None:
    read = read_csl_json(ZOTERO_JSON, "refs.json")
    first, second, third = read.references
    assert (first.location.line, first.location.column) == (2, 3)
    assert first.location.end_line == 19
    assert first.key_location is not None
    assert (first.key_location.line, first.key_location.column) == (3, 12)
    assert first.key_location.end_column - first.key_location.column == len("lecun2015")
    assert (second.location.line, third.location.line) == (20, 21)
    assert first.raw.startswith("{") and first.raw.endswith("}")


def test_invalid_json_is_a_parse_error_at_its_line_and_column() -> None:
    text = '[\n  {"id": "a", "title": "x",}\n]'
    read = read_csl_json(text, "refs.json")
    assert read.references == ()
    (finding,) = read.findings
    assert finding.code == Code.PARSE_ERROR
    assert (finding.location.line, finding.location.column) == (2, 28)
    assert "invalid JSON" in finding.message and "fix" in finding.message


def test_foreign_json_is_reported_as_not_a_bibliography() -> None:
    read = read_csl_json('{"name": "pkg", "version": "1.0.0"}', "package.json")
    (finding,) = read.findings
    assert "not a CSL-JSON bibliography" in finding.message


def test_items_that_are_not_objects_or_lack_an_id_are_reported_and_the_rest_read() -> None:
    text = '[5, {"title": "No id here"}, {"id": "ok", "title": "Fine"}]'
    read = read_csl_json(text, "refs.json")
    assert [ref.key for ref in read.references] == ["ok"]
    codes = [finding.code for finding in read.findings]
    assert codes == [Code.PARSE_ERROR, Code.MISSING_FIELD]
    assert 'item "No id here" has no id' in read.findings[1].message


def test_an_object_wrapping_the_items_is_read_with_their_places() -> None:
    text = '{"items": [\n  {"id": "a", "title": "A"},\n  {"id": "b", "title": "B"}\n]}'
    read = read_csl_json(text, "refs.json")
    assert [(ref.key, ref.location.line) for ref in read.references] == [("a", 2), ("b", 3)]


PANDOC_YAML = """---
references:
- id: doe2021
  type: book
  title: A *book*
  editor:
    - family: Doe
      given: Jane
  issued: 2021-02-30
  publisher: Press
  ISBN: 0-306-40615-2
- id: roe1999
  author:
    - family: Roe
      given: R.
      non-dropping-particle: de
  issued:
    - year: 1999
      month: 3
  title: Another
...
"""


def test_a_pandoc_yaml_bibliography_is_read_with_lines_and_dates_as_written() -> None:
    read = read_csl_yaml(PANDOC_YAML, "refs.yaml")
    assert read.findings == ()
    doe, roe = read.references
    assert doe.key == "doe2021" and doe.editors == (Person(family="Doe", given="Jane"),)
    assert (doe.year, doe.date) == (2021, "2021-02-30")
    assert doe.identifiers.isbn == "9780306406157"
    assert (doe.location.line, doe.location.column) == (3, 3)
    assert doe.key_location is not None
    assert (doe.key_location.line, doe.key_location.column) == (3, 7)
    assert roe.people == (Person(family="Roe", given="R.", von="de"),)
    assert (roe.year, roe.date, roe.location.line) == (1999, "1999-03", 12)
    assert roe.source_format == "csl-yaml"


def test_front_matter_references_get_lines_of_the_enclosing_file() -> None:
    front = "references:\n- id: a\n  title: T\n"
    read = read_csl_yaml(front, "paper.md", first_line=2)
    (reference,) = read.references
    assert reference.location.line == 3


def test_a_bare_yaml_list_is_read() -> None:
    read = read_csl_yaml("- id: a\n  title: T\n- id: b\n  title: U\n", "refs.yml")
    assert [ref.key for ref in read.references] == ["a", "b"]


def test_invalid_yaml_is_a_parse_error_in_the_enclosing_file() -> None:
    read = read_csl_yaml("references:\n- id: a\n  title: [unclosed\n", "paper.md", first_line=5)
    (finding,) = read.findings
    assert finding.code == Code.PARSE_ERROR
    assert finding.location.line >= 7
    assert "invalid YAML" in finding.message


def test_a_self_referencing_yaml_alias_is_a_finding_not_a_hang() -> None:
    read = read_csl_yaml("- &a [*a]\n", "refs.yaml")
    assert read.references == ()
    assert read.findings


@pytest.mark.parametrize(
    ("text", "path", "expected"),
    [
        (ZOTERO_JSON, "refs.json", True),
        ("[]", "empty.json", True),
        ('{"name": "pkg", "version": "1.0.0", "dependencies": {}}', "package.json", False),
        ('[{"id": 1, "name": "row"}]', "rows.json", False),
        ('{"compilerOptions": {"strict": true}}', "tsconfig.json", False),
        (PANDOC_YAML, "refs.yaml", True),
        ("- id: a\n  title: T\n", "refs.yml", True),
        (
            "on: push\njobs:\n  test:\n    steps:\n      - id: x\n        run: make\n",
            "ci.yml",
            False,
        ),
        ("version: 2\nupdates:\n  - package-ecosystem: pip\n", "dependabot.yml", False),
    ],
)
def test_csl_files_are_told_apart_from_foreign_json_and_yaml(
    text: str, path: str, expected: bool
) -> None:
    assert is_csl(text, path) is expected


def test_the_deep_review_csl_json_reads_every_item(data: Path) -> None:
    text = (data / "real-bibs" / "deep-review_manual-references.csl.json").read_text("utf-8")
    read = read_csl_json(text, "deep-review.json")
    items = json.loads(text)
    assert read.findings == ()
    assert [ref.key for ref in read.references] == [item["id"] for item in items]
    assert all(ref.title for ref in read.references)
    assert all(text.startswith("{", _offset(text, ref.location.line, ref.location.column))
               for ref in read.references)  # fmt: skip
    assert is_csl(text, "deep-review.json")


def _offset(text: str, line: int, column: int) -> int:
    lines = text.split("\n")
    return sum(len(part) + 1 for part in lines[: line - 1]) + column - 1


def _saved_report(tmp_path: Path) -> Path:
    """A cite-sentinel JSON report of a real check, saved as report.json."""
    import asyncio

    from cite_sentinel.core import check
    from cite_sentinel.core.report.json import render_json

    (tmp_path / "refs.bib").write_text(
        "@article{a, title={Deep Learning}, author={LeCun, Yann}, year={2015}}\n",
        encoding="utf-8",
    )
    (tmp_path / "paper.md").write_text("As shown [@a].\n", encoding="utf-8")
    result = asyncio.run(check([str(tmp_path / "refs.bib"), str(tmp_path / "paper.md")]))
    report = tmp_path / "report.json"
    report.write_text(render_json(result), encoding="utf-8")
    return report


def test_a_saved_cite_sentinel_report_is_not_read_as_a_bibliography(tmp_path: Path) -> None:
    report = _saved_report(tmp_path)
    text = report.read_text(encoding="utf-8")
    assert not is_csl(text, str(report))
    read = read_csl_json(text, str(report))
    assert read.references == ()
    assert all(finding.severity.value in ("info", "hint") for finding in read.findings)


def test_a_folder_with_a_saved_report_checks_as_clean_as_without_it(tmp_path: Path) -> None:
    import asyncio

    from cite_sentinel.core import check

    _saved_report(tmp_path)
    result = asyncio.run(check([str(tmp_path)]))
    assert not any(finding.location.path.endswith("report.json") for finding in result.findings)
    assert [reference.key for reference in result.references] == ["a"]
