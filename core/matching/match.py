"""Judge a reference against the records the indexes returned: the verdict, its problems, flags.

The one rule above all: "fabricated" is an exhaustive claim. It is said only when every
source that could hold the work answered, none holds a matching work, and any identifier the
reference gives exists nowhere. Otherwise, without a match, the verdict is "unverified".
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from cite_sentinel.core.lexicon.kinds import Kind, kind_of_reference
from cite_sentinel.core.lexicon.scripts import UNSPACED_LETTER, mostly_in
from cite_sentinel.core.matching import authors, calibration, data_kinds, registrants, venues
from cite_sentinel.core.matching.authors import AuthorIssue
from cite_sentinel.core.matching.fit import Fit, cites_preprint, fit, is_preprint
from cite_sentinel.core.matching.misread import misread_title
from cite_sentinel.core.matching.titles import compare as compare_titles
from cite_sentinel.core.matching.translation import translated_from
from cite_sentinel.core.matching.versions import same_work, versions
from cite_sentinel.core.model import (
    Flag,
    Person,
    Problem,
    Record,
    Reference,
    Severity,
    SourceReport,
    SourceStatus,
    Status,
    Verdict,
)

# Kinds of work the scholarly indexes do not hold (BibTeX, BibLaTeX and CSL names).
OUTSIDE_INDEXES = frozenset({
    "online", "webpage", "www", "electronic", "software", "manual", "techreport", "report",
    "thesis", "phdthesis", "mastersthesis", "standard", "booklet", "unpublished", "patent",
    "book", "inbook", "mvbook", "post", "post-weblog", "legislation", "legal_case", "dataset",
    "interview", "personal_communication", "motion_picture", "broadcast", "map", "misc",
})  # fmt: skip
# Kinds that say little: an entry of these with a paper's shape is judged as a paper.
_LOOSE_KINDS = frozenset({"misc", "unpublished", "booklet", ""})
_KIND_NAMES = {
    "online": "online resource", "webpage": "web page", "www": "web page",
    "electronic": "electronic resource", "misc": "miscellaneous entry",
    "phdthesis": "PhD thesis", "mastersthesis": "master's thesis", "techreport": "report",
    "inbook": "book part", "mvbook": "multi-volume book", "post": "post",
    "post-weblog": "blog post", "legal_case": "legal case",
    "personal_communication": "personal communication", "motion_picture": "film",
}  # fmt: skip
_SEARCH_INDEXES = frozenset({"openalex", "crossref", "semanticscholar", "datacite"})
_VERSIONED = re.compile(r"v\d+$", re.I)


@dataclass(frozen=True, slots=True, kw_only=True)
class Answers:
    """Everything resolve learnt about one reference, for `judge`."""

    reference: Reference
    by_identifier: tuple[Record, ...] = ()  # records the cited DOI / arXiv id resolved to
    identifier_absent: bool = False  # every registry that could hold the identifier said no
    candidates: tuple[Record, ...] = ()  # search results (top 5 per source), any order
    sources: tuple[SourceReport, ...] = ()  # what each index did (answered/failed/skipped)


@dataclass(frozen=True, slots=True)
class Doubt:
    """What the records found so far could neither confirm nor refute, and who holds the work.

    `unconfirmed` names cited fields that only index quirks spoke to (a record cut to its
    first author, a team name for the people, a repository or publisher as the venue);
    `holders` the indexes whose records are the cited work.
    """

    unconfirmed: frozenset[str] = frozenset()
    holders: frozenset[str] = frozenset()


def judge(evidence: Answers) -> Verdict:
    """The verdict on one reference: verified, miscited, fabricated or unverified."""
    return weigh(evidence)[0]


def weigh(evidence: Answers) -> tuple[Verdict, Doubt]:
    """The verdict and what it leaves in doubt (for resolve: ask another index?)."""
    verdict, _, doubt = _weigh(evidence)
    return verdict, doubt


def assess(evidence: Answers) -> tuple[Verdict, calibration.Features]:
    """The verdict and the features its confidence was computed from (for calibration)."""
    verdict, features, _ = _weigh(evidence)
    return verdict, features


def needs_second_opinion(verdict: Verdict, doubt: Doubt) -> bool:
    """Whether another index should be asked before the verdict is final: a miscitation of
    authors, year or venue, or a field only a quirky record spoke to, rests on fewer than two
    indexes holding the work (index records have quirks; another index's record may not)."""
    if verdict.status is Status.VERIFIED:
        doubtful = bool(doubt.unconfirmed)
    elif verdict.status is Status.MISCITED:
        wrong = {p.field for p in verdict.problems if p.severity is not Severity.INFO}
        doubtful = bool(wrong) and wrong <= {"authors", "year", "venue"}
    else:
        doubtful = False
    return doubtful and len(doubt.holders) < 2


def _weigh(evidence: Answers) -> tuple[Verdict, calibration.Features, Doubt]:
    reference = evidence.reference
    fits = [fit(reference, r, by_identifier=True) for r in evidence.by_identifier]
    fits += [fit(reference, r) for r in evidence.candidates if r not in evidence.by_identifier]
    fits.sort(key=lambda f: f.rank, reverse=True)
    accepted = [f for f in fits if f.accepted]
    if accepted:
        best = _prefer_claimed_venue(accepted)
        return (*_matched(evidence, best, accepted), _doubt(reference, best, accepted))
    elsewhere = [f for f in fits if f.by_identifier]
    if elsewhere:
        return (*_identifier_elsewhere(evidence, elsewhere[0]), Doubt())
    namesake = next((f for f in fits if f.namesake), None)
    return (*_unmatched(evidence, fits[0] if fits else None, namesake), Doubt())


def _doubt(reference: Reference, best: Fit, accepted: list[Fit]) -> Doubt:
    held = versions(best, accepted)
    unconfirmed: set[str] = set()
    people_confirmed = any(
        f.authors.comparable and f.authors.agrees and not f.authors.quirk for f in held
    )
    quirky_people = any(not f.authors.comparable or f.authors.quirk for f in held)
    if reference.people and quirky_people and not people_confirmed:
        unconfirmed.add("authors")
    venue_confirmed = any(f.venue_agrees for f in held)
    unplaced = any(f.venue is venues.Placement.UNPLACED for f in held)
    if venues.is_venue_claim(reference.venue) and unplaced and not venue_confirmed:
        unconfirmed.add("venue")
    return Doubt(frozenset(unconfirmed), frozenset(f.record.source for f in held))


def _prefer_claimed_venue(accepted: list[Fit]) -> Fit:
    """Among versions of the work, the one whose venue and year the citation names."""
    best = accepted[0]
    for other in accepted[1:]:
        if not other.title.same and best.title.same:
            continue
        better_fields = (other.venue_agrees and other.year_agrees) and not (
            best.venue_agrees and best.year_agrees
        )
        if better_fields and other.rank >= best.rank - 1.0:
            return other
    return best


def _matched(
    evidence: Answers, best: Fit, accepted: list[Fit]
) -> tuple[Verdict, calibration.Features]:
    reference = evidence.reference
    problems = _problems(evidence, best, accepted)
    wrong = [p for p in problems if p.severity is not Severity.INFO]
    status = Status.MISCITED if wrong else Status.VERIFIED
    features = calibration.Features(
        status=status,
        title=best.title.similarity,
        authors=best.authors.overlap if best.authors.comparable else 0.5,
        problems=min(len(wrong), 3) / 3,
        errors=1.0 if any(p.severity is Severity.ERROR for p in problems) else 0.0,
        identifier=_identifier_feature(evidence),
    )
    flags = _flags(reference, best, accepted)
    verdict = Verdict(
        key=reference.key,
        status=status,
        confidence=calibration.confidence(features),
        flags=flags,
        problems=problems,
        match=best.record,
        sources=evidence.sources,
        published=_published(best, accepted) if Flag.PUBLISHED_VERSION in flags else None,
    )
    return verdict, features


def _problems(evidence: Answers, best: Fit, accepted: list[Fit]) -> tuple[Problem, ...]:
    """Each cited field that no record of the work agrees with, from any index or version.

    A field is wrong only when every version of the work the indexes hold disagrees with it
    and the value found is recognisably something else; what cannot be placed (a preprint's
    or a publisher's "venue", a list the index cut to its first author) is no error.
    """
    reference, record = evidence.reference, best.record
    held = versions(best, accepted)
    problems: list[Problem] = []
    if not best.title.same:
        # Works are renamed between versions: a title another version holds is a note.
        renamed = any(f.title.same for f in held)
        severity = Severity.INFO if renamed else Severity.WARNING
        problems.append(Problem("title", reference.title, record.title, severity))
    problems.extend(_author_problems(reference, held))
    if not any(f.year_agrees for f in held):
        problems.append(Problem("year", str(reference.year), str(record.year), Severity.WARNING))
    problems.extend(_venue_problems(evidence, held))
    if not any(f.by_identifier for f in accepted):  # else the identifier names this work
        problems.extend(_identifier_problems(evidence, best))
    else:
        problems.extend(_absent_doi_beside(evidence, accepted))
    problems.extend(_registered_form(reference))
    return tuple(problems)


def _author_problems(reference: Reference, held: list[Fit]) -> list[Problem]:
    """Authors are wrong when no comparable record agrees; records that cannot speak for the
    list (cut to the first author, a team name) neither confirm nor refute it."""
    comparable = [f for f in held if f.authors.comparable]
    if not comparable:
        return []
    agreeing = [f for f in comparable if f.authors.agrees]
    if agreeing:
        notes = [_slip(slip) for slip in agreeing[0].authors.slips]
        if all(AuthorIssue.REORDERED in f.authors.issues for f in agreeing):
            found = authors.describe(agreeing[0].record.people)
            cited = authors.describe(reference.people, reference.others)
            notes.append(Problem("authors", cited, found, Severity.INFO))
        return notes
    fit = max(comparable, key=lambda f: (f.authors.overlap, -len(f.authors.issues)))
    severity = Severity.ERROR if fit.authors.badly_wrong else Severity.WARNING
    cited = authors.describe(reference.people, reference.others)
    return [Problem("authors", cited, authors.describe(fit.record.people), severity)]


def _slip(slip: tuple[Person, Person]) -> Problem:
    """A one-letter slip in a name: a note giving the index's spelling."""
    cited, found = slip
    return Problem("authors", cited.display, found.display, Severity.INFO)


def _venue_problems(evidence: Answers, held: list[Fit]) -> list[Problem]:
    reference = evidence.reference
    if any(f.venue is venues.Placement.AGREES for f in held):
        return []
    differing = [f for f in held if f.venue is venues.Placement.DIFFERS]
    if differing:
        record = differing[0].record
        found = record.venue_short or record.venue
        return [Problem("venue", reference.venue, found, _venue_severity(reference, record))]
    preprints = [f.record for f in held if is_preprint(f.record)]
    if preprints and len(held) == len(preprints) and _indexes_answered(evidence) >= 2:
        server = preprints[0].venue or "a preprint server"
        found = f"(only a preprint is known: {server})"
        return [Problem("venue", reference.venue, found, _preprint_only_severity(reference))]
    return []


def _preprint_only_severity(reference: Reference) -> Severity:
    """A venue the indexes hold no published version for is wrong only where they would hold
    one. Conference proceedings reach the indexes late (CVF, USENIX, the ACL Anthology,
    OpenReview; the latest meetings' papers are often held only as preprints) and some
    venues publish without DOIs at all: for those, an unconfirmed venue is a note. A
    journal registers its articles' DOIs as it publishes them: a journal claim that two
    indexes know only a preprint of is a warning."""
    cited = reference.venue
    if venues.publishes_without_dois(cited) or venues.names_a_conference(cited):
        return Severity.INFO
    if kind_of_reference(reference) is Kind.PAPER or reference.kind.lower() == "proceedings":
        return Severity.INFO  # a paper in proceedings, or the proceedings volume itself
    return Severity.WARNING


def _venue_severity(reference: Reference, record: Record) -> Severity:
    """Only a note where the index holds just a workshop version of a flagship-venue paper."""
    if venues.workshop_version(reference.venue, record.venue, record.venue_short):
        return Severity.INFO
    return Severity.WARNING


def _indexes_answered(evidence: Answers) -> int:
    """How many of the searchable indexes answered about this reference."""
    return sum(
        1
        for source in evidence.sources
        if source.name in _SEARCH_INDEXES and source.status is SourceStatus.ANSWERED
    )


def _registered_form(reference: Reference) -> list[Problem]:
    """A note where the cited DOI carries a version (arXiv, bioRxiv) the registry does not
    know: it was read as the paper's DOI, and the note gives the registered form."""
    written = reference.field("doi").strip()
    registered = reference.identifiers.doi
    if not registered or not _VERSIONED.search(written) or written.lower().endswith(registered):
        return []
    return [Problem("doi", written, registered, Severity.INFO)]


def _identifier_problems(evidence: Answers, best: Fit) -> list[Problem]:
    """A cited identifier that resolves to another work, or that no registry knows.

    An unknown DOI under a real registrant's prefix, on a work the index holds without a DOI
    (or with only a preprint's), is a note (info): indexes lag behind registries. One under
    a prefix nobody holds, or beside another DOI the index gives the work, is wrong.
    """
    ids, record = evidence.reference.identifiers, best.record
    name, cited = ("doi", ids.doi) if ids.doi else ("arxiv", ids.arxiv)
    if not cited or best.by_identifier:
        return []
    found = record.identifiers.doi if name == "doi" else record.identifiers.arxiv
    if evidence.identifier_absent:
        if name == "doi" and not registrants.is_plausible(cited, _dois(evidence)):
            return [Problem(name, cited, found or "(no such registrant)", Severity.ERROR)]
        if not found or (name == "doi" and registrants.prefix(cited) == "10.48550"):
            return [Problem(name, cited, found or "(not in any registry)", Severity.INFO)]
        return [Problem(name, cited, found, Severity.WARNING)]
    if evidence.by_identifier and cited not in {found, record.published_doi, record.preprint_doi}:
        other = evidence.by_identifier[0]
        return [Problem(name, cited, found or f"(resolves to “{other.title}”)", Severity.ERROR)]
    return []


def _absent_doi_beside(evidence: Answers, accepted: list[Fit]) -> list[Problem]:
    """A DOI no registry knows, cited beside an arXiv id that found the work: the DOI is
    wrong when the work's own DOI is known, else a note (indexes lag behind registries)."""
    doi = evidence.reference.identifiers.doi
    if not (doi and evidence.identifier_absent) or doi.startswith("10.48550/"):
        return []
    known = [
        d
        for f in accepted
        for d in (f.record.identifiers.doi, f.record.published_doi)
        if d and not d.startswith("10.48550/")
    ]
    if doi in known:
        return []
    if not known:
        return [Problem("doi", doi, "(not in any registry)", Severity.INFO)]
    return [Problem("doi", doi, known[0], Severity.WARNING)]


def _dois(evidence: Answers) -> list[str]:
    return [r.identifiers.doi for r in evidence.by_identifier + evidence.candidates]


def _flags(reference: Reference, best: Fit, accepted: list[Fit]) -> tuple[Flag, ...]:
    record = best.record
    flags: list[Flag] = []
    if record.retracted:
        flags.append(Flag.RETRACTED)
    if record.withdrawn:
        flags.append(Flag.WITHDRAWN)
    if is_preprint(record) or cites_preprint(reference):
        published = bool(record.published_doi) or any(
            not is_preprint(f.record)
            and (compare_titles(record.title, f.record.title).same or same_work(best, f))
            for f in accepted
            if f is not best
        )
        if published or (cites_preprint(reference) and not is_preprint(record)):
            flags.append(Flag.PUBLISHED_VERSION)
    return tuple(flags)


def _published(best: Fit, accepted: list[Fit]) -> Record | None:
    """The published version's record: the match itself where it is not a preprint (a
    preprint was cited), else another index's or version's record of the work that is not."""
    if not is_preprint(best.record):
        return best.record
    for other in accepted:
        published = not is_preprint(other.record)
        if published and (same_work(best, other) or other.title.same):
            return other.record
    return None


def _identifier_elsewhere(evidence: Answers, other: Fit) -> tuple[Verdict, calibration.Features]:
    """The cited identifier is real but names another work, and no search found the cited one."""
    reference, record = evidence.reference, other.record
    ids = reference.identifiers
    name, cited = ("doi", ids.doi) if ids.doi else ("arxiv", ids.arxiv)
    found = (record.identifiers.doi if name == "doi" else record.identifiers.arxiv) or cited
    problems = (
        Problem(name, cited, f"{found} (“{record.title}”)", Severity.ERROR),
        Problem("title", reference.title, record.title, Severity.ERROR),
    )
    features = calibration.Features(
        status=Status.MISCITED,
        title=other.title.similarity,
        authors=other.authors.overlap if other.authors.comparable else 0.5,
        problems=1.0,
        errors=1.0,
        identifier=1.0,
    )
    verdict = Verdict(
        key=reference.key,
        status=Status.MISCITED,
        confidence=calibration.confidence(features),
        problems=problems,
        match=record,
        sources=evidence.sources,
        reason=f"the cited {name.upper()} {cited} belongs to another work: “{record.title}”",
    )
    return verdict, features


def _unmatched(
    evidence: Answers, nearest: Fit | None, namesake: Fit | None = None
) -> tuple[Verdict, calibration.Features]:
    reference = evidence.reference
    reason = _undecidable(evidence) or _namesake(namesake)
    status = Status.UNVERIFIED if reason else Status.FABRICATED
    if not reason:
        reason = "no index that answered holds a matching work" + (
            "; the cited identifier exists nowhere" if evidence.identifier_absent else ""
        )
        if nearest is not None:
            reason += f" (nearest: “{nearest.record.title}”, {nearest.record.source})"
    features = calibration.Features(
        status=status,
        title=nearest.title.similarity if nearest else 0.0,
        authors=nearest.authors.overlap if nearest and nearest.authors.comparable else 0.0,
        problems=0.0,
        errors=0.0,
        identifier=_identifier_feature(evidence),
    )
    verdict = Verdict(
        key=reference.key,
        status=status,
        confidence=calibration.confidence(features),
        sources=evidence.sources,
        reason=reason,
    )
    return verdict, features


def _undecidable(evidence: Answers) -> str:
    """Why no verdict but "unverified" is honest here, or "" when fabricated may be said."""
    reference, sources = evidence.reference, evidence.sources
    outcome = _describe_all(sources) or "no index was consulted"
    failed = [s for s in sources if s.status is SourceStatus.FAILED]
    if failed:
        return f"not every index could be asked: {outcome}"
    if not any(s.status is SourceStatus.ANSWERED for s in sources):
        return f"no index answered: {outcome}"
    ids = reference.identifiers
    kind = reference.kind.lower()
    judged_as_paper = kind in _LOOSE_KINDS and paper_shaped(reference)
    identified = evidence.identifier_absent or (kind == "misc" and (ids.doi or ids.arxiv))
    outside = kind in OUTSIDE_INDEXES or kind in data_kinds.DATA_KINDS
    if outside and not (identified or judged_as_paper or _in_datacite(evidence)):
        return f"{_kind_phrase(kind)} may be outside the scholarly indexes ({outcome})"
    if (ids.doi or ids.arxiv) and not evidence.identifier_absent:
        return f"the cited identifier could not be looked up ({outcome})"
    if not reference.title:  # an identifier that exists nowhere is all it states: fabricated
        return "" if evidence.identifier_absent else _untitled(reference, outcome)
    if misread_title(reference):
        return (
            f"the printed reference could not be read into a title for certain (read as"
            f" “{reference.title}”): give the DOI, or check it by hand ({outcome})"
        )
    if language := translated_from(reference):
        return (
            f"the title is cited in translation (the work is in {language}), and the indexes"
            f" hold works under their original titles: give the DOI to check it ({outcome})"
        )
    if _unspaced_script(reference.title) and not ids:
        return (
            "the indexes' title search is unreliable for titles written without spaces"
            f" between words (Chinese, Japanese, Thai); give the DOI to check it ({outcome})"
        )
    return ""


def _namesake(fit: Fit | None) -> str:
    """A work of the cited title by other people in another year: the cited work may be
    another of that name the indexes lack, so nothing says it was invented."""
    if fit is None:
        return ""
    record = fit.record
    people = authors.describe(record.people[:3], len(record.people) > 3)
    return (
        f"the indexes hold another work of this title (“{record.title}”, {people},"
        f" {record.year}, {record.source}), by other people in another year; give the DOI,"
        " or check this reference by hand"
    )


def _untitled(reference: Reference, outcome: str) -> str:
    """A reference printed without a title is found by its venue, volume and first page; not
    found, it cannot be told from a misprinted one."""
    if not (reference.venue and reference.volume and reference.pages):
        return "the reference has no title to search for"
    place = f"{reference.venue} {reference.volume}, {reference.pages}"
    return (
        f"cited without a title, and no index holds a work at {place}: check the volume and"
        f" pages, or add the DOI ({outcome})"
    )


def _in_datacite(evidence: Answers) -> bool:
    """Data a repository that registers at DataCite published, and DataCite answered: had a
    repository published it, DataCite would hold it."""
    return data_kinds.names_data_repository(evidence.reference) and any(
        s.name == "datacite" and s.status is SourceStatus.ANSWERED for s in evidence.sources
    )


def _unspaced_script(title: str) -> bool:
    """A title mostly in a script written without spaces between words (CJK, Thai)."""
    return mostly_in(title, UNSPACED_LETTER)


def paper_shaped(reference: Reference) -> bool:
    """An entry written as @misc (or with no type) that has a paper's shape: title, people,
    year and a volume, pages or journal, and no URL or note on where it is published.

    Invented papers are often written this way; such an entry is judged as a paper.
    """
    if not (reference.title and reference.year and reference.people):
        return False
    if any(p.literal for p in reference.people) or reference.identifiers.url:
        return False
    if reference.field("howpublished") or reference.field("url"):
        return False
    return bool(reference.volume or reference.pages or reference.venue)


def _kind_phrase(kind: str) -> str:
    """ "a dataset", "an online resource", "a work": the kind as a person names it."""
    name = _KIND_NAMES.get(kind, kind.replace("_", " ").replace("-", " ")) or "work"
    return f"an {name}" if name[0] in "aeiou" else f"a {name}"


def _describe_all(sources: tuple[SourceReport, ...]) -> str:
    """What the indexes did, sources with the same outcome named together."""
    grouped: dict[str, list[str]] = {}
    for source in sources:
        grouped.setdefault(_describe(source), []).append(source.name)
    return "; ".join(
        f"{_names(names)} {what}" if what.startswith("answered") else f"{_names(names)}: {what}"
        for what, names in grouped.items()
    )


def _describe(source: SourceReport) -> str:
    if source.status is SourceStatus.ANSWERED:
        return "answered no match"
    return source.reason or source.status.value


def _names(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _identifier_feature(evidence: Answers) -> float:
    if evidence.by_identifier:
        return 1.0
    return 0.0 if evidence.identifier_absent else 0.5
