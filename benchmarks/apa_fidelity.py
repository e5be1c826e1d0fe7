"""How closely our APA 7 rendering agrees with pandoc's citeproc and apa.csl, the oracle.

Run from the repository root: `.venv/bin/python -m benchmarks.apa_fidelity [N]`.
The first N works (default 300) of ../shared/data/corpus/works_sample5k.jsonl become
CSL-JSON, are read back by `read_csl_json`, and one document cites each work in its own
paragraph, then, in one more paragraph each, the works whose first authors share a family
name, cited together up to four at a time (`[@a; @b]`: "(Wu et al., 2017; Wu et al., 2025)"
unless the author lists are the same). pandoc 3 (pypandoc-binary) renders it with
`--citeproc --csl apa.csl -t plain`; our entries and in-text citations are compared with its
output as plain text.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from tests.support.apa_fidelity import CSL, measure, read_works


def main(argv: Sequence[str]) -> int:
    import pypandoc

    count = int(argv[0]) if argv else 300
    result = measure(read_works(count), str(pypandoc.get_pandoc_path()), CSL)
    print(
        f"entries:   {result.entries_equal}/{result.entries} equal "
        f"({100 * result.entries_equal / result.entries:.1f}%)"
    )
    print(
        f"citations: {result.citations_equal}/{result.citations} equal "
        f"({100 * result.citations_equal / result.citations:.1f}%)"
    )
    for text in result.entry_differences:
        print(f"entry differs: {text}")
    for ours, theirs in result.citation_differences:
        print(f"citation differs: ours {ours!r}, pandoc {theirs!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
