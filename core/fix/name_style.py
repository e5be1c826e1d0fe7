"""How a bibliography writes its people (`Last, First`, `F Last`, …), so `fix` writes alike."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from cite_sentinel.core.model import Person
from cite_sentinel.core.sources.names import split_names

_OTHERS = frozenset({"others", "{others}", "et al.", "et al"})
_HYPHENS = re.compile(r"(-)")
_LETTER = re.compile(r"[^\W\d_]", re.UNICODE)


class Order(StrEnum):
    """Which name part comes first."""

    FAMILY_FIRST = "family-first"  # Garg, Jugal
    GIVEN_FIRST = "given-first"  # Jugal Garg


class Initials(StrEnum):
    """How given names are written."""

    FULL = "full"  # Jugal Kishore
    DOTTED = "dotted"  # J. K.
    TIGHT = "tight"  # J.K.
    BARE = "bare"  # J K
    JOINED = "joined"  # JK


@dataclass(frozen=True, slots=True)
class NameStyle:
    """The form a file's names take; the default is BibTeX's unambiguous `Last, First`."""

    order: Order = Order.FAMILY_FIRST
    initials: Initials = Initials.FULL


def name_style(values: Iterable[str]) -> NameStyle:
    """The form most names in these raw author fields take (the first field's form on a tie)."""
    orders: Counter[Order] = Counter()
    initials: Counter[Initials] = Counter()
    for value in values:
        for name in split_names(value):
            if name.strip().lower() in _OTHERS or _is_braced(name.strip()):
                continue
            order, given = _parts(name)
            orders[order] += 1
            if given:
                initials[_initials(given)] += 1
    return NameStyle(
        order=orders.most_common(1)[0][0] if orders else Order.FAMILY_FIRST,
        initials=initials.most_common(1)[0][0] if initials else Initials.FULL,
    )


def ends_with_others(value: str) -> bool:
    """Whether an author field closes with `and others` (the list is cut short on purpose)."""
    names = split_names(value)
    return bool(names) and names[-1].strip().lower() in _OTHERS


def write_name(person: Person, style: NameStyle, escape: Callable[[str], str]) -> str:
    """One person as a BibTeX name in `style`; corporate names braced, so they stay whole."""
    if person.literal:
        return "{" + escape(person.literal) + "}"
    family = escape(f"{person.von} {person.family}".strip())
    given = escape(given_name(person.given, style.initials))
    suffix = escape(person.suffix)
    if style.order is Order.GIVEN_FIRST and not suffix:
        return f"{given} {family}".strip()
    parts = [family, *([suffix] if suffix else []), *([given] if given else [])]
    return ", ".join(parts)


def given_name(given: str, initials: Initials) -> str:
    """A given name as full words or as initials in the file's manner (Jean-Pierre: J.-P.)."""
    if initials is Initials.FULL or not given:
        return given
    letters: list[str] = []
    for word in given.split():
        for part in _HYPHENS.split(word):
            if part == "-":
                letters.append("-")
            elif part:
                first = _LETTER.search(part)
                letters.append(first.group(0) if first else part)
    return _join_initials(letters, initials)


def _join_initials(letters: Sequence[str], initials: Initials) -> str:
    dot = "." if initials in (Initials.DOTTED, Initials.TIGHT) else ""
    gap = " " if initials in (Initials.DOTTED, Initials.BARE) else ""
    out = ""
    for letter in letters:
        if letter == "-":
            out += "-"
            continue
        if out and not out.endswith("-"):
            out += gap
        out += letter + dot
    return out


def _parts(name: str) -> tuple[Order, str]:
    """The order a name is written in and its given part as written."""
    depth = 0
    for index, char in enumerate(name):
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
        elif char == "," and depth == 0:
            rest = name[index + 1 :]
            if "," in rest:  # von Last, Jr, First
                rest = rest.split(",", 1)[1]
            return Order.FAMILY_FIRST, rest.strip()
    words = name.split()
    return Order.GIVEN_FIRST, " ".join(words[:-1])


def _initials(given: str) -> Initials:
    words = given.replace("-", " ").split()
    if not words:
        return Initials.FULL
    if all(re.fullmatch(r"(?:[^\W\d_]\.)+", word) for word in words):
        tight = any(word.count(".") > 1 for word in words)
        return Initials.TIGHT if tight else Initials.DOTTED
    if all(re.fullmatch(r"[^\W\d_]", word) for word in words):
        return Initials.BARE
    if len(words) == 1 and re.fullmatch(r"[A-Z]{2,3}", words[0]):
        return Initials.JOINED
    return Initials.FULL


def _is_braced(name: str) -> bool:
    return name.startswith("{") and name.endswith("}")
