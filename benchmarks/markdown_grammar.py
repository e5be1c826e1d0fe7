"""Markdown citation grammar against pandoc: the keys read_markdown finds vs `pandoc -t json`.

Run from the repository root: `.venv/bin/python -m benchmarks.markdown_grammar`.
"""

from __future__ import annotations

import sys

from tests.support.markdown_grammar import corpus, our_keys, pandoc_keys_each


def main() -> int:
    import pypandoc

    pandoc = str(pypandoc.get_pandoc_path())
    snippets = corpus()
    expected = pandoc_keys_each(pandoc, snippets)
    agree = 0
    for snippet, oracle in zip(snippets, expected, strict=True):
        found = our_keys(snippet)
        if found == oracle:
            agree += 1
        else:
            print(f"DISAGREE {snippet!r}\n  pandoc: {oracle}\n  ours:   {found}")
    total = len(snippets)
    keys = sum(len(found) for found in expected)
    print(
        f"snippets: {total}, pandoc keys: {keys}, agreement: {agree}/{total} "
        f"({100 * agree / total:.1f}%)"
    )
    return 0 if agree == total else 1


if __name__ == "__main__":
    sys.exit(main())
