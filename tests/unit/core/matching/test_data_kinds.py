"""Which cited works DataCite is searched for: datasets and software, told by kind and fields."""

from __future__ import annotations

from cite_sentinel.core.matching.data_kinds import cites_data, names_data_repository
from cite_sentinel.core.model import Identifiers, Location, Person, Reference


def _entry(kind: str, **fields: str) -> Reference:
    return Reference(
        key="k",
        location=Location.point("refs.bib", 1, 1),
        kind=kind,
        title="Radiosonde measurements from station Momote",
        people=(Person(family="Long", given="Charles"),),
        year=2015,
        publisher=fields.get("publisher", ""),
        identifiers=Identifiers(url=fields.get("url", ""), arxiv=fields.get("arxiv", "")),
        fields=tuple(fields.items()),
    )


def test_dataset_and_software_entries_are_searched_in_datacite_whatever_their_fields() -> None:
    for kind in ("dataset", "software", "Dataset", "softwareversion"):
        assert cites_data(_entry(kind)), kind


def test_an_untyped_entry_is_data_when_its_fields_say_so_or_name_where_data_live() -> None:
    said = [
        {"howpublished": "PANGAEA - Data Publisher for Earth & Environmental Science"},
        {"publisher": "Qualitative Data Repository"},
        {"note": "[Data set]"},
        {"note": "Computer software"},
        {"url": "https://zenodo.org/records/4000001"},
        {"url": "https://github.com/lab/tool"},
        {"howpublished": "figshare"},
    ]
    for fields in said:
        assert cites_data(_entry("misc", **fields)), fields


def test_papers_web_pages_and_preprints_are_not_searched_in_datacite() -> None:
    assert not cites_data(_entry("article", publisher="Zenodo"))  # a journal article's kind
    assert not cites_data(_entry("misc", howpublished="arXiv preprint", arxiv="2101.00001"))
    assert not cites_data(_entry("misc", url="https://example.org/about"))
    assert not cites_data(_entry("misc"))
    assert not cites_data(_entry("inproceedings", note="Dataset track"))


def test_only_data_a_doi_registering_repository_published_can_be_missing_from_datacite() -> None:
    assert names_data_repository(_entry("dataset", publisher="Zenodo"))
    assert names_data_repository(
        _entry("misc", howpublished="Cambridge Crystallographic Data Centre")
    )
    assert not names_data_repository(_entry("software", url="https://github.com/lab/tool"))
    assert not names_data_repository(_entry("dataset"))  # no repository named
    assert not names_data_repository(_entry("article", publisher="Zenodo"))
