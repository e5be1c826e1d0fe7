"""Author blocks in every name order become the right people."""

from __future__ import annotations

import pytest
from cite_sentinel.core.model import Person
from cite_sentinel.core.sources.reflist_people import looks_like_people, parse_people

LIU = Person(family="Liu", given="F.")


@pytest.mark.parametrize(
    ("block", "families"),
    [
        ("Liu, F., Chen, M., Roth, D., & Collier, N.", ["Liu", "Chen", "Roth", "Collier"]),
        ("Liu F, Chen M, Roth D, Collier N", ["Liu", "Chen", "Roth", "Collier"]),
        ("F. Liu, M. Chen, D. Roth, and N. Collier", ["Liu", "Chen", "Roth", "Collier"]),
        ("Liu, Fangyu, Muhao Chen, and Nigel Collier", ["Liu", "Chen", "Collier"]),
        ("Liu, F., Chen, M. & Collier, N.", ["Liu", "Chen", "Collier"]),
        ("Dalton, N.S., Collins, E. and Marshall, P.", ["Dalton", "Collins", "Marshall"]),
        ("Smith, J.; Jones, K.; Brown, L.", ["Smith", "Jones", "Brown"]),
        ("van der Maaten, L., & Hinton, G.", ["van der Maaten", "Hinton"]),
        ("L. van der Maaten and G. Hinton", ["van der Maaten", "Hinton"]),
        ("Cheng PC-H, Islam MdA, Bruce NDB", ["Cheng", "Islam", "Bruce"]),
        ("Mausam, Soderland, S. & Etzioni, O.", ["Mausam", "Soderland", "Etzioni"]),
        ("Evci, U., … Houlsby, N.", ["Evci", "Houlsby"]),
    ],
)
def test_name_orders_of_common_styles(block: str, families: list[str]) -> None:
    people, others = parse_people(block)
    assert [person.family for person in people] == families
    assert not others


def test_initials_keep_their_full_stops_and_given_names_stay_whole() -> None:
    assert parse_people("Liu, F.")[0] == (LIU,)
    people, _ = parse_people("Hochreiter, Sepp, and Jürgen Schmidhuber")
    assert people == (
        Person(family="Hochreiter", given="Sepp"),
        Person(family="Schmidhuber", given="Jürgen"),
    )


@pytest.mark.parametrize("block", ["Liu, F., et al.", "Liu F, et al", "Liu, F. et al.", "Liu, F…"])
def test_et_al_and_ellipsis_mean_more_authors(block: str) -> None:
    people, others = parse_people(block)
    assert [person.family for person in people] == ["Liu"]
    assert others


def test_nicknames_in_parentheses_are_dropped() -> None:
    people, _ = parse_people("Wu, F., Zhang, Z. (Mark)., & Zhuang, Y.")
    assert [person.family for person in people] == ["Wu", "Zhang", "Zhuang"]


def test_corporate_authors_are_literal() -> None:
    people, _ = parse_people("National Institute of Standards and Technology")
    assert people == (Person(literal="National Institute of Standards and Technology"),)


@pytest.mark.parametrize(
    "text",
    [
        "Visual pivoting for unsupervised entity alignment",
        "Proceedings of the AAAI Conference 2021",
        "Roesner F. What makes a",
        "A. Krizhevsky, I.",
    ],
)
def test_titles_and_broken_name_lists_do_not_pass_for_authors(text: str) -> None:
    assert not looks_like_people(text)


def test_author_blocks_pass_for_authors() -> None:
    assert looks_like_people("Liu, F., Chen, M., Roth, D. & Collier, N.")
    assert looks_like_people("Cardoso, G., el idrissi, Y. J., Le Corff, S., & Moulines, E.")


def test_run_together_vancouver_initials_are_read_as_initials() -> None:
    people, _ = parse_people("Weng TW, Zhao P, Chen P-Y")
    assert [(person.family, person.given) for person in people] == [
        ("Weng", "T. W."),
        ("Zhao", "P."),
        ("Chen", "P.-Y."),
    ]


@pytest.mark.parametrize(
    ("block", "families"),
    [
        ("Felli, P., Silva, L. de, Logan, B.", ["Felli", "de Silva", "Logan"]),
        ("Dudzik, B., Waa, J. van der, & Chen, P.-Y.", ["Dudzik", "van der Waa", "Chen"]),
        ("Felli P, Silva L de, Logan B", ["Felli", "de Silva", "Logan"]),
    ],
)
def test_particles_written_after_the_initials_stay_with_the_family_name(
    block: str, families: list[str]
) -> None:
    people, _ = parse_people(block)
    assert [person.family for person in people] == families


@pytest.mark.parametrize(
    ("block", "people"),
    [
        # IOP and MNRAS write the initials apart, after the family name
        ("Abbott B P and Segal S", [("Abbott", "B. P."), ("Segal", "S.")]),
        (
            "Navarro J. F., Frenk C. S., White S. D. M.",
            [("Navarro", "J. F."), ("Frenk", "C. S."), ("White", "S. D. M.")],
        ),
        # ACS's "and" before the last of the names it separates with semicolons
        (
            "Smith, J. A.; Jones, B.; and Lee, C.",
            [("Smith", "J. A."), ("Jones", "B."), ("Lee", "C.")],
        ),
    ],
)
def test_initials_after_the_family_name_and_acs_and(
    block: str, people: list[tuple[str, str]]
) -> None:
    found, _ = parse_people(block)
    assert [(person.family, person.given) for person in found] == people
