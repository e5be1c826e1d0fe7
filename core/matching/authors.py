"""Structured author comparison: who is missing, extra, substituted or out of order."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from enum import StrEnum

from cite_sentinel.core.lexicon.scripts import EAST_ASIAN_LETTER
from cite_sentinel.core.matching.titles import fold
from cite_sentinel.core.model import Person
from rapidfuzz.distance import OSA


class AuthorIssue(StrEnum):
    """The ways a cited author list can differ from the index's."""

    ORDER = "order"  # the same people in another order
    MISSING = "missing"  # the citation omits authors without "and others"
    EXTRA = "extra"  # the citation names people the work does not list
    GIVEN = "given"  # a given name contradicts the index's
    SUBSTITUTED = "substituted"  # the list is largely other people
    SPELLING = "spelling"  # one letter off in a family name: a slip, noted, not an error
    REORDERED = "reordered"  # the first author in place, others in another order: noted


@dataclass(frozen=True, slots=True, kw_only=True)
class AuthorComparison:
    """The outcome of comparing two author lists; `overlap` is the share of cited names found."""

    overlap: float  # cited family names found in the record, 0–1 (1 when nothing to compare)
    recall: float  # record family names the citation names, 0–1
    issues: tuple[AuthorIssue, ...] = ()
    comparable: bool = True  # False when either side lists nobody, or the index's list is
    # an artefact of the index (cut to its first author, a team name for the people)
    slips: tuple[tuple[Person, Person], ...] = ()  # (cited, found) one letter apart
    quirk: bool = False  # the order was forgiven because the index holds the list sorted

    @property
    def agrees(self) -> bool:
        return not (set(self.issues) - _NOTED)

    @property
    def badly_wrong(self) -> bool:
        return AuthorIssue.SUBSTITUTED in self.issues


_NOTED = frozenset({AuthorIssue.SPELLING, AuthorIssue.REORDERED})  # notes, not errors
_LONG_LIST = 8  # bibliography tools truncate long author lists; missing names are not news
# Big-team author lists differ between versions (arXiv v1, camera-ready) and between indexes
# (truncated lists, names dropped or added late); deep in such a list a name more or less is
# not a miscitation when the leading authors are right and in order.
_BIG_TEAM = 10  # cited names from which a list counts as a big team's
_LEADING = 5  # leading authors that must pair, in order, with the record's
_BIG_TEAM_OVERLAP = 0.75  # share of cited names the record must list
_ET_AL_LIST = 4  # names an "et al." list needs to be read as a long list cut short
_ET_AL_LEADING = 2  # of its leading authors that must pair in place


def compare(
    cited: tuple[Person, ...],
    found: tuple[Person, ...],
    *,
    others: bool = False,
    thorough: bool = True,
) -> AuthorComparison:
    """Compare the cited authors with the index's, name by name and in order.

    `thorough=False` pairs exact family names only: enough to rank a record that cannot match.
    """
    cited_people = tuple(_as_team(p) for p in cited if not _is_others(p))
    found = tuple(_as_team(p) for p in found)
    others = others or len(cited_people) < len(cited)
    found = _named(found, cited_people)
    cited_people = _without_teams_beside_people(cited_people, found)
    if not cited_people or not found or _names_no_person(cited_people, found):
        return AuthorComparison(overlap=1.0, recall=1.0, comparable=False)
    if _team_cited(cited_people, found):
        return AuthorComparison(overlap=1.0, recall=1.0, comparable=False)
    cited_keys = [_keys(p) for p in cited_people]
    found_keys = [_keys(p) for p in found]
    pairs = _pair(cited_keys, found_keys, thorough)
    pairs = [  # "Carreira" is one letter from "Barreira", but João is not Ricardo
        (i, j)
        for i, j in pairs
        if _shares(cited_keys[i], found_keys[j])
        or not _given_contradicts(cited_people[i], found[j])
    ]
    if thorough:
        pairs += _pair_by_full_name(cited_people, found, pairs)
    matched = len(pairs)
    # A team named among the authors ("An Yang and Qwen Team") stands for its members.
    others = others or any(_team_like(cited_people[i]) and _team_like(found[j]) for i, j in pairs)
    overlap = matched / len(cited_people)
    recall = matched / len(found)
    if _first_author_only(cited_people, found, pairs):
        return AuthorComparison(overlap=1.0, recall=1.0, comparable=False)
    if _cut_short(cited_people, found, pairs):
        head = compare(cited_people[: len(found)], found, others=others, thorough=thorough)
        if head.agrees:
            return AuthorComparison(overlap=1.0, recall=1.0, comparable=False)
        return head  # what the names it holds say
    slips = tuple(
        (cited_people[i], found[j])
        for i, j in pairs
        if not _shares(cited_keys[i], found_keys[j])
        and any(_close(a, b) for a in cited_keys[i].family for b in found_keys[j].family)
    )
    issues: list[AuthorIssue] = []
    quirk = False
    if overlap < 0.5 or (matched < 2 and len(cited_people) >= 2 and len(found) >= 2):
        issues.append(AuthorIssue.SUBSTITUTED)
    else:
        variant = _big_team_variant(cited_people, found, pairs, others=others)
        if matched < len(cited_people) and not variant:
            issues.append(AuthorIssue.EXTRA)
        if matched < len(found) and not others and len(cited_people) < _LONG_LIST:
            issues.append(AuthorIssue.MISSING)
        order = [j for i, j in sorted(pairs) if not _team_like(cited_people[i])]
        if order != sorted(order):
            if _sorted(found) and len(found) >= 2:
                quirk = True  # some indexes hold a list alphabetised
            elif _sorted(cited_people) and len(cited_people) == len(found) > 2:
                pass  # some fields cite alphabetically
            elif order[0] == 0 and (0, 0) in pairs:
                # Indexes scramble the order behind the first author (OpenAlex's positions
                # come from several sources); another index's record may confirm it.
                issues.append(AuthorIssue.REORDERED)
                quirk = True
            else:
                issues.append(AuthorIssue.ORDER)
        if any(_given_contradicts(cited_people[i], found[j]) for i, j in pairs):
            issues.append(AuthorIssue.GIVEN)
        if slips:
            issues.append(AuthorIssue.SPELLING)
    return AuthorComparison(
        overlap=overlap, recall=recall, issues=tuple(issues), slips=slips, quirk=quirk
    )


def describe(people: tuple[Person, ...], others: bool = False) -> str:
    """An author list as a person reads it: "Ada Lovelace; Charles Babbage; et al."."""
    names = [p.display for p in people if not _is_others(p)]
    if others or any(_is_others(p) for p in people):
        names.append("et al.")
    return "; ".join(names)


def _names_no_person(cited: tuple[Person, ...], found: tuple[Person, ...]) -> bool:
    """One side names only organisations where the other names people: nothing to compare.

    Crossref often lists a collaboration's name alone where the paper lists its members
    ("Meta Team"); people cite a big team's report by the team's name ("{OpenAI}"), but an
    organisation cited for a paper by a few people is someone else.
    """
    if all(p.literal for p in found):
        return not all(p.literal for p in cited)
    return all(p.literal for p in cited) and len(found) >= _BIG_TEAM


def _as_team(person: Person) -> Person:
    """A team's name read as a person's ("Qwen Team": given "Qwen", family "Team")."""
    if not person.literal and person.given and person.family.lower() in _TEAM_WORDS:
        return Person(literal=f"{person.given} {person.family}")
    return person


def _named(found: tuple[Person, ...], cited: tuple[Person, ...]) -> tuple[Person, ...]:
    """The index's list without entries that name nobody (a stray ":"), and, where the
    citation names only people, without the organisations an index lists beside them ("for
    the Alzheimer's Disease Neuroimaging Initiative", a funder's office)."""
    named = tuple(p for p in found if _squash(p.literal or f"{p.given}{p.family}"))
    if any(p.literal for p in cited):
        return named
    people = tuple(p for p in named if not p.literal)
    return people or named


def _without_teams_beside_people(
    cited: tuple[Person, ...], found: tuple[Person, ...]
) -> tuple[Person, ...]:
    """The cited list without the collaboration it names beside people, where the index
    lists people only: "H.E.S.S. collaboration, Abramowski A., et al." and "ATLAS
    Collaboration, G. Aad et al." (physics' usual way) name the team its members wrote for,
    not one more author."""
    if any(_team_like(p) for p in found):
        return cited  # the index lists the team too: it is paired as any name is
    people = tuple(p for p in cited if not _named_team(p))
    return people if people and len(people) < len(cited) else cited


def _named_team(person: Person) -> bool:
    """A name that says it is a team's: "UKQCD collaboration", "Particle Data Group"."""
    words = (person.literal or f"{person.given} {person.family}").lower().split()
    return any(word in _TEAM_WORDS and word != "the" for word in words)


def _team_cited(cited: tuple[Person, ...], found: tuple[Person, ...]) -> bool:
    """The citation names only organisations, one of which the index lists: a team's
    report cited by the team's name ("OpenAI", "{DeepSeek-AI}") stands for the whole list.
    A one-word name without a given name counts as a team's where the index lists it so."""
    if not all(_team_like(p) for p in cited):
        return False
    teams = {_squash(p.literal or p.family) for p in found if _team_like(p)}
    return any(_squash(p.literal or p.family) in teams for p in cited)


def _team_like(person: Person) -> bool:
    return bool(person.literal) or (not person.given and " " not in person.family.strip())


def _first_author_only(
    cited: tuple[Person, ...], found: tuple[Person, ...], pairs: list[tuple[int, int]]
) -> bool:
    """The index keeps only the first author of a longer list (reference-derived records do):
    it confirms the first author and cannot speak for the others."""
    return len(found) == 1 and len(cited) >= 2 and (0, 0) in pairs


def _cut_short(
    cited: tuple[Person, ...], found: tuple[Person, ...], pairs: list[tuple[int, int]]
) -> bool:
    """The index holds the first few people of a longer list, each in place (records cut to
    a few names, as reference lists and some deposits write them): it confirms those and
    cannot speak for the others. A list that names one of them again is no longer list cut
    short, but a slip ("Goodfellow, Bengio, Courville, Bengio")."""
    if not (2 <= len(found) < len(cited) and all((k, k) in pairs for k in range(len(found)))):
        return False
    head = {_whole(p) for p in cited[: len(found)]}
    return not any(_whole(p) in head for p in cited[len(found) :])


def _whole(person: Person) -> tuple[str, str]:
    """A person's name as written, to tell one person named twice from namesakes (P T Fox
    and P M Fox are two people)."""
    return _squash(person.family or person.literal), _squash(person.given)


def _is_others(person: Person) -> bool:
    text = (person.literal or person.family).strip().lower().rstrip(".")
    return text in {"others", "et al", "et al.", "etal"} and not person.given


@dataclass(frozen=True, slots=True)
class _Keys:
    """The spellings of a person's family name we accept, and the given name, which matches
    only another's family name (names written in the other order)."""

    family: frozenset[str]
    given: str = ""


def _shares(a: _Keys, b: _Keys) -> bool:
    """One person by name: a family spelling in common, or family and given swapped (CJK)."""
    return bool(a.family & b.family) or (a.given in b.family) or (b.given in a.family)


@functools.lru_cache(maxsize=65536)
def _keys(person: Person) -> _Keys:
    if person.literal:  # "Qwen Team" is also "Qwen"
        plain = " ".join(w for w in person.literal.split() if w.lower() not in _TEAM_WORDS)
        return _Keys(frozenset({_squash(person.literal), _squash(plain)}) - {""})
    family = _squash(f"{person.von} {person.family}")
    keys = {family, _squash(person.family)}
    family_words = fold(person.family).lower().replace("-", " ").split()
    if len(family_words) > 1:
        keys.update(_squash(w) for w in family_words if len(w) > 2)  # "Tran-The", "van den Oord"
    keys.add(_squash(_german(person.family)))  # "Müller" and "Mueller"
    given_words = person.given.split()
    if _is_initials(person.family) and given_words:  # "Mallikarjun B. R." is B. R. Mallikarjun
        keys.add(_squash(given_words[0]))
    given = _squash(person.given)
    if given:
        keys.add(given + family)  # an organisation's name read as a person's: "World Bank Group"
        if EAST_ASIAN_LETTER.match(person.family[:1]):
            keys.add(family + given)  # "易" "杰" is 易杰, as Chinese prints it whole
    keys.discard("")
    swapped = given if len(given) > 1 else "\x00"  # never a family spelling
    return _Keys(frozenset(keys), swapped)


def _is_initials(name: str) -> bool:
    words = name.replace(".", " ").split()
    return bool(words) and all(len(word) == 1 and word.isupper() for word in words)


def _german(name: str) -> str:
    return _UMLAUTS.sub(lambda m: _UMLAUT_SPELLING[m.group(0)], name)


_TEAM_WORDS = frozenset({"the", "team", "group", "collaboration", "consortium", "project"})
_UMLAUT_SPELLING = {"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue"}
_UMLAUTS = re.compile("[äöüÄÖÜ]")
_NOT_LETTER = re.compile(r"[\W\d_]+")


@functools.lru_cache(maxsize=65536)
def _squash(name: str) -> str:
    text = fold(name).lower()
    text = re.sub(r"\b\d{4}\b", "", text)  # dblp's homonym numbers: "Wei Wang 0001"
    return _NOT_LETTER.sub("", text)  # letters of every script


def _pair(cited: list[_Keys], found: list[_Keys], thorough: bool) -> list[tuple[int, int]]:
    """Greedy pairing, exact family names first, each person used once."""
    pairs: list[tuple[int, int]] = []
    used: set[int] = set()
    for i, keys in enumerate(cited):
        primary = min(keys.family, key=len) if keys.family else ""
        best = None
        for j, other in enumerate(found):
            if j in used:
                continue
            if _shares(keys, other):
                best = j
                if j >= i or primary in other.family:
                    break
        if best is None and thorough:
            for j, other in enumerate(found):
                if j not in used and any(_close(a, b) for a in keys.family for b in other.family):
                    best = j
                    break
        if best is not None:
            used.add(best)
            pairs.append((i, best))
    return pairs


def _pair_by_full_name(
    cited: tuple[Person, ...], found: tuple[Person, ...], pairs: list[tuple[int, int]]
) -> list[tuple[int, int]]:
    """Pairs the family-name pass missed: multi-word names split elsewhere ("Matas Navarro")."""
    done_cited = {i for i, _ in pairs}
    used = {j for _, j in pairs}
    extra: list[tuple[int, int]] = []
    for i, person in enumerate(cited):
        if i in done_cited or person.literal:
            continue
        words = _name_words(person)
        for j, other in enumerate(found):
            if j in used or other.literal:
                continue
            other_words = _name_words(other)
            family, other_family = _squash(person.family), _squash(other.family)
            shares_family = family in other_words or other_family in words
            if shares_family and len(words & other_words) >= 2:
                used.add(j)
                extra.append((i, j))
                break
    return extra


@functools.lru_cache(maxsize=65536)
def _name_words(person: Person) -> frozenset[str]:
    text = fold(f"{person.given} {person.von} {person.family}").lower()
    return frozenset(w for w in _NOT_LETTER.sub(" ", text).split() if len(w) > 1)


def _close(a: str, b: str) -> bool:
    """A slip or a transliteration: one letter off, or two neighbours swapped, in family
    names of five letters or more ("Smiht" for "Smith"); two in names of eight or more
    ("Pomianos" for "Potamianos")."""
    shorter = min(len(a), len(b))
    allowed = 2 if shorter >= 8 else 1
    if shorter < 5 or abs(len(a) - len(b)) > allowed:
        return False
    return OSA.distance(a, b) <= allowed


def _big_team_variant(
    cited: tuple[Person, ...],
    found: tuple[Person, ...],
    pairs: list[tuple[int, int]],
    *,
    others: bool,
) -> bool:
    """A long list with the leading authors in place: names it adds deep down are variants.

    A list cut with "et al." that names four people or more is held to the same rule with
    its first two in place: versions and indexes differ in the middle of long lists.
    """
    if len(cited) >= _BIG_TEAM:
        leading = _LEADING
    elif others and len(cited) >= _ET_AL_LIST:
        leading = _ET_AL_LEADING
    else:
        return False
    if len(found) < leading:
        return False
    in_place = {(i, i) for i in range(leading)}
    return in_place <= set(pairs) and len(pairs) >= _BIG_TEAM_OVERLAP * len(cited)


def _sorted(people: tuple[Person, ...]) -> bool:
    """A list in alphabetical order of family names."""
    families = [_squash(p.family or p.literal) for p in people]
    return families == sorted(families)


def _given_contradicts(cited: Person, found: Person) -> bool:
    """A cited given name that cannot be the index's: "Pratham" for "Patricia", "J." for "Mary".

    Umlauts may be written either way ("Tüomas", "Tuomas", "Tueomas"), and a letter lost or
    changed ("Cline" for "Céline", where a PDF dropped the accented letter) is a slip.
    """
    if cited.literal or found.literal:
        return False
    if _squash(cited.given) == _squash(found.family) or _squash(found.given) == _squash(
        cited.family
    ):
        return False  # names written in the other order
    return all(
        _given_words_contradict(a, b)
        for a in _given_spellings(cited.given)
        for b in _given_spellings(found.given)
    )


def _given_spellings(given: str) -> set[tuple[str, ...]]:
    return {tuple(_given_words(given)), tuple(_given_words(_german(given)))}


def _given_words_contradict(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    if not a or not b:
        return False
    joined_a, joined_b = "".join(a), "".join(b)
    if joined_a.startswith(joined_b) or joined_b.startswith(joined_a):
        return False  # "Jeff" and "Jeffrey", "Jia-Qi" and "Jiaqi", "Emily" and "Emily L"
    if min(len(joined_a), len(joined_b)) >= 3 and OSA.distance(joined_a, joined_b) <= 1:
        return False  # a slip: "Cline" and "Celine", "SeongUk" and "SeoungUk"
    if min(len(joined_a), len(joined_b)) >= 3 and (
        joined_a.endswith(joined_b) or joined_b.endswith(joined_a)
    ):
        return False  # the short form of a long name: "Sanmi" for "Oluwasanmi"
    first_a, first_b = a[0], b[0]
    if len(first_a) == 1 or len(first_b) == 1:  # initials: any given word may be the one used
        return not ({w[0] for w in a} & {w[0] for w in b})
    if first_a.startswith(first_b) or first_b.startswith(first_a) or set(a) & set(b):
        return False
    return _NICKNAMES.get(first_a) != _NICKNAMES.get(first_b, first_b) and _NICKNAMES.get(
        first_b
    ) != _NICKNAMES.get(first_a, first_a)


def _given_words(given: str) -> list[str]:
    """The words of a given name; initials run together ("TE", "JR": MEDLINE's form) are
    read as the initials they are."""
    words: list[str] = []
    for word in _NOT_LETTER.sub(" ", fold(given)).split():
        if 2 <= len(word) <= 3 and word.isupper():
            words.extend(word.lower())
        else:
            words.append(word.lower())
    return words


# Common English and Slavic short forms whose first letters or prefixes do not give them away.
_NICKNAMES = {
    "katie": "katherine", "kathy": "katherine", "kate": "katherine", "catherine": "katherine",
    "misha": "mikhail", "sasha": "alexander", "aleksandr": "alexander", "bill": "william",
    "will": "william", "liam": "william", "bob": "robert", "rob": "robert", "bobby": "robert",
    "dick": "richard", "rick": "richard", "jim": "james", "jimmy": "james", "mike": "michael",
    "tom": "thomas", "ted": "edward", "ed": "edward", "tony": "anthony", "andy": "andrew",
    "joe": "joseph", "pete": "peter", "steve": "stephen", "steven": "stephen", "liz": "elizabeth",
    "beth": "elizabeth", "betty": "elizabeth", "sue": "susan", "jenny": "jennifer",
    "jon": "jonathan", "nate": "nathan", "zach": "zachary", "larry": "lawrence",
    "harry": "henry", "jack": "john", "chuck": "charles", "charlie": "charles",
    "peggy": "margaret", "maggie": "margaret", "abby": "abigail", "dima": "dmitry",
    "dmitri": "dmitry", "dmitrii": "dmitry", "kolya": "nikolai", "vova": "vladimir",
    "yuri": "yury", "yurii": "yury", "sergei": "sergey", "sergii": "sergey", "alexey": "aleksei",
    "alexei": "aleksei",
}  # fmt: skip
