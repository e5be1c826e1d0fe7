"""Manubot citation ids (`@doi:…`, `@arxiv:…`, `@pmid:…`, `@url:…`), one a line, as References.

Manubot manuscripts cite works by identifier, and a list of those ids (as Manubot keeps in
`citation-ids.txt`) is a bibliography without fields: each id is one work, verified by that
identifier. `@tag:` ids point into the manuscript's citation-tags.tsv, which the list does
not hold; `@fig:`, `@tbl:`, `@eq:` and `@sec:` are pandoc-crossref labels, not citations.
"""

from __future__ import annotations

import re

from cite_sentinel.core.findings import Code
from cite_sentinel.core.model import Finding, Identifiers, Location, Read, Reference, Severity
from cite_sentinel.core.sources.identifiers import (
    normalise_arxiv,
    normalise_doi,
    normalise_isbn,
    normalise_pmcid,
    normalise_pmid,
)
from cite_sentinel.core.sources.spans import LineIndex

__all__ = ["CROSS_REFERENCE_LABELS", "is_manubot_list", "read_manubot_ids"]

_ID = re.compile(r"^[ \t]*@?(?P<id>(?P<prefix>[A-Za-z][\w-]*):(?P<value>\S+))[ \t]*\r?$")
_LINE = re.compile(r"[^\n]*\n|[^\n]+$")
_CHECKABLE = frozenset({"doi", "arxiv", "pmid", "pmcid", "isbn", "url", "https", "http"})
_UNCHECKABLE = frozenset({"tag", "raw", "wikidata"})
# pandoc-crossref's label prefixes: `@fig:overview` refers to a figure, it cites no work.
CROSS_REFERENCE_LABELS = frozenset({"fig", "tbl", "eq", "sec", "lst"})
_KNOWN = _CHECKABLE | _UNCHECKABLE | CROSS_REFERENCE_LABELS
_SHARE = 0.8  # of the non-blank lines that must be ids for a text to be such a list


def is_manubot_list(text: str) -> bool:
    """Whether the text is a list of Manubot citation ids, one a line (blank lines aside)."""
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines or not any(line.lstrip().startswith("@") for line in lines):
        return False
    ids = sum(1 for line in lines if (m := _ID.match(line)) and m["prefix"].lower() in _KNOWN)
    return ids >= _SHARE * len(lines)


def read_manubot_ids(text: str, path: str) -> Read:
    """A Reference per checkable id, keyed by the id as Manubot writes it (`doi:10.1/x`)."""
    index = LineIndex(text, path)
    references: list[Reference] = []
    findings: list[Finding] = []
    tags: list[Location] = []
    for line in _LINE.finditer(text):
        written = line.group(0).rstrip("\r\n")
        if not written.strip():
            continue
        match = _ID.match(written)
        if match is None:
            where = index.location(line.start(), line.start() + len(written))
            findings.append(_finding(where, f"not a citation id: {written.strip()!r}", _EXPECTED))
            continue
        where = index.location(line.start() + match.start("id"), line.start() + match.end("id"))
        prefix, value = match["prefix"].lower(), match["value"]
        if prefix in CROSS_REFERENCE_LABELS:
            continue
        if prefix == "tag":
            tags.append(where)
            continue
        if prefix not in _CHECKABLE:
            findings.append(_uncheckable(where, match["id"], prefix))
            continue
        identifiers = _identifiers(prefix, value)
        if not (identifiers or identifiers.url):
            said = f"{match['id']}: `{value}` is not a valid {prefix} identifier"
            findings.append(_finding(where, said, "correct the id or remove the line"))
            continue
        references.append(
            Reference(
                key=match["id"],
                location=where,
                key_location=where,
                kind="webpage" if not identifiers else "",
                identifiers=identifiers,
                raw=written,
                source_format="manubot",
            )
        )
    if tags:
        findings.append(_tags(tags))
    return Read(references=tuple(references), findings=tuple(findings))


_EXPECTED = "write one id a line: @doi:10.1000/xyz, @arxiv:2101.00001, @pmid:123, @url:https://…"


def _identifiers(prefix: str, value: str) -> Identifiers:
    """What the id names; a URL is searched for a DOI or arXiv id it holds."""
    if prefix == "doi":
        return Identifiers(doi=normalise_doi(value))
    if prefix == "arxiv":
        return Identifiers(arxiv=normalise_arxiv(value))
    if prefix == "pmid":
        return Identifiers(pmid=normalise_pmid(value))
    if prefix == "pmcid":
        return Identifiers(pmcid=normalise_pmcid(value))
    if prefix == "isbn":
        return Identifiers(isbn=normalise_isbn(value))
    url = value if prefix == "url" else f"{prefix}:{value}"
    return Identifiers(doi=normalise_doi(url), arxiv=normalise_arxiv(url), url=url)


def _tags(places: list[Location]) -> Finding:
    """One note for every `@tag:` id: each names an id this list does not hold."""
    count = f"{len(places)} @tag: id{'s' if len(places) > 1 else ''}"
    return Finding(
        code=Code.NOT_CHECKED,
        severity=Severity.INFO,
        message=f"{count} not checked: a tag names an id in the manuscript's "
        "citation-tags.tsv, which this list does not hold",
        location=places[0],
        related=tuple(places[1:]),
        hint="list the ids the tags stand for, or check the manuscript itself",
    )


def _uncheckable(where: Location, cited: str, prefix: str) -> Finding:
    return Finding(
        code=Code.NOT_CHECKED,
        severity=Severity.INFO,
        message=f"{cited}: `{prefix}:` ids cannot be looked up in the scholarly indexes",
        location=where,
        key=cited,
        hint="check this reference by hand, or cite it by DOI, arXiv id or PubMed id",
    )


def _finding(where: Location, message: str, hint: str) -> Finding:
    return Finding(
        code=Code.PARSE_ERROR, severity=Severity.WARNING, message=message, location=where, hint=hint
    )
