"""Values no encoder or converter takes (lone surrogates, integers of thousands of digits)
cost at most their own item: the rest of the file is read, and nothing later fails on them."""

from __future__ import annotations

from cite_sentinel.core.findings import Code
from cite_sentinel.core.sources import read_text
from cite_sentinel.core.sources.csl import read_csl_json, read_csl_yaml
from cite_sentinel.core.sources.markdown import read_markdown
from cite_sentinel.core.sources.surrogates import without_surrogates

HUGE = "9" * 5000


def _encodable(text: str) -> bool:
    text.encode("utf-8")
    return True


def test_a_lone_surrogate_in_csl_json_becomes_a_replacement_character() -> None:
    text = '[{"id": "s1", "title": "A \\ud800 title", "note": "smile \\ud83d\\ude00"}]'
    (reference,) = read_csl_json(text, "refs.json").references
    assert reference.title == "A \ufffd title"
    assert reference.field("note") == "smile 😀"
    assert all(_encodable(value) for _, value in reference.fields)


def test_a_lone_surrogate_in_csl_yaml_becomes_a_replacement_character() -> None:
    text = 'references:\n- id: s2\n  title: "\\ud800 x"\n  note: "\\ud83d\\ude00"\n'
    (reference,) = read_csl_yaml(text, "refs.yaml").references
    assert reference.title == "\ufffd x"
    assert reference.field("note") == "😀"  # YAML leaves the pair apart; it is joined


def test_text_handed_over_with_a_lone_surrogate_keeps_its_length() -> None:
    assert without_surrogates("a\ud800b") == "a\ufffdb"
    read = read_text("@article{k\udc00ey, title = {T\ud800}}\n", "refs.bib")
    assert read.references[0].title == "T\ufffd"


def test_a_csl_json_integer_of_thousands_of_digits_is_read_as_text() -> None:
    text = f'[{{"id": "b1", "title": "Big", "volume": {HUGE}}}, {{"id": "b2", "title": "Next"}}]'
    read = read_csl_json(text, "refs.json")
    assert [reference.key for reference in read.references] == ["b1", "b2"]
    assert read.references[0].volume == HUGE


def test_a_csl_yaml_integer_of_thousands_of_digits_costs_only_its_item() -> None:
    text = f"references:\n- id: y1\n  volume: {HUGE}\n- id: y2\n  title: Kept\n"
    read = read_csl_yaml(text, "refs.yaml")
    assert [reference.key for reference in read.references] == ["y2"]
    (finding,) = [f for f in read.findings if f.code == Code.PARSE_ERROR]
    assert finding.location.line == 2
    assert "cannot be read" in finding.message


def test_front_matter_with_a_huge_integer_is_a_parse_error_and_the_citations_still_count() -> None:
    text = f"---\nbibliography: refs.bib\nodd: {HUGE}\n---\nAs shown [@smith2020].\n"
    read = read_markdown(text, "paper.md")
    assert [citation.key for citation in read.citations] == ["smith2020"]
    assert [f.code for f in read.findings] == [Code.PARSE_ERROR]
    assert "front matter" in read.findings[0].message
