"""How well the free-text reader recovers title, author, year and DOI from citeproc's output.

Run from the repository root: `.venv/bin/python -m benchmarks.reflist_accuracy [N]`.
Works come from ../shared/data/corpus/works_sample5k.jsonl (the first N, default 1000);
pandoc 3 (pypandoc-binary) renders them with each style of ../shared/data/csl/, the
rendered strings are cached in the temporary directory, and each string is parsed back
with `parse_reference`; "split" counts the references `read_reflist` finds when the
strings are given as one list, one paragraph each.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from cite_sentinel.core.sources.reflist import read_reflist

from tests.support.reflist_accuracy import (
    DATA,
    STYLES,
    TARGETS,
    WORKS,
    load_works,
    pandoc_path,
    render,
    score,
)


def main(argv: Sequence[str]) -> int:
    count = int(argv[0]) if argv else 1000
    works = load_works(count)
    pandoc = pandoc_path()
    print(f"{len(works)} works of {WORKS.name}; targets {TARGETS}")
    print(f"{'style':30} {'title':>7} {'author':>7} {'year':>7} {'doi':>7} (n doi) split")
    all_met = True
    for style in STYLES:
        strings = render(works, DATA / "csl" / f"{style}.csl", pandoc)
        result = score(style, works, strings)
        all_met = all_met and result.meets_targets()
        split = len(read_reflist("\n\n".join(strings), "list.txt").references)
        print(
            f"{style:30} {result.title:7.1%} {result.author:7.1%} {result.year:7.1%}"
            f" {result.doi:7.1%} ({result.dois}) {split}/{len(strings)}"
        )
    print("all targets met" if all_met else "SOME TARGETS MISSED")
    return 0 if all_met else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
