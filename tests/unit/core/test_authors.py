"""Author lists compared name by name: what a reader would call the same or different people."""

from __future__ import annotations

from cite_sentinel.core.authors import AuthorIssue, compare
from cite_sentinel.core.model import Person


def _people(*names: str) -> tuple[Person, ...]:
    people = []
    for name in names:
        given, _, family = name.rpartition(" ")
        people.append(Person(family=family, given=given))
    return tuple(people)


def test_same_people_with_initials_and_accents_agree() -> None:
    cited = _people("B. Scholkopf", "A. J. Smola")
    found = _people("Bernhard Schölkopf", "Alexander J Smola")
    assert compare(cited, found).agrees


def test_east_asian_name_order_swapped_agrees() -> None:
    cited = (Person(family="Kaiming", given="He"), Person(family="Jian", given="Sun"))
    found = _people("Kaiming He", "Jian Sun")
    assert compare(cited, found).agrees


def test_order_change_is_reported() -> None:
    result = compare(
        _people("Noam Shazeer", "Ashish Vaswani"), _people("Ashish Vaswani", "Noam Shazeer")
    )
    assert result.issues == (AuthorIssue.ORDER,)


def test_alphabetised_list_of_the_same_people_is_not_an_order_error() -> None:
    found = _people("Tim Roughgarden", "Anna Karlin", "Eva Tardos")
    cited = _people("Anna Karlin", "Tim Roughgarden", "Eva Tardos")
    assert compare(cited, found).agrees


def test_missing_authors_without_others_are_reported_and_with_others_forgiven() -> None:
    found = _people("Yining Wang", "Ruosong Wang", "Simon Du", "Akshay Krishnamurthy")
    cited = _people("Yining Wang", "Ruosong Wang")
    assert AuthorIssue.MISSING in compare(cited, found).issues
    assert compare(cited, found, others=True).agrees
    with_marker = (*cited, Person(literal="others"))
    assert compare(with_marker, found).agrees


def test_given_name_that_contradicts_is_reported() -> None:
    result = compare(
        _people("Pratham Suriana", "Bowen Jing"), _people("Patricia Suriana", "Bowen Jing")
    )
    assert AuthorIssue.GIVEN in result.issues


def test_initial_that_contradicts_is_reported_but_a_nickname_is_not() -> None:
    assert AuthorIssue.GIVEN in compare(_people("J. Belkin"), _people("Mikhail Belkin")).issues
    assert compare(_people("Misha Belkin"), _people("Mikhail Belkin")).agrees


def test_other_people_entirely_are_substituted() -> None:
    result = compare(_people("Giulia Romano", "Sora Takahashi"), _people("Yuan Yuan", "Qi Wang"))
    assert result.badly_wrong


def test_corporate_author_matches_itself() -> None:
    cited = (Person(literal="The {SciPy} Community"),)
    found = (Person(literal="The SciPy Community"),)
    assert compare(cited, found).agrees


def test_multi_word_family_names_split_differently_agree() -> None:
    cited = (Person(family="Navarro", given="Ramon Matas"), *_people("Yue Zhao"))
    found = (Person(family="Matas", given="Ramon"), *_people("Yue Zhao"))
    assert compare(cited, found).agrees
