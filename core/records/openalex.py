"""An OpenAlex work object (its API's JSON, or a line of its snapshot) as a Record."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from cite_sentinel.core.lexicon.identifiers import arxiv_doi, normalise_doi
from cite_sentinel.core.matching.venues import is_preprint_server
from cite_sentinel.core.model import Identifiers, Record
from cite_sentinel.core.records.markup import plain
from cite_sentinel.core.records.names import people_from_name

_ARXIV_URL = re.compile(r"arxiv\.org/(?:abs|pdf)/([^\s?#]+?)(?:v\d+)?(?:\.pdf)?$", re.IGNORECASE)
_ARXIV_DOI = re.compile(r"^10\.48550/arxiv\.(.+)$", re.IGNORECASE)
# A raw name worth reading: letters (any script), spaces and name punctuation, no digits,
# no footnote marks or addresses.
_LETTERS = r"[^\W\d_]+"
_PLAIN_NAME = re.compile(rf"{_LETTERS}(?:[ .,'\u2019\u2010-]+{_LETTERS})*\.?")
_VENUE_TYPES = ("journal", "conference")  # OpenAlex source types that are venues


def record_from_work(work: Mapping[str, Any]) -> Record:
    """One OpenAlex work object as a Record."""
    primary = work.get("primary_location") or {}
    biblio = work.get("biblio") or {}
    locations = [loc for loc in work.get("locations") or () if isinstance(loc, dict)]
    source = _venue_source(primary, locations)
    doi = normalise_doi(work.get("doi") or "")
    arxiv = _arxiv_id(doi, locations)
    is_preprint = _is_preprint(work, locations)
    ids = work.get("ids") or {}
    return Record(
        source="openalex",
        id=str(work.get("id") or "").rsplit("/", 1)[-1],
        title=plain(str(work.get("display_name") or work.get("title") or "")),
        people=tuple(
            person
            for authorship in work.get("authorships") or ()
            if isinstance(authorship, dict)
            for person in people_from_name(_printed_name(authorship))
        ),
        year=_int(work.get("publication_year")),
        date=str(work.get("publication_date") or ""),
        venue=str(source.get("display_name") or ""),
        venue_short=str(source.get("abbreviated_title") or ""),
        venue_aliases=_other_venues(source, locations),
        venue_kind=str(source.get("type") or ""),
        volume=str(biblio.get("volume") or ""),
        issue=str(biblio.get("issue") or ""),
        pages=_pages(biblio.get("first_page"), biblio.get("last_page")),
        publisher=str(source.get("host_organization_name") or ""),
        kind=str(work.get("type") or ""),
        identifiers=Identifiers(
            doi=doi,
            arxiv=arxiv,
            pmid=str(ids.get("pmid") or "").rsplit("/", 1)[-1],
            pmcid=_pmcid(str(ids.get("pmcid") or "")),
        ),
        url=str(primary.get("landing_page_url") or (f"https://doi.org/{doi}" if doi else "")),
        abstract=abstract_from_index(work.get("abstract_inverted_index")),
        cited_by=_int(work.get("cited_by_count")),
        retracted=bool(work.get("is_retracted")),
        is_preprint=is_preprint,
        preprint_doi=arxiv_doi(arxiv) if arxiv and not is_preprint else "",
    )


def _printed_name(authorship: Mapping[str, Any]) -> str:
    """The name as the work prints it (`raw_author_name`), else the author profile's.

    The profile's `display_name` is the name of whichever author OpenAlex attached to the
    authorship, and a wrong attachment shows another person's name ("Jay B. Dean" on a
    paper by Jeff Dean); the raw name is what the publisher or the PDF said.
    A raw name with only an initial where the profile gives a name that initial does not
    start ("C. Sullivan", profile "Bane Sullivan") is a person known by a middle name: both
    are kept ("C. Bane Sullivan"), so a citation of either form finds its person.
    """
    raw = " ".join(plain(str(authorship.get("raw_author_name") or "")).split())
    profile = " ".join(str((authorship.get("author") or {}).get("display_name") or "").split())
    if not _PLAIN_NAME.fullmatch(raw):
        return profile or raw
    return _with_name_used(raw, profile)


def _with_name_used(raw: str, profile: str) -> str:
    """ "C. Sullivan" with the profile's "Bane Sullivan": "C. Bane Sullivan"."""
    *raw_given, family = raw.split(" ") if " " in raw else ["", raw]
    *used, profile_family = profile.split(" ") if " " in profile else ["", profile]
    initials = [w.rstrip(".") for w in raw_given if w]
    if (
        profile_family != family
        or not initials
        or not all(len(i) == 1 for i in initials)
        or not used
        or used[0][:1] in {i.upper() for i in initials}
    ):
        return raw
    return " ".join((*raw_given, *used, family))


def _venue_source(
    primary: Mapping[str, Any], locations: Sequence[Mapping[str, Any]]
) -> Mapping[str, Any]:
    """The source that names the work's venue: the primary location's, unless that is a
    repository or platform (arXiv, PubMed Central) and another location is a journal or a
    conference, which is where the work was published."""
    source = primary.get("source") or {}
    if not isinstance(source, dict):
        source = {}
    if source.get("type") in _VENUE_TYPES:
        return source
    ordered = sorted(locations, key=lambda loc: loc.get("version") != "publishedVersion")
    for location in ordered:
        other = location.get("source")
        if isinstance(other, dict) and other.get("type") in _VENUE_TYPES:
            return other
    return source


def _other_venues(
    source: Mapping[str, Any], locations: Sequence[Mapping[str, Any]]
) -> tuple[str, ...]:
    """The venue's other names, and the journals and conferences of the work's other
    locations (a journal and the proceedings that also hold the work)."""
    names = [str(n) for n in source.get("alternate_titles") or () if n]
    for location in locations:
        other = location.get("source")
        if isinstance(other, dict) and other.get("type") in _VENUE_TYPES and other is not source:
            names.append(str(other.get("display_name") or ""))
    own = str(source.get("display_name") or "")
    return tuple(n for n in dict.fromkeys(names) if n and n != own)


def abstract_from_index(index: Any) -> str:
    """The abstract text rebuilt from OpenAlex's inverted index (word: positions)."""
    if not isinstance(index, dict):
        return ""
    placed: dict[int, str] = {}
    for word, positions in index.items():
        for position in positions if isinstance(positions, list) else ():
            if isinstance(position, int):
                placed[position] = str(word)
    return " ".join(placed[position] for position in sorted(placed))


def _is_preprint(work: Mapping[str, Any], locations: Sequence[Mapping[str, Any]]) -> bool:
    """OpenAlex's type says so, or the work sits only on a preprint server. A journal
    article an institutional repository holds (its primary location, the journal's copy
    unlinked) is no preprint: the repository is where a copy sits, not a version."""
    if work.get("type") == "preprint":
        return True
    published = any(
        loc.get("version") == "publishedVersion"
        and ((loc.get("source") or {}).get("type") not in ("repository", None))
        for loc in locations
    )
    source = (work.get("primary_location") or {}).get("source") or {}
    server = source.get("type") == "repository" and is_preprint_server(
        str(source.get("display_name") or "")
    )
    return server and not published


def _arxiv_id(doi: str, locations: Sequence[Mapping[str, Any]]) -> str:
    match = _ARXIV_DOI.match(doi)
    if match:
        return str(match.group(1)).lower()
    for location in locations:
        for url in (location.get("landing_page_url"), location.get("pdf_url")):
            found = _ARXIV_URL.search(str(url or ""))
            if found:
                return str(found.group(1)).lower()
    return ""


def _pmcid(url: str) -> str:
    tail = url.rstrip("/").rsplit("/", 1)[-1].upper()
    return f"PMC{tail}" if tail.isdigit() else tail


def _pages(first: Any, last: Any) -> str:
    start, end = str(first or "").strip(), str(last or "").strip()
    if start and end and end != start:
        return f"{start}-{end}"
    return start or end


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None
