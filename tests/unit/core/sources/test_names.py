"""Author fields split into people exactly as BibTeX would split them."""

from __future__ import annotations

import pytest
from cite_sentinel.core.model import Person
from cite_sentinel.core.sources.names import parse_name, parse_names, split_names


@pytest.mark.parametrize(
    ("name", "person"),
    [
        ("Donald E. Knuth", Person(family="Knuth", given="Donald E.")),
        ("Knuth, Donald E.", Person(family="Knuth", given="Donald E.")),
        ("Ludwig van Beethoven", Person(family="Beethoven", given="Ludwig", von="van")),
        ("van Beethoven, Ludwig", Person(family="Beethoven", given="Ludwig", von="van")),
        ("Jean de la Fontaine", Person(family="Fontaine", given="Jean", von="de la")),
        ("de la Fontaine, Jean", Person(family="Fontaine", given="Jean", von="de la")),
        (
            "Martin Luther King, Jr., Martin",
            Person(family="Martin Luther King", given="Martin", suffix="Jr."),
        ),
        ("King, Jr., Martin Luther", Person(family="King", given="Martin Luther", suffix="Jr.")),
        ("van der Berg, Jr, Jan", Person(family="Berg", given="Jan", von="van der", suffix="Jr")),
        # The suffix last, as people write it: BibTeX would take "Martin Luther" for it.
        ("King, Martin Luther, Jr.", Person(family="King", given="Martin Luther", suffix="Jr.")),
        (r"G{\"o}del, Kurt, III", Person(family="Gödel", given="Kurt", suffix="III")),
        ("Aristotle", Person(family="Aristotle")),
        ("Jean-Paul Sartre", Person(family="Sartre", given="Jean-Paul")),
        ("Sartre, Jean-Paul", Person(family="Sartre", given="Jean-Paul")),
        (r"P{\'e}rez, Fernando", Person(family="Pérez", given="Fernando")),
        (r"Kurt G{\"o}del", Person(family="Gödel", given="Kurt")),
        (r"{\"O}zil, Mesut", Person(family="Özil", given="Mesut")),
        (r"{\'E}mile Durkheim", Person(family="Durkheim", given="Émile")),
        ("{von Neumann}, John", Person(family="von Neumann", given="John")),
        ("John {von Neumann}", Person(family="von Neumann", given="John")),
        ("Doe, J.~R.", Person(family="Doe", given="J. R.")),
        (
            "Charles Louis Xavier Joseph de la Vall{\\'e}e Poussin",
            Person(family="Vallée Poussin", given="Charles Louis Xavier Joseph", von="de la"),
        ),
    ],
)
def test_name_parts_follow_bibtex_rules(name: str, person: Person) -> None:
    assert parse_name(name) == person


def test_a_wholly_braced_name_is_a_corporate_author() -> None:
    people, _ = parse_names("{Barack Obama Foundation} and Smith, Jane")
    assert people[0] == Person(literal="Barack Obama Foundation")
    assert people[0].is_corporate
    assert people[1] == Person(family="Smith", given="Jane")


def test_and_others_is_a_flag_not_a_person() -> None:
    people, others = parse_names("Smith, John and Doe, Jane and others")
    assert [p.family for p in people] == ["Smith", "Doe"]
    assert others


def test_and_inside_braces_does_not_split() -> None:
    assert split_names("{Simon and Schuster} and Jones, Ann") == [
        "{Simon and Schuster}",
        "Jones, Ann",
    ]
    assert split_names("Alice Anderson AND Bob Band") == ["Alice Anderson", "Bob Band"]


def test_accented_and_plain_lists_split_alike() -> None:
    accented, _ = parse_names(r"M{\"u}ller, Hans and van Dijk, Anna and Li Wei")
    assert [p.display for p in accented] == ["Hans Müller", "Anna van Dijk", "Li Wei"]


@pytest.mark.parametrize(
    "value", ["{unbalanced, Name", "Name}, x", "and", " and and ", ",,,", "{", "}", ", John"]
)
def test_broken_names_do_not_crash(value: str) -> None:
    people, _ = parse_names(value)
    assert all(isinstance(person, Person) for person in people)


def test_empty_names_are_dropped() -> None:
    people, others = parse_names("Smith, John and  and Doe, Jane and")
    assert [p.family for p in people] == ["Smith", "Doe"]
    assert not others


@pytest.mark.parametrize(
    "value",
    [
        "John Smith, Kate Jones, Li Wei",
        "Smith, J., Jones, K., Wei, L.",
        "Smith J, Jones K, Wei L",
    ],
)
def test_a_list_written_with_commas_instead_of_and_is_read_as_people(value: str) -> None:
    people, _ = parse_names(value)
    assert [p.family for p in people] == ["Smith", "Jones", "Wei"]
    assert [p.given[0] for p in people] == ["J", "K", "L"]


@pytest.mark.parametrize("value", ["Smith, John", "Ford, Jr., Henry", "van der Berg, Jan Willem"])
def test_bibtex_s_own_commas_still_name_one_person(value: str) -> None:
    people, _ = parse_names(value)
    assert len(people) == 1
