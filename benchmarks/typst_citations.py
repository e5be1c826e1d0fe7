"""Typst citations against Typst itself: the keys read_typst finds vs `typst.query(..., "cite")`.

Run from the repository root: `.venv/bin/python -m benchmarks.typst_citations`.
Each snippet is compiled beside a generated .bib that defines every key it might cite.
"""

from __future__ import annotations

import sys

from tests.support.typst_citations import EXAMPLE, SNIPPETS, compare


def main() -> int:
    snippets = list(SNIPPETS)
    if EXAMPLE.is_file():
        snippets.append(EXAMPLE.read_text().replace('#bibliography("refs.bib")', ""))
    agree, disagreements, failed = compare(snippets)
    for line in disagreements:
        print("DISAGREE", line)
    for line in failed:
        print("NOT COMPILED", line)
    compiled = len(snippets) - len(failed)
    print(f"snippets: {len(snippets)}, compiled: {compiled}, agreement: {agree}/{compiled}")
    return 0 if agree == compiled else 1


if __name__ == "__main__":
    sys.exit(main())
