"""The stable finding codes, their default severities and where each is documented."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from cite_sentinel.core.model import Severity

DOCS_URL = "https://github.com/cite-sentinel/cite-sentinel/blob/main/docs/FINDINGS.md"


class Code(StrEnum):
    """Every finding code; a code never changes meaning once released."""

    PARSE_ERROR = "parse-error"
    UNDEFINED_STRING = "undefined-string"
    DUPLICATE_KEY = "duplicate-key"
    UNDEFINED_KEY = "undefined-key"
    UNUSED_ENTRY = "unused-entry"
    MISSING_FIELD = "missing-field"
    MALFORMED_DOI = "malformed-doi"
    MALFORMED_ARXIV = "malformed-arxiv"
    MALFORMED_ISBN = "malformed-isbn"
    MISSING_BIBLIOGRAPHY = "missing-bibliography"
    UNREADABLE_FILE = "unreadable-file"
    UNKNOWN_SETTING = "unknown-setting"
    NO_REFERENCES = "no-references"
    FABRICATED = "fabricated"
    MISCITED = "miscited"
    RETRACTED = "retracted"
    WITHDRAWN = "withdrawn"
    PUBLISHED_VERSION = "published-version"
    PAGES_DIFFER = "pages-differ"
    UNVERIFIED = "unverified"
    NOT_CHECKED = "not-checked"
    UNRELATED_CITATION = "unrelated-citation"
    CONTRADICTED_CITATION = "contradicted-citation"


# Codes whose findings restate a verdict: reports show them through the verdicts, accepting a
# reference silences them, and the editor offers the verdict's quick fixes on them.
VERDICT_CODES = frozenset(
    {
        Code.FABRICATED,
        Code.MISCITED,
        Code.RETRACTED,
        Code.WITHDRAWN,
        Code.PUBLISHED_VERSION,
        Code.UNVERIFIED,
    }
)


@dataclass(frozen=True, slots=True)
class Rule:
    """What a code means, for help texts (SARIF rules, hovers, docs)."""

    code: Code
    severity: Severity
    summary: str


RULES: dict[Code, Rule] = {
    rule.code: rule
    for rule in (
        Rule(Code.PARSE_ERROR, Severity.ERROR, "The file could not be parsed at this place."),
        Rule(Code.UNDEFINED_STRING, Severity.WARNING, "A @string macro is used but never defined."),
        Rule(Code.DUPLICATE_KEY, Severity.ERROR, "Two entries share one key."),
        Rule(Code.UNDEFINED_KEY, Severity.ERROR, "A citation names a key no bibliography defines."),
        Rule(Code.UNUSED_ENTRY, Severity.HINT, "An entry is never cited."),
        Rule(Code.MISSING_FIELD, Severity.WARNING, "An entry lacks a title, author or year."),
        Rule(Code.MALFORMED_DOI, Severity.WARNING, "A DOI is not of the form 10.NNNN/suffix."),
        Rule(Code.MALFORMED_ARXIV, Severity.WARNING, "An arXiv identifier is malformed."),
        Rule(Code.MALFORMED_ISBN, Severity.WARNING, "An ISBN has a wrong length or check digit."),
        Rule(Code.MISSING_BIBLIOGRAPHY, Severity.ERROR, "A named bibliography file is missing."),
        Rule(Code.UNREADABLE_FILE, Severity.ERROR, "An input file could not be read."),
        Rule(Code.UNKNOWN_SETTING, Severity.WARNING, "The configuration sets an unknown key."),
        Rule(Code.NO_REFERENCES, Severity.INFO, "A file holds no reference or citation."),
        Rule(Code.FABRICATED, Severity.ERROR, "No index holds a work matching this reference."),
        Rule(Code.MISCITED, Severity.WARNING, "The work exists but cited fields disagree."),
        Rule(Code.RETRACTED, Severity.ERROR, "The cited work has been retracted."),
        Rule(Code.WITHDRAWN, Severity.WARNING, "The cited work has been withdrawn."),
        Rule(Code.PUBLISHED_VERSION, Severity.INFO, "A preprint is cited; it has been published."),
        Rule(Code.PAGES_DIFFER, Severity.INFO, "The cited pages differ from the record's."),
        Rule(Code.UNVERIFIED, Severity.INFO, "The reference could not be checked."),
        Rule(
            Code.NOT_CHECKED,
            Severity.INFO,
            "Citation ids that name no work to look up (Manubot tags, raw ids) were not checked.",
        ),
        Rule(
            Code.UNRELATED_CITATION,
            Severity.HINT,
            "The cited work looks unrelated to the sentence citing it.",
        ),
        Rule(
            Code.CONTRADICTED_CITATION,
            Severity.WARNING,
            "The cited work appears to contradict the sentence citing it.",
        ),
    )
}


def documentation_url(code: Code | str) -> str:
    """The page that explains a finding code."""
    return f"{DOCS_URL}#{code}"
