"""Entries that lean on a `crossref` or `xdata` parent read complete, by biblatex's rules."""

from __future__ import annotations

from cite_sentinel.core.model import Person
from cite_sentinel.core.sources.bibtex import read_bibtex
from cite_sentinel.core.sources.bibtex_inherit import RawEntry, resolve_inheritance


def test_a_paper_takes_its_proceedings_title_as_booktitle() -> None:
    text = """@inproceedings{paper, author = {Ann Author}, title = {A Paper}, crossref = {conf}}
@proceedings{conf, title = {Proceedings of the {ACM} Conference}, year = 2020,
  publisher = {ACM}, editor = {Ed Itor}}
"""
    refs = {ref.key: ref for ref in read_bibtex(text, "r.bib").references}
    paper = refs["paper"]
    assert paper.title == "A Paper"
    assert paper.venue == "Proceedings of the ACM Conference"
    assert paper.field("booktitle") == "Proceedings of the ACM Conference"
    assert paper.year == 2020
    assert paper.publisher == "ACM"
    assert paper.editors == (Person(family="Itor", given="Ed"),)
    assert paper.people == (Person(family="Author", given="Ann"),)
    assert paper.field("crossref") == "conf"


def test_a_chapter_takes_the_book_title_and_author_as_book_fields() -> None:
    text = """@inbook{ch, title = {Chapter One}, pages = {1--20}, crossref = {bk}}
@book{bk, title = {The Book}, subtitle = {Its Subtitle}, author = {Bo Writer},
  shorttitle = {Book}, year = 2001}
"""
    chapter = {ref.key: ref for ref in read_bibtex(text, "r.bib").references}["ch"]
    assert chapter.title == "Chapter One"
    assert chapter.field("booktitle") == "The Book"
    assert chapter.field("booksubtitle") == "Its Subtitle"
    assert chapter.field("bookauthor") == "Bo Writer"
    assert chapter.people == (Person(family="Writer", given="Bo"),)
    assert chapter.field("shorttitle") == ""
    assert chapter.year == 2001


def test_an_article_takes_its_periodical_title_as_journaltitle() -> None:
    text = """@article{art, title = {An Article}, crossref = {per}}
@periodical{per, title = {Journal of Periodicals}, year = 1999}
"""
    article = {ref.key: ref for ref in read_bibtex(text, "r.bib").references}["art"]
    assert article.venue == "Journal of Periodicals"
    assert article.title == "An Article"


def test_an_incollection_under_a_plain_book_still_gets_a_booktitle() -> None:
    text = """@incollection{part, title = {Part}, crossref = {coll}}
@book{coll, title = {Collected Works}, year = 1990}
"""
    part = {ref.key: ref for ref in read_bibtex(text, "r.bib").references}["part"]
    assert part.title == "Part"
    assert part.venue == "Collected Works"


def test_own_fields_win_over_inherited_ones() -> None:
    text = """@inproceedings{p, title = {P}, year = 2019, booktitle = {Own}, crossref = {c}}
@proceedings{c, title = {Parent}, year = 2020}
"""
    paper = {ref.key: ref for ref in read_bibtex(text, "r.bib").references}["p"]
    assert (paper.year, paper.venue) == (2019, "Own")


def test_xdata_fields_are_shared_and_xdata_entries_are_not_references() -> None:
    text = """@xdata{acm, publisher = {ACM}, location = {New York}}
@xdata{y2020, year = 2020}
@article{a, title = {A}, xdata = {acm, y2020}}
"""
    refs = read_bibtex(text, "r.bib").references
    assert [ref.key for ref in refs] == ["a"]
    assert refs[0].publisher == "ACM"
    assert refs[0].year == 2020
    assert refs[0].field("location") == "New York"


def test_chained_parents_pass_fields_down() -> None:
    text = """@inproceedings{p, title = {P}, crossref = {proc}}
@proceedings{proc, title = {Proc}, crossref = {mv}}
@mvproceedings{mv, title = {All Volumes}, publisher = {Springer}, year = 2018}
"""
    refs = {ref.key: ref for ref in read_bibtex(text, "r.bib").references}
    assert refs["proc"].field("maintitle") == "All Volumes"
    assert refs["p"].venue == "Proc"
    assert refs["p"].publisher == "Springer"
    assert refs["p"].year == 2018


def test_a_crossref_cycle_or_missing_parent_does_not_hang_or_crash() -> None:
    text = """@misc{a, title = {A}, crossref = {b}}
@misc{b, title = {B}, crossref = {a}, year = 2000}
@misc{c, title = {C}, crossref = {nowhere}}
"""
    refs = {ref.key: ref for ref in read_bibtex(text, "r.bib").references}
    assert refs["a"].year == 2000
    assert refs["c"].title == "C"


def test_a_very_long_chain_of_parents_is_cut_short_without_crashing() -> None:
    text = "".join(f"@misc{{k{i}, crossref = {{k{i + 1}}}}}\n" for i in range(3000))
    text += "@misc{k3000, year = 1999}\n"
    refs = read_bibtex(text, "r.bib").references
    assert len(refs) == 3001
    assert refs[2990].year == 1999


def test_crossref_keys_match_without_case() -> None:
    entries = [
        RawEntry("inproceedings", "p", (("crossref", "CONF"),)),
        RawEntry("proceedings", "conf", (("title", "Conf"),)),
    ]
    assert resolve_inheritance(entries)[0] == (("crossref", "CONF"), ("booktitle", "Conf"))
