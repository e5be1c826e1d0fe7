"""How closely our numbered (IEEE) entries agree with pandoc's citeproc and ieee.csl.

Run from the repository root: `.venv/bin/python -m benchmarks.numbered_fidelity [N] [--journals]`.
The first N works (default 100) of ../shared/data/corpus/works_sample5k.jsonl, the sample
of benchmarks.apa_fidelity, become CSL-JSON and are read back by `read_csl_json`; with
`--journals` the sample's journal articles (volumes, DOIs) follow them. One document cites
each work in its own paragraph; pandoc 3 (pypandoc-binary) renders it with
`--citeproc --csl ieee.csl -t plain`, the style read from ../shared at run time. Our list
entries (`[n] entry`) and citations are compared with its output as plain text.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from tests.support.apa_fidelity import read_works
from tests.support.numbered_fidelity import CSL, journal_articles, measure


def main(argv: Sequence[str]) -> int:
    import pypandoc

    numbers = [argument for argument in argv if argument.isdigit()]
    works = read_works(int(numbers[0]) if numbers else 100)
    if "--journals" in argv:
        seen = {work["id"] for work in works}
        works += [work for work in journal_articles() if work["id"] not in seen]
    result = measure(works, str(pypandoc.get_pandoc_path()), CSL)
    print(
        f"entries:   {result.entries_equal}/{result.entries} equal "
        f"({100 * result.entries_equal / result.entries:.1f}%)"
    )
    print(
        f"citations: {result.citations_equal}/{result.citations} equal "
        f"({100 * result.citations_equal / result.citations:.1f}%)"
    )
    for ours, theirs in result.entry_differences:
        print(f"entry differs:\n  ours   {ours}\n  pandoc {theirs}")
    for ours, theirs in result.citation_differences:
        print(f"citation differs: ours {ours!r}, pandoc {theirs!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
