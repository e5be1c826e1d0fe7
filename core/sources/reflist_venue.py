"""What follows a reference's title: venue, editors, volume, issue, pages, publisher, late year."""

from __future__ import annotations

import re

from cite_sentinel.core.model import Person
from cite_sentinel.core.sources.reflist_people import parse_people

_YEAR = r"(?:1[5-9]\d\d|20\d\d)"
_ANY_YEAR = re.compile(rf"(?<![\d/.\w–-])({_YEAR})[a-z]?(?![\d\w–-]|\.\d)")
_PAGES = re.compile(
    r"(?:\bpp?\.|\bPp?\.(?=\s*\d)|\bpp\b|\bpages?\b)\s*"  # Springer "pp 12–34", GOST "Pp. 1–9"
    r"(?P<a>[A-Za-z]?\d+[A-Za-z]?(?:\s*[–—-]\s*[A-Za-z]?\d+[A-Za-z]?)?)"
    r"|:\s*(?P<b>[A-Za-z]?\d+(?:\s*[–—-]\s*[A-Za-z]?\d+)?)(?=\s*[.;,]?\s*$|\s*[.;,]\s)"
    r"|,\s*(?P<c>\d+\s*[–—-]\s*\d+)(?=[.,;\s]|$)"
    r"|\s(?P<d>\d+\s*[–—-]\s*\d+)(?=\s*\()"
    # IOP ends with volume and page, or the range: "Phys. Rev. Lett. 116 061102", "Learning 3–5"
    r"|(?<=[A-Za-z.])\s(?:\d{1,4}\s+(?P<e>[A-Za-z]?\d+)|(?P<f>\d+\s*[–—-]\s*\d+))\s*\.?$"
)
_VOLUME_ISSUE = re.compile(
    r"\b(?:vol(?:ume)?\.?\s*(?P<v1>\d+))(?:\s*,?\s*(?:no|issue|nr)\.?\s*(?P<i1>\d+))?"
    r"|(?<![\d(])(?P<v2>\d{1,4})\s*\((?P<i2>[\w/–-]{1,9})\)"
    rf"|(?<=[A-Za-z.])\s(?!{_YEAR},)(?P<v4>\d{{1,4}}),"
    r"\s*[A-Za-z]?\d+(?:\s*[–-]\s*\d+)?\s*\("
    rf"|(?<=[A-Za-z.])\s(?!{_YEAR}:)(?P<v5>\d{{1,4}}):\s*\d"
    rf"|(?<=[A-Za-z]),\s(?!{_YEAR}\.?$)(?P<v7>\d{{1,4}})\.?$"
    r"|(?<=[A-Za-z.]),\s(?P<v6>\d{1,4}),\s*[A-Za-z]?\d+\s*(?:[–-]\s*[A-Za-z]?\d+)?[.,]?(?:\s|$)"
    rf"|;\s*(?!{_YEAR}\s*:)(?P<v3>\d{{1,4}})\s*:"
    r"|(?<=[A-Za-z.])\s(?P<v8>\d{1,4})\s+[A-Za-z]?\d+\s*\.?$",  # IOP: "Phys. Rev. Lett. 116 061102"
    re.IGNORECASE,
)
_VENUE_END = re.compile(
    r"[,.]?\s*\b(?:pp?\.|pp\b|pages?\b)\s*\d|,\s*vol\.|,\s*edited by\b|,\s*\d{1,4}\s*,|\.\s+"
    + _YEAR
    + r"\b|\s+"
    + _YEAR
    + r"\s*;|\.\s+[A-Z][\w .]+:\s+[A-Z]|,?\s*\d+\s*\(|;\s*"
    + _YEAR
    + r"|\.\s*"
    + _YEAR
    + r"\s*[;:]"
    r"|\s\d+\s*[–—-]\s*\d+\s*\(|\s*\(\s*[^()]*\b" + _YEAR + r"\)"
    r"|,\s*\d+(?:\s*[–—-]\s*\d+)?\s*\.?$|,\s*\d+\s*[–—-]\s*\d+\s*[,.]"
    + r"|,\s*"
    + _YEAR
    + r"\s*(?:[:;.,]|$)"
    + r"|\s+\d+(?:\s+[A-Za-z]?\d+|\s*[–—-]\s*\d+)\s*\.?$"
    r"|\s\d+,\s+\d|\s\d+:\s*\d|[.;]\s+[A-Z][^.;]*\s*;\s*" + _YEAR
)
_NATURE_PUBLISHER = re.compile(rf",\s*{_YEAR}\)")
_AMA_PUBLISHER = re.compile(rf";\s*{_YEAR}")
_IN_PREFIX = re.compile(r"^(?:in\s*:|in\b)\s*", re.IGNORECASE)
_EDITORS_IN_VENUE = re.compile(
    r"^(?P<names>[^()]{1,200}?)\s*\((?:eds?|editors?|Hrsg)\.?\)\s*,?\s*"
    r"|^(?P<listed>[^()]{1,200}?),\s*(?:eds?|editors?)\.\s*",  # AMA: "Guyon I, et al., editors."
    re.I,
)
# What opens a venue's name: "Proceedings of …", "IEEE …", "The 41st International …", "2018
# IEEE …", "The Thirty-Third AAAI …", "CIDR 2013,", "WWW '21:", "J. Chem.", "Phys. Rev.".
_ORDINAL = r"(?:\d{1,3}(?:st|nd|rd|th)|(?:[A-Z][a-z]+-)?[A-Z][a-z]+(?:th|st|nd|rd))"
_VENUE_OPENING = re.compile(
    rf"(?:The\s+)?(?:{_ORDINAL}\s+)?(?:{_YEAR}\s+)?(?:Annual\s+)?"
    r"(?:Proceedings|Proc\.|Advances\s+in|Annual|International|Intl\.?|Int\.|Conference"
    r"|Workshops?|Symposium|Journal|Transactions|Trans\.|Foundations\s+and\s+Trends"
    r"|Findings\s+of|Companion|Meeting|Congress|Colloquium"
    r"|IEEE|ACM|AAAI|SIAM|IFIP|USENIX|IAPR|AAMAS|IJCAI"
    # "European Conference", "British Machine Vision Conference": a people's adjective first
    r"|[A-Z][a-z]+(?:an|ish|ese)\s+(?:[A-Z][a-z]+\s+){0,3}(?:Conference|Workshop|Symposium))\b"
    r"|[A-Z][\w&-]*(?:/[A-Z][\w&-]*)?\s*'\d\d\b"  # "WWW '21", "KDD'22"
    rf"|[A-Z][A-Za-z&-]*,?\s+{_YEAR}(?=\s*[,:(]|\s*$)"  # "CIDR 2013,", "Interspeech 2019,"
    rf"|[A-Z]{{2,}}(?:-[A-Z]+)?\s+{_YEAR}\b"  # "ICLR 2020 Workshops"
    r"|[A-Z]\.\s|(?:[A-Z][a-z]*\.\s+){2}"  # "J. Chem.", "Phys. Rev."
)
_IN = re.compile(r"(?:[Ii]n:\s*|In\s+)")
_VENUE_WORD = re.compile(
    r"\b(?:Proceedings|Conference|Workshop|Symposium|Journal|Transactions|Letters|Review"
    r"|Meeting|Congress|Colloquium|Annals|Bulletin|Quarterly|Magazine|Proc)\b"
)
# A venue written as one lower-case or capitalised word ("iclr", "Neurips", "Cvpr") followed
# by the year or pages: "in iclr, 2023.", "in Icml (2013), pp. 1–9."
_ONE_WORD_VENUE = re.compile(
    rf"[A-Za-z][A-Za-z-]*\s*(?:,\s*(?:{_YEAR}|pp?\.|\d)|\(\s*{_YEAR}|:\s*pp?\.)"
)
_EDITED_BY = re.compile(r",\s*edited by\s+(?P<names>[^.]{1,200}?)(?=,\s*\d|\.\s|,\s*[A-Z]|$)")


def late_year(rest: str) -> str:
    """The year of a style that puts it late (IEEE, AMA, Nature, MLA): the last one given."""
    cleaned = _PAGES.sub(" ", rest)
    years = _ANY_YEAR.findall(cleaned)
    return years[-1] if years else ""


def venue_and_editors(rest: str) -> tuple[str, tuple[Person, ...]]:
    """The journal or proceedings title after the title, and the editors of "In: X (eds)"."""
    text = _IN_PREFIX.sub("", rest.strip())
    editors: tuple[Person, ...] = ()
    marked = _EDITORS_IN_VENUE.match(text)
    if marked:
        editors = parse_people(marked.group("names") or marked.group("listed"))[0]
        text = text[marked.end() :]
    edited = _EDITED_BY.search(text)
    if edited and not editors:
        editors = parse_people(edited.group("names"))[0]
    end = _VENUE_END.search(text)
    venue = text[: end.start()] if end else text
    venue = venue.strip(".,;:( ").strip()
    return venue, editors


def venue_like(text: str) -> bool:
    """Whether the text after a title's " in " reads as a venue ("Proceedings of …", "IEEE
    …", "CIDR 2013", "iclr, 2023") rather than more of the title ("in Spoken Conversations",
    "in a comment rating environment")."""
    text = text.strip()
    if _IN.match(text) or venue_opens(text) or _ONE_WORD_VENUE.match(text):
        return True
    opening = " ".join(re.split(r"[,.(]", text, maxsplit=1)[0].split()[:8])
    return text[:1].isupper() and bool(_VENUE_WORD.search(opening))


def venue_opens(text: str) -> bool:
    """Whether a venue's name starts the text: "Proceedings of …", "IEEE/CVF Conference …",
    "The Thirty-Third AAAI Conference …", "2018 IEEE …", "CIDR 2013,", "WWW '21:"."""
    return bool(_VENUE_OPENING.match(text))


def volume_issue(rest: str) -> tuple[str, str]:
    """Volume and issue as "vol. 9, no. 8", "9(8)", "2021;9:", "Nature 9, 1–2", "33:6840"."""
    match = _VOLUME_ISSUE.search(rest)
    if not match:
        return "", ""
    volume = next(
        (value for value in match.group("v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8") if value),
        "",
    )
    issue = match.group("i1") or match.group("i2") or ""
    if re.fullmatch(_YEAR, issue):
        issue = ""  # "33 (2020): 6840" is volume and year
    return volume, issue


def pages(rest: str) -> str:
    """The last page range or article number, with a plain hyphen."""
    found = ""
    for match in _PAGES.finditer(rest):
        value = next((value for value in match.group("a", "b", "c", "d", "e", "f") if value), "")
        if value and not re.fullmatch(_YEAR, value.strip()):
            found = value
    return re.sub(r"\s*[–—]\s*|\s*-\s*", "-", found)


def publisher(rest: str) -> str:
    """The publisher where a style marks it: Nature "(Publisher, 2021)", AMA "Publisher; 2021"."""
    for pattern in (_NATURE_PUBLISHER, _AMA_PUBLISHER):
        # Find the year first, then read back to the opening mark: no quadratic search.
        match = pattern.search(rest)
        if match:
            before = re.split(r"[(.;:]", rest[: match.start()])[-1].strip()
            if before[:1].isupper() and "," not in before:
                return before
    return ""


def kind(rest: str, volume: str) -> str:
    """A CSL type guessed from the words after the title."""
    if re.match(r"\s*(?:in\b|in:)", rest, re.IGNORECASE) or re.search(
        r"\b(?:Proceedings|Proc\.|Conference|Symposium|Workshop)\b", rest
    ):
        return "paper-conference"
    return "article-journal" if volume else ""
