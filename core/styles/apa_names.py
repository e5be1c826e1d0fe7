"""APA 7 names: "Smith, J. A." in the list, "Smith & Doe" or "Smith et al." in the text."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from cite_sentinel.core.model import Person

_GIVEN_PART = re.compile(r"\([^)]*\)\.?|[^\s.\-]+\.?|-")
LIST_FIRST = 19  # APA 7: up to 20 authors; beyond, the first 19, an ellipsis, the last


def family_name(person: Person) -> str:
    """The name APA sorts and cites by: the particle stays with it (van Gogh)."""
    if person.literal:
        return person.literal
    return f"{person.von} {person.family}".strip() if person.von else person.family


def initials(given: str) -> str:
    """ "John Adam" → "J. A.", "Mei-Ling" → "M.-L.", "T.-Y." unchanged."""
    out = ""
    hyphen = False
    for part in _GIVEN_PART.findall(given):
        if part == "-":
            hyphen = True
            continue
        if part.startswith("("):
            out += f"{part.rstrip('.')}. "  # a nickname stays whole: "Z. (Mark).", as citeproc
            hyphen = False
            continue
        if len(part) > 2 and part.endswith(".") and part[:-1].isalpha():
            out = (out.rstrip() + "-" if hyphen else out) + f"{part} "  # "Md.", "Th.": as written
            hyphen = False
            continue
        letter = part[0]
        if hyphen and letter.islower():
            hyphen = False
            continue  # "Jun-young" → "J.", as citeproc does
        out = out.rstrip() + "-" if hyphen else out
        out += f"{letter.upper() if letter.isalpha() else letter}. "
        hyphen = False
    return out.strip()


def list_name(person: Person) -> str:
    """One name as the reference list writes it: "Smith, J. A., Jr."."""
    if person.literal:
        return person.literal
    name = family_name(person)
    given = initials(person.given)
    if given:
        name += f", {given}"
    if person.suffix:
        name += f", {person.suffix}"
    return name


def list_names(people: Sequence[Person], *, others: bool = False) -> str:
    """All authors: "A", "A, & B", "A, B, & C"; 21 or more: first 19, "…", the last. A list
    cut with "and others" ends with et al., as citeproc writes it: "A et al.", "A, B, et al."."""
    names = [list_name(person) for person in people]
    if len(names) > LIST_FIRST + 1:
        return ", ".join(names[:LIST_FIRST]) + f", … {names[-1]}"
    if others and names:
        return f"{names[0]} et al." if len(names) == 1 else ", ".join(names) + ", et al."
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + f", & {names[-1]}"


def cite_names(
    people: Sequence[Person], shown: int = 1, *, with_initials: bool = False, others: bool = False
) -> str:
    """In-text authors: "Smith", "Smith & Doe", "Smith et al."; `shown` names before et al.;
    `others`: the list was cut with "and others", so it names three or more authors."""
    names = [family_name(person) for person in people]
    if with_initials and people and not people[0].literal and people[0].given:
        names[0] = f"{initials(people[0].given)} {names[0]}"
    if not names:
        return ""
    if others:
        return f"{names[0]} et al." if shown <= 1 else ", ".join(names[:shown]) + ", et al."
    if len(names) == 1:
        return names[0]
    if len(names) == 2:
        return f"{names[0]} & {names[1]}"
    if shown >= len(names):
        return ", ".join(names[:-1]) + f", & {names[-1]}"
    if shown <= 1:
        return f"{names[0]} et al."
    return ", ".join(names[:shown]) + ", et al."


def sort_text(text: str) -> str:
    """A collation key close to citeproc's: accents ignored, case folded."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(char for char in decomposed if not unicodedata.combining(char)).casefold()
