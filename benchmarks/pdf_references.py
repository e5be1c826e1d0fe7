"""How well `check paper.pdf` recovers a paper's references, and whether it judges them as the
paper's .bib is judged.

Run from the repository root: `.venv/bin/python -m benchmarks.pdf_references [--docs N]
[--no-verify] [--other-styles]`. Each document cites 20–60 works of
../shared/data/corpus/works_sample5k.jsonl and 0–3 invented ones, typeset by Typst in eight of
its CSL styles (numbered: ieee, association-for-computing-machinery, nature, springer-basic;
author–year: apa, chicago-author-date, harvard-cite-them-right, elsevier-harvard) and, where
pdfLaTeX is installed, by pandoc's citeproc with the CSL files of ../shared/data/csl (one
document in four), one and two columns alternating; then `--bibtex-docs` more (60) by BibTeX
and pdfLaTeX in ten of TeX Live's classic styles (plain, unsrt, alpha, abbrv, plainnat,
abbrvnat, ieeetr, acm, apalike, siam) in LaTeX's own two columns or one. PDFs are cached in the
system temporary folder. With `--other-styles` the --docs documents are typeset by Typst alone,
in turn in 27 other styles it knows by name (chemistry's and physics' styles that print no
article titles, GB/T 7714, GOST, SIST 02, Vancouver variants, MLA, …: OTHER_TYPST_STYLES). With
`--line-numbers` every line of the Typst documents is numbered in the margin, as a manuscript
under review is.

Figures: entries found (recall and precision against the printed list), title, first author,
year and DOI exact per style, extraction speed (pages and references per second), and, with the
fake API server, the share of entries whose verdict on the PDF equals the verdict on the source
.bib (an entry the PDF reader missed counts as a disagreement).
"""

from __future__ import annotations

import argparse
import hashlib
import pickle
import random
import statistics
import sys
import tempfile
import time
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
from cite_sentinel.core.http.client import HttpSettings, Lane
from cite_sentinel.core.model import Reference, Status
from cite_sentinel.core.sources.bibtex import read_bibtex
from cite_sentinel.core.sources.identifiers import normalise_doi
from cite_sentinel.core.sources.pdf import read_pdf
from cite_sentinel.core.verify.engine import Engine
from rapidfuzz import fuzz

from benchmarks.engine_runs import verified
from tests.support.pdf_papers import (
    AUTHOR_YEAR_STYLES,
    BIBTEX_STYLES,
    NUMBERED_STYLES,
    WORKS,
    Paper,
    Work,
    bibtex_latex_available,
    bibtex_paper,
    invented_work,
    load_works,
    pandoc_latex_available,
    pandoc_paper,
    typst_paper,
)

CSL_STYLES = (
    "ieee.csl",
    "apa.csl",
    "nature.csl",
    "chicago-author-date.csl",
    "harvard-cite-them-right.csl",
    "american-medical-association.csl",
)
TYPST_STYLES = NUMBERED_STYLES + AUTHOR_YEAR_STYLES
# `--other-styles`: the other styles Typst knows by name that journals of many fields use,
# titles printed or not (ACS, APS, IOP, Angewandte print none for articles).
OTHER_TYPST_STYLES = (
    "american-chemical-society", "american-physics-society", "institute-of-physics-numeric",
    "angewandte-chemie", "gb-7714-2015-numeric", "gb-7714-2015-author-date",
    "gost-r-705-2008-numeric", "sist02", "bmj", "the-lancet", "cell",
    "american-medical-association", "council-of-science-editors", "elsevier-vancouver",
    "frontiers", "copernicus", "annual-reviews", "modern-language-association",
    "american-sociological-association", "spie", "iso-690-numeric", "trends",
    "turabian-author-date", "pensoft", "future-science",
    "american-institute-of-aeronautics-and-astronautics", "elsevier-with-titles",
)  # fmt: skip
POOL = 4000  # corpus works documents draw from
UNLIMITED = HttpSettings(
    lanes={
        name: Lane(200.0, 200.0, 16)
        for name in ("openalex", "crossref", "crossref/list", "semanticscholar", "datacite", "doi")
    }
    | {"arxiv": Lane(50.0, 50.0, 4)}
)
TARGET_AGREEMENT = 0.97


@dataclass(frozen=True, slots=True)
class Extracted:
    """One document read back: its references, pages and the reading time."""

    paper: Paper
    references: tuple[Reference, ...]
    pages: int
    seconds: float


@dataclass(frozen=True, slots=True)
class Pairing:
    """Which reference read from the PDF stands for which work (None: missed)."""

    work: Work
    reference: Reference | None


def main(argv: Sequence[str] | None = None) -> int:
    options = _options(argv)
    if not WORKS.is_file():
        print(f"needs the shared data folder beside the project ({WORKS} is absent)")
        return 1
    styles = OTHER_TYPST_STYLES if options.other_styles else TYPST_STYLES
    papers = _papers(
        options.docs, options.seed, styles, pandoc=not options.other_styles, lines=options.lines
    )
    papers += _bibtex_papers(options.bibtex_docs, options.seed, start=options.docs)
    extracted = [_extract(paper) for paper in papers]
    pairings = [_pair(item) for item in extracted]
    _report_extraction(extracted, pairings)
    _report_speed(extracted)
    if options.verify:
        agreement = _report_verdicts(extracted, pairings)
        return 0 if agreement >= TARGET_AGREEMENT else 1
    return 0


def _options(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--docs", type=int, default=200, help="documents to typeset (200)")
    parser.add_argument(
        "--bibtex-docs", type=int, default=60, help="more documents set by BibTeX styles (60)"
    )
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument(
        "--line-numbers",
        dest="lines",
        action="store_true",
        help="number every line of the Typst documents, as manuscripts under review are",
    )
    parser.add_argument(
        "--other-styles",
        action="store_true",
        help="typeset the --docs documents in Typst's other styles (ACS, APS, GB/T 7714, …)",
    )
    parser.add_argument("--no-verify", dest="verify", action="store_false")
    return parser.parse_args(argv)


# --- the documents ---------------------------------------------------------------------------


def _papers(
    count: int, seed: int, styles: Sequence[str], *, pandoc: bool, lines: bool = False
) -> list[Paper]:
    pool = load_works(POOL)
    latex = pandoc and not pandoc_latex_available()
    if pandoc and not latex:
        print(f"pandoc + pdfLaTeX skipped: {pandoc_latex_available()}")
    papers = []
    typeset = 0  # Typst documents so far: each of its styles in turn
    started = time.perf_counter()
    for number in range(count):
        rng = random.Random(seed * 100_003 + number)
        works = rng.sample(pool, rng.randint(20, 60))
        works += [invented_work(rng, f"fake{number}x{i}") for i in range(rng.randint(0, 3))]
        rng.shuffle(works)
        columns = 1 + number % 2
        if latex and number % 4 == 3:
            style = CSL_STYLES[(number // 4) % len(CSL_STYLES)]
            papers.append(_cached(("pandoc", style, columns, number, seed), works, style, columns))
        else:
            style = styles[typeset % len(styles)]
            typeset += 1
            recipe = ("typst", style, columns, number, seed, lines)
            papers.append(_cached(recipe, works, style, columns))
    print(f"{len(papers)} documents ready in {time.perf_counter() - started:.0f} s")
    return papers


def _bibtex_papers(count: int, seed: int, *, start: int) -> list[Paper]:
    """Documents whose reference lists BibTeX writes, each style in turn."""
    if reason := bibtex_latex_available():
        print(f"BibTeX + pdfLaTeX skipped: {reason}")
        return []
    pool = load_works(POOL)
    papers = []
    for index in range(count):
        number = start + index
        rng = random.Random(seed * 100_003 + number)
        works = rng.sample(pool, rng.randint(20, 60))
        works += [invented_work(rng, f"fake{number}x{i}") for i in range(rng.randint(0, 3))]
        rng.shuffle(works)
        style = BIBTEX_STYLES[index % len(BIBTEX_STYLES)]
        columns = 1 + (index // len(BIBTEX_STYLES)) % 2
        papers.append(_cached(("bibtex", style, columns, number, seed), works, style, columns))
    return papers


def _cached(recipe: tuple[object, ...], works: list[Work], style: str, columns: int) -> Paper:
    digest = hashlib.sha256(repr((recipe, works)).encode()).hexdigest()[:24]
    # The documents depend on the helper that typesets them: a change there makes new ones.
    maker = Path(sys.modules[Paper.__module__].__file__ or "").read_bytes()
    layout = hashlib.sha256(maker).hexdigest()[:6]
    cache = Path(tempfile.gettempdir()) / "cite-sentinel-pdf-bench" / f"{digest}-{layout}.pickle"
    if cache.is_file():
        paper: Paper = pickle.loads(cache.read_bytes())
        return paper
    seed = int(digest[:8], 16)
    if recipe[0] == "pandoc":
        paper = pandoc_paper(works, csl=style, columns=columns, seed=seed)
    elif recipe[0] == "bibtex":
        paper = bibtex_paper(works, style=style, columns=columns, seed=seed)
    else:
        lines = bool(recipe[5:6] and recipe[5])
        paper = typst_paper(works, style=style, columns=columns, seed=seed, line_numbers=lines)
    cache.parent.mkdir(parents=True, exist_ok=True)
    cache.write_bytes(pickle.dumps(paper))
    return paper


# --- extraction ------------------------------------------------------------------------------


def _extract(paper: Paper) -> Extracted:
    started = time.perf_counter()
    read = read_pdf(paper.pdf, "paper.pdf")
    seconds = time.perf_counter() - started
    document = pdfium.PdfDocument(paper.pdf)
    pages = len(document)
    document.close()
    return Extracted(paper, read.references, pages, seconds)


def _pair(item: Extracted) -> list[Pairing]:
    """Each work with the reference read for it: same title, a near title, else the same
    first author and year."""
    free = list(item.references)
    pairings = []
    for work in item.paper.works:
        found = _best(work, free)
        if found is not None:
            free.remove(found)
        pairings.append(Pairing(work, found))
    return pairings


def _best(work: Work, references: list[Reference]) -> Reference | None:
    title = normalise(work.title)
    scored = [(fuzz.ratio(title, normalise(ref.title)), ref) for ref in references]
    if scored:
        score, reference = max(scored, key=lambda pair: pair[0])
        if score >= 85:
            return reference
    family = normalise(work.authors[0][0]) if work.authors else ""
    same = [ref for ref in references if ref.year == work.year and normalise(_first(ref)) == family]
    return same[0] if len(same) == 1 else None


def normalise(text: str) -> str:
    """Case-folded, NFKC, no punctuation, single spaces: how titles are compared."""
    text = unicodedata.normalize("NFKC", text).casefold()
    text = "".join(" " if unicodedata.category(char)[0] in "PS" else char for char in text)
    return " ".join(text.split())


def _first(reference: Reference) -> str:
    first = reference.people[0] if reference.people else None
    return (first.family or first.literal) if first else ""


def _report_extraction(extracted: list[Extracted], pairings: list[list[Pairing]]) -> None:
    rows: dict[str, Counter[str]] = defaultdict(Counter)
    for item, pairs in zip(extracted, pairings, strict=True):
        row = rows[f"{item.paper.style} ({item.paper.engine})"]
        row["documents"] += 1
        row["works"] += len(pairs)
        row["found"] += len(item.references)
        for pair in pairs:
            reference = pair.reference
            if reference is None:
                continue
            work = pair.work
            row["matched"] += 1
            row["title"] += normalise(reference.title) == normalise(work.title)
            row["author"] += normalise(_first(reference)) == normalise(work.authors[0][0])
            row["year"] += reference.year == work.year
            if work.doi:
                row["dois"] += 1
                row["doi"] += reference.identifiers.doi == normalise_doi(work.doi)
    print()
    print(
        f"{'style (engine)':52} {'docs':>4} {'recall':>7} {'prec.':>7} {'title':>7} "
        f"{'author':>7} {'year':>7} {'DOI':>7} (n DOI)"
    )
    total: Counter[str] = Counter()
    for name in sorted(rows):
        total.update(rows[name])
        print(_row(name, rows[name]))
    print(_row("all", total))


def _row(name: str, row: Counter[str]) -> str:
    matched = row["matched"] or 1
    return (
        f"{name:52} {row['documents']:4} {row['matched'] / row['works']:7.1%} "
        f"{row['matched'] / max(row['found'], 1):7.1%} {row['title'] / matched:7.1%} "
        f"{row['author'] / matched:7.1%} {row['year'] / matched:7.1%} "
        f"{row['doi'] / max(row['dois'], 1):7.1%} ({row['dois']})"
    )


def _report_speed(extracted: list[Extracted]) -> None:
    pages = sum(item.pages for item in extracted)
    references = sum(len(item.references) for item in extracted)
    seconds = sum(item.seconds for item in extracted)
    slowest = max(extracted, key=lambda item: item.seconds)
    per_page = [item.seconds / item.pages for item in extracted]
    print()
    print(
        f"speed: {pages} pages, {references} references in {seconds:.1f} s: "
        f"{pages / seconds:.1f} pages/s, {references / seconds:.1f} references/s; "
        f"median {statistics.median(per_page) * 1000:.0f} ms a page; slowest document "
        f"{slowest.seconds:.2f} s ({slowest.pages} pages)"
    )


# --- verdicts --------------------------------------------------------------------------------


def _report_verdicts(extracted: list[Extracted], pairings: list[list[Pairing]]) -> float:
    from tests.fakeapi import FakeApi

    truth: list[Reference] = []
    found: list[Reference] = []
    for number, item in enumerate(extracted):
        bib = read_bibtex(item.paper.bib, f"doc{number}.bib").references
        truth.extend(bib)
        found.extend(ref for ref in item.references)
    with FakeApi.start("sample") as fake, tempfile.TemporaryDirectory() as cache:
        engine = Engine(fake.env(), cache_dir=Path(cache), settings=UNLIMITED)
        started = time.perf_counter()
        keyed = [*_keyed(truth, "bib"), *_keyed(found, "pdf")]
        verdicts = verified(engine, keyed)
        truth_verdicts, found_verdicts = verdicts[: len(truth)], verdicts[len(truth) :]
        print(f"\nverified {len(truth) + len(found)} references in "
              f"{time.perf_counter() - started:.0f} s")  # fmt: skip
    by_bib = {verdict.key: verdict for verdict in truth_verdicts}
    by_pdf = {verdict.key: verdict for verdict in found_verdicts}
    agree = total = 0
    per_style: dict[str, Counter[str]] = defaultdict(Counter)
    confusion: Counter[tuple[str, str]] = Counter()
    lost: list[str] = []  # verified from the .bib, not from the PDF: what the reading lost
    bib_index = 0
    pdf_ids = {id(ref): f"pdf{n}" for n, ref in enumerate(found)}
    for item, pairs in zip(extracted, pairings, strict=True):
        for pair in pairs:
            expected = by_bib[f"bib{bib_index}"].status
            bib_index += 1
            got = by_pdf[pdf_ids[id(pair.reference)]].status if pair.reference else None
            total += 1
            agree += got is expected
            row = per_style[f"{item.paper.style} ({item.paper.engine})"]
            row["entries"] += 1
            row["agree"] += got is expected
            confusion[(expected.value, got.value if got else "missed")] += 1
            # what the reading lost, where a title was read (untitled styles are their own story)
            if (
                pair.reference
                and pair.reference.title
                and got is not expected
                and expected is Status.VERIFIED
            ):
                verdict = by_pdf[pdf_ids[id(pair.reference)]]
                said = "; ".join(f"{p.field}: {p.cited!r} vs {p.found!r}" for p in verdict.problems)
                lost.append(
                    f"{got.value}: {pair.reference.raw[:110]} — {(said or verdict.reason)[:140]}"
                )
    share = agree / total
    print(f"verdicts on the PDF equal to those on the .bib: {agree}/{total} = {share:.1%} "
          f"(target {TARGET_AGREEMENT:.0%})")  # fmt: skip
    for name in sorted(per_style):
        row = per_style[name]
        print(f"  {name:52} {row['agree']}/{row['entries']} = {row['agree'] / row['entries']:.1%}")
    print("  disagreements (.bib verdict -> PDF verdict):")
    for (expected_status, got_status), count in confusion.most_common():
        if expected_status != got_status:
            print(f"    {expected_status} -> {got_status}: {count}")
    for line in sorted(lost, key=lambda said: not said.startswith("miscited"))[:20]:
        print(f"      verified -> {line}")
    fabricated = Counter(
        status.value for status in (v.status for v in truth_verdicts) if status is Status.FABRICATED
    )
    print(f"  fabricated on the .bib side: {sum(fabricated.values())}")
    return share


def _keyed(references: list[Reference], prefix: str) -> list[Reference]:
    """Unique keys across documents, so that one verification run judges them all."""
    from dataclasses import replace

    return [replace(ref, key=f"{prefix}{n}") for n, ref in enumerate(references)]


if __name__ == "__main__":
    sys.exit(main())
