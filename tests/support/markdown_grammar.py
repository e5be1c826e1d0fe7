"""Markdown citation grammar against pandoc: the keys read_markdown finds vs `pandoc -t json`.

The measure behind `benchmarks.markdown_grammar`, which prints it, and its integration test.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator, Sequence
from itertools import product

from cite_sentinel.core.sources.markdown import read_markdown

SEPARATOR = "CITESENTINELSNIPPET"

HAND_WRITTEN: tuple[str, ...] = (
    "As shown [@smith2020].",
    "Several works [@a; @b; @c] agree.",
    "See [@a; @b, p. 33] for details.",
    "Compare [see @a, pp. 33-35 and *passim*; @b, chap. 1].",
    "Smith says so [-@smith2020].",
    "@smith2020 [p. 4] says so.",
    "@smith2020 says so.",
    "@smith2020 [@jones2019] say so.",
    "@smith2020 [p. 4; @jones2019] say so.",
    "@smith2020 [p. 4; and more] say so.",
    "Odd keys @{weird:key} and [@{https://example.com/bib?name=foo&date=2000}, p. 33].",
    "A key with spaces @{key with spaces?} is no key for pandoc.",
    "Write to me@example.org or to @admin.",
    "Mail: john.doe@example.com, jane_doe@example.com, x-y@z.org.",
    "Escaped \\@notakey and \\[@inbrackets\\].",
    "Code `@notakey` and ``double @tick`` here.",
    "```\n@fenced [@code]\n```\n\nAfter @fence.",
    "~~~ python\n@tilde\n~~~\n\nAnd @after.",
    "Para.\n\n    @indented code\n\nAfter @indent.",
    "- item @inlist\n\n    continued @continued",
    "<!-- @comment [@comment2] -->\nVisible @visible.",
    "Math $x@y$ and $$a@b$$ and $5 and @money.",
    "A link [text @inlink](http://x.org/@nope) here.",
    "A bare link [@linked](http://x.org) here.",
    "An image ![alt @imgalt](pic.png) here.",
    "An autolink <http://x.org/@nope> and <me@x.org>.",
    "Span [@spanned]{.class} and [text]{#id} here.",
    "Trailing punctuation @key. And @key, and @key; and @key: and @key! and @key?",
    "Internal punctuation @a:b @a.b @a#b @a$b @a%b @a&b @a-b @a+b @a?b @a<b>c @a~b @a/b.",
    "Doubled punctuation @a--b @a..b @a::b @a//b @a::/b.",
    "URL keys @http://example.com/x and @https://doi.org/10.1/x.",
    "Digits first @2020smith and @_underscore and @*.",
    "Unicode keys @müller2020 and @Ångström and @东京2020.",
    "Suppress -@a and x-@b and (-@c) and --@d.",
    "In parentheses (@a) and (see @b) and (@c, p. 3).",
    "Quoted \"@a\" and 'b@c' and ‘@d’.",
    "Emphasis *@a* and **@b** and _@c_ and ~~@d~~.",
    "Footnote.[^1]\n\n[^1]: As @footnoted argues [@note2].",
    "Inline note^[see @inlinenote] here.",
    "# Heading @inheading\n\nBody.",
    "Title\n=====\n\nSetext @setext.",
    "| a | b |\n|---|---|\n| @incell | [@cell2] |",
    "> Quoted @inquote [@quote2].",
    "1. First @one\n2. Second [@two]",
    "(@example) An example.\n\nAs in (@example) and @example.",
    "Empty [] and [;] and [@] and [@ a] here.",
    "Unclosed [@a and @b here.",
    "Nested [see [@inner]] brackets.",
    "Group with text [@a and @b] here.",
    "Trailing semicolon [@a;] here.",
    "Semicolon prefix [; @a] here.",
    "Locator after textual @a[p. 4] no space.",
    "Textual then newline @a\n[p. 4] next line.",
    "Textual then link @a [p. 4](http://x) here.",
    "Textual then ref @a [p. 4][ref] here.",
    "Footnote bracket @a [^1] here.\n\n[^1]: Note.",
    "Many [@a, p. 1; @b, p. 2; -@c, p. 3; see @d, chap. 4; cf. @e].",
    "Before.@a after.@b",
    "Comma,@a semicolon;@b colon:@c slash/@d.",
    "At end of line @a\nand start\n@b of line.",
    "Raw TeX \\cite{texkey} and \\textbf{@inraw} and @outside.",
    "\\begin{figure}\n@inenv\n\\end{figure}\n\nAfter @env.",
    "<div>\n@indiv\n</div>",
    '<span title="@attr">@spantext</span>',
    "<pre>\n@inpre\n</pre>\n\nAfter @pre.",
    "Reference link [see @a][ref].\n\n[ref]: http://x.org/@nope",
    "Hash @#key and dollar @$key and brace @{} and @{a{b}c}.",
    "Double at @@a and @-a and @.a and @:a.",
    "Key ending in digits @a1.2 and @v1.0. and @3.14.",
    "Citation[@a]directly attached and [@b]word.",
    "Two groups [@a][@b] adjacent.",
    "Prefix only [see also] and [see also @a] here.",
    "Wildcard in nocite [@*] here.",
    "Angle <@a> and {@b} and (@c).",
)

KEYS: tuple[str, ...] = (
    "smith2020",
    "Smith_2020",
    "doe:2019a",
    "van.der.berg",
    "x-y",
    "k#1",
    "k&4",
    "k+5",
    "path/to",
    "trail.",
    "dash--dash",
    "_lead",
    "1999abc",
    "müller",
    "a?b",
    "long.key:with-parts",
)
CONTEXTS: tuple[str, ...] = (
    "As shown [@{K}].",
    "See [see @{K}, p. 33; @other].",
    "Author [-@{K}] agrees.",
    "@{K} says so.",
    "@{K} [p. 4] says so.",
    "Mail x@{K} here.",
    "Code `@{K}` here.",
    "Bold **[@{K}]** here.",
    "Link [@{K}](http://x.org) here.",
    "Escaped \\@{K} here.",
    "Braced @{{K}} here.",
    "End of sentence @{K}.",
)


def corpus() -> tuple[str, ...]:
    """The hand-written edge cases, then every key in every context."""
    generated = tuple(context.replace("{K}", key) for key, context in product(KEYS, CONTEXTS))
    return HAND_WRITTEN + generated


def our_keys(snippet: str) -> list[str]:
    return sorted(citation.key for citation in read_markdown(snippet, "snippet.md").citations)


def pandoc_keys(pandoc: str, snippets: Sequence[str]) -> list[list[str]]:
    """Keys of Cite elements per snippet, from one pandoc run over all snippets."""
    document = "".join(f"\n\n{SEPARATOR}{n}\n\n{snippet}" for n, snippet in enumerate(snippets))
    result = subprocess.run(
        [pandoc, "-f", "markdown", "-t", "json"],
        input=document,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    keys: list[list[str]] = [[] for _ in snippets]
    current = -1
    for kind, value in _walk(json.loads(result.stdout)):
        if kind == "Str" and value.startswith(SEPARATOR) and value[len(SEPARATOR) :].isdigit():
            current = int(value[len(SEPARATOR) :])
        elif kind == "Cite" and current >= 0:
            keys[current].append(value)
    return [sorted(found) for found in keys]


def pandoc_keys_each(pandoc: str, snippets: Sequence[str]) -> list[list[str]]:
    """Like pandoc_keys, but one pandoc run per snippet, so no snippet can spill over."""
    return [pandoc_keys(pandoc, [snippet])[0] for snippet in snippets]


def _walk(node: object) -> Iterator[tuple[str, str]]:
    if isinstance(node, dict):
        kind = node.get("t")
        if kind == "Str" and isinstance(node.get("c"), str):
            yield "Str", node["c"]
        elif kind == "Cite":
            citations, _rendered = node["c"]
            for citation in citations:
                yield "Cite", citation["citationId"]
                yield from _walk(citation["citationPrefix"])
                yield from _walk(citation["citationSuffix"])
            return
        for value in node.values():
            yield from _walk(value)
    elif isinstance(node, list):
        for item in node:
            yield from _walk(item)
