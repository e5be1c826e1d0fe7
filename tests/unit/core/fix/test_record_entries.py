"""A record written as an entry: the entry a bibliographer writes for each kind of work."""

from __future__ import annotations

from cite_sentinel.core import Identifiers, Location, Person, Record, Reference
from cite_sentinel.core.fix import citation_key, record_bibtex, record_csl, record_kind
from cite_sentinel.core.lexicon.kinds import Kind
from cite_sentinel.core.sources.bibtex import read_bibtex

PAPER = Record(
    source="openalex",
    id="W1",
    title="Über {Graphs} & Networks: 50% Faster",
    people=(Person(family="Müller", given="Jörg"), Person(family="Smith", given="Ann")),
    year=2021,
    venue="Proceedings of the AAAI Conference on Artificial Intelligence",
    pages="10-20",
    kind="article",
    identifiers=Identifiers(doi="10.1609/aaai.v35i1.1"),
    url="https://doi.org/10.1609/AAAI.v35i1.1",
)
# An arXiv preprint as OpenAlex holds it: typed preprint, its "venue" the repository.
PREPRINT = Record(
    source="openalex",
    id="W2",
    title="Scaling Laws for Retrieval-Augmented Citation Checking",
    people=(Person(family="Verma", given="Priya"), Person(family="Schulz", given="Tobias")),
    year=2023,
    venue="arXiv (Cornell University)",
    kind="preprint",
    identifiers=Identifiers(doi="10.48550/arxiv.2305.01234", arxiv="2305.01234"),
    is_preprint=True,
)


def _read(text: str) -> Reference:
    (entry,) = read_bibtex(text, "x.bib").references
    return entry


def test_an_entry_from_a_record_reads_back_as_the_record() -> None:
    entry = _read(record_bibtex("muller2021uber", PAPER))
    assert entry.kind == "inproceedings"  # OpenAlex's "article" in proceedings
    assert entry.title == PAPER.title
    assert [p.family for p in entry.people] == ["Müller", "Smith"]
    assert (entry.year, entry.venue, entry.identifiers.doi) == (
        2021,
        PAPER.venue,
        PAPER.identifiers.doi,
    )
    assert "  pages = {10--20},\n" in record_bibtex("k", PAPER)
    assert "  doi = {10.1609/AAAI.v35i1.1},\n" in record_bibtex("k", PAPER)  # as printed


def test_an_arxiv_preprint_is_a_misc_with_its_eprint_never_the_repository_as_journal() -> None:
    classed = Record(**{**_fields(PREPRINT), "eprint_class": "cs.CL"})
    text = record_bibtex("verma2023scaling", classed)
    assert text.startswith("\n@misc{verma2023scaling,\n")
    assert "journal" not in text and "Cornell" not in text and "howpublished" not in text
    for line in (
        "  eprint = {2305.01234},",
        "  archivePrefix = {arXiv},",
        "  primaryClass = {cs.CL},",
        "  doi = {10.48550/arXiv.2305.01234},",
        "  url = {https://arxiv.org/abs/2305.01234},",
    ):
        assert line in text.splitlines()
    entry = _read(text)
    assert (entry.identifiers.arxiv, entry.year, entry.venue) == ("2305.01234", 2023, "")


def test_a_preprint_known_by_its_arxiv_doi_alone_gets_its_eprint() -> None:
    datacite = Record(
        source="datacite",
        id="10.48550/arxiv.2305.01234",
        title="T",
        identifiers=Identifiers(doi="10.48550/arxiv.2305.01234"),
    )
    assert "  eprint = {2305.01234},\n" in record_bibtex("k", datacite)


def test_an_arxiv_record_with_a_journal_reference_is_still_written_as_the_preprint() -> None:
    from_arxiv = Record(
        source="arxiv",
        id="2305.01234",
        title="T",
        venue="Phys. Rev. D 10, 123 (2020)",  # arXiv's journal_ref
        kind="preprint",
        identifiers=Identifiers(doi="10.48550/arxiv.2305.01234", arxiv="2305.01234"),
        is_preprint=True,
    )
    text = record_bibtex("k", from_arxiv)
    assert text.startswith("\n@misc{k,") and "Phys. Rev." not in text


def test_a_preprint_in_another_repository_names_it_in_howpublished() -> None:
    biorxiv = Record(
        source="crossref",
        id="10.1101/2023.12.12.569610",
        title="Cells",
        year=2023,
        venue="bioRxiv",
        kind="posted-content",
        identifiers=Identifiers(doi="10.1101/2023.12.12.569610"),
    )
    text = record_bibtex("k", biorxiv)
    assert text.startswith("\n@misc{k,") and "  howpublished = {bioRxiv}," in text
    assert record_csl("k", biorxiv)["publisher"] == "bioRxiv"


def test_each_kind_of_work_gets_its_entry_type_and_venue_field() -> None:
    def written(kind: str, **more: str) -> tuple[str, list[str]]:
        record = Record(source="crossref", id="x", title="T", kind=kind, year=2020, **more)  # type: ignore[arg-type]
        text = record_bibtex("k", record)
        names = [line.split(" = ")[0].strip() for line in text.splitlines() if " = " in line]
        return text.split("{", 1)[0].strip(), names

    assert written("journal-article", venue="Nature", volume="5") == (
        "@article",
        ["title", "journal", "year", "volume"],
    )
    assert written("proceedings-article", venue="ICML")[0] == "@inproceedings"
    assert written("book-chapter", venue="A Handbook", publisher="Springer") == (
        "@incollection",
        ["title", "booktitle", "year", "publisher"],
    )
    assert written("book", publisher="MIT Press") == ("@book", ["title", "year", "publisher"])
    assert written("dissertation", publisher="University of Oslo") == (
        "@phdthesis",
        ["title", "school", "year"],
    )
    assert written("report", publisher="RAND") == ("@techreport", ["title", "institution", "year"])
    assert written("dataset", venue="Zenodo", publisher="Zenodo") == (
        "@misc",
        ["title", "year", "publisher"],
    )


def test_a_record_of_no_known_type_is_an_article_only_with_a_journal() -> None:
    assert record_kind(Record(source="s", id="x", venue="Nature")) is Kind.ARTICLE
    assert record_kind(Record(source="s", id="x")) is Kind.OTHER
    assert record_bibtex("k", Record(source="s", id="x", title="T")).startswith("\n@misc{k,")


def test_an_entry_ends_its_lines_as_the_file_does_and_escapes_its_values() -> None:
    record = Record(source="s", id="x", title="R&D at 100%", people=(Person("Garg", "Jugal"),))
    text = record_bibtex("k", record, newline="\r\n")
    assert text.count("\r\n") == text.count("\n") == 5
    assert "  title = {R\\&D at 100\\%},\r\n" in text and "  author = {Garg, Jugal},\r\n" in text
    assert _read(text).title == "R&D at 100%"


def test_a_preprint_as_csl_is_an_article_with_its_repository_and_arxiv_number() -> None:
    item = record_csl("verma2023scaling", PREPRINT)
    assert item["type"] == "article"
    assert "container-title" not in item
    assert (item["publisher"], item["number"], item["DOI"]) == (
        "arXiv",
        "arXiv:2305.01234",
        "10.48550/arXiv.2305.01234",
    )
    assert item["URL"] == "https://arxiv.org/abs/2305.01234"
    assert item["issued"] == {"date-parts": [["2023"]]}


def test_a_correction_keeps_what_the_record_lacks_and_the_citations_more_precise_kind() -> None:
    cited = Reference(
        key="k",
        location=Location.point("refs.bib", 1, 1),
        kind="inproceedings",
        source_format="bibtex",
        title="Old title",
        pages="1--9",
        publisher="ACM",
        accessed="2024-05-01",
        identifiers=Identifiers(url="https://example.org/paper"),
    )
    record = Record(source="openalex", id="W3", title="New title", year=2020, kind="article")
    item = record_csl("k", record, cited=cited)
    assert item["type"] == "paper-conference"  # OpenAlex's "article" says less
    assert (item["title"], item["page"], item["publisher"]) == ("New title", "1–9", "ACM")
    assert item["URL"] == "https://example.org/paper"
    assert item["accessed"] == {"date-parts": [["2024", "5", "1"]]}
    journal = Record(source="crossref", id="10.1/x", title="T", kind="proceedings-article")
    cited_article = Reference(
        key="k", location=Location.point("refs.bib", 1, 1), kind="article", source_format="bibtex"
    )
    assert record_csl("k", journal, cited=cited_article)["type"] == "paper-conference"


def test_a_csl_item_keeps_its_own_type_where_it_names_the_same_kind_more_closely() -> None:
    cited = Reference(
        key="k",
        location=Location.point("refs.json", 1, 1),
        kind="article-magazine",
        source_format="csl-json",
    )
    record = Record(source="crossref", id="10.1/x", title="T", kind="journal-article")
    assert record_csl("k", record, cited=cited)["type"] == "article-magazine"
    chapter = Record(source="crossref", id="10.1/y", title="T", kind="book-chapter")
    assert record_csl("k", chapter, cited=cited)["type"] == "chapter"


def test_a_key_is_family_year_and_first_word() -> None:
    assert citation_key(PAPER) == "muller2021uber"
    assert citation_key(Record(source="crossref", id="10.1/x", title="The Art")) == "art"


def _fields(record: Record) -> dict[str, object]:
    return {name: getattr(record, name) for name in record.__dataclass_fields__}
