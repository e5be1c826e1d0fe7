"""The author part of a free-text reference to Persons, whatever order the style puts names in."""

from __future__ import annotations

import re

from cite_sentinel.core.lexicon.scripts import (
    EAST_ASIAN_LETTER,
    EAST_ASIAN_PART_MARKS,
    UPPER,
    mostly_in,
)
from cite_sentinel.core.lexicon.words import name_counts
from cite_sentinel.core.model import Person
from cite_sentinel.core.sources.reflist_name_pairs import alternating_pairs

_ET_AL = re.compile(
    r"[,;]?\s*(?:\bet\.?\s*al\b\.?|\bu\.\s*a\.|\bet\s+coll?\b\.?|…|\.\.\.)\s*[.,;:]?\s*$", re.I
)
# Spanish "y" and French "et" join names in lower case only: "Wu Y and Li K" has an initial Y.
_CONNECTOR = re.compile(r"\s*,?\s*(?:&|\b(?i:and|und)\b|\bet\b|\by\b)\s+")
_EDITOR_MARK = re.compile(r"\s*[,(]?\s*\(?\b(?:eds?|editors?|Hrsg|comps?)\b\.?\)?\s*$", re.I)
_NAME_WORDS = 4  # words of one person's name written whole, at most
_EAST_ASIAN_SEPARATOR = re.compile(f"[{re.escape(''.join(sorted(EAST_ASIAN_PART_MARKS)))}]")
_INITIAL = rf"(?:[{UPPER}][a-z]?\.|[{UPPER}](?=[\s,.-]|$))"
# Initials, also of a hyphenated given name written half out: "Y.-fang B.", "H.-y." (Hung-yi)
_INITIALS = re.compile(rf"^(?:(?:{_INITIAL}|[{UPPER}]\.?-[a-z]+\.?)\s*-?\s*)+$")
_DOTTED_INITIALS = re.compile(rf"^(?:[{UPPER}]\.\s*-?\s*)+$")
_VANCOUVER_TAIL = re.compile(
    rf"^(?P<family>.+?)\s+(?P<given>[{UPPER}](?:[{UPPER}]|[a-z](?=[{UPPER}])|-(?=[{UPPER}])){{0,4}})"
    r"\.?$"
)
# IOP and MNRAS write the initials apart, after the family name: "Abbott B P", "Abbott B. P."
_APART_INITIAL = re.compile(rf"[{UPPER}]\.?(?:-[{UPPER}]\.?)?")
# GB/T 7714: an upper-case family name and its initials, "SODERLAND S", "LE NGUYEN T", "DO Q D"
_UPPER_VANCOUVER = re.compile(
    rf"[{UPPER}]{{2,}}(?:[ -][{UPPER}]{{2,}})*(?: [{UPPER}](?:-[{UPPER}])?){{1,3}}"
)
# The initial of a hyphenated given name and the rest of it: "K.-ichi", "G-hyeon" (Ken-ichi)
_HYPHENATED_INITIAL = re.compile(rf"[{UPPER}]\.?-[a-z]{{2,}}")
# A hyphen a PDF's line break left apart after a capital: "Kawarabayashi K.- ichi" (Ken-ichi),
# "T- cell"
# and "Shim, H.- j." (Hye-jin, its second syllable abbreviated)
_BROKEN_HYPHEN = re.compile(
    rf"\b([{UPPER}]\.?-)\s+(?!(?:and|or|to)\b)(?=[a-z]{{2,}}|[a-z]\.(?:[\s,;]|$))"
)
_HYPHENATED_GIVEN_FIRST = re.compile(
    rf"^(?P<given>[{UPPER}]\.-[a-z]+(?:\s+[{UPPER}]\.)*)\s+(?P<family>[^.]+)$"
)
_PARTICLES_LAST = re.compile(
    r"(?:\s+(?i:van|von|der|den|de|del|della|di|da|dos|das|du|la|le|ten|ter|zu|af))+$"
)
_FAMILY_THEN_INITIALS = re.compile(  # "Broeck G", "SPIEGEL J", "Broeck G. M."
    rf"[{UPPER}][\w'’-]+(?:\s[{UPPER}][\w'’-]+)?(?:\s[{UPPER}]{{1,3}}\.?|(?:\s[{UPPER}]\.)+)$"
)
# A Vancouver name whose hyphenated given name lost its hyphen: "Lee H yi" (Hung-yi)
_INITIAL_AND_REST = re.compile(
    rf"^(?P<family>[{UPPER}][\w'’-]+(?:\s[{UPPER}][\w'’-]+)?)\s(?P<initial>[{UPPER}])\s"
    r"(?P<rest>(?!(?:and|or|de|da|di|du|la|le|van|von|der|den|del|dos|das|ten|ter|zu|af|y)\b)"
    r"[a-z]{2,})$"
)
_LEADING_INITIALS = re.compile(rf"^(?P<given>(?:[{UPPER}][a-z]?\.\s*-?\s*)+)(?P<family>[^.]+)$")
_SUFFIX = re.compile(r"Jr\.?|Sr\.?|II|III|IV")
# "(Mark)" after a name, or its initial, its bracket lost in print: "Zhang, Z. (M., and …"
_NICKNAME = re.compile(r"\s*\((?:[A-Z][\w'’-]*\s?){1,2}\)\.?(?=[\s,]|$)|\s\([A-Z]\.(?=,)")
# A nickname in quotation marks after a given name, or its initial with the marks half lost:
# "Chiyu "Max" Jiang", "Jiang, C. “M.”", Vancouver's "Jiang C "M" (Chiyu "Max"), "Mueller F 'F"
_QUOTED_NICKNAME = re.compile(
    rf"(?<=[\w.])\s+[\"“„«'‘]\s?[{UPPER}](?:[a-z]+|\.)?"
    rf"(?:[\"”»'’](?=\s*(?:[,;&]|$)|\s+[{UPPER}])|(?=\s*(?:[,;&]|$)))"
)
# A given name's initial that keeps its elided particle: "Garcez AS d'A" (Artur S. d'Avila)
_ELIDED_INITIAL = re.compile(rf"(?:d|l|dell)['’][{UPPER}]\.?")
# A family name printed in capitals before given names written out: French "DUPONT Jean",
# GB/T 7714's "VAN DER WAL Johannes" (three letters or more, not run-together initials; the
# given name one that authors have, `_given_name`)
_UPPER_FAMILY_FIRST = re.compile(
    rf"(?P<family>(?:[{UPPER}]{{2,}}\s)*[{UPPER}][{UPPER}'’-]{{2,}})"
    rf"\s(?P<given>[{UPPER}][a-z][\w'’-]*(?:\s(?:[{UPPER}][a-z][\w'’-]*|[{UPPER}]\.?))*)"
)
# A given name whose hyphen is followed by a lower-case syllable: "Hung-yi", "Ken-ichi"
_HYPHENATED_GIVEN = re.compile(rf"[{UPPER}][a-z]+-[a-z]+")
_FUNCTION_WORDS = frozenset(["in", "on", "of", "for", "the", "with", "to", "from", "by", "at"])
_INITIAL_WORD = re.compile(rf"(?<!\S)[{UPPER}]\.(?!\S)")  # "M." in "Inago M. D. R. de Troya"
_STOPWORDS = frozenset(["of", "for", "and", "the", "on", "in", "de", "du", "des", "der", "für"])
# "Marshall, P.", "Th.", and the abbreviated second syllable of "Lee, H.-y." (Hung-yi)
_FINAL_INITIAL = re.compile(rf"(?:^|[\s.,-])[{UPPER}][a-z]?\.$|[{UPPER}]\.-[a-z]\.$")
# "K. C. Ho.": a two-letter name after initials is the family name, its full stop the list's.
_SHORT_FAMILY_AFTER_INITIALS = re.compile(rf"(?:^|\s)[{UPPER}]\.\s+[{UPPER}][a-z]\.$")
_PARTICLES = frozenset(
    [
        "van",
        "von",
        "der",
        "den",
        "de",
        "del",
        "della",
        "di",
        "da",
        "dos",
        "das",
        "du",
        "la",
        "le",
        "ten",
        "ter",
        "zu",
        "af",
        "al",
        "bin",
        "ibn",
        "el",
        "y",
    ]
)
# Particles that open a family name written with a capital ("Van Dijk", "De Luca", "Da Silva")
# and are no given name; "Bin", "Al", "Le" also are given names ("Bin Zhao").
_EUROPEAN_PARTICLES = frozenset(
    ["van", "von", "der", "den", "de", "del", "della", "di", "da", "dos", "das", "du", "la"]
)
_CORPORATE = re.compile(
    r"\b(?:organi[sz]ation|association|institute|institut|society|committee|group|consortium"
    r"|council|agency|foundation|university|department|team|collaboration|cent(?:er|re)"
    r"|project|office|board|commission|bureau|network|inc|ltd|llc|corporation|company"
    r"|federation|union|academy|ministry|service|alliance|panel|program(?:me)?|initiative"
    r"|working|authority|administration|agency|laborator(?:y|ies)|press|nations|bank"
    r"|investigators|trialists|collaborators"
    r"|google|openai|deepmind|microsoft|meta|anthropic|ieee|acm|who|oecd|unesco|nasa)\b",
    re.IGNORECASE,
)
# A group the authors wrote for, named after them: "for the ARISE Investigators", "on behalf
# of the Canadian Lung Oncology Group"; the group is the author.
_ON_BEHALF_OF = re.compile(r"^(?:for\s+the|on\s+behalf\s+of(?:\s+the)?)\s+", re.IGNORECASE)
# An inverted list's last name written given first after "and": "Hurwicz, L. and H. Uzawa".
_LAST_GIVEN_FIRST = re.compile(
    _CONNECTOR.pattern
    + rf"(?P<given>(?:[{UPPER}]\.\s*-?\s*)+)(?P<family>[{UPPER}][^\s.,]*[a-z][^\s.,]*)$"
)


def rejoin_hyphens(text: str) -> str:
    """Hyphens a line break left apart after a capital joined again: "K.- ichi" is "K.-ichi"."""
    return _BROKEN_HYPHEN.sub(r"\1", text)


def parse_people(text: str) -> tuple[tuple[Person, ...], bool]:
    """Persons named in an author block, and whether it ends with "et al."."""
    text = _EDITOR_MARK.sub("", _trim_end(text))
    others = False
    match = _ET_AL.search(text)
    if match:
        others = True
        text = text[: match.start()]
    text = re.sub(r",?\s*(?:…|\.\.\.)\s*(?=\S)", ", ", _trim_end(text))
    text = rejoin_hyphens(_QUOTED_NICKNAME.sub("", _NICKNAME.sub("", text)))
    if not text:
        return (), others
    if mostly_in(text, EAST_ASIAN_LETTER):
        return _east_asian_names(text), others
    if _CORPORATE.search(text) and not re.search(r"[,;&]|\b[A-Z]\.", text):
        return (Person(literal=text),), others  # "Bill and Melinda Gates Foundation"
    if ";" in text:
        # ACS: "Smith, J.; Jones, B.; and Lee, C.": the last name's "and" is no part of it
        chunks = [re.sub(r"^(?:and|&)\s+", "", chunk.strip()) for chunk in text.split(";")]
        people = [_one_name(chunk) for chunk in chunks if chunk]
        return tuple(people), others
    joined = [chunk.strip() for chunk in _CONNECTOR.split(text)] if "," not in text else []
    if len(joined) > 1 and all(_a_persons_name(chunk) for chunk in joined):
        # "Smith and Jones", "John Smith & Mary Jones": no comma, so nothing is a
        # "Family, Given" pair; each name joined by "and" is a person of its own
        return tuple(_one_name(chunk) for chunk in joined), others
    text = _last_name_inverted(text)
    chunks = [chunk.strip() for chunk in _CONNECTOR.sub(", ", text).split(",")]
    chunks = [chunk for chunk in chunks if chunk]
    suffixes = [index for index, chunk in enumerate(chunks) if _SUFFIX.fullmatch(chunk)]
    names = [chunk for index, chunk in enumerate(chunks) if index not in suffixes]
    people = _pair_up(names) if names else []
    for index in suffixes:
        # "King, M. L., Jr.": the suffix belongs to the last name written before it.
        before = [
            chunk for position, chunk in enumerate(chunks[:index]) if position not in suffixes
        ]
        target = len(_pair_up(before)) - 1 if before else -1
        if 0 <= target < len(people):
            person = people[target]
            people[target] = Person(family=person.family, given=person.given, suffix=chunks[index])
    return tuple(people), others


def _last_name_inverted(text: str) -> str:
    """An inverted list ("Family, I., Family, I.") whose last name is written given first
    after "and" ("Arrow, K. J., Hurwicz, L. and H. Uzawa") with that name inverted too, so
    that it pairs up as the others do; any other text as it is."""
    match = _LAST_GIVEN_FIRST.search(text)
    if match is None:
        return text
    chunks = [chunk.strip() for chunk in text[: match.start()].split(",")]
    families, given = chunks[::2], chunks[1::2]
    if len(families) != len(given) or not all(
        _INITIALS.match(initials) and not _LEADING_INITIALS.match(family)
        for family, initials in zip(families, given, strict=True)
    ):
        return text
    return f"{text[: match.start()]}, {match['family']}, {match['given'].strip()}"


def _east_asian_names(text: str) -> tuple[Person, ...]:
    """Names in Chinese, Japanese or Korean, each written whole and set apart by a comma, an
    enumeration comma or a full stop ("郭春華. 劉小冬. 餘盤滿", "易杰, 王秀穎"): one person
    each, never a family and a given name paired across a comma. A name written with a space
    puts the family name first ("山田 太郎")."""
    people = []
    for chunk in _EAST_ASIAN_SEPARATOR.split(text):
        words = re.sub(r"^(?:and|&|和|与|與|및)\s*", "", chunk.strip()).split()
        if len(words) == 1:
            people.append(Person(literal=words[0]))
        elif words:
            people.append(Person(family=words[0], given=" ".join(words[1:])))
    return tuple(people)


def _a_persons_name(chunk: str) -> bool:
    """Whether a chunk could be one person's name: one to four capitalised words (particles
    aside), no digits ("Smith", "Mary Jones", "Jones K"; not "American College of
    Obstetricians", not "Gynecologists")."""
    words = chunk.split()
    return (
        0 < len(words) <= _NAME_WORDS
        and not any(char.isdigit() for char in chunk)
        and all(word[:1].isupper() or word.lower() in _PARTICLES for word in words)
        and not _CORPORATE.search(chunk)
    )


def corporate(name: str) -> bool:
    """Whether a name is an organisation's: "Planck Collaboration", "World Health Organization"."""
    return bool(_CORPORATE.search(name))


def looks_like_people(text: str, *, bounded: bool = False) -> bool:
    """Whether a span reads as an author block rather than a title.

    `bounded`: the span's end is known (a quoted title or the year follows), so its last
    name need not be well formed; otherwise it must be, as the span may end mid-name.
    """
    people, others = parse_people(text)
    if not people:
        return others
    if not all(_plausible(person, strict=False) for person in people):
        return False
    strict = [_plausible(person, strict=True) for person in people]
    return (bounded or strict[-1]) and sum(strict) * 2 > len(people)


def _pair_up(chunks: list[str]) -> list[Person]:
    """Comma-separated chunks to names: "Family, I." pairs, "Family, Given" first, or whole."""
    if len(chunks) == 1:
        return [_one_name(chunks[0])]
    paired = _initial_pairs(chunks)
    if paired is None:
        paired = _pairs_among_mononyms(chunks)
    if paired is not None:
        return paired
    alternating = alternating_pairs(chunks)
    if alternating:  # "WU, Yawen, WANG, Zhepeng", "Thorn, Emily-Clare, Spence, Jocelyn"
        return [_inverted(family, given) for family, given in alternating]
    rest = chunks[1:]
    alternating = alternating_pairs(rest) if len(chunks[0].split()) == 1 else None
    if alternating:  # a mononym, then pairs: "Ashesh, Krull, Alexander, Jug, Florian"
        return [Person(family=chunks[0]), *(_inverted(f, g) for f, g in alternating)]
    if len(chunks[0].split()) == 1 and (
        (len(rest) >= 2 and all(_INITIALS.match(chunk) for chunk in rest[1::2]))
        or all(_UPPER_VANCOUVER.fullmatch(chunk) for chunk in rest)
    ):  # a mononym: "Mausam, Soderland, S.", GB/T 7714's "MAUSAM, SODERLAND S, ETZIONI O"
        return [Person(family=chunks[0]), *_pair_up(rest)]
    if _inverted_first(chunks):
        return [_inverted(chunks[0], chunks[1])] + [_one_name(c) for c in chunks[2:]]
    return [_one_name(chunk) for chunk in chunks]


def _initial_pairs(chunks: list[str]) -> list[Person] | None:
    """ "Liu, F., Chen, zhifeng, Roth, D.": "Family, I." pairs where most given names are
    initials; None where they are not."""
    families, written = chunks[::2], chunks[1::2]
    given = [_without_particles(chunk) for chunk in written]
    initials = sum(1 for chunk in given if _INITIALS.match(chunk))
    if (
        initials * 2 <= len(given)
        or not all(_INITIALS.match(chunk) or len(chunk.split()) <= 2 for chunk in given)
        or any(_INITIALS.match(chunk) or _LEADING_INITIALS.match(chunk) for chunk in families)
    ):
        return None
    people = [_inverted(family, name) for family, name in zip(families, written, strict=False)]
    if len(chunks) % 2:
        people.append(_one_name(chunks[-1]))
    return people


def _pairs_among_mononyms(chunks: list[str]) -> list[Person] | None:
    """ "Jiang, C., Kashinath, K., Prabhat, Marcus, P.": "Family, I." pairs with a one-word
    name among them, and families that are themselves an initial ("Gupta, V., T, M.V."); None
    where the chunks do not read so."""
    people: list[Person] = []
    index = 0
    mononyms = 0
    while index < len(chunks):
        chunk = chunks[index]
        given = chunks[index + 1] if index + 1 < len(chunks) else ""
        family = not _LEADING_INITIALS.match(chunk) and len(chunk.split()) <= 3
        if family and given and _INITIALS.match(given) and (people or not _INITIALS.match(chunk)):
            people.append(_inverted(chunk, given))
            index += 2
        elif len(chunk.split()) == 1 and chunk[:1].isupper() and not _INITIALS.match(chunk):
            people.append(Person(family=chunk))
            mononyms += 1
            index += 1
        else:
            return None
    return people if mononyms * 2 < len(people) else None


def _without_particles(given: str) -> str:
    """A given part without the particles some styles write after it ("J. van der")."""
    words = given.split()
    while len(words) > 1 and words[-1] in _PARTICLES:
        words.pop()
    return " ".join(words)


def _inverted(family: str, given: str) -> Person:
    """Particles written after the given names belong to the family: "Guia, Joseph M. de"."""
    words = given.split()
    start = len(words)
    while start > 1 and _particle_after_given(words, start - 1):
        start -= 1
    if start < len(words):
        family = " ".join([*words[start:], family])
        given = " ".join(words[:start])
    return Person(family=family, given=given)


def _particle_after_given(words: list[str], index: int) -> bool:
    """Whether a word after the given names is a particle of the family name: "de" in "Joseph
    M. de", and capitalised after initials alone, "Van" in "J. Van der" (Jan Van der Spiegel)."""
    word = words[index]
    if word in _PARTICLES:
        return True
    initials = [w for w in words[:index] if w.lower() not in _PARTICLES]
    return (
        word.lower() in _PARTICLES
        and bool(initials)
        and all(_DOTTED_INITIALS.fullmatch(w) for w in initials)
    )


def _inverted_first(chunks: list[str]) -> bool:
    """Whether the first name is written family first, as in "Liu, Fangyu, Muhao Chen"."""
    first, second = chunks[0], chunks[1]
    if _VANCOUVER_TAIL.match(first) or _LEADING_INITIALS.match(first):
        return False
    words = first.split()
    if len(words) == 1 or all(word in _PARTICLES for word in words[:-1]):
        return True
    if all(word.lower() in _PARTICLES for word in words[:-1]) and (
        all(word.lower() in _EUROPEAN_PARTICLES for word in words[:-1]) or not _whole(second)
    ):
        return True  # "Van Dijk, Pieter", but "Bin Zhao, Xuelong Li": a given name, "Bin"
    return len(second.split()) == 1 and not _VANCOUVER_TAIL.match(second)


def _whole(name: str) -> bool:
    """Whether a chunk reads as a whole name, given names first: "Xuelong Li"."""
    words = name.split()
    return len(words) >= 2 and all(re.fullmatch(r"[^\W\d_][^\W\d_'’-]+", w) for w in words)


def _one_name(name: str) -> Person:
    """One name in any order: "Collier N", "N. Collier", "Nigel Collier", "Collier, N."."""
    name = _trim_end(name.lstrip(".,; "))
    if "," in name:
        family, _, given = name.partition(",")
        return Person(family=family.strip(), given=given.strip())
    tail = re.search(r"\s+(Jr\.?|Sr\.?|II|III|IV)$", name)
    if tail and len(name.split()) > 2:
        person = _one_name(name[: tail.start()])
        return Person(family=person.family, given=person.given, suffix=tail.group(1))
    if _CORPORATE.search(name) or len(_INITIAL_WORD.sub("", name).split()) > 5:
        return Person(literal=_ON_BEHALF_OF.sub("", name))
    marked = _family_marked(name)
    if marked is not None:
        return marked
    trailing = _trailing_particles(name)
    if trailing is not None:
        return trailing
    apart = _initials_apart(name)
    if apart:
        return apart
    words = name.split()
    if len(words) > 1 and _HYPHENATED_INITIAL.fullmatch(words[-1]):
        return Person(family=" ".join(words[:-1]), given=words[-1])  # "Kawarabayashi K.-ichi"
    split_given = _INITIAL_AND_REST.match(name)  # "Lee H yi", "KAWARABAYASHI K ichi"
    if split_given:
        given = f"{split_given.group('initial')}-{split_given.group('rest')}"
        return Person(family=split_given.group("family"), given=given)
    vancouver = _VANCOUVER_TAIL.match(name)
    if vancouver and not _DOTTED_INITIALS.match(vancouver.group("family")):
        return Person(family=vancouver.group("family"), given=_dotted(vancouver.group("given")))
    hyphen_first = _HYPHENATED_GIVEN_FIRST.match(name)  # "Y.-chan Park", "L.-wei H. Lehman"
    if hyphen_first:
        return Person(family=hyphen_first.group("family"), given=hyphen_first.group("given"))
    leading = _LEADING_INITIALS.match(name)
    if leading:
        return Person(family=leading.group("family").strip(), given=leading.group("given").strip())
    words = name.split()
    if len(words) == 1:
        return Person(family=words[0]) if words[0][:1].isupper() else Person(literal=name)
    start = len(words) - 1
    while start > 1 and words[start - 1].lower() in _PARTICLES:
        start -= 1
    if start >= 1 and words[start - 1].lower() in _PARTICLES and start - 1 > 0:
        start -= 1
    if all(word in _PARTICLES for word in words[:start]):
        start = 0  # "van der Berg", "de Vries": particles and a family name, no given name
    family = " ".join(words[start:])
    return Person(family=family.rstrip(".") or family, given=" ".join(words[:start]))


def _family_marked(name: str) -> Person | None:
    """A name whose family part its printing marks, whatever the order: the capitals of
    "DUPONT Jean", the lower-case syllable of the given name in "Lee Hung-yi", the elided
    particle that ends the initials of "Garcez AS d'A" (Artur S. d'Avila)."""
    words = name.split()
    if len(words) > 2 and _ELIDED_INITIAL.fullmatch(words[-1]):
        head = _one_name(" ".join(words[:-1]))
        if head.given and not head.literal:
            return Person(family=head.family, given=f"{head.given} {words[-1]}")
    upper_first = _UPPER_FAMILY_FIRST.fullmatch(name)
    if upper_first and _given_name(upper_first.group("given").split()[0]):
        given = re.sub(r"\b([A-Z])$", r"\1.", upper_first.group("given"))  # "SMITH John A"
        return Person(family=upper_first.group("family"), given=given)
    if len(words) == 2 and _HYPHENATED_GIVEN.fullmatch(words[1]) and words[0][1:].islower():
        return Person(family=words[0], given=words[1])
    return None


def _given_name(word: str) -> bool:
    """Whether authors are called `word` more often as a given name than as a family name:
    "Jean" in "DUPONT Jean", not "Medialab" in "SISSA Medialab"."""
    family, given = name_counts(word)
    return given > family


def _trailing_particles(name: str) -> Person | None:
    """AMA's "Silva L de", and after initials "Broeck G Van den" (Guy Van den Broeck): the
    particles written last belong to the family name."""
    particles = _PARTICLES_LAST.search(name)
    if particles is None or particles.start() == 0:
        return None
    head = name[: particles.start()]
    if not particles[0].strip().islower() and not _FAMILY_THEN_INITIALS.match(head):
        return None  # "Maria De La", "H. M. Le": capitalised words that are no particles here
    person = _one_name(head)
    if not person.given or person.literal:
        return None
    return Person(family=f"{particles[0].strip()} {person.family}", given=person.given)


def _initials_apart(name: str) -> Person | None:
    """A name whose initials follow the family name one by one: "Abbott B P", "White S. D. M."."""
    words = name.split()
    count = 0
    while count < len(words) - 1 and _APART_INITIAL.fullmatch(words[-1 - count]):
        count += 1
    family = words[: len(words) - count]
    hyphenated = count == 1 and "-" in words[-1]  # GOST's "Chiang M.-C."
    if (count < 2 and not hyphenated) or "." in "".join(family) or not _family_apart(family):
        return None
    initials = "".join(word.replace(".", "") for word in words[len(family) :])
    return Person(family=" ".join(family), given=_dotted(initials))


def _family_apart(words: list[str]) -> bool:
    """The family name before initials written apart: "Abbott", or GB/T 7714's upper-case
    "HELLENDOORN" and "DO" (words of two letters or more, not initials run together)."""
    joined = "".join(words)
    return any(char.islower() for char in joined) or all(len(word) >= 2 for word in words)


def _dotted(initials: str) -> str:
    """Vancouver's run-together initials written as initials: "TW" is "T. W.", "J-P" "J.-P."."""
    if not re.fullmatch(rf"[{UPPER}](?:-?[{UPPER}])*", initials):
        return initials  # "Ch", "Ya": a short given name, or an initial with its second letter
    dotted = re.sub(rf"([{UPPER}])", r"\1. ", initials)
    return re.sub(r"\s*-\s*", "-", dotted).strip()


def _trim_end(text: str) -> str:
    """Trailing punctuation and a dangling "and" off (a list cut at a line's end: "…, Gwen
    Ottinger, and"), but the full stop of a final initial ("Marshall, P.") kept."""
    text = re.sub(r"[\s,;:]*(?:&|\band)$", "", text.strip()).rstrip(",;: ")
    while text.endswith(".") and (
        not _FINAL_INITIAL.search(text) or _SHORT_FAMILY_AFTER_INITIALS.search(text)
    ):
        text = text[:-1].rstrip(",;: ")
    return text


def _plausible(person: Person, *, strict: bool) -> bool:
    """A name has few words, no digits, and (strictly) capitals where names have them."""
    text = person.literal or f"{person.family} {person.given}"
    if any(char.isdigit() for char in text) or re.search(r"[:;!?()\[\]“”\"]", text):
        return False
    if person.literal:
        words = person.literal.split()
        if words[0].islower() and words[0] not in _PARTICLES:
            return False  # "in IEEE Conference on …": a venue, not an organisation's name
        capitalised = all(word[:1].isupper() or word.lower() in _STOPWORDS for word in words)
        return capitalised and (len(words) <= 3 or bool(_CORPORATE.search(person.literal)))
    family_words = person.family.split()
    given_words = person.given.split()
    if given_words and given_words[0] in _FUNCTION_WORDS:
        return False  # "in Icml": a venue after a title, not a given name
    if any(re.search(r"[a-z]{3}\.$", word) for word in family_words + given_words):
        return False  # "Reconfiguration." ends a sentence; names end in initials ("Th.", "Jr.")
    if not strict:
        return 0 < len(family_words) <= 3 and len(given_words) <= 4
    if not family_words or len(family_words) > 4 or len(given_words) > 4:
        return False
    if len(person.family.strip(".")) < 2:
        return False
    given_ok = all(word[:1].isupper() or word.lower() in _PARTICLES for word in given_words)
    return (
        given_ok
        and all(
            any(char.isupper() for char in word) or word.lower() in _PARTICLES
            for word in family_words
        )
        and any(char.isupper() for char in family_words[-1])
    )
