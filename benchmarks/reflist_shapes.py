"""How many references the free-text reader tells apart in a pasted list, in the shapes people
paste lists: one a line, wrapped flush with and without blank lines between, under hanging
indents, numbered, in brackets, as bullets, under a heading.

Run from the repository root: `.venv/bin/python -m benchmarks.reflist_shapes [N]`.
The first N works (default 300) of ../shared/data/corpus/works_sample5k.jsonl rendered by
pandoc in each style `benchmarks.reflist_accuracy` measures (the same cache), put together in
each shape, and read back by `read_reflist`; a cell is the references found against the
references written, and a style counts as exact where they are equal.
"""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Callable, Sequence

from cite_sentinel.core.sources.reflist import read_reflist

from tests.support.reflist_accuracy import DATA, STYLES, WORKS, load_works, pandoc_path, render

_WIDTH = 80
_SHAPES: dict[str, Callable[[Sequence[str]], str]] = {
    "line": lambda items: "\n".join(items),
    "flush": lambda items: "\n".join(textwrap.fill(item, _WIDTH) for item in items),
    "flush-blank": lambda items: "\n\n".join(textwrap.fill(item, _WIDTH) for item in items),
    "hanging": lambda items: "\n".join(
        textwrap.fill(item, _WIDTH, subsequent_indent="    ") for item in items
    ),
    "numbered": lambda items: "\n".join(
        textwrap.fill(f"{number}. {item}", _WIDTH, subsequent_indent="    ")
        for number, item in enumerate(items, start=1)
    ),
    "bracket": lambda items: "\n".join(
        f"[{number}] {item}" for number, item in enumerate(items, start=1)
    ),
    "bullets": lambda items: "\n".join(f"- {item}" for item in items),
    "heading": lambda items: "References\n\n" + "\n\n".join(items),
}


def main(argv: Sequence[str]) -> int:
    works = load_works(int(argv[0]) if argv else 300)
    pandoc = pandoc_path()
    print(f"{len(works)} works of {WORKS.name}: references found / written, per shape")
    print(f"{'style':30}" + "".join(f"{shape:>12}" for shape in _SHAPES))
    exact = dict.fromkeys(_SHAPES, 0)
    for style in STYLES:
        items = [item for item in render(works, DATA / "csl" / f"{style}.csl", pandoc) if item]
        cells = []
        for shape, make in _SHAPES.items():
            found = len(read_reflist(make(items), "list.txt").references)
            exact[shape] += found == len(items)
            cells.append(f"{found}/{len(items)}")
        print(f"{style:30}" + "".join(f"{cell:>12}" for cell in cells))
    print(f"{'exact':30}" + "".join(f"{f'{count}/{len(STYLES)}':>12}" for count in exact.values()))
    return 0 if all(count == len(STYLES) for count in exact.values()) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
