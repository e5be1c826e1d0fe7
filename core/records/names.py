"""Turns the indexes' personal names ("Peter H. N. de With", "Dworkin, Ian") into Persons."""

from __future__ import annotations

import re

from cite_sentinel.core.model import Person
from cite_sentinel.core.records.markup import plain

# Lower-case particles that belong before the family name (von part).
_PARTICLES = frozenset(
    {"van", "von", "der", "den", "de", "del", "della", "di", "da", "dos", "du", "la", "le"}
    | {"ter", "ten", "bin", "al", "dela", "das"}
)
_SUFFIXES = frozenset({"jr", "jr.", "sr", "sr.", "ii", "iii", "iv"})
_ORGANISATION_WORDS = frozenset({
    "collaboration", "collaborators", "consortium", "team", "group", "committee", "society",
    "association", "organization", "organisation", "institute", "institut", "university",
    "agency", "council", "ministry", "center", "centre", "foundation", "network", "initiative",
    "project", "programme", "office", "laboratory", "board", "commission", "alliance",
    "federation", "department", "authority", "corporation", "inc", "ltd", "gmbh", "llc",
    "investigators", "collective", "bureau", "service", "survey", "partnership",
})  # fmt: skip


def people_from_name(name: str) -> tuple[Person, ...]:
    """The people one display string names: one person or organisation, or a team fused with
    the person after it ("Gemma Team Aishwarya Kamath": the team and Aishwarya Kamath, as
    OpenAlex gives a team report's first author)."""
    name = plain(name)
    fused = _FUSED_TEAM.fullmatch(" ".join(name.split()))
    if fused and not is_organisation(fused.group(2)):
        return Person(literal=fused.group(1)), person_from_name(fused.group(2))
    return (person_from_name(name),)


def person_from_name(name: str) -> Person:
    """A Person from one display string: "Family, Given" or "Given [von] Family [Jr.]"; an
    organisation's name ("The ATLAS Collaboration", "GBD Collaborators") stays whole."""
    name = " ".join(plain(name).split())
    if not name:
        return Person()
    if is_organisation(name):
        return Person(literal=name)
    if "," in name:
        family, _, given = name.partition(",")
        if given.strip().lower() in _SUFFIXES:  # "Gregorio E. dela Rosa, Jr."
            person = person_from_name(family)
            return Person(family=person.family, given=person.given, von=person.von,
                          suffix=given.strip())  # fmt: skip
        return person_from_parts(family=family.strip(), given=given.strip())
    words = name.split(" ")
    suffix = ""
    if len(words) > 2 and words[-1].lower() in _SUFFIXES:
        suffix = words.pop()
    if len(words) == 1:
        return Person(family=words[0], suffix=suffix)
    start = len(words) - 1
    while start > 1 and words[start - 1].lower() in _PARTICLES:
        start -= 1
    given = " ".join(words[:start])
    von = " ".join(words[start:-1])
    return Person(family=words[-1], given=given, von=von, suffix=suffix)


_FUSED_TEAM = re.compile(
    r"((?:\S+ ){1,3}(?:Team|Collaboration|Consortium|Group))"
    r" ((?:[A-Z][\w.'’-]*\s){1,3}[A-Z][\w'’-]+)"
)


def is_organisation(name: str) -> bool:
    """A name that is an organisation's: it holds a word only organisations' names hold."""
    words = re.findall(r"[A-Za-z]+", name.lower())
    return len(words) >= 2 and any(word in _ORGANISATION_WORDS for word in words)


def person_from_parts(*, family: str, given: str = "", literal: str = "") -> Person:
    """A Person from structured fields; a name with neither family nor given is literal."""
    family, given, literal = plain(family).strip(), plain(given).strip(), plain(literal)
    if not family and not given:
        return Person(literal=literal.strip()) if literal.strip() else Person()
    if not family:
        return person_from_name(given)
    return Person(family=family, given=given)
