"""Identifier forms and their one normaliser: DOIs, arXiv ids, ISBNs, PMIDs and PMCIDs as
every reader, index answer and catalog import spells them, and what is wrong with a
malformed one."""

from __future__ import annotations

import re
from urllib.parse import unquote

# --- DOI -------------------------------------------------------------------------------------

DOI_START = re.compile(r"10\.\d+(?:\.\d+)*/", re.IGNORECASE)
_DOI_IN_TOKEN = re.compile(r"10\.\d{4,9}(?:\.\d+)*/\S+")
_DOI_IN_TEXT = re.compile(r"10\.\d{4,9}(?:\.\d+)*/[^\s\"'<>]+")
_PERCENT = re.compile(r"%[0-9A-Fa-f]{2}")
_URL_LIKE = re.compile(r"^(?:https?://|www\.)", re.IGNORECASE)
_DOI_HOST = re.compile(r"^(?:https?://)?(?:dx\.)?doi\.org/", re.IGNORECASE)
_DOI_PREFIX = re.compile(r"^(?:doi|DOI)\s*[:=]?\s*")
_PUBLISHER_TAIL = re.compile(
    r"(?:/(?:full|abstract|abs|pdf|epdf|pdfdirect|summary|fulltext|html|meta|references)"
    r"(?:/.*)?|\.pdf)$",
    re.IGNORECASE,
)
# A word a PDF's text glued to the DOI's end: "10.1103/PhysRevD.90.014508.URL".
_GLUED_WORD = re.compile(
    r"\.(?:url|available|accessed|retrieved|online|epub|pmid|pmcid|crossref|google|scholar"
    r"|link|viewed|cited|isbn|issn|arxiv|published)$",
    re.IGNORECASE,
)
CLOSERS = {")": "(", "]": "[", "}": "{", ">": "<"}
TRAILING_MARKS = ".,;:'\"" + "".join(CLOSERS)


_ARXIV_DOI_VERSION = re.compile(r"v\d+$")
# bioRxiv and medRxiv (Cold Spring Harbor's 10.1101): dated or six-digit numbers; the
# publisher's journals there use letters ("10.1101/gr.123").
_RXIV_DOI = re.compile(r"10\.1101/(?:\d{4}\.\d{2}\.\d{2}\.)?\d{6,}v\d+$")


ARXIV_DOI = "10.48550/arxiv."  # arXiv's DOI of a paper, before its id (normalised: lower case)


def arxiv_doi(arxiv: str) -> str:
    """The DOI arXiv registered for a paper: `10.48550/arxiv.2101.00001`."""
    return f"{ARXIV_DOI}{arxiv.lower()}"


def arxiv_of_doi(doi: str) -> str:
    """The arXiv id an arXiv DOI names (any case), or ""."""
    return doi[len(ARXIV_DOI) :] if doi.lower().startswith(ARXIV_DOI) else ""


def normalise_doi(text: str) -> str:
    """The first DOI in `text`, lower-cased and without trailing punctuation; "" if none."""
    text = text.replace("\\_", "_").strip()
    if _PERCENT.search(text):
        text = unquote(text)
    token = text.strip("<>")
    if token and not any(ch.isspace() for ch in token):
        return _registered(_doi_in_token(token))
    match = _DOI_IN_TEXT.search(text)
    return _registered(_trim_doi(match.group(0)).lower()) if match else ""


def _registered(doi: str) -> str:
    """arXiv, bioRxiv and medRxiv register one DOI per paper, without a version, though
    their pages show one: `…/arxiv.2101.00001v2` is the paper's DOI `…/arxiv.2101.00001`,
    `10.1101/2023.12.12.569610v1` is `10.1101/2023.12.12.569610`."""
    if doi.startswith(ARXIV_DOI) or _RXIV_DOI.match(doi):
        return _ARXIV_DOI_VERSION.sub("", doi)
    return doi


def _doi_in_token(token: str) -> str:
    is_url = bool(_URL_LIKE.match(token)) and not _DOI_HOST.match(token)
    match = None
    if is_url:
        # A DOI in the path ends at the query; else it may be a query value (?id=10.1371/…).
        path, _, query = token.partition("?")
        match = _DOI_IN_TOKEN.search(path.partition("#")[0])
        if match is None:
            match = _DOI_IN_TOKEN.search(re.split(r"[&#]", query.partition("=")[2])[0])
    else:
        match = _DOI_IN_TOKEN.search(token)
    if not match:
        return ""
    doi = match.group(0)
    if is_url:
        doi = _PUBLISHER_TAIL.sub("", doi)
    return _trim_doi(doi).lower()


def _trim_doi(doi: str) -> str:
    """Drop sentence punctuation after a DOI, keeping closers that the DOI itself opened, and a
    word glued to its end."""
    doi = _GLUED_WORD.sub("", doi)
    while doi and doi[-1] in TRAILING_MARKS:
        last = doi[-1]
        opener = CLOSERS.get(last)
        if opener is not None and doi.count(opener) >= doi.count(last):
            break
        doi = doi[:-1]
    return doi if "/" in doi and not doi.endswith("/") else ""


def doi_problem(value: str) -> str:
    """What is wrong with a DOI as written in a field, naming it; "" when it is well formed."""
    text = value.strip()
    if not text:
        return ""
    bare = _DOI_PREFIX.sub("", _DOI_HOST.sub("", text.strip("<>"))).strip()
    doi = normalise_doi(text)
    if doi:
        if any(ch.isspace() for ch in bare) and DOI_START.match(bare):
            return f'DOI "{value}" contains a space'
        return ""
    start = re.match(r"10\.(\d*)", bare)
    if start is None:
        return f'"{value}" is not a DOI: a DOI starts with 10. and a registrant code (10.NNNN/)'
    if len(start.group(1)) < 4:
        return (
            f'DOI "{value}" has registrant code "{start.group(1)}": '
            "a DOI starts with 10. and four or more digits"
        )
    if "/" not in bare:
        return f'DOI "{value}" has no "/" between its prefix and its suffix'
    return f'DOI "{value}" has an empty suffix after "/"'


# --- arXiv -----------------------------------------------------------------------------------

_NEW_ID = r"\d{4}\.\d{4,5}"
_OLD_ID = r"[a-z]+(?:-[a-z]+)?(?:\.[A-Za-z]{2})?/\d{7}"
_ID = rf"(?P<id>{_NEW_ID}|{_OLD_ID})(?P<version>v\d+)?"
ARXIV_IN_TEXT = re.compile(
    rf"(?:arxiv\.org/(?:abs|pdf|html|format)/|10\.48550/arxiv\.|arxiv\s*[:.]?\s*(?:id\s*:?\s*)?)"
    rf"{_ID}",
    re.IGNORECASE,
)
_ARXIV_BARE = re.compile(rf"^{_ID}$")


def normalise_arxiv(text: str) -> str:
    """The arXiv id in `text` without its version (`math.GT/0309136` becomes `math/0309136`).

    A bare id counts only when it is the whole text; inside prose it needs `arXiv:`, an
    arxiv.org link or the 10.48550 DOI, since `1234.5678` may be anything there.
    """
    match = _arxiv_match(text)
    if match is None:
        return ""
    found = match.group("id")
    if "/" in found:
        archive, number = found.split("/")
        found = f"{archive.split('.')[0].lower()}/{number}"
    return found


def arxiv_version(text: str) -> str:
    """The version of the arXiv id in `text` ("v5"), or "" when none is given."""
    match = _arxiv_match(text)
    return match.group("version") or "" if match else ""


def _arxiv_match(text: str) -> re.Match[str] | None:
    text = text.strip()
    return ARXIV_IN_TEXT.search(text) or _ARXIV_BARE.match(text)


def arxiv_problem(value: str) -> str:
    """What is wrong with an arXiv id as written in a field, naming it; "" when well formed."""
    if not value.strip():
        return ""
    match = _arxiv_match(value)
    if match is None:
        return (
            f'"{value}" is not an arXiv identifier: expected YYMM.NNNNN (e.g. 1706.03762) '
            "or archive/YYMMNNN (e.g. hep-th/9901001)"
        )
    found = match.group("id")
    if "/" in found:
        stamp = found.split("/")[1][:4]
        if not 1 <= int(stamp[2:]) <= 12:
            return f'arXiv id "{value}" has month {stamp[2:]} in YYMM'
        if "08" <= stamp[:2] <= "90":
            return f'arXiv id "{value}" is dated {stamp}; old-style ids run from 1991 to 2007'
        return ""
    stamp, number = found.split(".")
    month, year = int(stamp[2:]), int(stamp[:2])
    if not 1 <= month <= 12:
        return f'arXiv id "{value}" has month {stamp[2:]} in YYMM'
    if year < 7 or (year == 7 and month < 4):
        return f'arXiv id "{value}" is dated {stamp}, before new-style ids began (0704)'
    expected = 5 if year >= 15 else 4
    if len(number) != expected:
        return (
            f'arXiv id "{value}" has a {len(number)}-digit number; '
            f"ids from 20{year:02d} have {expected} digits"
        )
    return ""


# --- ISBN, PMID, PMCID -----------------------------------------------------------------------

_ISBN_PREFIX = re.compile(r"^\s*ISBN(?:-1[03])?\s*:?\s*", re.IGNORECASE)
PMID_IN_TEXT = re.compile(
    r"(?:PMID\s*:?\s*|pubmed\.ncbi\.nlm\.nih\.gov/|ncbi\.nlm\.nih\.gov/pubmed/)(\d{1,9})\b",
    re.IGNORECASE,
)
PMCID_IN_TEXT = re.compile(r"\bPMC\s*(\d{1,9})\b", re.IGNORECASE)


def normalise_isbn(text: str) -> str:
    """The ISBN as 13 digits (a valid ISBN-10 converted); "" when none or the check fails."""
    for candidate in _isbn_candidates(text):
        if _isbn_digits_problem(candidate):
            continue
        if len(candidate) == 10:
            body = "978" + candidate[:9]
            return body + _isbn13_check(body)
        return candidate
    return ""


def isbn_problem(value: str) -> str:
    """What is wrong with an ISBN as written in a field, naming it; "" when well formed."""
    for candidate in _isbn_candidates(value):
        problem = _isbn_digits_problem(candidate)
        if problem:
            return f'ISBN "{value}" {problem}'
    return ""


def _isbn_candidates(text: str) -> list[str]:
    parts = re.split(r"[,;/]|\s{2,}|\s+(?=ISBN)|\s+(?=97[89])", text)
    candidates = []
    for part in parts:
        stripped = re.sub(r"\(.*?\)", "", _ISBN_PREFIX.sub("", part))
        compact = re.sub(r"[\s\-‐‑–]", "", stripped).upper()
        if compact:
            candidates.append(compact)
    return candidates


def _isbn_digits_problem(compact: str) -> str:
    if not re.fullmatch(r"\d{9}[\dX]|\d{13}", compact):
        bad = sorted({ch for ch in compact if not ch.isdigit()} - {"X"})
        if bad:
            return f"contains {''.join(bad)!r}; an ISBN has only digits (and X last in ISBN-10)"
        digits = len(compact)
        return f"has {digits} digits; an ISBN has 10 or 13"
    if len(compact) == 10:
        expected = _isbn10_check(compact[:9])
        if compact[9] != expected:
            return f"has check digit {compact[9]}, expected {expected}"
        return ""
    if compact[:3] not in {"978", "979"}:
        return f"starts with {compact[:3]}; an ISBN-13 starts with 978 or 979"
    expected = _isbn13_check(compact[:12])
    if compact[12] != expected:
        return f"has check digit {compact[12]}, expected {expected}"
    return ""


def _isbn10_check(body: str) -> str:
    total = sum((10 - index) * int(digit) for index, digit in enumerate(body))
    check = (11 - total % 11) % 11
    return "X" if check == 10 else str(check)


def _isbn13_check(body: str) -> str:
    total = sum(int(digit) * (1 if index % 2 == 0 else 3) for index, digit in enumerate(body))
    return str((10 - total % 10) % 10)


def normalise_pmid(text: str) -> str:
    """The PubMed id in `text` as digits without leading zeros; "" when none."""
    stripped = text.strip()
    if re.fullmatch(r"\d{1,9}", stripped):
        return stripped.lstrip("0") or ""
    match = PMID_IN_TEXT.search(stripped)
    return match.group(1).lstrip("0") if match else ""


def normalise_pmcid(text: str) -> str:
    """The PubMed Central id in `text` as `PMC` and digits; "" when none."""
    stripped = text.strip()
    if re.fullmatch(r"\d{1,9}", stripped):
        return f"PMC{stripped}"
    match = PMCID_IN_TEXT.search(stripped)
    return f"PMC{match.group(1)}" if match else ""
