"""A list of Manubot citation ids reads as one identifier-only reference per id."""

from __future__ import annotations

from pathlib import Path

from cite_sentinel.core.sources import read_text
from cite_sentinel.core.sources.manubot import is_manubot_list, read_manubot_ids

IDS = """@doi:10.1038/NATURE12373
@arxiv:1606.08813v3
@pmid:29424689
@pmcid:PMC4497003
@url:https://arxiv.org/abs/1412.6572
@url:https://example.org/blog/post.html

@tag:deep-learning
@tag:alexnet
@fig:overview
@isbn:978-0-262-03561-3
"""


def test_each_id_is_a_reference_keyed_as_manubot_writes_it_with_its_identifier() -> None:
    read = read_text(IDS, "citation-ids.txt")
    found = {r.key: r.identifiers for r in read.references}
    assert found["doi:10.1038/NATURE12373"].doi == "10.1038/nature12373"
    assert found["arxiv:1606.08813v3"].arxiv == "1606.08813"
    assert found["pmid:29424689"].pmid == "29424689"
    assert found["pmcid:PMC4497003"].pmcid == "PMC4497003"
    assert found["url:https://arxiv.org/abs/1412.6572"].arxiv == "1412.6572"
    assert found["url:https://example.org/blog/post.html"].url.startswith("https://example.org")
    assert found["isbn:978-0-262-03561-3"].isbn == "9780262035613"
    assert len(found) == 7  # tags and the figure label are no references


def test_each_reference_sits_on_its_id() -> None:
    read = read_manubot_ids(IDS, "ids.txt")
    second = read.references[1]
    assert (second.location.line, second.location.column) == (2, 2)
    assert second.location.end_column == 2 + len("arxiv:1606.08813v3")


def test_tags_get_one_note_saying_they_were_not_checked() -> None:
    (note,) = read_manubot_ids(IDS, "ids.txt").findings
    assert note.message.startswith("2 @tag: ids not checked")
    assert note.location.line == 8 and len(note.related) == 1


def test_a_malformed_id_is_located_and_the_rest_still_read() -> None:
    read = read_manubot_ids("@doi:not-a-doi\n@doi:10.1000/ok\n", "ids.txt")
    assert [r.key for r in read.references] == ["doi:10.1000/ok"]
    (problem,) = read.findings
    assert problem.location.line == 1 and "not a valid doi identifier" in problem.message


def test_free_text_references_are_not_taken_for_ids() -> None:
    text = "[1] A. Smith. Deep nets. Journal of Nets, 2020. doi:10.1000/x\n"
    assert not is_manubot_list(text)
    assert not is_manubot_list("")


def test_a_list_without_a_name_is_recognised_by_its_text() -> None:
    read = read_text("@doi:10.1000/a\n@arxiv:2101.00001\n", "<stdin>")
    assert [r.key for r in read.references] == ["doi:10.1000/a", "arxiv:2101.00001"]


def test_the_deep_review_citation_ids_read_as_hundreds_of_works_not_one(data: Path) -> None:
    path = data / "real-bibs" / "deep-review_citation_ids.txt"
    read = read_text(path.read_text(encoding="utf-8"), str(path))
    keys = [reference.key for reference in read.references]
    assert len(keys) == 237 + 54 + 5 + 12  # doi, arxiv, pmcid, url; tags and labels aside
    assert all(":" in key for key in keys)
    assert sum(1 for r in read.references if r.identifiers.doi) >= 237
