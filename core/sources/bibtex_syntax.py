"""What a large .bib whose entries read only whole shows before that reading: braces, keys."""

from __future__ import annotations

import re

from cite_sentinel.core.findings import Code
from cite_sentinel.core.model import Finding, Location, Severity
from cite_sentinel.core.sources.bibtex_pieces import cut

_HEAD = re.compile(r"[ \t]*@[ \t]*([A-Za-z]+)[ \t]*[{(][ \t]*([^,\s{}()]*)")
_NOT_ENTRIES = frozenset({"comment", "preamble", "string"})


def syntax_findings(text: str, path: str) -> tuple[Finding, ...]:
    """Entries whose braces do not balance, and keys written twice, from a linear scan."""
    findings: list[Finding] = []
    first: dict[str, Location] = {}
    offset = 0
    for piece in cut(text):
        at, offset = offset, offset + piece.count("\n")
        head = _HEAD.match(piece)
        if head is None or head.group(1).lower() in _NOT_ENTRIES:
            continue
        key = head.group(2)
        line = at + 1
        where = Location(path, line, head.start(2) + 1, line, head.end(2) + 1)
        opened, closed = piece.count("{"), piece.count("}")
        if opened != closed:
            findings.append(_unbalanced(key, where, opened, closed))
        if not key:
            continue
        if key in first:
            findings.append(_duplicate(key, where, first[key]))
        else:
            first[key] = where
    return tuple(findings)


def _unbalanced(key: str, where: Location, opened: int, closed: int) -> Finding:
    return Finding(
        code=Code.PARSE_ERROR,
        severity=Severity.ERROR,
        message=f"entry {key or '(no key)'} opens {opened} braces and closes {closed}",
        location=where,
        key=key,
        hint="balance the braces of its fields",
    )


def _duplicate(key: str, where: Location, before: Location) -> Finding:
    return Finding(
        code=Code.DUPLICATE_KEY,
        severity=Severity.ERROR,
        message=f"key defined twice (first at line {before.line})",
        location=where,
        key=key,
        related=(before,),
        hint="rename or remove one of the two entries",
    )
