"""RIS as reference managers export it: each record read as its CSL item, keyed by its ID or
its first author and year; what is broken is a finding with its line, and the rest is read."""

from __future__ import annotations

from cite_sentinel.core.sources import read_text
from cite_sentinel.core.sources.ris import read_ris

EXPORT = """\
TY  - JOUR
AU  - Nowlan, Steven J.
AU  - Hinton, Geoffrey E.
TI  - Simplifying Neural Networks by Soft
      Weight-Sharing
T2  - Neural Computation
PY  - 1992/07/01/
VL  - 4
IS  - 4
SP  - 473
EP  - 493
DO  - 10.1162/neco.1992.4.4.473
ER  -

TY  - CHAP
ID  - kahneman-heuristics
AU  - Kahneman, Daniel
ED  - Gilovich, Thomas
TI  - Judgment under uncertainty
BT  - Heuristics and Biases
PB  - Cambridge University Press
PY  - 2002
SN  - 9780521796798
ER  -

TY  - CPAPER
AU  - Nowlan, Steven J.
TI  - Maximum likelihood competitive learning
T2  - Advances in Neural Information Processing Systems
PY  - 1992
ER  -

TY  - RPRT
AU  - World Health Organization
TI  - Global tuberculosis report 2020
PY  - 2020
ER  -
"""


def test_each_record_is_read_as_the_work_it_describes() -> None:
    read = read_ris(EXPORT, "library.ris")
    assert not read.findings
    article, chapter, paper, report = read.references
    assert article.title == "Simplifying Neural Networks by Soft Weight-Sharing"
    assert [person.family for person in article.people] == ["Nowlan", "Hinton"]
    assert (article.year, article.venue, article.volume, article.issue) == (
        1992,
        "Neural Computation",
        "4",
        "4",
    )
    assert article.pages == "473–493"
    assert article.identifiers.doi == "10.1162/neco.1992.4.4.473"
    assert article.kind == "article-journal"
    assert (chapter.kind, chapter.venue, chapter.publisher) == (
        "chapter",
        "Heuristics and Biases",
        "Cambridge University Press",
    )
    assert [person.family for person in chapter.editors] == ["Gilovich"]
    assert chapter.identifiers.isbn == "9780521796798"
    assert paper.kind == "paper-conference"
    assert report.people[0].literal == "World Health Organization"


def test_keys_are_the_records_ids_else_first_author_and_year_made_unique() -> None:
    keys = [reference.key for reference in read_ris(EXPORT, "library.ris").references]
    assert keys == [
        "nowlan1992",
        "kahneman-heuristics",
        "nowlan1992a",
        "worldhealthorganization2020",
    ]


def test_each_record_is_located_where_it_is_written() -> None:
    article, chapter, *_ = read_ris(EXPORT, "library.ris").references
    assert (article.location.line, article.location.end_line) == (1, 13)
    assert chapter.location.line == 15
    assert article.raw.startswith("TY  - JOUR") and article.raw.endswith("ER  -")


def test_a_broken_record_is_a_finding_and_the_others_are_read() -> None:
    broken = (
        "this line is no tag\n"
        "TY  - JOUR\nAU  - Doe, Jane\nTI  - First work\nPY  - 2001\n"  # no ER
        "TY  - JOUR\nAU  - Roe, Rick\nTI  - Second work\nPY  - 2002\nER  - \n"
        "ER  - \n"
    )
    read = read_ris(broken, "broken.ris")
    assert [reference.title for reference in read.references] == ["First work", "Second work"]
    said = [(finding.location.line, finding.message) for finding in read.findings]
    assert said[0][0] == 1 and "outside any record" in said[0][1]
    assert any(line == 2 and "no ER" in message for line, message in said)
    assert any(line == 11 and "ER with no TY" in message for line, message in said)


def test_a_ris_file_is_known_by_its_text_where_its_name_says_nothing() -> None:
    read = read_text(EXPORT, "exported-citations")
    assert len(read.references) == 4


def test_a_date_with_only_a_year_and_a_season_gives_the_year() -> None:
    text = "TY  - JOUR\nAU  - Doe, Jane\nTI  - Quarterly\nPY  - 2019///Spring\nER  - \n"
    (reference,) = read_ris(text, "q.ris").references
    assert reference.year == 2019


def test_a_name_with_a_suffix_keeps_it_and_its_family() -> None:
    text = (
        "TY  - BOOK\nAU  - King, Martin Luther, Jr.\nTI  - Why We Can't Wait\nPY  - 1964\nER  - \n"
    )
    (reference,) = read_ris(text, "k.ris").references
    (person,) = reference.people
    assert (person.family, person.given, person.suffix) == ("King", "Martin Luther", "Jr.")
    assert reference.kind == "book"
