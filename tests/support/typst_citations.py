"""Typst citations against Typst itself: the keys read_typst finds vs `typst.query(..., "cite")`.

The measure behind `benchmarks.typst_citations`, which prints it, and its integration test.
Each snippet is compiled beside a generated .bib that defines every key it might cite.
"""

from __future__ import annotations

import re
import tempfile
from collections.abc import Sequence
from pathlib import Path

from cite_sentinel.core.sources.typst import read_typst

EXAMPLE = Path("examples/paper.typ")

SNIPPETS: tuple[str, ...] = (
    "As shown @smith2020.",
    "Two in a row @a @b and a supplement @c[p. 4].",
    "Keys with punctuation @doe:2019 @van.der.berg @x-y @under_score.",
    "Trailing dot @endkey. Trailing colon @colkey: here.",
    "Double trailing @twodots.. and @mixed.:",
    "Escaped \\@notakey and @realkey.",
    "Comment // @commented\nAfter @aftercomment.",
    "Block /* @blocked /* nested @nested */ still */ then @afterblock.",
    "Raw `@rawkey` and ```\n@fencedkey\n``` and @afterraw.",
    "A link https://example.org/@path and @afterlink.",
    'Call #cite(<called>) and #cite(label("labelled")).',
    'Supplement #cite(<supp>, supplement: [p. 7]) and form #cite(<prose>, form: "prose").',
    'String #link("mailto:x@notakey.org")[mail] and @afterstring.',
    "Emphasis *@bold* here and _@italic _ there.",
    "= Heading @inheading\nBody @body.",
    "- item @item1\n- item @item2\n+ numbered @item3",
    "Footnote #footnote[see @infootnote] here.",
    "Figure #figure(rect(), caption: [From @incaption.])",
    'Code block #{ let x = "@notakey"; [content @incode] }',
    'Let #let name = "@notakey"\nThen @afterlet.',
    "Label definition <defined> and reference @labelled2 here.",
    "Digits @2020key and @k2020 and @a1.b2.",
    "Unicode @müller2020 here.",
    "Math $x$ then @aftermath.",
    "Strong *@x[p. 1]* and @y[see [nested] text].",
    'Parenthesised (@paren) and quoted "@quoted".',
    "Semicolon @semi; comma @comma, question @quest? bang @bang!",
    "Set rule #set text(size: 11pt)\nAfter @afterset.",
    "Function #text(fill: red)[@redtext] done.",
    "Dashes @a-b-c and @a--b here.",
)


def candidate_keys(snippet: str) -> set[str]:
    """Every token that might be cited, so the .bib lets the snippet compile."""
    found = set(re.findall(r"@([\w\-.:]+)", snippet))
    found |= set(re.findall(r"<([\w\-.:]+)>", snippet))
    found |= set(re.findall(r"label\(\"([^\"]+)\"\)", snippet))
    trimmed = {key.rstrip(".:") for key in found}
    return {key for key in found | trimmed if key}


def typst_keys(snippet: str, folder: Path) -> list[str] | str:
    """Keys per typst.query, or the compile error as text."""
    import typst

    bib = "\n".join(
        f"@misc{{{key}, title = {{T}}, author = {{Doe, J.}}, year = {{2020}}}}"
        for key in sorted(candidate_keys(snippet))
    )
    (folder / "refs.bib").write_text(bib or "@misc{unused, title = {T}, year = {2020}}")
    source = folder / "main.typ"
    source.write_text(f'{snippet}\n\n#bibliography("refs.bib")\n')
    try:
        keys = typst.query(str(source), "cite", field="key")
    except RuntimeError as error:
        return str(error)
    import json

    return sorted(key.strip("<>") for key in json.loads(keys))


def our_keys(snippet: str) -> list[str]:
    return sorted(citation.key for citation in read_typst(snippet, "main.typ").citations)


def compare(snippets: Sequence[str]) -> tuple[int, list[str], list[str]]:
    """(agreeing, disagreements, snippets Typst could not compile)."""
    agree, disagreements, failed = 0, [], []
    with tempfile.TemporaryDirectory() as folder:
        for snippet in snippets:
            oracle = typst_keys(snippet, Path(folder))
            if isinstance(oracle, str):
                failed.append(f"{snippet!r}: {oracle}")
                continue
            ours = our_keys(snippet)
            if ours == oracle:
                agree += 1
            else:
                disagreements.append(f"{snippet!r}\n  typst: {oracle}\n  ours:  {ours}")
    return agree, disagreements, failed
