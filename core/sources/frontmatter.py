"""YAML front matter of Markdown: the bibliography files it names and its inline references."""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass

import yaml
from cite_sentinel.core.findings import Code
from cite_sentinel.core.model import BibliographyLink, Finding, Location, Read, Severity
from cite_sentinel.core.sources.spans import LineIndex
from cite_sentinel.core.sources.surrogates import escapes_surrogates, whole_values

log = logging.getLogger(__name__)

_OPEN = re.compile(r"\A(?:\ufeff)?---[ \t]*\r?\n")
_CLOSE = re.compile(r"^(?:---|\.\.\.)[ \t]*\r?$", re.MULTILINE)


@dataclass(frozen=True, slots=True)
class FrontMatter:
    """Where the front matter sits: [start, end) in the file, and its YAML text."""

    start: int
    end: int
    body_start: int
    yaml: str


def find_front_matter(text: str) -> FrontMatter | None:
    """The YAML block that opens the document, or None."""
    opening = _OPEN.match(text)
    if opening is None:
        return None
    closing = _CLOSE.search(text, opening.end())
    if closing is None:
        return None
    end = closing.end() + (1 if text.startswith("\n", closing.end()) else 0)
    return FrontMatter(0, end, opening.end(), text[opening.end() : closing.start()])


def read_front_matter(matter: FrontMatter, path: str, index: LineIndex) -> Read:
    """Bibliography links and inline `references:` of a front matter; trouble as findings."""
    first_line = index.line_of(matter.body_start)
    try:
        data = yaml.safe_load(matter.yaml)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line = first_line + (mark.line if mark is not None else 0)
        column = (mark.column + 1) if mark is not None else 1
        return Read(findings=(_parse_error(path, line, column, error),))
    except (RecursionError, ValueError, TypeError) as error:  # an integer of 5,000 digits
        return Read(findings=(_parse_error(path, first_line, 1, error),))
    if escapes_surrogates(matter.yaml):
        data = whole_values(data)
    if not isinstance(data, dict):
        return Read()
    links = _links(matter, data.get("bibliography"), index)
    if data.get("references") is None:
        return Read(bibliographies=links)
    from cite_sentinel.core.sources.csl import read_csl_yaml

    inline = read_csl_yaml(matter.yaml, path, first_line=first_line)
    return Read(references=inline.references, findings=inline.findings, bibliographies=links)


def _links(matter: FrontMatter, value: object, index: LineIndex) -> tuple[BibliographyLink, ...]:
    names = [value] if isinstance(value, str) else value if isinstance(value, list) else []
    key = re.search(r"^bibliography[ \t]*:", matter.yaml, re.MULTILINE)
    cursor = key.end() if key else 0
    links = []
    for name in names:
        if not isinstance(name, str) or not name.strip():
            continue
        found = matter.yaml.find(name, cursor)
        offset = matter.body_start + (found if found >= 0 else cursor)
        cursor = found + len(name) if found >= 0 else cursor
        links.append(BibliographyLink(name, index.location(offset, offset + len(name))))
    return tuple(links)


def _parse_error(path: str, line: int, column: int, error: Exception) -> Finding:
    reason = str(getattr(error, "problem", None) or error).split(";")[0].strip()
    return Finding(
        code=Code.PARSE_ERROR,
        severity=Severity.ERROR,
        message=f"the YAML front matter cannot be read: {reason}",
        location=Location.point(path, line, column),
        hint="fix the YAML between the --- lines",
    )
