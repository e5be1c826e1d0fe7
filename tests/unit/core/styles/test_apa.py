"""APA 7 rules, each with a literal reference."""

from __future__ import annotations

from dataclasses import replace

import pytest
from cite_sentinel.core.model import (
    Citation,
    CitationMode,
    Identifiers,
    Location,
    Person,
    Reference,
)
from cite_sentinel.core.styles import Disambiguation, apa_entry, apa_list, cite_apa
from cite_sentinel.core.styles.sentence_case import sentence_case

HERE = Location.point("refs.bib", 1, 1)
SMITH = Person(family="Smith", given="John Adam")
DOE = Person(family="Doe", given="Jane")


def _ref(key: str, *people: Person, year: int = 2024, **fields: str) -> Reference:
    return Reference(
        key=key, location=HERE, people=people, year=year, date=str(year), title=key, **fields
    )


def _cite(refs: list[Reference], *keys: str, **options: object) -> str:
    by_key = {reference.key: reference for reference in refs}
    group = [Citation(key=key, location=HERE, **options) for key in keys]  # type: ignore[arg-type]
    return cite_apa(group, by_key, Disambiguation.from_references(refs)).plain


def test_in_text_forms_for_one_two_and_three_authors() -> None:
    third = Person(family="Roe", given="R.")
    refs = [_ref("a", SMITH), _ref("b", SMITH, DOE, year=2023), _ref("c", SMITH, DOE, third)]
    assert _cite(refs, "a") == "(Smith, 2024)"
    assert _cite(refs, "b") == "(Smith & Doe, 2023)"
    assert _cite(refs, "c") == "(Smith et al., 2024)"


def test_narrative_locator_and_several_works_sorted() -> None:
    refs = [_ref("s", SMITH), _ref("d", DOE, year=2020)]
    assert _cite(refs, "s", mode=CitationMode.AUTHOR_IN_TEXT) == "Smith (2024)"
    assert _cite(refs, "s", locator="p. 33") == "(Smith, 2024, p. 33)"
    assert _cite(refs, "s", "d") == "(Doe, 2020; Smith, 2024)"


def test_years_collapse_only_after_the_same_author_list() -> None:
    wu = Person(family="Wu", given="Wei")
    refs = [
        _ref("wu2017", wu, SMITH, DOE, year=2017),
        _ref("wu2025", wu, DOE, Person(family="Lee", given="Li"), year=2025),
        _ref("smith2020", SMITH, year=2020),
        _ref("smith2022", SMITH, year=2022),
    ]
    assert _cite(refs, "wu2017", "wu2025") == "(Wu et al., 2017; Wu et al., 2025)"
    assert _cite(refs, "smith2022", "smith2020") == "(Smith, 2020, 2022)"


def test_works_cited_together_sort_by_whole_first_names_then_year() -> None:
    refs = [
        _ref("zihao", Person(family="Pan", given="Zihao"), SMITH, DOE, year=2023),
        _ref("zibin", Person(family="Pan", given="Zibin"), DOE, SMITH, year=2023),
        _ref("older", Person(family="Pan", given="Zihao"), DOE, SMITH, year=2016),
    ]
    assert _cite(refs, "zihao", "zibin", "older") == (
        "(Pan, Doe, et al., 2023; Pan et al., 2016; Pan, Smith, et al., 2023)"
    )


def test_same_author_and_year_get_letters_in_list_order() -> None:
    refs = [_ref("beta", SMITH), _ref("alpha", SMITH)]
    assert _cite(refs, "alpha") == "(Smith, 2024a)"
    assert _cite(refs, "beta") == "(Smith, 2024b)"


def test_journal_entry_has_initials_issue_pages_and_doi_link() -> None:
    reference = Reference(
        key="a",
        location=HERE,
        title="Deep nets",
        people=(SMITH, DOE),
        year=2023,
        date="2023",
        kind="article-journal",
        venue="Journal of Things",
        volume="12",
        issue="3",
        pages="33-45",
        fields=(("doi", "10.1/ABC"),),
    )
    entry = apa_entry(reference)
    assert entry.plain == (
        "Smith, J. A., & Doe, J. (2023). Deep nets. Journal of Things, 12(3), 33–45. "
        "https://doi.org/10.1/ABC"
    )
    assert "<em>Journal of Things</em>, <em>12</em>" in entry.html


def test_more_than_twenty_authors_keep_nineteen_and_the_last() -> None:
    people = tuple(Person(family=f"A{n}", given="X.") for n in range(1, 23))
    text = apa_entry(_ref("many", *people)).plain
    assert "A19, X., … A22, X. (2024)" in text and "A20" not in text


def test_bibtex_titles_become_sentence_case_keeping_protected_words() -> None:
    assert sentence_case("Learning {BERT} Models: A Study of GPUs") == (
        "Learning BERT models: A study of GPUs"
    )


def test_list_is_alphabetical_by_author() -> None:
    refs = [
        _ref("z", Person(family="Zed", given="A.")),
        _ref("a", Person(family="Ames", given="B.")),
    ]
    assert [entry.key for entry in apa_list(refs)] == ["a", "z"]


def test_three_works_of_one_first_author_and_year_add_names_as_citeproc() -> None:
    jiaming, jingye, yuzhou, yuanyuan = (
        Person(family="Chen", given=g) for g in ("Jiaming", "Jingye", "Yuzhou", "Yuanyuan")
    )
    luo, yu, gel, ma = (Person(family=f, given="A") for f in ("Luo", "Yu", "Gel", "Ma"))
    refs = [
        _ref("a", jiaming, luo, ma),
        _ref("b", jingye, yu, ma),
        _ref("c", yuzhou, gel, ma),
        _ref("d", yuanyuan, gel, ma, year=2020),  # shares "Y. Chen": no initials for c
    ]
    assert _cite(refs, "a") == "(Chen, Luo, et al., 2024)"
    assert _cite(refs, "b") == "(Chen, Yu, et al., 2024)"
    assert _cite(refs, "c") == "(Chen et al., 2024)"


def test_works_never_told_apart_by_names_keep_the_names_and_take_letters() -> None:
    smith, brown, green = (Person(family=f, given="John") for f in ("Smith", "Brown", "Green"))
    xu, yi, poor = (Person(family=f, given="A") for f in ("Xu", "Yi", "Poor"))
    last = Person(family="Ma", given="L")
    refs = [
        _ref("a", smith, brown, xu, last),
        _ref("b", smith, brown, yi, last),
        _ref("c", smith, green, poor, last),
        _ref("d", smith, green, poor, last),
    ]
    assert _cite(refs, "a") == "(Smith, Brown, Xu, et al., 2024)"
    assert _cite(refs, "c") == "(Smith, Green, Poor, et al., 2024a)"
    assert _cite(refs, "d") == "(Smith, Green, Poor, et al., 2024b)"


def test_conference_venue_is_title_cased_as_citeproc_does() -> None:
    venue = "Proc. AAAI, the 30th innovative Applications of AI, and the big x"
    reference = _ref("a", SMITH, venue=venue, kind="inproceedings")
    assert "Proc. AAAI, the 30th Innovative Applications of AI, and the Big x." in (
        apa_entry(reference).plain
    )


def test_a_nickname_in_parentheses_stays_whole_beside_the_initial() -> None:
    reference = _ref("a", Person(family="Zhang", given="Zhiqiang (Mark)"), DOE)
    assert apa_entry(reference).plain.startswith("Zhang, Z. (Mark)., & Doe, J. (2024).")


def test_article_number_ranges_get_an_en_dash_and_quotes_turn_typographic() -> None:
    reference = _ref("a", SMITH, venue="CHI", pages="105:1-105:16", kind="article")
    reference = replace(reference, title='Show me a "Male Nurse"! Gender bias')
    text = apa_entry(reference).plain
    assert "105:1–105:16" in text
    assert "Show me a “Male Nurse”! Gender bias" in text


def test_a_doi_seen_only_inside_the_url_leaves_the_url_as_written() -> None:
    url = "https://dl.acm.org/doi/10.1145/3491102.3517587"
    found = Identifiers(doi="10.1145/3491102.3517587", url=url)  # as the readers find them
    reference = _ref("a", SMITH, venue="CHI", kind="article", fields=(("url", url),))
    reference = replace(reference, identifiers=found)
    assert apa_entry(reference).plain.endswith(url)


def test_abbreviated_given_names_stay_as_written() -> None:
    reference = _ref("a", Person(family="Islam", given="Md. Amirul"), DOE)
    assert apa_entry(reference).plain.startswith("Islam, Md. A., & Doe, J.")
    assert _cite([reference, _ref("b", Person(family="Islam", given="Mo"))], "a") == (
        "(Md. A. Islam & Doe, 2024)"
    )


@pytest.mark.parametrize(
    ("locator", "shown"),
    [  # as pandoc 3's citeproc writes them with apa.csl
        ("p. 3-4", "pp. 3–4"),
        ("pp. 10-20", "pp. 10–20"),
        ("33-35", "pp. 33–35"),
        ("33", "p. 33"),
        ("sec. 2-3", "Sections 2–3"),
        ("chap. 2", "Chapter 2"),
        ("Chapter 4", "Chapter 4"),
        ("vol. 2", "Volume 2"),
        ("paras. 4-5", "paras. 4–5"),
        ("pp. 3, 7", "pp. 3, 7"),
        ("p. 33, emphasis added", "p. 33, emphasis added"),
        ("33-35 for more", "pp. 33–35 for more"),
        ("for a contrasting view", "for a contrasting view"),
        ("iv", "iv"),
    ],
)
def test_a_locator_is_labelled_pluralised_and_dashed_as_citeproc_does(
    locator: str, shown: str
) -> None:
    assert _cite([_ref("s", SMITH)], "s", locator=locator) == f"(Smith, 2024, {shown})"


def test_a_locator_after_pandocs_non_breaking_space_is_still_read() -> None:
    assert _cite([_ref("s", SMITH)], "s", locator="chap.\xa02") == "(Smith, 2024, Chapter 2)"


def test_a_suffix_written_without_a_comma_follows_the_year_without_one() -> None:
    refs = [_ref("s", SMITH)]
    bare = _cite(refs, "s", locator="for a view", bare_suffix=True)
    assert bare == "(Smith, 2024 for a view)"  # as citeproc writes `[@s for a view]`
    assert _cite(refs, "s", locator="for a view") == "(Smith, 2024, for a view)"


def test_an_undefined_key_reads_as_citeprocs_key_and_question_mark() -> None:
    assert _cite([_ref("s", SMITH)], "s", "nokey") == "(Smith, 2024; nokey?)"
