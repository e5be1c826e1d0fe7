"""Offline tuning harness for core.match: the HALLMARK dev split judged against the corpus.

Simulates what resolve hands `judge` without any server: records with the cited DOI, the
top corpus works by title similarity and by first author + year, all sources answered.

Run from the repository root:  .venv/bin/python -m benchmarks.match_harness [--fit] [--misses]
"""

from __future__ import annotations

import argparse
import collections
import gzip
import hashlib
import json
import math
import pickle
import re
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from cite_sentinel.core.matching import calibration
from cite_sentinel.core.matching.match import Answers, assess
from cite_sentinel.core.matching.titles import fold, normalise
from cite_sentinel.core.model import (
    Identifiers,
    Location,
    Person,
    Record,
    Reference,
    SourceReport,
    SourceStatus,
    Status,
    Verdict,
)
from rapidfuzz import fuzz, process

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data"
DEV = DATA / "dev" / "hallmark_dev_public.jsonl"
CORPUS = DATA / "corpus" / "works_full.jsonl.gz"
CACHE = Path(tempfile.gettempdir()) / "cite-sentinel-match-harness"
SOURCES = (
    SourceReport("openalex", SourceStatus.ANSWERED),
    SourceReport("crossref", SourceStatus.ANSWERED),
)


@dataclass(frozen=True, slots=True)
class Case:
    """One labelled dev entry with the evidence the harness built for it."""

    entry: dict[str, object]
    evidence: Answers
    in_corpus: bool  # the cited work is in the corpus, by DOI or normalised title


@dataclass(frozen=True, slots=True)
class Index:
    """The corpus, prepared once: works, normalised titles, DOIs, first-author + year keys."""

    works: list[dict[str, object]]
    titles: list[str]
    by_doi: dict[str, list[int]]
    by_title: dict[str, list[int]]
    by_author_year: dict[tuple[str, int], list[int]]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--fit", action="store_true", help="fit and print calibration weights")
    parser.add_argument("--misses", action="store_true", help="print every wrong verdict")
    args = parser.parse_args(argv)
    if not DEV.is_file() or not CORPUS.is_file():
        print(f"needs ../shared/data beside the project ({DATA} is absent)", file=sys.stderr)
        return 2
    started = time.perf_counter()
    index = _load_index()
    cases = list(_cases(index))
    built = time.perf_counter()
    judged_pairs = [assess(case.evidence) for case in cases]
    verdicts = [verdict for verdict, _ in judged_pairs]
    judged = time.perf_counter()
    print(
        f"{len(cases)} entries; evidence built in {built - started:.1f} s, "
        f"judged in {judged - built:.2f} s ({1000 * (judged - built) / len(cases):.2f} ms each)"
    )
    _report(cases, verdicts)
    if args.misses:
        _print_misses(cases, verdicts)
    if args.fit:
        _fit(cases, judged_pairs)
    return 0


def _load_index() -> Index:
    CACHE.mkdir(parents=True, exist_ok=True)
    cached = CACHE / f"index-{CORPUS.stat().st_size}-{_normaliser_version()}.pickle"
    if cached.is_file():
        with cached.open("rb") as handle:
            return Index(*pickle.load(handle))  # plain tuples: loadable from any __main__
    works: list[dict[str, object]] = []
    with gzip.open(CORPUS, "rt", encoding="utf-8") as handle:
        works.extend(json.loads(line) for line in handle)
    titles = [normalise(str(w["title"])) for w in works]
    by_doi: dict[str, list[int]] = collections.defaultdict(list)
    by_title: dict[str, list[int]] = collections.defaultdict(list)
    by_author_year: dict[tuple[str, int], list[int]] = collections.defaultdict(list)
    for i, work in enumerate(works):
        if work.get("doi"):
            by_doi[str(work["doi"]).lower()].append(i)
        by_title[titles[i]].append(i)
        people = work.get("authors") or []
        assert isinstance(people, list)
        if people and isinstance(work.get("year"), int):
            by_author_year[
                (_family_key(str(people[0].get("family", ""))), int(str(work["year"])))
            ].append(i)
    index = Index(works, titles, dict(by_doi), dict(by_title), dict(by_author_year))
    with cached.open("wb") as handle:
        pickle.dump((works, titles, index.by_doi, index.by_title, index.by_author_year), handle)
    return index


def _normaliser_version() -> str:
    """Cached titles are only as good as the normalisation they were made with."""
    from cite_sentinel.core.matching import titles

    return hashlib.sha1(Path(titles.__file__).read_bytes()).hexdigest()[:10]


def _family_key(family: str) -> str:
    return re.sub(r"[^a-z]", "", fold(family).lower())


def _cases(index: Index) -> Iterator[Case]:
    reader = _bibtex_reader()
    with DEV.open(encoding="utf-8") as handle:
        entries = [json.loads(line) for line in handle if line.strip()]
    lookups = CACHE / f"lookups-{DEV.stat().st_size}-{_normaliser_version()}.pickle"
    if lookups.is_file() and not _LOOKUPS:
        with lookups.open("rb") as handle:
            _LOOKUPS.update(pickle.load(handle))
    for entry in entries:
        reference = reader(entry)
        yield _case(index, entry, reference)
    with lookups.open("wb") as handle:
        pickle.dump(_LOOKUPS, handle)


def _case(index: Index, entry: dict[str, object], reference: Reference) -> Case:
    hits, by_title, by_author = _lookups(index, entry, reference)
    candidates = tuple(_record(index.works[i], "openalex") for i in by_title) + tuple(
        _record(index.works[i], "crossref") for i in by_author
    )
    title = normalise(reference.title)
    in_corpus = (bool(hits) and entry["label"] == "VALID") or title in index.by_title
    evidence = Answers(
        reference=reference,
        by_identifier=tuple(_record(index.works[i], "crossref") for i in hits),
        identifier_absent=bool(reference.identifiers.doi) and not hits,
        candidates=candidates,
        sources=SOURCES,
    )
    return Case(entry, evidence, in_corpus)


_LOOKUPS: dict[str, tuple[list[int], list[int], list[int]]] = {}


def _lookups(
    index: Index, entry: dict[str, object], reference: Reference
) -> tuple[list[int], list[int], list[int]]:
    """Corpus rows for the cited DOI, the top titles, the top titles by first author + year."""
    key = json.dumps(entry["fields"], sort_keys=True)
    if key in _LOOKUPS:
        return _LOOKUPS[key]
    doi = reference.identifiers.doi
    hits: list[int] = []
    if doi:
        hits = index.by_doi.get(doi, []) or index.by_doi.get(re.sub(r"v\d+$", "", doi), [])
    title = normalise(reference.title)
    found = process.extract(title, index.titles, scorer=fuzz.ratio, limit=5, score_cutoff=50)
    by_title = [i for _, _, i in found]
    by_author: list[int] = []
    if reference.people and reference.year:
        family = _family_key(reference.people[0].family or reference.people[0].literal)
        pool = [
            i
            for y in (reference.year - 1, reference.year, reference.year + 1)
            for i in index.by_author_year.get((family, y), [])
        ]
        pool.sort(key=lambda i: fuzz.ratio(title, index.titles[i]), reverse=True)
        by_author = pool[:5]
    _LOOKUPS[key] = (hits, by_title, by_author)
    return _LOOKUPS[key]


def _record(work: dict[str, object], source: str) -> Record:
    people = work.get("authors") or []
    assert isinstance(people, list)
    year = work.get("year")
    return Record(
        source=source,
        id=str(work["id"]),
        title=str(work.get("title", "")),
        people=tuple(
            Person(family=str(p.get("family", "")), given=str(p.get("given", ""))) for p in people
        ),
        year=year if isinstance(year, int) else None,
        venue=str(work.get("venue", "")),
        venue_short=str(work.get("venue_short", "")),
        kind=str(work.get("type", "")),
        pages=str(work.get("pages", "")),
        identifiers=Identifiers(doi=str(work.get("doi", "")).lower()),
    )


_Reader = Callable[[dict[str, object]], Reference]


def _bibtex_reader() -> _Reader:
    """The project's BibTeX reader once it exists; a small local conversion until then."""
    try:
        from cite_sentinel.core.sources.bibtex import read_bibtex
    except ImportError:
        return _local_reference

    def read(entry: dict[str, object]) -> Reference:
        read = read_bibtex(_as_bibtex(entry), "dev.bib")
        return read.references[0] if read.references else _local_reference(entry)

    return read


def _as_bibtex(entry: dict[str, object]) -> str:
    fields = entry["fields"]
    assert isinstance(fields, dict)
    body = ",\n".join(f"  {name} = {{{value}}}" for name, value in fields.items())
    return f"@{entry['bibtex_type']}{{{entry['bibtex_key']},\n{body}\n}}\n"


def _local_reference(entry: dict[str, object]) -> Reference:
    from cite_sentinel.core.sources.identifiers import find_identifiers
    from cite_sentinel.core.sources.names import parse_names

    fields = {str(k).lower(): str(v) for k, v in dict(entry["fields"]).items()}  # type: ignore[call-overload]
    people, others = parse_names(fields.get("author", ""))
    year = re.match(r"\d{4}", fields.get("year", ""))
    return Reference(
        key=str(entry["bibtex_key"]),
        location=Location.point("dev.bib", 1, 1),
        kind=str(entry["bibtex_type"]),
        title=fields.get("title", "").replace("{", "").replace("}", ""),
        people=people,
        others=others,
        year=int(year.group(0)) if year else None,
        venue=fields.get("booktitle") or fields.get("journal", ""),
        identifiers=find_identifiers(fields),
        fields=tuple(fields.items()),
        source_format="bibtex",
    )


def _flagged(verdict: Verdict) -> bool:
    return verdict.status in {Status.FABRICATED, Status.MISCITED}


def _report(cases: list[Case], verdicts: list[Verdict]) -> None:
    valid = [(c, v) for c, v in zip(cases, verdicts, strict=True) if c.entry["label"] == "VALID"]
    bad = [(c, v) for c, v in zip(cases, verdicts, strict=True) if c.entry["label"] != "VALID"]
    covered = [(c, v) for c, v in valid if c.in_corpus]
    print(f"VALID entries whose work is in the corpus (DOI or title): {len(covered)}/{len(valid)}")
    detected = sum(_flagged(v) for _, v in bad)
    print(
        f"HALLUCINATED detected (fabricated or miscited): {detected}/{len(bad)} "
        f"= {100 * detected / len(bad):.1f}%  (target >= 95%)"
    )
    for label, group in (("all VALID", valid), ("VALID in corpus", covered)):
        flagged = sum(v.status is not Status.VERIFIED for _, v in group)
        fabricated = sum(v.status is Status.FABRICATED for _, v in group)
        print(
            f"{label}: flagged {flagged}/{len(group)} = {100 * flagged / len(group):.1f}% "
            f"(target <= 2%); fabricated {fabricated} = {100 * fabricated / len(group):.1f}% "
            f"(target <= 0.5%)"
        )
    print("\n| hallucination type | n | detected | fabricated | miscited | verified | unverified |")
    print("|---|---|---|---|---|---|---|")
    kinds: dict[str, list[Verdict]] = collections.defaultdict(list)
    for case, verdict in bad:
        kinds[str(case.entry["hallucination_type"])].append(verdict)
    for kind, of_kind in sorted(kinds.items()):
        share = 100 * sum(map(_flagged, of_kind)) / len(of_kind)
        count = collections.Counter(v.status for v in of_kind)
        print(
            f"| {kind} | {len(of_kind)} | {share:.0f}% | "
            f"{count[Status.FABRICATED]} | {count[Status.MISCITED]} | "
            f"{count[Status.VERIFIED]} | {count[Status.UNVERIFIED]} |"
        )
    _reliability(cases, verdicts)


def _correct(case: Case, verdict: Verdict) -> bool:
    return (case.entry["label"] == "VALID") == (verdict.status is Status.VERIFIED)


def _reliability(cases: list[Case], verdicts: list[Verdict]) -> None:
    print("\n| confidence | n | predicted | observed accuracy |")
    print("|---|---|---|---|")
    bins: dict[int, list[tuple[float, bool]]] = collections.defaultdict(list)
    for case, verdict in zip(cases, verdicts, strict=True):
        if verdict.status is not Status.UNVERIFIED:
            bins[min(int(verdict.confidence * 10), 9)].append(
                (verdict.confidence, _correct(case, verdict))
            )
    total_error = 0.0
    count = sum(len(b) for b in bins.values())
    for b in sorted(bins):
        group = bins[b]
        predicted = sum(p for p, _ in group) / len(group)
        observed = sum(ok for _, ok in group) / len(group)
        total_error += len(group) * abs(predicted - observed)
        span = f"{b / 10:.1f}–{(b + 1) / 10:.1f}"
        print(f"| {span} | {len(group)} | {predicted:.2f} | {observed:.2f} |")
    print(f"expected calibration error: {total_error / max(count, 1):.3f}")


def _print_misses(cases: list[Case], verdicts: list[Verdict]) -> None:
    for case, verdict in zip(cases, verdicts, strict=True):
        if _correct(case, verdict):
            continue
        ref = case.evidence.reference
        print(
            f"\n[{case.entry['label']} {case.entry.get('hallucination_type')} "
            f"in_corpus={case.in_corpus}] -> {verdict.status} {verdict.reason}"
        )
        print(f"  cited: {ref.title} | {ref.year} | {ref.venue} | {ref.identifiers.doi}")
        print(f"  authors: {'; '.join(p.display for p in ref.people)}")
        for problem in verdict.problems:
            print(f"  {problem.field}: {problem.cited!r} vs {problem.found!r} ({problem.severity})")
        if verdict.match:
            m = verdict.match
            print(
                f"  match: {m.title} | {m.year} | {m.venue_short} | "
                f"{'; '.join(p.display for p in m.people)}"
            )
        print(f"  why: {str(case.entry.get('explanation'))[:200]}")


def _fit(cases: list[Case], judged: list[tuple[Verdict, calibration.Features]]) -> None:
    """Refit the calibration weights per verdict and print them as constants."""
    for status in (Status.VERIFIED, Status.MISCITED, Status.FABRICATED):
        rows = [
            (f.vector(), 1.0 if _correct(c, v) else 0.0)
            for c, (v, f) in zip(cases, judged, strict=True)
            if v.status is status
        ]
        if not rows:
            continue
        weights = _logistic([x for x, _ in rows], [y for _, y in rows])
        print(
            f"    Status.{status.name}: ({', '.join(f'{w:.3f}' for w in weights)}),"
            f"  # n={len(rows)}"
        )
        print(f"      two-fold out-of-sample calibration error: {_cross_validated(rows):.3f}")


def _cross_validated(rows: list[tuple[tuple[float, ...], float]]) -> float:
    """Mean |predicted - observed| over 10 bins, each half predicted by weights fit on the other."""
    predictions: list[tuple[float, float]] = []
    for half in (0, 1):
        train = [r for i, r in enumerate(rows) if i % 2 != half]
        test = [r for i, r in enumerate(rows) if i % 2 == half]
        if not train or not test:
            continue
        weights = _logistic([x for x, _ in train], [y for _, y in train])
        for x, y in test:
            z = sum(w * v for w, v in zip(weights, x, strict=True))
            predictions.append((1 / (1 + math.exp(-max(min(z, 30), -30))), y))
    bins: dict[int, list[tuple[float, float]]] = collections.defaultdict(list)
    for p, y in predictions:
        bins[min(int(p * 10), 9)].append((p, y))
    error = sum(abs(sum(p for p, _ in b) - sum(y for _, y in b)) for b in bins.values())
    return error / max(len(predictions), 1)


def _logistic(xs: list[tuple[float, ...]], ys: list[float]) -> list[float]:
    weights = [0.0] * len(xs[0])
    for _ in range(3000):
        gradient = [0.0] * len(weights)
        for x, y in zip(xs, ys, strict=True):
            z = sum(w * v for w, v in zip(weights, x, strict=True))
            p = 1 / (1 + math.exp(-max(min(z, 30), -30)))
            for k, v in enumerate(x):
                gradient[k] += (p - y) * v
        weights = [
            w - 0.5 * (g / len(xs) + 0.01 * w * (k > 0))
            for k, (w, g) in enumerate(zip(weights, gradient, strict=True))
        ]
    return weights


if __name__ == "__main__":
    sys.exit(main())
