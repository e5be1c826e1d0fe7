"""References printed without an article title: the authors, then only a venue and its locator.

Chemistry (ACS, RSC), physics (APS, AIP, IOP, Elsevier's short form), astronomy (AAS, MNRAS)
and some medical styles print no title: "Smith, J. A.; Jones, B. J. Am. Chem. Soc. 2019, 141,
1234." or "A. Einstein, B. Podolsky, and N. Rosen, Phys. Rev. 47, 777 (1935).". Read as titled
references, their journal becomes the title. The rule here is one of shape: the text ends in a
locator (year, volume, first page or range, in one of the orders styles print them), and what
sits between the authors and the locator reads as a journal's name (capitalised or abbreviated
words), not as a sentence, so that a title followed by its journal is left to the other readers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from cite_sentinel.core.model import Person
from cite_sentinel.core.sources.reflist_people import (
    UPPER,
    corporate,
    looks_like_people,
    parse_people,
)

_YEAR = r"(?P<year>1[5-9]\d\d|20\d\d)[a-z]?"
# Humanities journals number volumes in roman numerals: "The Review of English Studies IV, 147"
_ROMAN = r"(?=[IVXLC]{2,7}\b)C{0,3}(?:X[CL]|L?X{0,3})(?:I[XV]|V?I{0,3})"
_VOLUME = rf"(?P<volume>\d{{1,5}}|{_ROMAN})"
_ISSUE = r"(?:\s*\((?P<issue>[\w/–-]{1,9})\))?"
_PAGE = r"[A-Za-z]{0,2}\d+[a-z]?"
_PAGES = rf"(?P<pages>{_PAGE}(?:\s*[–—-]\s*{_PAGE})?)"
_MONTH_DAY = r"(?:\s+[A-Z][a-z]{2}\.?(?:\s+\d{1,2})?)?"


@dataclass(frozen=True, slots=True)
class _Shape:
    """A locator as a style prints it at the end of a reference. Before it comes the venue,
    right after the authors, or, with `year_first`, after the authors and the year."""

    locator: re.Pattern[str]
    year_first: re.Pattern[str] | None = None  # what parts the authors from the venue
    dotless: bool = False  # NLM's journal abbreviations carry no full stops: "Lancet Neurol"
    # Words a venue may have. IOP sets no mark between a title and its journal, so a longer
    # "venue" there is a title run into one ("Assessment of Lactation Performance in Women
    # Human Lactation"), and IOP's journals are abbreviated ("Mon. Not. R. Astron. Soc.").
    longest: int = 12

    def fits(self, venue: str) -> bool:
        """Whether the text reads as a venue of this style."""
        if self.dotless and "." in venue.rstrip("."):
            return False
        return venue.count(" ") < self.longest and is_venue(venue)


_SHAPES = (
    # ACS "J. Am. Chem. Soc. 2019, 141 (5), 1234–1240." and RSC "Lancet, 2003, 361, 432."
    _Shape(re.compile(rf",?\s+{_YEAR},\s*{_VOLUME}{_ISSUE},\s*{_PAGES}$")),
    # APS, AIP, Nature's short form: "Phys. Rev. Lett. 116, 061102 (2016)."
    _Shape(re.compile(rf"\s+{_VOLUME}{_ISSUE},\s*{_PAGES}\s*\({_YEAR}\)$")),
    # Elsevier without titles: "Phys. Rev. Lett. 116 (2016) 061102."
    _Shape(re.compile(rf"\s+{_VOLUME}{_ISSUE}\s*\({_YEAR}\)\s*{_PAGES}$")),
    # Vancouver without a title: "Lancet Neurol 2006;5(3):228-34."
    _Shape(
        re.compile(rf"\.?\s+{_YEAR}{_MONTH_DAY}\s*;\s*{_VOLUME}{_ISSUE}\s*:\s*{_PAGES}$"),
        dotless=True,
    ),
    # IOP "Abbott B P et al 2016 Phys. Rev. Lett. 116 061102"
    _Shape(
        re.compile(rf"\s+{_VOLUME}{_ISSUE}\s+{_PAGES}$"),
        year_first=re.compile(rf"\s+{_YEAR}\s+"),
        longest=6,
    ),
    # AAS and MNRAS "Abbott, B. P., et al. 2016, Phys. Rev. Lett., 116, 061102"
    _Shape(
        re.compile(rf",\s*{_VOLUME}{_ISSUE},\s*{_PAGES}$"),
        year_first=re.compile(rf"[,.]?\s+{_YEAR},\s+"),
    ),
    # Annual Reviews without titles: "Abbott BP, Abbott R. 2016. Phys. Rev. Lett. 116:061102"
    _Shape(
        re.compile(rf"\.?\s+{_VOLUME}{_ISSUE}\s*:\s*{_PAGES}$"),
        year_first=re.compile(rf"\.\s+{_YEAR}\.\s+"),
    ),
)
_REACH = 80  # characters at the end of a reference that hold any locator
# Left over at the end once links and identifiers are gone: "(2016), [gr-qc]", "[".
_TAIL = re.compile(r"(?:\[[^\[\]]*\]|[\s.,;\[(])*$")
# Where an author list may end and the venue begin: after a comma, a full stop, or "et al".
_AUTHORS_END = re.compile(r"(?<=[.,])\s+|(?<=\bet al)\s+")
_LONE_INITIAL = re.compile(rf"[{UPPER}]\.")
_ENDS_IN_INITIAL = re.compile(rf"(?:^|[\s.,-])(?:[{UPPER}]{{1,3}}|et al|Jr|Sr)\.$")  # "K.", "CD."
# The group an author list may name after itself: "B. P. Abbott et al. (LIGO Scientific ...),"
_GROUP = re.compile(r"\s*\([^()]*\)\s*([,.]?)$")
_INITIALS = re.compile(rf"(?:[{UPPER}][a-z]?\.?\s*-?\s*)+")
_ABBREVIATION = re.compile(rf"[{UPPER}][\w'’-]*\.")  # "Phys.", "J.", "Neurosci."
_DOTTED_CAPITALS = re.compile(rf"(?:[{UPPER}]\.){{2,}}")  # "U.S.A."
_WORD = re.compile(rf"[{UPPER}][\w'’&-]*|[a-z]{{1,3}}[{UPPER}][\w'’-]*")  # "Lancet", "A&A", "eLife"
_PARENTHESISED = re.compile(rf"\([{UPPER}][\w.]*\)")  # "Ann. Phys. (N.Y.)", "(BBA)"
_CONNECTIVES = frozenset(
    (
        *("of", "and", "the", "in", "for", "on", "at", "&", "–", "—", "-"),
        *("de", "des", "du", "der", "die", "und", "für", "et", "la", "le", "di", "del", "della"),
        "y",
    )
)
# A full stop after these endings closes a word, not an abbreviation: "Graphene.", "Learning."
_WORD_ENDING = re.compile(
    r"(?:[aeouy]|ing|tion|sion|ment|ness|ity|ies|ous|ive|ics|ism|[cdlrstvz]ed|ied)\.$"
)
_ARTICLE = re.compile(r"\bThe\b")


@dataclass(frozen=True, slots=True)
class Untitled:
    """The parts of a reference printed without a title."""

    authors: str
    venue: str
    volume: str
    issue: str
    pages: str
    year: str
    kind: str = "article-journal"


@dataclass(frozen=True, slots=True)
class _Token:
    """One word of a venue, its kind, and the comma or colon that followed it."""

    text: str
    kind: str  # abbreviation, capitals, word, connective, parenthesised
    mark: str


def untitled_article(body: str) -> Untitled | None:
    """The authors, venue, volume, issue, pages and year of a reference that prints no
    title, or None where the text is not only authors, a venue and a locator."""
    tail = _TAIL.search(body, max(0, len(body) - _REACH))
    text = body[: tail.start()] if tail else body
    offset = max(0, len(text) - _REACH)
    for shape in _SHAPES:
        locator = shape.locator.search(text, offset)
        if locator is None:
            continue
        found = _read(text[: locator.start()], locator, shape)
        if found is not None:
            return found
    return None


def _read(head: str, locator: re.Match[str], shape: _Shape) -> Untitled | None:
    """The parts of a reference whose locator matched, when the text before it reads as
    authors and a venue (and the year, where the style prints it first)."""
    year = locator.groupdict().get("year")
    if shape.year_first is None:
        split = _split(head, shape)
    else:
        dated = shape.year_first.search(head)
        year = dated.group("year") if dated else None
        split = _year_split(head, dated, shape) if dated else None
    if split is None or year is None:
        return None
    authors, venue = split
    return Untitled(
        authors=authors,
        venue=_printed_venue(venue),
        volume=locator.group("volume"),
        issue=locator.group("issue") or "",
        pages=re.sub(r"\s*[–—-]\s*", "-", locator.group("pages")),
        year=year,
    )


def _year_split(head: str, dated: re.Match[str], shape: _Shape) -> tuple[str, str] | None:
    """Authors and venue on either side of the year: "Abbott B P et al 2016 Phys. Rev. Lett"."""
    authors, venue = _GROUP.sub(r"\1", head[: dated.start()]), head[dated.end() :]
    return (authors, venue) if shape.fits(venue) and _names(authors, venue) else None


def _split(head: str, shape: _Shape) -> tuple[str, str] | None:
    """Authors and venue of "authors venue": the first place the authors end where the rest
    is a venue."""
    for boundary in _AUTHORS_END.finditer(head, _last_words(head, shape.longest)):
        authors, venue = _GROUP.sub(r"\1", head[: boundary.start()]), head[boundary.end() :]
        if _starts_venue(authors, venue) and shape.fits(venue) and _names(authors, venue):
            return authors, venue
    return None


def _last_words(text: str, count: int) -> int:
    """Where the space before the text's last `count` words stands (0: it has no more)."""
    end = len(text)
    for _ in range(count):
        end = text.rfind(" ", 0, end)
        if end < 0:
            return 0
    return end


def _starts_venue(authors: str, venue: str) -> bool:
    """Whether the venue may start where the authors end. After a full stop the authors must
    end in an initial or "et al.", and an initial right after it is the last author's, but for
    "J." (ISO 4's "Journal") where that author keeps one: "Jones, B. J. Am. Chem. Soc."."""
    if not authors.endswith("."):
        return True
    if not _ENDS_IN_INITIAL.search(authors):
        return False
    first, _, rest = venue.partition(" ")
    if not _LONE_INITIAL.fullmatch(first):
        return True
    return first == "J." and not _LONE_INITIAL.fullmatch(rest.partition(" ")[0])


def _names(authors: str, venue: str) -> bool:
    """Whether the text reads as a whole author list, its names in one form throughout ("A.
    Smith, Quantum Chaos" is not one). A name without given names or initials ends the list
    only where no initial follows: in "Smith, J. Phys. Rev." "J." is Smith's."""
    if not authors.strip() or not looks_like_people(authors, bounded=True):
        return False
    people, _ = parse_people(authors)
    if not people or any(_titled(person) for person in people):
        return False
    if any(person.literal and not corporate(person.literal) for person in people):
        return False
    if any(not person.given for person in people) and _LONE_INITIAL.match(venue):
        return False
    initialled = [_initialled(person.given) for person in people]
    return all(initialled) or not initialled[0]


def _titled(person: Person) -> bool:
    """Whether a "name" holds an article: "Klotter, The Black South" is an author and a title."""
    return bool(_ARTICLE.search(f"{person.given} {person.family}"))


def _initialled(given: str) -> bool:
    """Given names written as initials, particles aside: "B. P.", "R. de M."."""
    words = [word for word in given.split() if not word.islower()]
    return bool(words) and all(_INITIALS.fullmatch(word) for word in words)


def is_venue(text: str) -> bool:
    """Whether the text reads as a journal's name as printed ("J. Am. Chem. Soc.", "Behavioural
    Brain Research", "Lancet Neurol"), not as a title before one ("Deep learning. Nature")."""
    tokens = _tokens(text)
    if not tokens:
        return False
    if tokens[0].kind in ("connective", "parenthesised") or tokens[-1].kind == "connective":
        return False
    return all(_fits(tokens, index) for index in range(len(tokens)))


def _tokens(text: str) -> list[_Token] | None:
    """The venue's words with their kinds, or None where one is no venue's word."""
    tokens = []
    for word in text.split():
        core = word.rstrip(",:")
        mark = word[len(core) :]
        kind = _kind(core)
        if kind is None or len(mark) > 1:
            return None
        tokens.append(_Token(core, kind, mark))
    return tokens


def _kind(word: str) -> str | None:
    if _DOTTED_CAPITALS.fullmatch(word):
        return "capitals"
    if _ABBREVIATION.fullmatch(word):
        return "abbreviation"
    if _WORD.fullmatch(word):
        return "word"
    if word in _CONNECTIVES:
        return "connective"
    if _PARENTHESISED.fullmatch(word):
        return "parenthesised"
    return None


def _fits(tokens: list[_Token], index: int) -> bool:
    """Whether one word fits a venue's name where it stands.

    A comma follows only an abbreviation ("Angew. Chem., Int. Ed."), a colon an abbreviation
    or a section letter ("J. Phys. A: Math. Theor."); "The" opens a venue, never continues
    one; and a full stop inside the venue closes an abbreviation, not a sentence: not a word
    ("Graphene."), nor the last of three or more unabbreviated words ("Title of the Article.").
    """
    token = tokens[index]
    last = index == len(tokens) - 1
    if token.mark and (last or not _takes_mark(token)):
        return False
    if index and token.text == "The":
        return False
    if token.kind != "abbreviation" or last:
        return True
    if len(token.text) > 2 and _WORD_ENDING.search(token.text):
        return False
    run = 0
    for before in reversed(tokens[:index]):
        if before.kind not in ("word", "connective"):
            break
        run += 1
    return run < 3


def _takes_mark(token: _Token) -> bool:
    if token.mark == ",":
        return token.kind == "abbreviation" and len(token.text) > 2
    return token.kind == "abbreviation" or bool(re.fullmatch(rf"[{UPPER}]", token.text))


def _printed_venue(venue: str) -> str:
    """The venue as printed, less the full stop that only ends it ("The Lancet.", "Lancet
    Neurol."); an abbreviated one keeps its last full stop ("Phys. Rev. Lett.")."""
    venue = venue.strip().rstrip(",")
    words = venue.split()
    abbreviated = any(word.endswith(".") for word in words[:-1]) or bool(
        _LONE_INITIAL.fullmatch(words[-1])
    )
    return venue if abbreviated else venue.rstrip(".")
