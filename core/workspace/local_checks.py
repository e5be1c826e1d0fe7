"""Local checks that need no network: keys, fields and identifiers as the files state them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from cite_sentinel.core.config import Config
from cite_sentinel.core.findings import RULES, Code
from cite_sentinel.core.model import Citation, Finding, Location, Read, Reference, Severity
from cite_sentinel.core.sources.bibtex_pieces import EntryChecks
from cite_sentinel.core.sources.identifiers import arxiv_problem, doi_problem, isbn_problem
from cite_sentinel.core.sources.manubot import CROSS_REFERENCE_LABELS

NOCITE_ALL = "*"  # \nocite{*} (and pandoc's nocite: '@*') cites every entry
_SUGGESTION_CUTOFF = 75.0

# Kinds where an editor stands in for the author (BibLaTeX and CSL names).
_EDITED_KINDS = frozenset(
    {
        "book", "mvbook", "collection", "mvcollection", "proceedings", "mvproceedings",
        "reference", "mvreference", "periodical", "misc", "edited-book", "entry-encyclopedia",
        "entry-dictionary", "dataset", "report", "techreport",
    }
)  # fmt: skip
# Kinds where an organisation or publisher may be the only author a work has.
_CORPORATE_KINDS = frozenset(
    {
        "misc", "online", "www", "webpage", "post", "post-weblog", "software", "dataset",
        "manual", "techreport", "report", "standard", "patent", "legislation", "legal_case",
        "booklet", "unpublished", "document", "",
    }
)  # fmt: skip
_CORPORATE_FIELDS = ("organization", "institution", "publisher", "authority", "howpublished")
_DATE_FIELDS = ("year", "date", "issued", "eventdate", "origdate")
_ARXIV_FIELDS = ("arxiv", "arxivid")
# What an entry's own checks read: whether these fields hold text, and these fields' values;
# `surely_clean` judges an entry on them alone.
TEXT_FIELDS = frozenset({"title", "author", *_DATE_FIELDS})
IDENTIFIER_FIELDS = frozenset(
    {*_ARXIV_FIELDS, "doi", "eprint", "archiveprefix", "eprinttype", "isbn"}
)


@dataclass(frozen=True, slots=True)
class Linked:
    """One file as read, and the bibliography files its citations are looked up in."""

    path: str
    read: Read
    uses: tuple[str, ...] = ()
    unread: tuple[str, ...] = ()  # bibliographies it names that could not be read


def lint(documents: Sequence[Linked], config: Config) -> list[Finding]:
    """Every local finding of a check: each file's own, then the keys across files.

    Severities come from findings.RULES unless `config.severities` names the code (None
    drops the finding). Sorted by path, line and column.
    """
    findings = [finding for doc in documents for finding in own_findings(doc.read)]
    findings.extend(across(documents, unused=config.unused_entries))
    return finish(findings, config.severities)


def own_findings(read: Read) -> list[Finding]:
    """What one file says of itself: the reader's findings, keys written twice, then each
    entry's missing fields and malformed identifiers (unsorted, default severities)."""
    findings = list(read.findings)
    findings.extend(duplicates(read.references))
    findings.extend(_entry_problems(read.references))
    return findings


def entry_findings(read: Read) -> list[Finding]:
    """What a reading says of its entries one by one: own_findings but keys written twice."""
    return [*read.findings, *_entry_problems(read.references)]


def across(documents: Sequence[Linked], *, unused: bool) -> list[Finding]:
    """Keys across files: citations no bibliography they use defines, and (when `unused`)
    entries none of the manuscripts using their bibliography cites."""
    by_path = {str(Path(doc.path)): doc for doc in documents}
    findings = [finding for doc in documents for finding in _undefined(doc, by_path)]
    if unused:
        findings.extend(_unused(documents, by_path))
    return findings


# --- keys ------------------------------------------------------------------------------------


def duplicates(references: Sequence[Reference]) -> Iterable[Finding]:
    """Each reference whose key an earlier one has, pointing back to the first."""
    first: dict[str, Reference] = {}
    for reference in references:
        earlier = first.setdefault(reference.key, reference)
        if earlier is reference or not reference.key:
            continue
        where = _place(earlier)
        yield _finding(
            Code.DUPLICATE_KEY,
            reference,
            f"key defined twice (first at line {where.line})",
            "rename or remove one of the two entries",
            related=(where,),
        )


def _undefined(doc: Linked, by_path: Mapping[str, Linked]) -> Iterable[Finding]:
    citations = [cit for cit in doc.read.citations if cit.key != NOCITE_ALL]
    if not citations:
        return
    bibliographies = [by_path[path] for path in doc.uses if path in by_path]
    unread = [Path(path).name for path in doc.unread]
    defined = {ref.key for ref in doc.read.references}
    defined |= {ref.key for bib in bibliographies for ref in bib.read.references}
    where = _where_defined(
        [Path(bib.path).name for bib in bibliographies], unread, inline=bool(doc.read.references)
    )
    for citation in citations:
        if citation.key not in defined and not _cross_reference(citation.key):
            yield _undefined_key(citation, defined, where)


def _cross_reference(key: str) -> bool:
    """A pandoc-crossref label (`@fig:overview`, `@tbl:`, `@eq:`, `@sec:`, `@lst:`): it refers
    to a part of the document, not to a work, unless a bibliography defines it as a key."""
    prefix, colon, label = key.partition(":")
    return bool(colon and label) and prefix.lower() in CROSS_REFERENCE_LABELS


@dataclass(frozen=True, slots=True)
class _Where:
    """Where a document's keys are defined, said for people: the place and what to do."""

    place: str
    remedy: str


def _where_defined(names: list[str], unread: list[str], *, inline: bool) -> _Where:
    read = ", ".join(names)
    if unread:
        missing = ", ".join(unread)
        place = f"in {read} (and {missing} could not be read)" if read else f"in {missing}"
        return _Where(
            place if read else f"{place}, which could not be read",
            f"correct the path of {missing} or make it readable, or correct the key",
        )
    if read:
        return _Where(f"in {read}", f"add an entry with this key to {read} or correct the key")
    if inline:
        return _Where(
            "in the document's references",
            "add an entry with this key to its references: metadata or correct the key",
        )
    return _Where(
        "in any bibliography (none is named)",
        "name a bibliography (bibliography: in the front matter, \\bibliography{})",
    )


def _undefined_key(citation: Citation, defined: set[str], where: _Where) -> Finding:
    suggestion = _closest(citation.key, defined)
    hint = f"did you mean {suggestion}?" if suggestion else where.remedy
    return Finding(
        code=Code.UNDEFINED_KEY,
        severity=RULES[Code.UNDEFINED_KEY].severity,
        message=f"{citation.key}: cited but not defined {where.place}; {hint}",
        location=citation.location,
        key=citation.key,
        hint=hint,
    )


def _closest(key: str, defined: set[str]) -> str:
    if not defined:
        return ""
    folded = {name.casefold(): name for name in defined}
    if key.casefold() in folded:
        return folded[key.casefold()]
    from rapidfuzz import fuzz, process  # only for an undefined key: a clean check starts faster

    best = process.extractOne(key, defined, scorer=fuzz.ratio, score_cutoff=_SUGGESTION_CUTOFF)
    return str(best[0]) if best else ""


def _unused(documents: Sequence[Linked], by_path: Mapping[str, Linked]) -> Iterable[Finding]:
    """Entries of bibliographies some manuscript uses that none of those manuscripts cites."""
    cited: dict[str, set[str]] = {}
    for doc in documents:
        keys = {cit.key for cit in doc.read.citations}
        if not keys:
            continue
        used = [path for path in doc.uses if path in by_path]
        if keys & {ref.key for ref in doc.read.references}:
            used.append(str(Path(doc.path)))  # a document citing its own inline references
        for path in used:
            cited.setdefault(path, set()).update(keys)
    for path, keys in cited.items():
        if NOCITE_ALL in keys:
            continue
        for reference in by_path[path].read.references:
            if reference.key not in keys:
                yield _finding(
                    Code.UNUSED_ENTRY,
                    reference,
                    "entry never cited",
                    "cite it or remove it from the bibliography",
                )


# --- entries ---------------------------------------------------------------------------------


def _entry_problems(references: Sequence[Reference]) -> Iterable[Finding]:
    for reference in references:
        if reference.source_format in ("reflist", "manubot"):
            continue  # a free-text reference's gaps are the parser's doubt; an id has no fields
        missing = _missing_fields(reference)
        if missing:
            named = " and ".join(missing) if len(missing) < 3 else "title, author and year"
            yield _finding(
                Code.MISSING_FIELD,
                reference,
                f"entry has no {named}",
                f"add the {named} so that the work can be found and checked",
            )
        yield from _identifier_problems(reference)


def surely_clean(present: frozenset[str], values: Mapping[str, str]) -> bool:
    """Whether an entry's own checks surely find nothing: `present` names its TEXT_FIELDS that
    hold text once decoded, `values` holds its decoded IDENTIFIER_FIELDS. False also means "not
    sure": authors only parsed names or editors supply need the full check."""
    if "title" not in present or "author" not in present or present.isdisjoint(_DATE_FIELDS):
        return False
    if not values:
        return True
    get = values.get
    if "doi" in values and doi_problem(values["doi"]):
        return False
    if "isbn" in values and isbn_problem(values["isbn"]):
        return False
    arxiv = [values[name] for name in _ARXIV_FIELDS if name in values]
    if "eprint" in values and (get("archiveprefix") or get("eprinttype", "")).lower() == "arxiv":
        arxiv.append(values["eprint"])
    return not any(arxiv_problem(value) for value in arxiv)


def _missing_fields(reference: Reference) -> list[str]:
    missing: list[str] = []
    if not reference.title and not reference.field("title"):
        missing.append("title")
    if not _has_author(reference):
        missing.append("author")
    if reference.year is None and not reference.date and not _any_field(reference, _DATE_FIELDS):
        missing.append("year")
    return missing


def _has_author(reference: Reference) -> bool:
    if reference.people or reference.others or reference.field("author"):
        return True
    kind = reference.kind.lower()
    if reference.editors and kind in _EDITED_KINDS:
        return True
    return kind in _CORPORATE_KINDS and _any_field(reference, _CORPORATE_FIELDS)


def _any_field(reference: Reference, names: Sequence[str]) -> bool:
    return any(reference.field(name).strip() for name in names)


def _identifier_problems(reference: Reference) -> Iterable[Finding]:
    checks = [(Code.MALFORMED_DOI, doi_problem(reference.field("doi")))]
    eprint_type = (reference.field("archiveprefix") or reference.field("eprinttype")).lower()
    arxiv_values = [reference.field("arxiv"), reference.field("arxivid")]
    if eprint_type == "arxiv":
        arxiv_values.append(reference.field("eprint"))
    checks += [(Code.MALFORMED_ARXIV, arxiv_problem(value)) for value in arxiv_values]
    checks.append((Code.MALFORMED_ISBN, isbn_problem(reference.field("isbn"))))
    for code, problem in checks:
        if problem:
            yield _finding(code, reference, problem, _IDENTIFIER_HINTS[code])


_IDENTIFIER_HINTS = {
    Code.MALFORMED_DOI: "write the DOI alone, as 10.NNNN/suffix, or remove the field",
    Code.MALFORMED_ARXIV: "write the id as arXiv lists it (e.g. 2101.00001) or remove it",
    Code.MALFORMED_ISBN: "copy the ISBN again from the book or its publisher's page",
}


# --- findings --------------------------------------------------------------------------------


def _place(reference: Reference) -> Location:
    return reference.key_location or reference.location


def _finding(
    code: Code, reference: Reference, what: str, hint: str, related: tuple[Location, ...] = ()
) -> Finding:
    return Finding(
        code=code,
        severity=RULES[code].severity,
        message=f"{reference.key}: {what}; {hint}",
        location=_place(reference),
        key=reference.key,
        related=related,
        hint=hint,
    )


def finish(findings: Iterable[Finding], severities: Mapping[str, Severity | None]) -> list[Finding]:
    """The findings at the levels the configuration wants (None drops one), each once,
    sorted by path, line and column (stable: at one place, in the order given)."""
    kept: dict[Finding, None] = {}
    for finding in findings:
        if finding.code in severities:
            level = severities[finding.code]
            if level is None:
                continue
            finding = replace(finding, severity=level)
        kept.setdefault(finding, None)
    return sorted(kept, key=lambda f: (f.location.path, f.location.line, f.location.column))


# The entry checks a .bib read in pieces applies to each piece (core.sources.bibtex_incremental).
ENTRY_CHECKS = EntryChecks(
    findings=entry_findings,
    duplicates=duplicates,
    clean=surely_clean,
    text_fields=TEXT_FIELDS,
    identifier_fields=IDENTIFIER_FIELDS,
)
