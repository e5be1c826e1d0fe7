"""One normaliser for identifiers: what a reader, an index answer and a catalog import make of
an identifier is the same spelling, so that a work is found by it whoever wrote it."""

from __future__ import annotations

import pytest
from cite_sentinel.core.lexicon.identifiers import normalise_arxiv, normalise_doi
from cite_sentinel.core.records import record_from_work
from cite_sentinel.core.verify.backends.arxiv import records_from_feed


@pytest.mark.parametrize(
    ("written", "expected"),
    [
        ("10.1101/2023.12.12.569610v1", "10.1101/2023.12.12.569610"),  # bioRxiv's page version
        ("https://doi.org/10.48550/arXiv.2101.00001v2", "10.48550/arxiv.2101.00001"),
        ("doi: 10.1000/ABC.", "10.1000/abc"),  # a sentence's full stop is no part of it
        ("10.1103/PhysRevD.90.014508.URL", "10.1103/physrevd.90.014508"),  # a PDF's glued word
        ("https://dx.doi.org/10.1016/J.CELL.2020.01.001", "10.1016/j.cell.2020.01.001"),
    ],
)
def test_a_doi_has_one_spelling_however_written(written: str, expected: str) -> None:
    assert normalise_doi(written) == expected


@pytest.mark.parametrize(
    ("written", "expected"),
    [
        ("math.GT/0309136v2", "math/0309136"),  # the subject class is no part of the id
        ("arXiv:2101.00001v3", "2101.00001"),
        ("https://arxiv.org/abs/hep-th/9901001", "hep-th/9901001"),
    ],
)
def test_an_arxiv_id_has_one_spelling_however_written(written: str, expected: str) -> None:
    assert normalise_arxiv(written) == expected


def test_an_index_record_spells_its_doi_as_a_reader_does() -> None:
    record = record_from_work(
        {"id": "https://openalex.org/W1", "doi": "https://doi.org/10.1101/2023.12.12.569610v1",
         "display_name": "A preprint"}
    )  # fmt: skip
    assert record.identifiers.doi == normalise_doi("10.1101/2023.12.12.569610v1")


def test_an_arxiv_feed_entry_with_an_old_id_and_subject_class_keys_as_a_reader_does() -> None:
    feed = b"""<feed xmlns="http://www.w3.org/2005/Atom"><entry>
      <id>http://arxiv.org/abs/math.GT/0309136v2</id><title>Knots</title>
      <published>2003-09-08T00:00:00Z</published>
      <author><name>A. Author</name></author></entry></feed>"""
    (record,) = records_from_feed(feed)
    assert record.identifiers.arxiv == normalise_arxiv("arXiv:math.GT/0309136")
