"""The works the fake indexes know, loaded once and indexed for look-up and ranked search."""

from __future__ import annotations

import functools
import gzip
import hashlib
import json
import logging
import math
import os
import pickle
import re
import tempfile
import unicodedata
from array import array
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, fields, replace
from enum import StrEnum
from pathlib import Path

log = logging.getLogger(__name__)

_CACHE_VERSION = 7
_TOKEN = re.compile(r"[a-z0-9]+")
_ARXIV_URL = re.compile(r"arxiv\.org/(?:abs|pdf)/([a-z\-]+/\d{7}|\d{4}\.\d{4,5})", re.I)
_YEAR = re.compile(r"^(1[89]\d\d|20\d\d)$")
_STOPWORDS = frozenset(
    (
        *("a", "an", "and", "are", "as", "at", "be", "by", "for", "from", "in", "into", "is"),
        *("it", "of", "on", "or", "that", "the", "their", "this", "to", "with", "via", "its"),
        *("we", "our", "using", "toward", "towards"),
    )
)
# BM25 constants of the usual engines (Lucene, Elasticsearch).
_K1 = 1.2
_B = 0.75
# A word in more than this many titles (and this share of the corpus) only re-scores the
# candidates rarer words found, once they are plenty: a query of common words still ranks like
# BM25 without walking lists of 50,000 titles.
_COMMON_COUNT = 5000
_COMMON_SHARE = 0.02
_ENOUGH_CANDIDATES = 200
_AUTHOR_BONUS = 1.5
_YEAR_BONUS = 1.0


class Agency(StrEnum):
    """Who registered a work's DOI; decides which fake APIs know the DOI."""

    CROSSREF = "Crossref"
    DATACITE = "DataCite"


@dataclass(frozen=True, slots=True)
class Person:
    """One author as the corpus stores it."""

    family: str
    given: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Work:
    """A work as every fake API sees it; each API renders it in its own shape."""

    number: int
    key: str
    title: str
    authors: tuple[Person, ...]
    year: int | None
    venue: str = ""
    venue_short: str = ""
    kind: str = "journal-article"
    doi: str | None = None
    arxiv: str | None = None
    pages: str | None = None
    volume: str | None = None
    url: str | None = None
    publisher: str | None = None
    abstract: str | None = None
    agency: Agency = Agency.CROSSREF
    resource_type: str | None = None
    retracted: bool = False
    retraction_notice: str | None = None
    retracts: str | None = None
    withdrawn: bool = False
    has_preprint: tuple[str, ...] = ()
    is_preprint_of: tuple[str, ...] = ()
    in_s2: bool = True
    in_openalex: bool = True

    @property
    def openalex_id(self) -> str:
        return f"W{4_000_000_000 + self.number}"

    @property
    def s2_id(self) -> str:
        return hashlib.sha1(self.key.encode()).hexdigest()

    @property
    def corpus_id(self) -> int:
        return 100_000 + self.number

    @property
    def datacite_doi(self) -> str | None:
        """The DOI DataCite holds: the work's own, or arXiv's 10.48550 one."""
        if self.doi and self.agency is Agency.DATACITE:
            return self.doi
        if self.arxiv:
            return f"10.48550/arxiv.{self.arxiv}"
        return None


@dataclass(frozen=True, slots=True)
class Hit:
    """One search result with its engine score."""

    work: Work
    score: float


def tokens(text: str) -> list[str]:
    """Lower-case ASCII words of a text, accents folded, stopwords dropped."""
    if text.isascii():
        folded = text.lower()
    else:
        folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    return [word for word in _TOKEN.findall(folded) if word not in _STOPWORDS]


@functools.lru_cache(maxsize=1 << 18)
def _family_tokens(family: str) -> tuple[str, ...]:
    return tuple(tokens(family))


def normalise_doi(value: str) -> str:
    """A bare, lower-case DOI from any of the forms clients send."""
    value = value.strip()
    for prefix in ("https://doi.org/", "http://doi.org/", "https://dx.doi.org/", "doi:", "DOI:"):
        if value.lower().startswith(prefix.lower()):
            value = value[len(prefix) :]
    return value.lower()


def normalise_arxiv(value: str) -> str:
    """An arXiv id without prefix or version."""
    value = value.strip()
    for prefix in ("arxiv:", "ARXIV:", "arXiv:"):
        if value.startswith(prefix):
            value = value[len(prefix) :]
    return re.sub(r"v\d+$", "", value.lower())


_Row = tuple[object, ...]
_FIELDS: tuple[str, ...] = ()  # filled below, once Work exists


def _row(work: Work) -> _Row:
    values = {name: getattr(work, name) for name in _FIELDS}
    values["authors"] = tuple((p.family, p.given) for p in work.authors)
    values["agency"] = str(work.agency)
    return tuple(values.values())


def _from_row(row: _Row) -> Work:
    values = dict(zip(_FIELDS, row, strict=True))
    values["authors"] = tuple(Person(f, g) for f, g in values["authors"])  # type: ignore[attr-defined]
    values["agency"] = Agency(str(values["agency"]))
    return Work(**values)  # type: ignore[arg-type]


class Works:
    """The corpus's works by number, built from compact rows on first use (fast start)."""

    __slots__ = ("_built", "_rows")

    def __init__(self, rows: list[_Row]) -> None:
        self._rows = rows
        self._built: list[Work | None] = [None] * len(rows)

    def __len__(self) -> int:
        return len(self._rows)

    def __getitem__(self, number: int) -> Work:
        work = self._built[number]
        if work is None:
            work = self._built[number] = _from_row(self._rows[number])
        return work

    def __iter__(self) -> Iterator[Work]:
        return (self[number] for number in range(len(self._rows)))


@dataclass(slots=True)
class _Index:
    """What a pickle holds: built once per corpus file, plain tuples so it loads fast."""

    rows: list[_Row]
    title_postings: dict[str, array[int]]
    author_postings: dict[str, array[int]]
    title_lengths: array[int]
    mean_length: float
    years: array[int]


@dataclass(slots=True)
class Corpus:
    """The works with look-up by DOI and arXiv id and a BM25 title search."""

    works: Works
    by_doi: dict[str, int] = field(default_factory=dict)
    by_arxiv: dict[str, int] = field(default_factory=dict)
    by_s2: dict[str, int] = field(default_factory=dict)
    prefixes: dict[str, Agency] = field(default_factory=dict)
    _title_postings: dict[str, array[int]] = field(default_factory=dict)
    _author_postings: dict[str, array[int]] = field(default_factory=dict)
    _title_lengths: array[int] = field(default_factory=lambda: array("i"))
    _mean_length: float = 1.0
    _years: array[int] = field(default_factory=lambda: array("i"))

    @classmethod
    def from_works(cls, works: Iterable[Work]) -> Corpus:
        return cls._from_index(_build_index([_row(w) for w in works]))

    @classmethod
    def _from_index(cls, index: _Index) -> Corpus:
        corpus = cls(
            works=Works(index.rows),
            _title_postings=index.title_postings,
            _author_postings=index.author_postings,
            _title_lengths=index.title_lengths,
            _mean_length=index.mean_length,
            _years=index.years,
        )
        at = {name: position for position, name in enumerate(_FIELDS)}
        key, doi, arxiv, agency = at["key"], at["doi"], at["arxiv"], at["agency"]
        for number, row in enumerate(index.rows):
            if row[doi]:
                corpus.by_doi[normalise_doi(str(row[doi]))] = number  # DOIs ignore case
                corpus.prefixes.setdefault(str(row[doi]).split("/", 1)[0], Agency(str(row[agency])))
            if row[arxiv]:
                corpus.by_arxiv[str(row[arxiv])] = number
            corpus.by_s2[hashlib.sha1(str(row[key]).encode()).hexdigest()] = number
        return corpus

    def find_doi(self, doi: str) -> Work | None:
        number = self.by_doi.get(normalise_doi(doi))
        return None if number is None else self.works[number]

    def find_arxiv(self, arxiv_id: str) -> Work | None:
        number = self.by_arxiv.get(normalise_arxiv(arxiv_id))
        return None if number is None else self.works[number]

    def find_s2(self, paper_id: str) -> Work | None:
        number = self.by_s2.get(paper_id.lower())
        return None if number is None else self.works[number]

    def find_number(self, number: int) -> Work | None:
        return self.works[number] if 0 <= number < len(self.works) else None

    def doi_exists(self, doi: str) -> bool:
        """Whether doi.org would resolve the DOI (any agency, arXiv DOIs included)."""
        doi = normalise_doi(doi)
        return doi in self.by_doi or self.by_datacite(doi) is not None

    def by_datacite(self, doi: str) -> Work | None:
        doi = normalise_doi(doi)
        if doi.startswith("10.48550/arxiv."):
            return self.find_arxiv(doi.removeprefix("10.48550/arxiv."))
        work = self.find_doi(doi)
        return work if work is not None and work.agency is Agency.DATACITE else None

    def search(
        self,
        query: str,
        rows: int,
        *,
        author_query: str = "",
        accept: Callable[[Work], bool] | None = None,
    ) -> list[Hit]:
        """Rank works for a free-text query: BM25 on titles, bonuses for authors and year."""
        words = tokens(query)
        title_words = [w for w in words if not _YEAR.match(w)]
        years = {int(w) for w in words if _YEAR.match(w)}
        author_words = set(tokens(author_query)) or set(title_words)
        scores = self._bm25(title_words)
        if not scores and author_query:
            for word in author_words:
                for number in self._author_postings.get(word, ()):
                    scores[number] = scores.get(number, 0.0) + _AUTHOR_BONUS
        else:
            for word in author_words:
                for number in self._author_postings.get(word, ()):
                    if number in scores:
                        scores[number] += _AUTHOR_BONUS
        if years:
            for number in scores:
                if self._years[number] in years:
                    scores[number] += _YEAR_BONUS
        ranked = sorted(scores.items(), key=lambda item: (-item[1], item[0]))
        hits: list[Hit] = []
        for number, score in ranked:
            work = self.works[number]
            if accept is None or accept(work):
                hits.append(Hit(work, round(score, 4)))
                if len(hits) >= rows:
                    break
        return hits

    def _bm25(self, words: list[str]) -> dict[int, float]:
        total = len(self.works)
        if total == 0:
            return {}
        query = Counter(words)
        by_rarity = sorted(query, key=lambda w: len(self._title_postings.get(w, ())))
        scores: dict[int, float] = {}
        for word in by_rarity:
            postings = self._title_postings.get(word)
            if not postings:
                continue
            frequency = len(postings)
            idf = math.log(1.0 + (total - frequency + 0.5) / (frequency + 0.5))
            common = (
                frequency > max(_COMMON_COUNT, _COMMON_SHARE * total)
                and len(scores) >= _ENOUGH_CANDIDATES
            )
            # A common word counts only in documents a rarer word already found.
            counts = Counter(n for n in postings if n in scores) if common else Counter(postings)
            for number, tf in counts.items():
                length = self._title_lengths[number]
                norm = tf * (_K1 + 1) / (tf + _K1 * (1 - _B + _B * length / self._mean_length))
                scores[number] = scores.get(number, 0.0) + idf * norm * query[word]
        return scores


def _build_index(rows: list[_Row]) -> _Index:
    title_postings: dict[str, array[int]] = {}
    author_postings: dict[str, array[int]] = {}
    lengths = array("i")
    years = array("i", (int(row[_FIELDS.index("year")] or 0) for row in rows))  # type: ignore[call-overload]
    title_at, authors_at = _FIELDS.index("title"), _FIELDS.index("authors")
    for number, row in enumerate(rows):
        words = tokens(str(row[title_at]))
        lengths.append(len(words))
        for word in words:
            title_postings.setdefault(word, array("i")).append(number)
        people: tuple[tuple[str, str], ...] = row[authors_at]  # type: ignore[assignment]
        for name in {w for family, _ in people for w in _family_tokens(family)}:
            author_postings.setdefault(name, array("i")).append(number)
    mean = (sum(lengths) / len(lengths)) if lengths else 1.0
    return _Index(rows, title_postings, author_postings, lengths, mean or 1.0, years)


def _work_from_line(number: int, raw: dict[str, object]) -> Work:
    return Work(**_line_values(number, raw))  # type: ignore[arg-type]


def _line_values(number: int, raw: dict[str, object]) -> dict[str, object]:
    def text(name: str) -> str | None:
        value = raw.get(name)
        return str(value) if value not in (None, "") else None

    people = raw.get("authors")
    authors = tuple(
        Person(str(p.get("family") or ""), str(p.get("given") or ""))
        for p in (people if isinstance(people, list) else [])
        if isinstance(p, dict)
    )
    url = text("url")
    match = _ARXIV_URL.search(url or "")
    doi = text("doi")
    arxiv = match.group(1).lower() if match else None
    if doi and doi.startswith("10.48550/arxiv."):
        arxiv = arxiv or doi.removeprefix("10.48550/arxiv.")
        doi = None  # arXiv DOIs live in DataCite, derived from the arXiv id
    year = raw.get("year")
    return dict(
        number=number,
        key=str(raw.get("id") or number),
        title=str(raw.get("title") or ""),
        authors=authors,
        year=int(year) if isinstance(year, int | str) and str(year).isdigit() else None,
        venue=text("venue") or "",
        venue_short=text("venue_short") or "",
        kind=text("type") or "journal-article",
        doi=doi.lower() if doi else None,
        arxiv=arxiv,
        pages=text("pages"),
        volume=text("volume"),
        url=url,
        publisher=text("publisher"),
    )


def _read_lines(path: Path) -> Iterator[dict[str, object]]:
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as stream:
        for line in stream:
            if line.strip():
                yield json.loads(line)


def cache_path(path: Path) -> Path:
    """Where the index of a corpus file is cached: keyed by its path, size and mtime."""
    stat = path.stat()
    tag = hashlib.sha1(
        f"{_CACHE_VERSION}:{path.resolve()}:{stat.st_size}:{stat.st_mtime_ns}".encode()
    ).hexdigest()[:16]
    return Path(tempfile.gettempdir()) / f"cite-sentinel-fakeapi-{tag}.pickle"


def load_works(path: Path) -> list[Work]:
    """The corpus file's works, in file order (numbers are positions)."""
    return [_work_from_line(n, raw) for n, raw in enumerate(_read_lines(path))]


def _load_rows(path: Path) -> list[_Row]:
    defaults = {f.name: f.default for f in fields(Work)}
    return [_row_from_line(n, raw, defaults) for n, raw in enumerate(_read_lines(path))]


def _row_from_line(number: int, raw: dict[str, object], defaults: dict[str, object]) -> _Row:
    """What `_row(_work_from_line(...))` gives, without building a Work (4x faster)."""
    values = dict(defaults)
    values.update(_line_values(number, raw))
    people: tuple[Person, ...] = values["authors"]  # type: ignore[assignment]
    values["authors"] = tuple((p.family, p.given) for p in people)
    values["agency"] = str(values["agency"])
    return tuple(values[name] for name in _FIELDS)


def load_corpus(
    path: Path,
    extra: Iterable[Work] = (),
    *,
    use_cache: bool = True,
    abstracts: Mapping[str, str] | None = None,
) -> Corpus:
    """Load a JSONL(.gz) corpus plus extra works; a pickle in the temp dir skips re-indexing.

    `abstracts` (by lower-case DOI) gives the corpus's works the abstracts its file lacks.
    """
    extra = list(extra)
    cache = cache_path(path)
    if use_cache and cache.is_file():
        try:
            with cache.open("rb") as stream:
                index: _Index = pickle.load(stream)
            if isinstance(index, _Index):
                return _with_extra(_with_abstracts(index, abstracts or {}), extra)
        except (OSError, pickle.UnpicklingError, EOFError, AttributeError, TypeError) as error:
            log.warning("fake API corpus cache %s unusable (%s); rebuilding", cache, error)
    index = _build_index(_load_rows(path))
    if use_cache:
        partial = cache.with_suffix(f".{os.getpid()}.tmp")
        with partial.open("wb") as stream:
            pickle.dump(index, stream, protocol=pickle.HIGHEST_PROTOCOL)
        partial.replace(cache)
    return _with_extra(_with_abstracts(index, abstracts or {}), extra)


def _with_abstracts(index: _Index, abstracts: Mapping[str, str]) -> _Index:
    """The index with the given abstracts set on its rows (in place: the index is this call's)."""
    if not abstracts:
        return index
    doi_at, abstract_at = _FIELDS.index("doi"), _FIELDS.index("abstract")
    for number, row in enumerate(index.rows):
        text = abstracts.get(str(row[doi_at] or ""))
        if text is not None:
            index.rows[number] = (*row[:abstract_at], text, *row[abstract_at + 1 :])
    return index


def _with_extra(index: _Index, extra: list[Work]) -> Corpus:
    if not extra:
        return Corpus._from_index(index)
    # The index was just read or built for this call alone, so it is extended in place.
    start = len(index.rows)
    renumbered = [_row(replace(work, number=start + offset)) for offset, work in enumerate(extra)]
    extended = _build_index(renumbered)
    index.rows.extend(renumbered)
    for target, source in (
        (index.title_postings, extended.title_postings),
        (index.author_postings, extended.author_postings),
    ):
        for word, postings in source.items():
            target.setdefault(word, array("i")).extend(n + start for n in postings)
    index.title_lengths.extend(extended.title_lengths)
    index.years.extend(extended.years)
    lengths = index.title_lengths
    index.mean_length = (sum(lengths) / len(lengths)) or 1.0
    return Corpus._from_index(index)


_FIELDS = tuple(f.name for f in fields(Work))
