"""How well one index record fits one cited reference, field by field, for ranking and judging."""

from __future__ import annotations

from dataclasses import dataclass

from cite_sentinel.core.lexicon.identifiers import arxiv_of_doi
from cite_sentinel.core.lexicon.kinds import Kind, kind_of_index_type, kind_of_reference
from cite_sentinel.core.matching import authors, locators, titles, venues
from cite_sentinel.core.model import Record, Reference

_PRINTED_PROCEEDINGS_UNTIL = 2009  # meetings whose volumes came out the following year
_WEAK_TITLE_WORDS = 3  # words a title of this length or shorter names many works
_PRINTED_TITLE = 25  # characters a record's title needs to be recognised in a printed reference
_VENUE_SCORE = {
    venues.Placement.AGREES: 0.2,
    venues.Placement.UNPLACED: 0.1,
    venues.Placement.DIFFERS: 0.0,
}


@dataclass(frozen=True, slots=True, kw_only=True)
class Fit:
    """The comparison of a reference with one record; `rank` orders candidates, higher first."""

    record: Record
    title: titles.TitleComparison
    authors: authors.AuthorComparison
    year_gap: int | None  # record year minus cited year; None when either is unknown
    year_agrees: bool
    venue: venues.Placement
    by_identifier: bool  # the cited DOI or arXiv id resolved to this record
    namesake: bool = False  # another work of the cited title (another year, and other people,
    # another venue or a book for an article): not the cited work

    @property
    def venue_agrees(self) -> bool:
        return self.venue is venues.Placement.AGREES

    @property
    def rank(self) -> float:
        score = 2.0 * self.title.similarity + (0.5 if self.title.same else 0.0)
        if self.authors.comparable:
            score += self.authors.overlap + 0.5 * self.authors.recall
        else:
            score += 0.75
        score += 0.3 if self.year_agrees else 0.0
        score += _VENUE_SCORE[self.venue]
        score += 0.1 if self.by_identifier else 0.0
        return score

    @property
    def accepted(self) -> bool:
        """Whether the record is the cited work (perhaps cited with wrong details)."""
        if self.title.same:
            return not self.namesake
        sim = self.title.similarity
        people = self.authors.overlap if self.authors.comparable else 0.5
        if self.by_identifier:
            return sim >= 0.75 or (sim >= 0.5 and people >= 0.5)
        return (sim >= 0.9 and people >= 0.5) or (sim >= 0.8 and people >= 0.75)


def fit(reference: Reference, record: Record, *, by_identifier: bool = False) -> Fit:
    """Compare every field the reference states with the record. A search hit that carries
    the cited DOI or arXiv id is that identifier's record as much as a look-up's answer."""
    by_identifier = by_identifier or _carries_cited_identifier(reference, record)
    venue = venues.place(reference.venue, venue_names(record), host=_hosted(record))
    if venue is venues.Placement.DIFFERS and reference.raw:
        venue = _placed_as_printed(reference, record)
    title = _title(reference, record, venue, by_identifier=by_identifier)
    thorough = (  # else it cannot match
        by_identifier
        or title.same
        or title.similarity >= 0.75
        or titles.one_is_part(reference.title, record.title)
    )
    gap = None
    if reference.year is not None and record.year is not None:
        gap = record.year - reference.year
    people = authors.compare(
        reference.people, record.people, others=reference.others, thorough=thorough
    )
    year_agrees = _year_agrees(reference, record, gap)
    if not title.same and _named_by_part(reference, record, people, year_agrees=year_agrees):
        title = titles.TitleComparison(max(title.similarity, 0.95), True)
    namesake = (
        title.same
        and not by_identifier
        and gap is not None
        and not year_agrees
        and _weak_title(reference, record)
        and (
            (people.comparable and people.badly_wrong)
            or venue is venues.Placement.DIFFERS
            or _book_on_article(reference, record)
        )
    )
    return Fit(
        record=record,
        title=title,
        authors=people,
        year_gap=gap,
        year_agrees=year_agrees,
        venue=venue,
        by_identifier=by_identifier,
        namesake=namesake,
    )


def _weak_title(reference: Reference, record: Record) -> bool:
    """A title that names a work only weakly: a short common phrase ("Generalized linear
    models", "Working memory"), the head of a longer title the record holds (the record adds
    a subtitle the citation does not have), or a book's title on an article. Many works
    share such a title, so a record of it in another year, by other people or in another
    venue, is another work, not the cited one miscited."""
    cited, held = titles.normalise(reference.title), titles.normalise(record.title)
    if len(cited.split()) <= _WEAK_TITLE_WORDS or (cited != held and cited in held):
        return True
    return _book_on_article(reference, record)


def _book_on_article(reference: Reference, record: Record) -> bool:
    cited = kind_of_reference(reference) is Kind.BOOK
    return cited and kind_of_index_type(record.kind) not in (Kind.BOOK, Kind.UNKNOWN)


def _carries_cited_identifier(reference: Reference, record: Record) -> bool:
    cited, held = reference.identifiers, record.identifiers
    if cited.doi and cited.doi in (held.doi, record.published_doi, record.preprint_doi):
        return True
    arxiv = cited.arxiv
    if not arxiv:
        arxiv = arxiv_of_doi(cited.doi)
    return bool(arxiv and held.arxiv) and arxiv == held.arxiv


def _named_by_part(
    reference: Reference, record: Record, people: authors.AuthorComparison, *, year_agrees: bool
) -> bool:
    """A title cited as the record's main title alone, or as its subtitle alone ("XGBoost";
    "Video Instruction Tuning with Synthetic Data" for "LLaVA-Video: …") names the work
    when the same people wrote it in the same year."""
    return (
        year_agrees
        and reference.year is not None
        and people.comparable
        and people.agrees
        and len(reference.people) >= 1
        and titles.one_is_part(reference.title, record.title)
    )


def _title(
    reference: Reference, record: Record, venue: venues.Placement, *, by_identifier: bool
) -> titles.TitleComparison:
    """How the titles compare. A reference that cites no title states nothing a record's title
    could contradict where something else names the work: an identifier that resolved to the
    record (a Manubot `@doi:` id), or the venue, volume and first page (ACS and APS styles)."""
    if not reference.title.strip():
        located = venue is venues.Placement.AGREES and locators.same_place(reference, record)
        if by_identifier or located:
            return titles.TitleComparison(1.0, True)
    compared = titles.compare(reference.title, record.title)
    if not compared.same and _printed_in(record.title, reference.raw):
        return titles.TitleComparison(1.0, True)
    return compared


def _printed_in(title: str, raw: str) -> bool:
    """Whether a reference's text as printed carries the whole of a record's title: the work
    is cited, whatever the reader took for the title in a style it misread."""
    if not raw:
        return False
    words = titles.normalise(title)
    if len(words) < _PRINTED_TITLE or len(words.split()) < 4:
        return False
    return f" {words} " in f" {titles.normalise(raw)} "


def _placed_as_printed(reference: Reference, record: Record) -> venues.Placement:
    """A free-text reference's venue, read again from its text as printed where the reader
    took something else for it in a style it misread: the record's venue named in full (two
    words or more) agrees; the end of the record's title taken for a venue says nothing."""
    printed = f" {titles.normalise(reference.raw)} "
    for name in venue_names(record):
        words = titles.normalise(name)
        if len(words.split()) >= 2 and f" {words} " in printed:
            return venues.Placement.AGREES
    cited = titles.normalise(reference.venue)
    if cited and f" {cited} " in f" {titles.normalise(record.title)} ":
        return venues.Placement.UNPLACED
    return venues.Placement.DIFFERS


def venue_names(record: Record) -> tuple[str, ...]:
    """Every name the record gives its venue (and the venues of its other locations)."""
    return (record.venue, record.venue_short, *record.venue_aliases)


def _hosted(record: Record) -> bool:
    """A preprint, or a record filed under a repository, platform or series: its "venue"
    cannot refute the one a citation names."""
    return is_preprint(record) or venues.is_host(record.venue, record.venue_kind)


def _printed_proceedings(record: Record) -> bool:
    """A paper of a meeting whose proceedings were a printed volume, out the next year."""
    meeting = kind_of_index_type(record.kind) is Kind.PAPER or record.venue_kind == "conference"
    return meeting and record.year is not None and record.year <= _PRINTED_PROCEEDINGS_UNTIL


def cites_preprint(reference: Reference) -> bool:
    """Whether the citation names a preprint: an arXiv "venue", or an arXiv id and no venue."""
    if reference.venue:
        return not venues.is_venue_claim(reference.venue)
    ids = reference.identifiers
    return bool(ids.arxiv) or ids.doi.startswith("10.48550/")


def is_preprint(record: Record) -> bool:
    """An index record of a preprint, by its flag, its DOI or its venue."""
    return (
        record.is_preprint
        or record.identifiers.doi.startswith("10.48550/")
        or venues.is_preprint_server(record.venue)
        or venues.is_preprint_server(record.venue_short)
    )


def _year_agrees(reference: Reference, record: Record, gap: int | None) -> bool:
    """Equal years, or one apart where an earlier version or a preprint explains the gap.

    A year one before the record's is the year of an earlier version: the arXiv preprint of a
    conference paper (CVPR 2023 papers appear on arXiv in late 2022) or a journal article's
    online-first year. The year of the printed issue agrees whatever the gap (an index's year
    is the first, online one). A year one after a meeting's of the printed-proceedings era is
    the year its volume appeared (Advances in NIPS 21, of the 2008 meeting, came out in
    2009); since proceedings appear online at the meeting, no longer. A year one after
    otherwise needs a preprint on either side.
    """
    if gap is None or gap in (0, 1) or reference.year == record.print_year:
        return True
    if gap == -1 and _printed_proceedings(record):
        return True
    ids = reference.identifiers
    arxiv_year = bool(ids.arxiv) or ids.doi.startswith("10.48550/")  # may carry the arXiv year
    preprint = is_preprint(record) or cites_preprint(reference) or arxiv_year
    return abs(gap) == 1 and (preprint or bool(record.published_doi or record.preprint_doi))
