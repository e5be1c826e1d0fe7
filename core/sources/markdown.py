"""Citations in Pandoc Markdown, with the sentence around each, and the bibliographies named.

Follows Pandoc's citation grammar: `[see @a, p. 33; -@b]` (a group), `@a [p. 4]` (author in
text with a locator), `@{odd:key}`; keys are letters, digits and `_` with single internal
punctuation `:.#$%&-+?<>~/`; an `@` right after a letter or digit (an e-mail) is no citation,
nor anything in code, math, comments, raw TeX/HTML, link targets or after `\\`.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass

from cite_sentinel.core.model import (
    Citation,
    CitationMode,
    Finding,
    Read,
    Reference,
)
from cite_sentinel.core.sources.frontmatter import find_front_matter, read_front_matter
from cite_sentinel.core.sources.guard import never_raises
from cite_sentinel.core.sources.markdown_regions import find_regions
from cite_sentinel.core.sources.sentence_spans import (
    Flavour,
    blank,
    breaks_before,
    clean,
    sentences,
)
from cite_sentinel.core.sources.spans import LineIndex

_KEY = re.compile(
    r"@(?:\{(?P<braced>(?:[^\s{}]|\{[^\s{}]*\})*)\}"
    r"|(?P<plain>[\w*](?:[^\W_]|_|[:.#$%&\-+?<>~/](?=\w)|[:/](?=/))*))"
)
_SPNL = re.compile(r"[ \t]*(?:\r?\n[ \t]*)?")
_HEADING = re.compile(r"^(#{1,6})[ \t]+(.*?)[ \t#]*(?:\{[^{}]*\})?[ \t]*$", re.MULTILINE)
_SETEXT = re.compile(r"^(\S[^\n]*)\n[ \t]*(=+|-+)[ \t]*$", re.MULTILINE)
_REFLIST_TITLE = re.compile(
    r"(?i)(references?|bibliography|works cited|literature(?: cited)?|reference list|sources)\.?"
)
_REFS_DIV = re.compile(r"\{#refs\b|id=[\"']refs[\"']|^:::+[ \t]*refs\b", re.MULTILINE)
_BREAK_LINE = re.compile(r"^[ \t]*(?:#{1,6}[ \t]|[-*+][ \t]|\d+[.)][ \t]|\||:::|>)", re.MULTILINE)
_LONGEST_LIST = 4000  # characters of one bracketed citation list ([see @a, p. 3; @b])


@never_raises("Markdown")
def read_markdown(text: str, path: str) -> Read:
    """Citations, bibliography links, front-matter and reference-list references of a file."""
    return _read(text, path)


@dataclass(frozen=True, slots=True)
class _Key:
    """A citation key candidate: where its `@` (or `-@`) starts and where the key is."""

    start: int
    key: str
    key_start: int
    key_end: int
    suppress: bool


@dataclass(slots=True)
class _Cite:
    key: _Key
    mode: CitationMode
    group: int
    prefix: str = ""
    locator: str = ""
    mark: int = -1  # where its markup starts (a bracket: all its citations); -1: author in text


def _read(text: str, path: str) -> Read:
    index = LineIndex(text, path)
    matter = find_front_matter(text)
    front = read_front_matter(matter, path, index) if matter else Read()
    regions = find_regions(text, (matter.start, matter.end) if matter else None)
    prose = blank(text, regions.blocks)
    scan = blank(prose, regions.inline)
    keys = _find_keys(scan)
    cites, markup = _group(scan, keys, regions.examples)
    breaks = [match.start() for match in _BREAK_LINE.finditer(prose)]
    breaks += [prose.find("\n", point) + 1 for point in breaks]  # and after such lines
    breaks += breaks_before(scan, [c.key.start for c in cites if c.mode is not CitationMode.NORMAL])
    told = sentences(
        text,
        removed=[*regions.blocks, *markup],
        breaks=breaks,
        flavour=Flavour.MARKDOWN,
        marks=[cite.mark for cite in cites if cite.mark >= 0],
    )
    citations = []
    for cite in cites:
        sentence, context = told.around(cite.key.start)
        citations.append(
            Citation(
                key=cite.key.key,
                location=index.location(cite.key.key_start, cite.key.key_end),
                sentence=sentence,
                context=context,
                prefix=cite.prefix,
                locator=cite.locator,
                mode=cite.mode,
                group=cite.group,
                mark=told.place(cite.key.start, cite.mark),
            )
        )
    listed = _reference_lists(prose, path, index)
    return Read(
        references=front.references + listed.references,
        citations=tuple(citations),
        findings=front.findings + listed.findings,
        bibliographies=front.bibliographies,
    )


def _find_keys(scan: str) -> list[_Key]:
    keys = []
    for at in (match.start() for match in re.finditer("@", scan)):
        if _after_word(scan, at):
            continue  # an e-mail address or a word: Pandoc's "not after a string"
        match = _KEY.match(scan, at)
        if match is None:
            continue
        name = "braced" if match["braced"] is not None else "plain"
        dash = at > 0 and scan[at - 1] == "-" and not (at > 1 and scan[at - 2].isalnum())
        keys.append(_Key(at - dash, match[name], match.start(name), match.end(name), dash))
    return keys


def _after_word(scan: str, at: int) -> bool:
    before = scan[at - 1] if at > 0 else " "
    if before == "." and at > 1:
        before = scan[at - 2]  # "end.@a": pandoc's words take in single periods
    return before.isalnum()


def _textual_markup(key: _Key, end: int) -> list[tuple[int, int]]:
    """What an author-in-text citation leaves out of its sentence: `@` and what follows the key
    up to `end`. The key stays, standing for the authors it prints ("As @smith20 showed" reads
    "As smith20 showed", not "As showed"); `-@key` (year only) goes whole."""
    if key.suppress:
        return [(key.start, end)]
    return [(key.start, key.key_start), (key.key_end, end)]


def _group(
    scan: str, keys: list[_Key], examples: frozenset[str]
) -> tuple[list[_Cite], list[tuple[int, int]]]:
    """Bracketed groups first, then author-in-text keys with their optional `[locator]`."""
    brackets = _brackets(scan)
    taken: set[int] = set()
    grouped: dict[int, list[_Cite]] = {}  # bracket opening offset -> its citations
    markup: list[tuple[int, int]] = []
    for open_, close in brackets:
        if close - open_ > _LONGEST_LIST:  # brackets nested thousands deep are no citation
            continue
        members = _citation_list(scan, open_ + 1, close, keys, taken)
        if members is None or scan.startswith(("(", "{"), close + 1):
            continue
        grouped[open_] = members
        for cite in members:
            cite.mark = open_
        taken.update(cite.key.start for cite in members)
        markup.append((open_, close + 1))
    closing = dict(brackets)
    textual: list[_Cite] = []
    for key in keys:
        if key.start in taken or (not key.suppress and key.key in examples):
            continue
        mode = CitationMode.SUPPRESS_AUTHOR if key.suppress else CitationMode.AUTHOR_IN_TEXT
        cite = _Cite(key, mode, 0, mark=key.start if key.suppress else -1)
        end = key.key_end + (1 if scan.startswith("}", key.key_end) else 0)
        after = _SPNL.match(scan, end)
        following = after.end() if after else end
        if following in grouped:
            grouped[following].insert(0, cite)
            markup += _textual_markup(key, end)
            taken.add(key.start)
            continue
        if following in closing:
            attached = _bare_locator(scan, following, closing[following], keys, taken)
            if attached is not None:
                cite.locator = attached[0]
                for member in attached[1]:
                    member.mark = following
                grouped[following] = [cite, *attached[1]]
                taken.update(member.key.start for member in grouped[following])
                markup += _textual_markup(key, closing[following] + 1)
                continue
        textual.append(cite)
        markup += _textual_markup(key, end)
    cites = textual + [cite for members in grouped.values() for cite in members]
    cites.sort(key=lambda cite: cite.key.start)
    _number_groups(cites, grouped)
    return cites, markup


def _brackets(scan: str) -> list[tuple[int, int]]:
    """Matching [ ] pairs, innermost first, never across a blank line."""
    pairs: list[tuple[int, int]] = []
    stack: list[int] = []
    for index, char in enumerate(scan):
        if char == "[":
            stack.append(index)
        elif char == "]" and stack:
            pairs.append((stack.pop(), index))
        elif char == "\n" and _blank_next(scan, index):
            stack.clear()
    return pairs


def _blank_next(scan: str, index: int) -> bool:
    end = scan.find("\n", index + 1)
    return end >= 0 and not scan[index + 1 : end].strip()


def _citation_list(
    scan: str, start: int, end: int, keys: list[_Key], taken: set[int]
) -> list[_Cite] | None:
    """`see @a, p. 3; @b` as citations, or None when some part holds no key."""
    if scan.startswith("^", start):
        return None
    members: list[_Cite] = []
    for part_start, part_end in _parts(scan, start, end):
        first_key = bisect_left(keys, part_start, key=lambda k: k.start)
        last_key = bisect_left(keys, part_end, key=lambda k: k.start)
        inside = [k for k in keys[first_key:last_key] if k.key_end <= part_end]
        inside = [k for k in inside if k.start not in taken]
        if not inside:
            return None
        first = inside[0]
        mode = CitationMode.SUPPRESS_AUTHOR if first.suppress else CitationMode.NORMAL
        suffix_end = inside[1].start if len(inside) > 1 else part_end
        members.append(
            _Cite(
                first,
                mode,
                0,
                prefix=clean(scan[part_start : first.start], Flavour.MARKDOWN),
                locator=_locator(scan[_after_key(scan, first) : suffix_end]),
            )
        )
        for extra in inside[1:]:
            mode = CitationMode.SUPPRESS_AUTHOR if extra.suppress else CitationMode.AUTHOR_IN_TEXT
            members.append(_Cite(extra, mode, 0))
    return members


def _parts(scan: str, start: int, end: int) -> list[tuple[int, int]]:
    parts, depth, begin = [], 0, start
    for index in range(start, end):
        char = scan[index]
        depth += {"[": 1, "]": -1}.get(char, 0)
        if char == ";" and depth == 0:
            parts.append((begin, index))
            begin = index + 1
    parts.append((begin, end))
    return parts


def _after_key(scan: str, key: _Key) -> int:
    return key.key_end + (1 if scan.startswith("}", key.key_end) else 0)


def _locator(suffix: str) -> str:
    return clean(suffix, Flavour.MARKDOWN).lstrip(",").strip()


def _bare_locator(
    scan: str, open_: int, close: int, keys: list[_Key], taken: set[int]
) -> tuple[str, list[_Cite]] | None:
    """`@a [p. 4]` or `@a [p. 4; @b]`: the locator and the citations after it."""
    if scan.startswith("^", open_ + 1) or scan.startswith(("[", "("), close + 1):
        return None
    parts = _parts(scan, open_ + 1, close)
    suffix = scan[parts[0][0] : parts[0][1]]
    rest: list[_Cite] = []
    if len(parts) > 1:
        listed = _citation_list(scan, parts[1][0], close, keys, taken)
        if listed is None:
            return None
        rest = listed
    return _locator(suffix), rest


def _number_groups(cites: list[_Cite], grouped: dict[int, list[_Cite]]) -> None:
    group_of = {id(cite): opening for opening, members in grouped.items() for cite in members}
    numbers: dict[int, int] = {}
    for cite in cites:
        opening = group_of.get(id(cite))
        if opening is None:
            cite.group = len(numbers) + 1
            numbers[-cite.key.start - 1] = cite.group
        else:
            cite.group = numbers.setdefault(opening, len(numbers) + 1)


def _reference_lists(prose: str, path: str, index: LineIndex) -> Read:
    """Free-text reference lists under a References-like heading (not a pandoc #refs div)."""
    headings = sorted(
        [(m.start(), m.end(), len(m[1]), m[2]) for m in _HEADING.finditer(prose)]
        + [(m.start(), m.end(), 1 if m[2][0] == "=" else 2, m[1]) for m in _SETEXT.finditer(prose)]
    )
    references: list[Reference] = []
    findings: list[Finding] = []
    for number, (_, end, level, title) in enumerate(headings):
        if not _REFLIST_TITLE.fullmatch(clean(title, Flavour.MARKDOWN)):
            continue
        stop = next((h[0] for h in headings[number + 1 :] if h[2] <= level), len(prose))
        body = prose[end:stop]
        if not body.strip() or _REFS_DIV.search(body):
            continue
        from cite_sentinel.core.sources.reflist import read_reflist

        listed = read_reflist(body, path, first_line=index.line_of(end))
        references.extend(listed.references)
        findings.extend(listed.findings)
    return Read(references=tuple(references), findings=tuple(findings))
