"""One free-text reference to a Reference: authors, year, title, venue, numbers, identifiers."""

from __future__ import annotations

import re
from dataclasses import dataclass

from cite_sentinel.core.model import Identifiers, Location, Person, Reference
from cite_sentinel.core.sources.identifiers import find_identifiers_in_text
from cite_sentinel.core.sources.reflist_initials import (
    initials_first,
    name_goes_on,
    names_end_at_colon,
)
from cite_sentinel.core.sources.reflist_locator import Untitled, untitled_article
from cite_sentinel.core.sources.reflist_markup import plain_text, strip_label, whole_characters
from cite_sentinel.core.sources.reflist_people import (
    UPPER,
    looks_like_people,
    parse_people,
    rejoin_hyphens,
)
from cite_sentinel.core.sources.reflist_runon import split_run_on
from cite_sentinel.core.sources.reflist_typecode import TypeCode, place_and_publisher, type_code
from cite_sentinel.core.sources.reflist_untitled_paper import untitled_paper
from cite_sentinel.core.sources.reflist_venue import (
    kind,
    late_year,
    pages,
    publisher,
    venue_and_editors,
    venue_like,
    volume_issue,
)

_YEAR = r"(?:1[5-9]\d\d|20\d\d)"
_LONGEST = 3000  # characters read of one reference; longer text is not one reference
_QUOTED = re.compile(
    r"“([^”]{2,})”|\"([^\"]{2,})\"|„([^“”]{2,})[“”]|«\s*([^»]{2,}?)\s*»"
    r"|‘(.{2,}?)’(?=\s*[,.;]|\s+in\b)|(?<!\w)'(.{2,}?)'(?=\s*[,.;]|\s+in\b)"
)
_PAREN_YEAR = re.compile(
    rf"\(\s*(?P<year>{_YEAR})(?P<suffix>[a-z]?)(?:\s*,\s*(?P<rest>[^)]{{0,40}}))?\s*\)"
    r"|\(\s*(?P<nd>n\.\s?d\.|in press|forthcoming)\s*\)",
    re.IGNORECASE,
)
_DOT_YEAR = re.compile(rf"[.,]\s+(?P<year>{_YEAR})(?P<suffix>[a-z]?)\.\s")
_ID_NOISE = re.compile(
    r"\[?\bonline\]?\.?\s*available\s*(?:at|from)?\s*:?"
    r"|\bavailable\s+(?:at|from|online)\s*:?"
    r"|\bretrieved\b[^.;]{0,40}?\bfrom\b\s*:?"
    r"|\b(?:accessed|viewed|cited)\s*:?\s*(?:on\s+)?(?=\d|(?:jan|feb|mar|apr|may|jun|jul|aug"
    r"|sep|oct|nov|dec)[a-z]*\.?\s+\d)[^.;)\]]{0,40}?(?:1[5-9]\d\d|20\d\d|\d{4}-\d\d-\d\d)"
    r"|\(\s*accessed[^)]*\)|\[\s*(?:accessed|cited)[^\]]*\]"
    r"|\b(?:doi|DOI)\s*:?\s*10\.\S+?(?=[.,;]?(?:\s|$))"
    r"|(?:https?|ftp)://\S+?(?=[.,;]?(?:\s|$))"
    r"|\bwww\.\S+?(?=[.,;]?(?:\s|$))"
    r"|\barxiv\s*:\s*\S+"
    r"|\b(?:PMID|PMCID|ISBN(?:-1[03])?)\s*:?\s*[\dPMCX-]+",
    re.IGNORECASE,
)
_LONE_CAPITAL = re.compile(rf"\b[{UPPER}]\.$")
_DOTTED_CAPITALS = re.compile(rf"\b[{UPPER}]\.[{UPPER}]\.$")
_NOT_END_BEFORE = re.compile(
    r"(?:\b(?:a\.k\.a|vs|e\.g|i\.e|etc|al|cf|ca|approx|No|Vol|St|Dr|Mr|Mrs|Ms|Jr|Sr|Inc|Ltd|Co"
    r"|Fig|Eq|Ed|eds|pp|Proc|Conf|Int|Intl|Natl|Univ|Symp|Trans|Assoc|Soc|Res|J|Am|Rev"
    r"|[IVX]{2,5}))\.$"
)
# 'Jiang, C. "Max".' or 'Chiyu “Max” Jiang': a nickname, not a quoted title.
_NICKNAME = re.compile(
    r"(?:(?<=[A-Z]\.)\s+[\"“‘’][A-Z][a-z]+[\"”’]\.?|\s+[\"“][A-Z][a-z]+[\"”](?:\.,?|,))(?=[\s,])"
)
_TRAILING_DATE = re.compile(
    rf",\s+(?:(?:[A-Z][a-z]{{2,8}}\.?|\d{{1,2}}\s+[A-Z][a-z]{{2,8}}\.?)\s+)?(?P<year>{_YEAR})$"
)
_SAME_AUTHORS = re.compile(r"^\s*(?:[—–]{2,}|-{3,}|_{3,})\s*[.,]?\s*")
_NOTE_FIRST = re.compile(r"^\[(?!\d)[^\]]{1,30}\]\s*")  # "[Retracted] Wakefield, A. J. …"
_MONTHS = {
    name: number
    for number, name in enumerate(
        ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"), 1
    )
}
_VENUE_WORDS = (
    r"\b(?:Conference|Proceedings|Journal|Workshop|Symposium|Transactions|Review|Letters)\b"
)
_TRAILING_DESCRIPTOR = re.compile(r"\s*\[[^\]]*\]\s*$")
_AUTHORS_YEAR = re.compile(rf"^(?P<authors>.+?),\s*(?P<year>{_YEAR})[a-z]?\.\s+(?P<title>\S.*)$")
_NUMBERED_VENUE = re.compile(r"[^,;]{1,120}?(?:,\s*|\s)\(?\d")  # "Nature, 521", "jmlr, 1"
_INITIALLED = re.compile(rf"(?:[{UPPER}]\.?)+(?:-(?:[{UPPER}]\.?)+|-[a-z]+)?")  # "D.N.", "J.-weon"
_BARE_YEAR = re.compile(rf"\s(?P<year>{_YEAR})[a-z]?\s+(?=[^\s\d])")
_CONTAINER_MARK = re.compile(r"\.?,\s+(?:[Ii]n:|in)\s+|\s*//\s*")


@dataclass(frozen=True, slots=True)
class _Frame:
    """Where a reference's authors, year and title sit."""

    authors: str
    year: str
    title: str
    rest: str


def parse_reference(raw: str, *, key: str, location: Location) -> Reference:
    """One free-text reference in any common style (APA, MLA, Chicago, IEEE, AMA, Nature…)."""
    raw = whole_characters(raw)
    _, text = strip_label(raw.strip()[:_LONGEST])
    text = _NOTE_FIRST.sub("", plain_text(text))
    identifiers = find_identifiers_in_text(text)
    body = _NICKNAME.sub("", _SAME_AUTHORS.sub("", _without_identifiers(text)))
    body = rejoin_hyphens(body)
    untitled = untitled_article(body) or untitled_paper(body)
    if untitled is not None:
        return _untitled_reference(
            untitled, body, key=key, location=location, raw=raw, identifiers=identifiers
        )
    coded = type_code(body)
    frame = _coded_frame(coded) if coded else _frame(body)
    people, others = parse_people(frame.authors) if frame.authors else ((), False)
    rest = frame.rest
    year = frame.year or late_year(rest)
    title = frame.title
    if not year:
        title, year = _dated_title(title)
    venue, editors, publisher_name = _venue_fields(rest, coded)
    volume, issue = volume_issue(rest)
    return Reference(
        key=key,
        location=location,
        kind=coded.kind if coded else kind(rest, volume),
        title=title,
        people=people,
        editors=editors,
        others=others,
        year=int(year) if year else None,
        date=_iso_date(year, body),
        venue=venue,
        volume=volume,
        issue=issue,
        pages=pages(rest),
        publisher=publisher_name,
        identifiers=identifiers,
        raw=raw,
        source_format="reflist",
    )


def _venue_fields(rest: str, coded: TypeCode | None) -> tuple[str, tuple[Person, ...], str]:
    """Venue, editors and publisher. A book or thesis coded by GB/T 7714 has no venue: its
    "Cambridge: MIT Press, 2016" gives the publisher."""
    if coded is not None and coded.standalone:
        return "", (), place_and_publisher(rest)[1] or publisher(rest)
    venue, editors = venue_and_editors(rest)
    return venue, editors, publisher(rest)


def _untitled_reference(
    untitled: Untitled,
    body: str,
    *,
    key: str,
    location: Location,
    raw: str,
    identifiers: Identifiers,
) -> Reference:
    """A reference printed without a title (ACS, APS, AIP, IOP, AAS): its title stays empty,
    and its venue, volume and first page name the work instead."""
    people, others = parse_people(untitled.authors)
    return Reference(
        key=key,
        location=location,
        kind=untitled.kind,
        people=people,
        others=others,
        year=int(untitled.year),
        date=_iso_date(untitled.year, body),
        venue=untitled.venue,
        volume=untitled.volume,
        issue=untitled.issue,
        pages=untitled.pages,
        identifiers=identifiers,
        raw=raw,
        source_format="reflist",
    )


def _dated_title(title: str) -> tuple[str, str]:
    """A date the title ran into where no full stop ended it ("setspace LaTeX package,
    December 2011"): the title without it, and its year."""
    match = _TRAILING_DATE.search(title)
    if match is None or len(title[: match.start()].split()) < 2:
        return title, ""
    return title[: match.start()].rstrip(" ,;"), match.group("year")


def repeats_authors(raw: str) -> bool:
    """A leading "———" says the authors are those of the reference before (MLA, Chicago)."""
    return bool(_SAME_AUTHORS.match(strip_label(raw.strip())[1]))


def _iso_date(year: str, body: str) -> str:
    """The date as precisely as written: "(2020, March 3)" or "2015 May 28;" give 2020-03-03."""
    if not year:
        return ""
    patterns = (
        rf"\b{year}[a-z]?,?\s+(?P<month>[A-Z][a-z]{{2,8}})\.?(?:\s+(?P<day>\d{{1,2}}))?\b",
        rf"\b(?:(?P<day>\d{{1,2}})\s+)?(?P<month>[A-Z][a-z]{{2,8}})\.?,?\s+{year}\b",
    )
    for pattern in patterns:
        for match in re.finditer(pattern, body):
            month = _MONTHS.get(match.group("month")[:3].lower(), 0)
            if month:
                day = match.group("day")
                return f"{year}-{month:02d}-{int(day):02d}" if day else f"{year}-{month:02d}"
    return year


def _without_identifiers(text: str) -> str:
    """The reference without links, DOIs and access notes, which only confuse the fields."""
    text = " ".join(_ID_NOISE.sub(" ", text).split())
    text = re.sub(r"([.,;:])(?:\s+[.,;:])+(?=\s|$)", r"\1", text)
    return re.sub(r"\s+([.,;:])", r"\1", text).strip()


def _frame(body: str) -> _Frame:
    """Authors, year, title and the rest, by the first pattern that fits."""
    return (
        _quoted_frame(body)
        or _year_frame(body)
        or _bare_year_frame(body)
        or _colon_frame(body)
        or _sentence_frame(body)
        or _comma_frame(body)
        or _Frame(authors="", year="", title=_first_sentence(body)[0], rest=body)
    )


def _coded_frame(coded: TypeCode) -> _Frame:
    """GB/T 7714: authors, year and title before the type code, the rest after it. The code
    ends the title, whatever full stops the title holds."""
    dated = _AUTHORS_YEAR.match(coded.head)  # the author-date form: "REID M, NEUBIG G, 2023."
    if dated and looks_like_people(dated.group("authors"), bounded=True):
        title = _clean_title(dated.group("title"))
        return _Frame(dated.group("authors"), dated.group("year"), title, coded.rest)
    inner = _frame(coded.head)
    start = coded.head.find(inner.title) if inner.title and inner.authors else -1
    title = _clean_title(coded.head[start:]) if start >= 0 else inner.title
    return _Frame(authors=inner.authors, year=inner.year, title=title, rest=coded.rest)


def _quoted_frame(body: str) -> _Frame | None:
    """MLA, Chicago, Harvard, IEEE: the title in quotation marks."""
    match = _QUOTED.search(body)
    if not match or (match.start() == 0 and not body[match.end() :].strip()):
        return None
    title = next(group for group in match.groups() if group is not None)
    if re.match(r"\s*[:;?!–—-]|\w|\s+(?:or|and|vs\.?|versus)\s", body[match.end() :]):
        return None  # a quotation inside a longer title: “Bad” Ad?, “Factual” or “Emotional”
    before = body[: match.start()].strip()
    if before and not re.search(r"[.,:;)]$", before):
        return None  # an author list ends in punctuation: this quotation sits inside the title
    year = ""
    paren = _PAREN_YEAR.search(before)
    if paren and before[paren.end() :].strip(" .,:"):
        return None  # "(2021). What makes a “bad” ad?": the quotation is inside the title
    if paren and paren.group("year"):
        year = paren.group("year")
        before = before[: paren.start()]
    else:
        dotted = _DOT_YEAR.search(before + " ")
        if dotted and dotted.end() >= len(before):
            year = dotted.group("year")
            before = before[: dotted.start()]
    if before and not looks_like_people(before, bounded=True):
        return None
    title = title.strip().rstrip(",.;: ").strip()
    return _Frame(authors=before, year=year, title=title, rest=body[match.end() :])


def _year_frame(body: str) -> _Frame | None:
    """APA, Harvard, Chicago, ACM: the year right after the authors."""
    for pattern in (_PAREN_YEAR, _DOT_YEAR):
        match = pattern.search(body)
        if not match or match.start() == 0:
            continue
        authors = body[: match.start()].strip()
        if not authors or (len(authors.split()) > 150):
            continue
        people_like = looks_like_people(authors, bounded=True)
        if not people_like and (pattern is _DOT_YEAR or len(authors.split()) > 8):
            continue
        year = match.group("year") or ""
        after = body[match.end() :].lstrip(" .,:")
        if len(after.split()) < 2:
            continue  # Nature ends with "(2024).": the title cannot come after the year
        title, rest = _first_sentence(after)
        return _Frame(authors=authors, year=year, title=title, rest=rest)
    return None


def _bare_year_frame(body: str) -> _Frame | None:
    """IOP: "Wu P, Chen C, Yi J and Metaxas D N 2019 Title Venue pp 1–9": the authors, all
    written "Family Initials", run to a year set off by spaces alone; the title runs into
    the venue."""
    match = _BARE_YEAR.search(body)
    if match is None:
        return None
    authors = body[: match.start()].strip()
    if not authors or not _initialled_names(authors):
        return None
    title, rest = split_run_on(body[match.end() :])
    return _Frame(authors=authors, year=match.group("year"), title=title, rest=rest)


def _initialled_names(authors: str) -> bool:
    """Whether an author block is only names with initials ("Wu P", "Metaxas D N", "et al")."""
    if "." in authors.replace("et al.", "") or not looks_like_people(authors, bounded=True):
        return False
    people, _ = parse_people(authors)
    return bool(people) and all(
        person.family and _INITIALLED.fullmatch(person.given.replace(" ", "")) for person in people
    )


def _colon_frame(body: str) -> _Frame | None:
    """DIN 1505 and KOMA-Script's styles: "Berger, Jens: The jurabib package. CTAN, 2002."."""
    authors, colon, after = body.partition(": ")
    if (
        not colon
        or not after
        or len(authors.split()) > 150
        or not looks_like_people(authors, bounded=True)
    ):
        return None
    if not names_end_at_colon(authors):
        return None
    title, rest = _first_sentence(after)
    before_venue = _title_before_venue(after)
    if before_venue and len(before_venue[0]) < len(title):
        title, rest = before_venue  # Copernicus: "Title, Journal of X, 263–286, 1995."
    return _Frame(authors=authors, year="", title=title, rest=rest) if title else None


def _title_before_venue(text: str) -> tuple[str, str] | None:
    """A title that a comma ends before its venue and the venue's numbers: "Title, J. Appl.
    Physiol., 12, 345–350", "Title, jmlr, 1–33, 2020"; None where no comma does."""
    for match in re.finditer(r",\s+", text):
        after = text[match.end() :]
        if venue_like(after) and _NUMBERED_VENUE.match(after):
            title = _clean_title(text[: match.start()])
            return (title, after) if title else None
    return None


def _sentence_frame(body: str) -> _Frame | None:
    """Vancouver, AMA, Nature: authors end at the first full stop that ends a name list."""
    for match in re.finditer(r"\.\s+|(?<=\bet al)\s+(?=[A-Z])", body):
        before = (
            body[: match.start() + 1] if match.group().startswith(".") else body[: match.start()]
        )
        after = body[match.end() :]
        if not after or _continues_names(after) or re.search(r"\b(?:Jr|Sr|[Vv]s)\.$", before):
            continue
        if name_goes_on(before, after):
            continue  # "Donald E. Knuth.", "D.E. Knuth,": the initial does not end the list
        if looks_like_people(before):
            title, rest = _first_sentence(after)
            return _Frame(authors=before, year="", title=title, rest=rest)
        if len(before.split()) > 150:
            break
    return None


def _comma_frame(body: str) -> _Frame | None:
    """Authors and title separated by commas only: "L. Lamport, LaTeX: a system, 1994."."""
    pieces = body.split(", ")
    if initials_first(pieces[0]):
        return _initials_first_frame(pieces)
    for count in range(1, min(len(pieces), 30)):
        before = ", ".join(pieces[:count])
        if not looks_like_people(before):
            return None
        if not looks_like_people(pieces[count], bounded=True):
            rest = ", ".join(pieces[count + 1 :])
            return _Frame(authors=before, year="", title=_clean_title(pieces[count]), rest=rest)
    return None


def _initials_first_frame(pieces: list[str]) -> _Frame | None:
    """Elsevier and APS: "A. Gruslys, R. Munos, A. Graves, Memory-Efficient Backpropagation
    Through Time, in: Neurips, 2016". The names end at the last one written "Initials Family";
    the title runs, commas and all, to ", in", to the venue, or else to its first comma."""
    count = 1
    while count < len(pieces) and initials_first(pieces[count]):
        count += 1
    if count == len(pieces):
        return None
    after = ", ".join(pieces[count:])
    authors = ", ".join(pieces[:count])
    mark = _container_mark(after)
    if mark:
        return _Frame(authors, "", _clean_title(after[: mark.start()]), _after_mark(after, mark))
    before_venue = _title_before_venue(after)
    if before_venue and before_venue[0]:
        return _Frame(authors, "", before_venue[0], before_venue[1])
    return _Frame(authors, "", _clean_title(pieces[count]), ", ".join(pieces[count + 1 :]))


def _continues_names(after: str) -> bool:
    """After "Roth, D." comes "& Collier" or "S. Dalton": the name list goes on."""
    return bool(
        re.match(
            rf"(?:&|and\b|et\s+al\b|[{UPPER}]\.|[{UPPER}]-[{UPPER}]\.|[{UPPER}][a-z]?\.\s*,|,"
            r"|\([A-Z][\w'’-]*\)\.?,"
            r"|(?:van|von|de|der|den|da|di|du|del|della|dos|das|le|la|ten|ter)"
            r"(?:\s+(?:der|den|de|la|le))?\s*(?:[,;]|&|and\b|\.))",
            after,
        )
    )


def _first_sentence(text: str) -> tuple[str, str]:
    """The title: text up to the first sentence end that is not an abbreviation."""
    text = text.strip()
    container = _container_mark(text)  # "Title, in: Proceedings …", "Title[C]//Proceedings …"
    for match in re.finditer(r"([.?!])(?:[\"”’]?)\s+(?=\S)", text):
        if container and container.start() < match.start():
            return _clean_title(text[: container.start()]), _after_mark(text, container)
        head = text[: match.start() + 1]
        if match.group(1) == "." and _abbreviation_ends(head, text[match.end() :]):
            continue
        if match.group(1) != "." and _subtitle_follows(text[match.end() :]):
            continue
        title = head if match.group(1) != "." else head[:-1]
        return _clean_title(title), text[match.end() :]
    if container:
        return _clean_title(text[: container.start()]), _after_mark(text, container)
    for nature in re.finditer(r"\s(?:in|In:)\s", text):  # Nature's "Title in Proc. X (2019)"
        if nature.group().strip() == "In:" or venue_like(text[nature.end() :]):
            return _clean_title(text[: nature.start()]), text[nature.start() :]
    return _clean_title(text.rstrip(".")), ""


def _after_mark(text: str, mark: re.Match[str]) -> str:
    """What follows a title's end mark, "in" kept: "in: Neurips, 2016", "Proceedings of …"."""
    return text[mark.start() :].lstrip(" .,/")


def _container_mark(text: str) -> re.Match[str] | None:
    """Where a title ends and its container starts without a full stop: Elsevier's ", in:",
    APS's ", in" before a venue, Frontiers' "., in", GB/T 7714's and GOST's "//"."""
    for match in _CONTAINER_MARK.finditer(text):
        mark = match.group()
        if "//" in mark or ":" in mark or mark.startswith(".") or venue_like(text[match.end() :]):
            return match
    return None


def _abbreviation_ends(head: str, after: str) -> bool:
    """Whether the full stop only ends an abbreviation: "U.S. policy", "C. elegans", "e.g.".

    A lone capital ("Expansion A. Journal of …") ends the title when a capitalised word follows.
    """
    if _NOT_END_BEFORE.search(head):
        return True
    if not _LONE_CAPITAL.search(head):
        return False
    return bool(_DOTTED_CAPITALS.search(head)) or after[:1].islower()


def _subtitle_follows(text: str) -> bool:
    """After "Title?" comes a subtitle when the next sentence is plain words and "In …" follows."""
    if _venue_like(text):
        return False
    mark = _container_mark(text)
    if mark and not re.search(r"[.?!]\s", text[: mark.start()]):
        return True  # "What Can You Learn? Learning Visual … // iclr.", "…? The Impact …, in:"
    sentence = re.match(r"(.+?[^A-Z])\.\s+(.*)", text)
    if not sentence:
        # Annual Reviews prints no venue: "Et tu, Brute? Privacy Analysis of … Apps" ends it
        return len(text.split()) > 1 and not re.search(r"\d|[.?!]\s", text) and not venue_like(text)
    segment, after = sentence.groups()
    if re.search(
        r",\s*\d|\d\s*[–-]\s*\d|\(\d|\b(?:Conference|Proceedings|Journal|Workshop|Symposium"
        r"|Transactions)\b",
        segment,
    ):
        return False
    if re.match(r"(?:In\b|in\b|In:)", after):
        return True
    if re.match(rf"{_YEAR}\s*(?:[;:.]|$)", after):
        return False  # AMA "Title? Journal. 2023;112:20": the "subtitle" was the journal
    # APA "Title? Subtitle. Journal, 3, 1–10." or "Title? Subtitle. 2017 IEEE Conference, 1–2."
    next_sentence = re.split(r"\.\s", after, maxsplit=1)[0]
    return bool(re.search(rf",\s*\d|\d\(|\d\s*[–-]\s*\d|{_VENUE_WORDS}", next_sentence))


def _venue_like(text: str) -> bool:
    """What follows a "?" ends the title when it reads as a venue or a publication detail."""
    return bool(
        re.match(
            r"(?:In\b|in\b|Proc|Journal|J\.|Trans|Conference|Annual|International|Advances"
            rf"|IEEE|ACM|Retrieved|Available|{_YEAR}|\d|\(|[A-Z][\w&.-]*\s*(?:\d|,|\.|$))",
            text,
        )
    )


def _clean_title(title: str) -> str:
    title = _TRAILING_DESCRIPTOR.sub("", title.strip())
    title = title.strip().strip('“”"').rstrip(",;: ").strip()
    return title if any(char.isalpha() for char in title) else ""
