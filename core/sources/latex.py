"""Citations in LaTeX (`\\cite`, natbib, biblatex), bibliographies named, and `thebibliography`.

`\\nocite{*}` ("cite every entry") becomes one Citation with the key "*": the unused-entry
check skips a document that has it. Comments (`%`, but not `\\%`) and verbatim environments
are never read; every key's Location covers the key text only, for renaming in an editor.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from cite_sentinel.core.findings import Code
from cite_sentinel.core.model import (
    BibliographyLink,
    Citation,
    CitationMode,
    Finding,
    Location,
    Read,
    Reference,
    Severity,
)
from cite_sentinel.core.sources.guard import never_raises
from cite_sentinel.core.sources.latex_regions import find_hidden
from cite_sentinel.core.sources.sentence_spans import (
    Flavour,
    blank,
    breaks_before,
    clean,
    sentences,
)
from cite_sentinel.core.sources.spans import LineIndex

_TEXTUAL = frozenset(
    [
        "textcite",
        "Textcite",
        "textcites",
        "Textcites",
        "citet",
        "Citet",
        "citealt",
        "Citealt",
        "citeauthor",
        "Citeauthor",
        "citefullauthor",
        "Citefullauthor",
    ]
)
_YEAR_ONLY = frozenset(["citeyear", "citeyearpar", "Citeyear", "citedate"])
_MULTI = frozenset(
    [
        "cites",
        "Cites",
        "parencites",
        "Parencites",
        "footcites",
        "footcitetexts",
        "smartcites",
        "Smartcites",
        "textcites",
        "Textcites",
        "supercites",
        "autocites",
        "Autocites",
    ]
)
_SINGLE = frozenset(
    [
        "cite",
        "Cite",
        "citep",
        "Citep",
        "citet",
        "Citet",
        "citealp",
        "Citealp",
        "citealt",
        "Citealt",
        "citeauthor",
        "Citeauthor",
        "citeyear",
        "citeyearpar",
        "Citeyear",
        "citenum",
        "citefullauthor",
        "Citefullauthor",
        "parencite",
        "Parencite",
        "footcite",
        "Footcite",
        "footcitetext",
        "textcite",
        "Textcite",
        "smartcite",
        "Smartcite",
        "autocite",
        "Autocite",
        "supercite",
        "fullcite",
        "footfullcite",
        "citetitle",
        "Citetitle",
        "citedate",
        "citeurl",
        "nocite",
        "notecite",
        "pnotecite",
        "fnotecite",
        "cite*",
        "citet*",
    ]
)
_BIBLIOGRAPHY = frozenset({"bibliography", "addbibresource", "addglobalbib", "addsectionbib"})
_COMMAND = re.compile(r"\\([A-Za-z]+)(\*?)")
_BREAK = re.compile(
    r"\\(?:(?:sub)*section|chapter|paragraph|subparagraph|part|caption|title|author|item|par"
    r"|begin|end|maketitle)\b\*?(?:\[[^\]\n]*\])?(?:\{[^{}\n]*\})?|\\\\"
)
_BIBITEM = re.compile(r"\\bibitem\s*(?:\[[^\]]*\])?\s*\{([^{}]*)\}")
_THEBIBLIOGRAPHY = re.compile(
    r"\\begin\{thebibliography\}(?:\{[^{}]*\})?(.*?)(?:\\end\{thebibliography\}|\Z)", re.DOTALL
)


@never_raises("LaTeX")
def read_latex(text: str, path: str) -> Read:
    """Citations, bibliography links and `thebibliography` references of a LaTeX file."""
    return _read(text, path)


@dataclass(frozen=True, slots=True)
class _Command:
    """One citation command: its whole span and what it cites."""

    start: int
    end: int
    mode: CitationMode
    keys: tuple[tuple[str, int, int, str, str], ...]  # key, start, end, prefix, locator


def _read(text: str, path: str) -> Read:
    index = LineIndex(text, path)
    hidden = find_hidden(text)
    scan = blank(text, hidden)
    commands: list[_Command] = []
    links: list[BibliographyLink] = []
    findings: list[Finding] = []
    groups = _Groups(scan)
    for match in _COMMAND.finditer(scan):
        name = match[1]
        if name in _BIBLIOGRAPHY:
            links.extend(_links(groups, match.end(), index))
        elif name in _MULTI or name in _SINGLE or name.endswith(("cite", "cites")):
            parsed = _command(groups, match, name)
            if isinstance(parsed, _Command):
                commands.append(parsed)
            else:
                findings.append(_finding(index.location(*match.span()), parsed, _HINT))
    removed = [*hidden, *(span for command in commands for span in _markup(command))]
    preamble = scan.find("\\begin{document}")
    if preamble > 0:
        removed.append((0, preamble))
    breaks = [point for m in _BREAK.finditer(scan) for point in m.span()]
    breaks += breaks_before(
        scan, [c.start for c in commands if c.mode is CitationMode.AUTHOR_IN_TEXT]
    )
    marks = {command.start: _mark(command) for command in commands}
    told = sentences(
        text, removed=removed, breaks=breaks, flavour=Flavour.LATEX, marks=marks.values()
    )
    citations = []
    for group, command in enumerate(commands, start=1):
        sentence, context = told.around(command.start)
        mark = told.place(command.start, marks[command.start])
        for key, start, end, prefix, locator in command.keys:
            citations.append(
                Citation(
                    key=key,
                    location=index.location(start, end),
                    sentence=sentence,
                    context=context,
                    prefix=prefix,
                    locator=locator,
                    mode=command.mode,
                    group=group,
                    mark=mark,
                )
            )
    return Read(
        references=_bibitems(scan, text, index),
        citations=tuple(citations),
        findings=tuple(findings),
        bibliographies=tuple(links),
    )


_HINT = "close the braces of the citation command"


def _markup(command: _Command) -> list[tuple[int, int]]:
    """What a citation command leaves out of its sentence: all of it, except the keys of a
    textual one (`\\citet`, `\\textcite`), which stand for the authors it prints."""
    if command.mode is not CitationMode.AUTHOR_IN_TEXT or not command.keys:
        return [(command.start, command.end)]
    starts = [start for _, start, _, _, _ in command.keys]
    ends = [end for _, _, end, _, _ in command.keys]
    return list(zip([command.start, *ends], [*starts, command.end], strict=True))


def _mark(command: _Command) -> int:
    """Where a command's citations stand: its start, or nowhere for a textual one, whose keys
    are part of the sentence."""
    return -1 if command.mode is CitationMode.AUTHOR_IN_TEXT else command.start


def _command(groups: _Groups, match: re.Match[str], name: str) -> _Command | str:
    """A citation command's keys, prefixes and locators, or why it cannot be read."""
    scan = groups.scan
    position = match.end()
    mode = _mode(name)
    if name in _MULTI:
        for _ in range(2):  # (global prenote)(global postnote)
            end = groups.end(_skip_space(scan, position), "(", ")")
            if end < 0:
                break
            position = end
    keys: list[tuple[str, int, int, str, str]] = []
    while True:
        options: list[tuple[int, int]] = []
        cursor = _skip_space(scan, position)
        while len(options) < 2 and (end := groups.end(cursor, "[", "]")) > 0:
            options.append((cursor + 1, end - 1))
            cursor = _skip_space(scan, end)
        if not scan.startswith("{", cursor):
            if keys:
                break
            return f"\\{name} has no {{key}} argument"
        close = groups.end(cursor, "{", "}")
        if close < 0:
            return f"\\{name}{{ is never closed"
        prefix = clean(scan[slice(*options[0])], Flavour.LATEX) if len(options) == 2 else ""
        locator = clean(scan[slice(*options[-1])], Flavour.LATEX) if options else ""
        keys.extend(_keys(scan, cursor + 1, close - 1, prefix, locator))
        position = close
        if name not in _MULTI:
            break
    return _Command(match.start(), position, mode, tuple(keys))


def _mode(name: str) -> CitationMode:
    if name in _TEXTUAL:
        return CitationMode.AUTHOR_IN_TEXT
    if name in _YEAR_ONLY:
        return CitationMode.SUPPRESS_AUTHOR
    return CitationMode.NORMAL


def _skip_space(scan: str, position: int) -> int:
    while position < len(scan) and scan[position] in " \t\r\n":
        position += 1
    return position


class _Groups:
    """Where the groups of a text end: `{…}` arguments from one pass over the text, so that
    a line of ten thousand unclosed `\\cite{` costs that pass, not ten thousand scans to its
    end; a `[…]` or `(…)` note is looked for over _LONGEST_NOTE characters at most."""

    __slots__ = ("_braces", "scan")

    def __init__(self, scan: str) -> None:
        self.scan = scan
        self._braces: dict[int, int] | None = None

    def end(self, start: int, opening: str, closing: str) -> int:
        """The offset after the group that opens at `start`, or -1; braces nest inside, and a
        paragraph break ends any argument."""
        if not self.scan.startswith(opening, start):
            return -1
        if opening == "{":
            if self._braces is None:
                self._braces = _brace_ends(self.scan)
            return self._braces.get(start, -1)
        return _note_end(self.scan, start, opening, closing)


_BRACE = re.compile(r"[{}]|\n[^\S\n]*(?=\n)")  # a brace, or a blank line
_LONGEST_NOTE = 2000


def _brace_ends(scan: str) -> dict[int, int]:
    """The end of each `{` group (after its `}`), or -1 where a blank line or the end of the
    text comes first."""
    ends: dict[int, int] = {}
    opened: list[int] = []
    for token in _BRACE.finditer(scan):
        char = token.group()
        if char == "{":
            opened.append(token.start())
        elif char == "}":
            if opened:
                ends[opened.pop()] = token.end()
        else:
            ends.update(dict.fromkeys(opened, -1))
            opened.clear()
    ends.update(dict.fromkeys(opened, -1))
    return ends


def _note_end(scan: str, start: int, opening: str, closing: str) -> int:
    depth, braces = 0, 0
    for position in range(start, min(len(scan), start + _LONGEST_NOTE)):
        char = scan[position]
        if char == "\\":
            continue
        if char in "{}":
            braces += 1 if char == "{" else -1
        elif braces == 0 and char == opening:
            depth += 1
        elif braces == 0 and char == closing:
            depth -= 1
            if depth == 0:
                return position + 1
    return -1


def _keys(
    scan: str, start: int, end: int, prefix: str, locator: str
) -> list[tuple[str, int, int, str, str]]:
    keys = []
    for match in re.finditer(r"[^,]+", scan[start:end]):
        piece = match.group()
        stripped = piece.strip()
        if stripped:
            begin = start + match.start() + (len(piece) - len(piece.lstrip()))
            keys.append((stripped, begin, begin + len(stripped), prefix, locator))
    return keys


def _links(groups: _Groups, position: int, index: LineIndex) -> list[BibliographyLink]:
    scan = groups.scan
    cursor = _skip_space(scan, position)
    end = groups.end(cursor, "[", "]")
    if end > 0:
        cursor = _skip_space(scan, end)
    close = groups.end(cursor, "{", "}")
    if close < 0:
        return []
    return [
        BibliographyLink(name, index.location(start, end))
        for name, start, end, _, _ in _keys(scan, cursor + 1, close - 1, "", "")
    ]


def _bibitems(scan: str, text: str, index: LineIndex) -> tuple[Reference, ...]:
    """`\\bibitem[label]{key} text` entries of thebibliography, as free-text references."""
    from cite_sentinel.core.sources.latex_text import decode_latex
    from cite_sentinel.core.sources.reflist import parse_reference

    references = []
    for environment in _THEBIBLIOGRAPHY.finditer(scan):
        body_start, body_end = environment.span(1)
        items = list(_BIBITEM.finditer(scan, body_start, body_end))
        for number, item in enumerate(items):
            stop = items[number + 1].start() if number + 1 < len(items) else body_end
            raw = decode_latex(scan[item.end() : stop]).strip()
            key = item[1].strip()
            key_start = item.start(1) + (len(item[1]) - len(item[1].lstrip()))
            location = index.location(key_start, key_start + len(key))
            reference = parse_reference(raw, key=key, location=location)
            references.append(reference)
    return tuple(references)


def _finding(location: Location, message: str, hint: str) -> Finding:
    return Finding(
        code=Code.PARSE_ERROR,
        severity=Severity.ERROR if not hint else Severity.WARNING,
        message=message,
        location=location,
        hint=hint or "this is a bug in cite-sentinel; please report it with the file",
    )
