"""The data every module passes around: frozen, typed, free of any format's quirks."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from enum import StrEnum


class Severity(StrEnum):
    """How loudly a finding speaks; the words of LSP and SARIF levels."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"
    HINT = "hint"


class Status(StrEnum):
    """The verdict words of ARCHITECTURE.md, used verbatim by every face."""

    VERIFIED = "verified"
    MISCITED = "miscited"
    FABRICATED = "fabricated"
    UNVERIFIED = "unverified"


class Flag(StrEnum):
    """Facts beside any verdict."""

    RETRACTED = "retracted"
    PUBLISHED_VERSION = "published-version"
    WITHDRAWN = "withdrawn"


class SourceStatus(StrEnum):
    """What one index did for one reference."""

    ANSWERED = "answered"
    FAILED = "failed"
    SKIPPED = "skipped"


@dataclass(frozen=True, slots=True)
class Location:
    """A span in a file: 1-based line and column (in code points), end exclusive.

    In a PDF, lines count the document's extracted text from its first page; `page` (1-based)
    and `label` (the entry's number as printed, its first words, or a citation marker) say
    where a person finds it: `paper.pdf:p12:[37]`.
    """

    path: str
    line: int
    column: int
    end_line: int
    end_column: int
    page: int = 0  # 0: the file has no pages
    label: str = ""

    @classmethod
    def point(cls, path: str, line: int, column: int) -> Location:
        return cls(path, line, column, line, column)

    @property
    def place(self) -> str:
        """Page and label as a person looks for them (`p12:[37]`), or "" outside a PDF."""
        if not self.page:
            return ""
        return f"p{self.page}:{self.label}" if self.label else f"p{self.page}"

    def __str__(self) -> str:
        if self.page:
            return f"{self.path}:{self.place}"
        return f"{self.path}:{self.line}:{self.column}"


@dataclass(frozen=True, slots=True)
class Person:
    """One author or editor; `literal` holds a corporate or unparsed name."""

    family: str = ""
    given: str = ""
    von: str = ""
    suffix: str = ""
    literal: str = ""

    @property
    def is_corporate(self) -> bool:
        return bool(self.literal)

    @property
    def display(self) -> str:
        if self.literal:
            return self.literal
        family = f"{self.von} {self.family}".strip()
        name = f"{self.given} {family}".strip()
        return f"{name}, {self.suffix}" if self.suffix else name


@dataclass(frozen=True, slots=True)
class Identifiers:
    """Normalised identifiers of a work (DOI lower-case, arXiv without version, ISBN-13)."""

    doi: str = ""
    arxiv: str = ""
    pmid: str = ""
    pmcid: str = ""
    isbn: str = ""
    url: str = ""

    def __bool__(self) -> bool:
        return bool(self.doi or self.arxiv or self.pmid or self.pmcid or self.isbn)


@dataclass(frozen=True, slots=True, kw_only=True)
class Reference:
    """A cited work as the manuscript's bibliography states it."""

    key: str
    location: Location
    kind: str = ""  # entry type as written: article, inproceedings, article-journal, …
    title: str = ""
    people: tuple[Person, ...] = ()  # authors
    editors: tuple[Person, ...] = ()
    others: bool = False  # the author list ends with "and others" / "et al."
    year: int | None = None
    date: str = ""  # ISO date as precise as given: 2024, 2024-01, 2024-01-15
    venue: str = ""  # journal, booktitle, container-title
    volume: str = ""
    issue: str = ""
    pages: str = ""
    publisher: str = ""
    identifiers: Identifiers = field(default_factory=Identifiers)
    accessed: str = ""  # ISO date the URL was visited (urldate / accessed)
    fields: tuple[tuple[str, str], ...] = ()  # every field as read, after decoding
    protected_title: str = ""  # the title with {protected} braces kept, for case decisions
    key_location: Location | None = None  # the span of the key itself, for diagnostics
    raw: str = ""  # the source text of the entry, or the whole free-text reference
    source_format: str = ""  # bibtex, csl-json, csl-yaml, reflist
    # How sure a free-text reader was of each field it read, 0-1: ("title", 0.97), …
    confidence: tuple[tuple[str, float], ...] = ()

    @property
    def signature(self) -> str:
        """What a verdict depends on: every part of the reference the engine reads.

        Two references with equal signatures get one verdict; an edit that changes the
        signature is verified again (the editor's wave and `check` alike), one that does not
        (a note, the entry's place) keeps its verdict.
        """
        names = ";".join(f"{p.family}|{p.given}|{p.von}|{p.literal}" for p in self.people)
        ids = self.identifiers
        searched = self.raw if self.source_format == "reflist" or not self.title else ""
        return "\x1f".join(
            (self.kind, self.title, names, str(self.others), str(self.year), self.venue,
             ids.doi, ids.arxiv, ids.pmid, ids.pmcid, ids.isbn, ids.url, self.pages,
             self.volume, self.source_format, searched)
        )  # fmt: skip

    def certainty(self, name: str) -> float:
        """How sure the reader was of a field ("title", "author", "year", "venue", …): a
        free-text reader's estimate, 1.0 where the format states the field."""
        return next((value for field_name, value in self.confidence if field_name == name), 1.0)

    @property
    def subject(self) -> str:
        """What a verdict's `subject` holds to name the reference it judged: a digest of the
        signature (a verdict kept for each of 183,000 references holds 24 characters, not
        the signature's hundreds)."""
        data = self.signature.encode("utf-8", "surrogatepass")
        return hashlib.blake2b(data, digest_size=12).hexdigest()

    def field(self, name: str) -> str:
        """The value of a field as read, or ""."""
        lowered = name.lower()
        for field_name, value in self.fields:
            if field_name == lowered:
                return value
        return ""


class CitationMode(StrEnum):
    """How a citation shows the author: Pandoc's citation modes."""

    NORMAL = "normal"  # [@a]
    SUPPRESS_AUTHOR = "suppress-author"  # [-@a]
    AUTHOR_IN_TEXT = "author-in-text"  # @a


@dataclass(frozen=True, slots=True, kw_only=True)
class Citation:
    """One key cited at one place of a manuscript, with the sentence around it."""

    key: str
    location: Location
    sentence: str = ""  # the sentence that contains the citation, as written
    context: str = ""  # the sentence before it
    prefix: str = ""
    locator: str = ""  # suffix such as "p. 33"
    # The suffix was written without a comma and is no locator (`[@a for a view]`): APA
    # writes it after the year without one, as citeproc does.
    bare_suffix: bool = False
    mode: CitationMode = CitationMode.NORMAL
    group: int = 0  # citations written together ([@a; @b]) share a group number
    # Where the citation stood in `sentence` (an offset; citations written together share
    # it), so each cited work can be judged on the clause it closes. -1: not known, or an
    # author-in-text citation, whose key is part of the sentence.
    mark: int = -1


@dataclass(frozen=True, slots=True, kw_only=True)
class Finding:
    """A located message for a person: `path:line:col: severity: message`."""

    code: str  # stable finding code, see core.findings
    severity: Severity
    message: str
    location: Location
    key: str = ""
    related: tuple[Location, ...] = ()  # e.g. the first copy of a duplicate key
    hint: str = ""  # what to do about it


@dataclass(frozen=True, slots=True)
class BibliographyLink:
    """A bibliography file a document names (`bibliography:`, `\\bibliography{}`, …)."""

    name: str  # as written: "refs.bib", "refs" for \\bibliography{refs}
    location: Location


@dataclass(frozen=True, slots=True)
class Read:
    """What a reader got from one file: nothing it reads raises, all trouble is a finding."""

    references: tuple[Reference, ...] = ()
    citations: tuple[Citation, ...] = ()
    findings: tuple[Finding, ...] = ()
    bibliographies: tuple[BibliographyLink, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class Record:
    """A work as one index knows it."""

    source: str  # openalex, crossref, semanticscholar, datacite, arxiv, doi, catalog
    id: str  # the index's own id
    title: str = ""
    people: tuple[Person, ...] = ()
    year: int | None = None
    date: str = ""
    # The year of the printed issue where it differs from `year`, the first (online) one: an
    # article online in December 2014 is in the January 2015 issue, and cited as 2015.
    print_year: int | None = None
    venue: str = ""
    venue_short: str = ""
    # Other names the index gives the venue (ISO abbreviation, alternate titles, a book's series)
    # and the venues of the work's other locations (the journal beside its arXiv copy).
    venue_aliases: tuple[str, ...] = ()
    venue_kind: str = ""  # journal, conference, repository, ebook platform, book series, …
    volume: str = ""
    issue: str = ""
    pages: str = ""
    publisher: str = ""
    kind: str = ""  # the index's type: journal-article, proceedings-article, dataset, …
    eprint_class: str = ""  # arXiv's primary category of a preprint (cs.LG), where given
    identifiers: Identifiers = field(default_factory=Identifiers)
    url: str = ""
    abstract: str = ""
    cited_by: int | None = None
    retracted: bool = False
    withdrawn: bool = False
    is_preprint: bool = False
    published_doi: str = ""  # for a preprint: the DOI of its published version
    preprint_doi: str = ""  # for a published work: the DOI of its preprint
    score: float | None = None  # the index's own relevance score for a search hit


@dataclass(frozen=True, slots=True)
class Problem:
    """One cited field that disagrees with the matched record."""

    field: str  # title, authors, year, venue, doi, arxiv, pages, …
    cited: str
    found: str
    severity: Severity


@dataclass(frozen=True, slots=True)
class SourceReport:
    """What one index did for one reference, and why when it failed or was skipped."""

    name: str
    status: SourceStatus
    reason: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Verdict:
    """The engine's judgement of one reference, with the evidence a reader needs."""

    key: str
    status: Status
    confidence: float = 0.0
    flags: tuple[Flag, ...] = ()
    problems: tuple[Problem, ...] = ()
    match: Record | None = None
    sources: tuple[SourceReport, ...] = ()
    reason: str = ""  # for unverified and fabricated: why, in a sentence
    subject: str = ""  # Reference.subject of the judged reference ("" : match by key alone)
    published: Record | None = None  # with the published-version flag: that version's record
