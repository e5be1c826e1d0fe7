"""How fast a PDF's references are read: a 15-page paper, and a 600-page thesis.

Run from the repository root: `.venv/bin/python -m benchmarks.pdf_speed [--repeat N]`.
Both documents are typeset by Typst (in-process) from works of
../shared/data/corpus/works_sample5k.jsonl: a two-column IEEE paper of about 15 pages citing
60 works, and a one-column thesis of 600 pages citing 150. Reading is timed alone (opening
the PDF, extracting every page's text with positions, finding and parsing the references and
the in-text citations), the best of N runs (default 3).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

import pypdfium2 as pdfium
from cite_sentinel.core.sources.pdf import read_pdf

from tests.support.pdf_papers import WORKS, bibtex, load_works, typeset

_SENTENCE = (
    "We study sparse graphs and stochastic baselines with adaptive inference, and the signals "
    "of models in depth, as the benchmarks show for efficient representation learning. "
)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    options = parser.parse_args(argv)
    if not WORKS.is_file():
        print(f"needs the shared data folder beside the project ({WORKS} is absent)")
        return 1
    for name, pdf in (("paper", _paper()), ("thesis", _thesis())):
        pages = len(pdfium.PdfDocument(pdf))
        best = float("inf")
        for _ in range(options.repeat):
            started = time.perf_counter()
            read = read_pdf(pdf, f"{name}.pdf")
            best = min(best, time.perf_counter() - started)
        print(
            f"{name}: {pages} pages, {len(read.references)} references, "
            f"{len(read.citations)} citations read in {best:.2f} s "
            f"({pages / best:.0f} pages/s, {len(read.references) / best:.0f} references/s)"
        )
    return 0


def _paper() -> bytes:
    works = load_works(60, skip=2000)
    return _typeset(works, columns=2, style="ieee", sentences=300)


def _thesis() -> bytes:
    works = load_works(150, skip=2500)
    return _typeset(works, columns=1, style="apa", sentences=750, chapters=20)


def _typeset(works: list, *, columns: int, style: str, sentences: int, chapters: int = 1) -> bytes:
    parts = [
        f'#set page(paper: "a4", columns: {columns}, numbering: "1")\n#set par(justify: true)\n'
    ]
    per_chapter = max(1, len(works) // chapters)
    for chapter in range(chapters):
        cited = works[chapter * per_chapter : (chapter + 1) * per_chapter]
        parts.append(f"= Chapter {chapter + 1}\n")
        for number in range(sentences):
            work = cited[(number // 4) % len(cited)]
            parts.append(_SENTENCE + (f"@{work.key}. " if number % 4 == 0 else ""))
            if number % 6 == 5:
                parts.append("\n\n")
        parts.append("\n#pagebreak()\n")
    parts.append(f'#bibliography("refs.bib", style: "{style}")\n')
    return typeset("".join(parts), {"refs.bib": bibtex(works)})


if __name__ == "__main__":
    sys.exit(main())
