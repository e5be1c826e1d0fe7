"""What in a Markdown file is not prose, so no citation is seen in code, math or comments."""

from __future__ import annotations

import re
from dataclasses import dataclass

_FENCE = re.compile(r"^( {0,3}(?:>[ \t]?)*)(`{3,}|~{3,})(.*)$")
_LIST_ITEM = re.compile(r"^[ \t]*(?:[-*+]|\d+[.)]|\(@[\w-]*\))[ \t]+\S")
_EXAMPLE = re.compile(
    r"(?:\A|(?<=\n)[ \t]*\n)[ \t]{0,3}(\(@(?P<a>[\w-]*)\)|@(?P<b>[\w-]*)[.)])(?=[ \t])"
)
_COMMENT = re.compile(r"<!--.*?(?:-->|\Z)", re.DOTALL)
_RAW_TEX = re.compile(r"\\begin\{([^{}\n]+)\}.*?\\end\{\1\}", re.DOTALL)
_RAW_HTML = re.compile(r"<(pre|script|style|code|textarea)\b.*?</\1\s*>", re.DOTALL | re.I)
_AUTOLINK = re.compile(r"<[A-Za-z][A-Za-z0-9.+-]*:[^\s<>]*>|<[^\s<>@]+@[^\s<>]+>")
_TAG = re.compile(r"(?<!\w)</?[A-Za-z][\w-]*(?:\s[^<>]*)?/?>")
_ESCAPE = re.compile(r"\\[!-/:-@\[-`{-~]")
_ATTRIBUTES = re.compile(r"(?<=[\])`])\{[^{}\n]*\}|\{[#.][^{}\n]*\}(?=[ \t]*$)", re.MULTILINE)
_DEFINITION = re.compile(r"^ {0,3}\[(?!\^)[^\]\n]+\]:[ \t]*(\S.*)$", re.MULTILINE)
_TEX_COMMAND = re.compile(r"\\[A-Za-z]+\*?")


@dataclass(frozen=True, slots=True)
class Regions:
    """Spans to hide: `blocks` from everything, `inline` from the citation scan only."""

    blocks: tuple[tuple[int, int], ...]
    inline: tuple[tuple[int, int], ...]
    examples: frozenset[str]  # labels of example list items, (@label)


def find_regions(text: str, skip: tuple[int, int] | None = None) -> Regions:
    """The non-prose spans of a Markdown text; `skip` (front matter) is hidden too."""
    blocks: list[tuple[int, int]] = [skip] if skip else []
    blocks.extend(_code_blocks(text, skip[1] if skip else 0))
    hidden = _blank(text, blocks)
    for pattern in (_COMMENT, _RAW_HTML, _RAW_TEX):
        found = [match.span() for match in pattern.finditer(hidden)]
        blocks.extend(found)
        hidden = _blank(hidden, found)
    inline = list(_code_spans(hidden))
    hidden = _blank(hidden, inline)
    inline.extend(_maths(hidden))
    hidden = _blank(hidden, inline)
    for pattern in (_AUTOLINK, _TAG, _ESCAPE):
        inline.extend(match.span() for match in pattern.finditer(hidden))
    inline.extend((m.start() + 1, m.end() - 1) for m in _ATTRIBUTES.finditer(hidden))
    inline.extend(match.span(1) for match in _DEFINITION.finditer(hidden))
    inline.extend(_destinations(hidden))
    inline.extend(_tex_commands(hidden))
    markers = list(_EXAMPLE.finditer(hidden))
    examples = frozenset(m["a"] or m["b"] for m in markers if m["a"] or m["b"])
    inline.extend(match.span(1) for match in markers)
    return Regions(tuple(sorted(blocks)), tuple(sorted(inline)), examples)


def _blank(text: str, spans: list[tuple[int, int]]) -> str:
    if not spans:
        return text
    chars = list(text)
    for start, end in spans:
        for index in range(start, min(end, len(chars))):
            if chars[index] != "\n":
                chars[index] = " "
    return "".join(chars)


def _code_blocks(text: str, begin: int) -> list[tuple[int, int]]:
    """Fenced and indented code blocks, by lines."""
    spans: list[tuple[int, int]] = []
    offset = 0
    lines = text.splitlines(keepends=True)
    fence: tuple[str, int, int] | None = None  # (character, length, start offset)
    previous_blank, in_list, indented_start = True, False, -1
    for line in lines:
        start, offset = offset, offset + len(line)
        if start < begin:
            continue
        body = line.rstrip("\r\n")
        if fence is not None:
            closing = _FENCE.match(body)
            same = closing and closing[2][0] == fence[0] and len(closing[2]) >= fence[1]
            if closing and same and not closing[3].strip():
                spans.append((fence[2], offset))
                fence = None
            continue
        opening = _FENCE.match(body)
        if opening and not (opening[2][0] == "`" and "`" in opening[3]):
            if indented_start >= 0:
                spans.append((indented_start, start))
                indented_start = -1
            fence = (opening[2][0], len(opening[2]), start)
            previous_blank = False
            continue
        blank = not body.strip()
        indented = body.startswith(("    ", "\t"))
        if indented_start >= 0 and not blank and not indented:
            spans.append((indented_start, start))
            indented_start = -1
        if indented and not blank and indented_start < 0 and previous_blank and not in_list:
            indented_start = start
        if _LIST_ITEM.match(body):
            in_list = True
        elif not blank and not indented and previous_blank:
            in_list = False
        previous_blank = blank
    if fence is not None:
        spans.append((fence[2], offset))
    if indented_start >= 0:
        spans.append((indented_start, offset))
    return spans


def _code_spans(text: str) -> list[tuple[int, int]]:
    spans = []
    position = 0
    opener = re.compile(r"`+")
    while (match := opener.search(text, position)) is not None:
        ticks = match.group()
        closer = re.compile(rf"(?<!`){ticks}(?!`)")
        end = closer.search(text, match.end())
        if end is None:
            position = match.end()
            continue
        spans.append((match.start(), end.end()))
        position = end.end()
    return spans


_DISPLAY_MATH = re.compile(r"\$\$.+?\$\$", re.DOTALL)
_INLINE_MATH = re.compile(
    r"(?<![\\$])\$(?=[^\s$])(?:[^$\n\\]|\\.|\n(?![ \t]*\n))*?(?<=[^\s\\])\$(?!\d)"
)


def _maths(text: str) -> list[tuple[int, int]]:
    spans = [match.span() for match in _DISPLAY_MATH.finditer(text)]
    rest = _blank(text, spans)
    spans.extend(match.span() for match in _INLINE_MATH.finditer(rest))
    return spans


def _destinations(text: str) -> list[tuple[int, int]]:
    """The (url "title") part of inline links and images."""
    spans = []
    for match in re.finditer(r"\]\(", text):
        depth, index = 1, match.end()
        while index < len(text) and depth:
            char = text[index]
            if char == "\n" and text.startswith("\n", index + 1):
                break
            depth += {"(": 1, ")": -1}.get(char, 0)
            index += 1
        if depth == 0:
            spans.append((match.end(), index - 1))  # the parentheses stay: they make a link
    return spans


def _tex_commands(text: str) -> list[tuple[int, int]]:
    """Raw TeX inline: a command with its braced arguments, which pandoc passes through."""
    spans = []
    for match in _TEX_COMMAND.finditer(text):
        index = match.end()
        while index < len(text) and text[index] == "{":
            depth = 0
            for position in range(index, len(text)):
                depth += {"{": 1, "}": -1}.get(text[position], 0)
                if depth == 0:
                    index = position + 1
                    break
            else:
                break
        spans.append((match.start(), index))
    return spans
