"""The works the fake indexes know, indexed for look-up by identifier and ranked search."""

from __future__ import annotations

import hashlib
import math
import re
from array import array
from collections import Counter
from collections.abc import Callable, Container, Iterable, Iterator
from dataclasses import dataclass, field, fields, replace

from .quirks import Quirks
from .works import Agency, Person, Work, family_tokens, normalise_arxiv, normalise_doi, tokens

__all__ = ["Corpus", "Hit", "Person", "Work", "Works"]

_YEAR = re.compile(r"^(1[5-9]\d\d|20\d\d)$")
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
# Crossref's bibliographic query matches a reference's volume, first page and authors as well
# as its title: a reference printed without a title (ACS, APS) is found by them.
_LOCATOR_BONUS = 40.0
_NUMBER = re.compile(r"^[a-z]?\d+$")

Row = tuple[object, ...]


def _unpadded(number: str) -> str:
    """A number without its leading zeros, as a search engine's numeric field holds it: JHEP's
    article "012" is 12, a volume "09" is 9."""
    return number.lstrip("0") or number


FIELDS: tuple[str, ...] = tuple(f.name for f in fields(Work))
_AT = {name: position for position, name in enumerate(FIELDS)}


@dataclass(frozen=True, slots=True)
class Hit:
    """One search result with its engine score."""

    work: Work
    score: float


def row(work: Work) -> Row:
    """A work as the compact tuple the index and its pickle hold."""
    values = {name: getattr(work, name) for name in FIELDS}
    values["authors"] = people_row(work.authors)
    values["editors"] = people_row(work.editors)
    values["agency"] = str(work.agency)
    return tuple(values.values())


def people_row(people: tuple[Person, ...]) -> tuple[tuple[object, ...], ...]:
    """People as the plain tuples a row holds: (family, given), and True for an organisation."""
    return tuple((p.family, p.given, True) if p.is_org else (p.family, p.given) for p in people)


def _from_row(values: Row) -> Work:
    named = dict(zip(FIELDS, values, strict=True))
    for name in ("authors", "editors"):
        named[name] = tuple(Person(*p) for p in named[name])  # type: ignore[attr-defined]
    named["agency"] = Agency(str(named["agency"]))
    return Work(**named)  # type: ignore[arg-type]


class Works:
    """The corpus's works by number, built from compact rows on first use (fast start)."""

    __slots__ = ("_built", "_rows")

    def __init__(self, rows: list[Row]) -> None:
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

    def value(self, number: int, name: str) -> object:
        """One field of a work without building it (for scans over the whole corpus)."""
        return self._rows[number][_AT[name]]


@dataclass(slots=True)
class Index:
    """What a pickle holds: built once per corpus file, plain tuples so it loads fast."""

    rows: list[Row]
    title_postings: dict[str, array[int]]
    author_postings: dict[str, array[int]]
    title_lengths: array[int]
    mean_length: float
    years: array[int]


@dataclass(slots=True)
class Corpus:
    """The works with look-up by DOI and arXiv id and a BM25 title search.

    `quirks` says how often each index holds a work in one of the ways real indexes get
    works wrong (none by default); `memo` keeps tables derived on first use.
    """

    works: Works
    by_doi: dict[str, int] = field(default_factory=dict)
    by_arxiv: dict[str, int] = field(default_factory=dict)
    by_s2: dict[str, int] = field(default_factory=dict)
    by_pubmed: dict[str, int] = field(default_factory=dict)  # "pmid:…" and "pmcid:…"
    prefixes: dict[str, Agency] = field(default_factory=dict)
    quirks: Quirks = field(default_factory=Quirks)
    memo: dict[str, object] = field(default_factory=dict)
    _title_postings: dict[str, array[int]] = field(default_factory=dict)
    _author_postings: dict[str, array[int]] = field(default_factory=dict)
    _title_lengths: array[int] = field(default_factory=lambda: array("i"))
    _mean_length: float = 1.0
    _years: array[int] = field(default_factory=lambda: array("i"))

    @classmethod
    def from_works(cls, works: Iterable[Work]) -> Corpus:
        return cls.from_index(build_index([row(w) for w in works]))

    @classmethod
    def from_index(cls, index: Index) -> Corpus:
        corpus = cls(
            works=Works(index.rows),
            _title_postings=index.title_postings,
            _author_postings=index.author_postings,
            _title_lengths=index.title_lengths,
            _mean_length=index.mean_length,
            _years=index.years,
        )
        key, doi, arxiv, agency = _AT["key"], _AT["doi"], _AT["arxiv"], _AT["agency"]
        for number, values in enumerate(index.rows):
            if values[doi]:
                corpus.by_doi[normalise_doi(str(values[doi]))] = number  # DOIs ignore case
                prefix = str(values[doi]).split("/", 1)[0]
                corpus.prefixes.setdefault(prefix, Agency(str(values[agency])))
            if values[arxiv]:
                # The first work with an arXiv id is its record; a published version that
                # carries the id too comes after it.
                corpus.by_arxiv.setdefault(str(values[arxiv]), number)
            corpus.by_s2[hashlib.sha1(str(values[key]).encode()).hexdigest()] = number
            for name in ("pmid", "pmcid"):
                if values[_AT[name]]:
                    corpus.by_pubmed.setdefault(f"{name}:{values[_AT[name]]}", number)
        return corpus

    def datacite_numbers(self) -> frozenset[int]:
        """The works DataCite holds: DataCite's DOIs and arXiv's (built on first use)."""
        numbers = self.memo.get("datacite.numbers")
        if not isinstance(numbers, frozenset):
            numbers = frozenset(
                [n for n in self.by_doi.values() if self.works.value(n, "agency") == "DataCite"]
                + list(self.by_arxiv.values())
            )
            self.memo["datacite.numbers"] = numbers
        return numbers

    def find_doi(self, doi: str) -> Work | None:
        number = self.by_doi.get(normalise_doi(doi))
        return None if number is None else self.works[number]

    def find_arxiv(self, arxiv_id: str) -> Work | None:
        number = self.by_arxiv.get(normalise_arxiv(arxiv_id))
        return None if number is None else self.works[number]

    def find_s2(self, paper_id: str) -> Work | None:
        number = self.by_s2.get(paper_id.lower())
        return None if number is None else self.works[number]

    def find_pubmed(self, kind: str, value: str) -> Work | None:
        """The work with this PubMed id (`kind` "pmid") or PubMed Central id ("pmcid")."""
        digits = value.strip().upper().removeprefix("PMC")
        number = self.by_pubmed.get(f"{kind}:{digits}")
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
        among: Container[int] | None = None,
        locators: bool = False,
    ) -> list[Hit]:
        """Rank works for a free-text query: BM25 on titles, bonuses for authors and year.

        `among` keeps only the works of these numbers, checked before a work is built (an
        index that holds few of the corpus's works ranks no others). With `locators` (a
        bibliographic query), a work whose volume and first page the query names is a hit.
        """
        words = tokens(query)
        title_words = [w for w in words if not _YEAR.match(w)]
        years = {int(w) for w in words if _YEAR.match(w)}
        author_words = set(tokens(author_query)) or set(title_words)
        scores = self._bm25(title_words)
        if locators:
            for number in self._located(words, author_words):
                scores[number] = scores.get(number, 0.0) + _LOCATOR_BONUS
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
            if among is not None and number not in among:
                continue
            work = self.works[number]
            if accept is None or accept(work):
                hits.append(Hit(work, round(score, 4)))
                if len(hits) >= rows:
                    break
        return hits

    def _located(self, words: list[str], names: set[str]) -> set[int]:
        """The works whose volume and first page are among the query's numbers, by an author
        the query names."""
        numbers = {_unpadded(word) for word in words if _NUMBER.match(word)}
        if len(numbers) < 2:
            return set()
        table = self._locator_table()
        return {
            number
            for volume in numbers
            for page in numbers
            if volume != page
            for number in table.get((volume, page), ())
            if names & self._family_names(number)
        }

    def _family_names(self, number: int) -> set[str]:
        people: tuple[tuple[str, ...], ...] = self.works.value(number, "authors")  # type: ignore[assignment]
        return {word for person in people for word in family_tokens(person[0])}

    def _locator_table(self) -> dict[tuple[str, str], list[int]]:
        """(volume, first page) → works, built on first use."""
        table = self.memo.get("locators")
        if not isinstance(table, dict):
            table = {}
            for number in range(len(self.works)):
                volume = str(self.works.value(number, "volume") or "").strip().lower()
                pages = str(self.works.value(number, "pages") or "").strip().lower()
                first = re.split(r"[-\u2013\u2014,\s]+", pages)[0] if pages else ""
                if volume and first:
                    table.setdefault((_unpadded(volume), _unpadded(first)), []).append(number)
            self.memo["locators"] = table
        return table

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


def build_index(rows: list[Row]) -> Index:
    """Postings of title words and authors' family names, title lengths and years."""
    title_postings: dict[str, array[int]] = {}
    author_postings: dict[str, array[int]] = {}
    lengths = array("i")
    years = array("i", (int(values[_AT["year"]] or 0) for values in rows))  # type: ignore[call-overload]
    title_at, authors_at = _AT["title"], _AT["authors"]
    for number, values in enumerate(rows):
        words = tokens(str(values[title_at]))
        lengths.append(len(words))
        for word in words:
            title_postings.setdefault(word, array("i")).append(number)
        people: tuple[tuple[str, ...], ...] = values[authors_at]  # type: ignore[assignment]
        for name in {w for person in people for w in family_tokens(person[0])}:
            author_postings.setdefault(name, array("i")).append(number)
    mean = (sum(lengths) / len(lengths)) if lengths else 1.0
    return Index(rows, title_postings, author_postings, lengths, mean or 1.0, years)


def extend_index(index: Index, extra: list[Work]) -> Index:
    """The index with works appended, renumbered after its own (in place: it is the caller's)."""
    start = len(index.rows)
    renumbered = [row(replace(work, number=start + offset)) for offset, work in enumerate(extra)]
    extended = build_index(renumbered)
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
    return index
