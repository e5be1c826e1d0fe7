"""Words that say what kind of work a reference is, and the kind each says."""

from __future__ import annotations

import re

# CSL types: article-journal, paper-conference, book, chapter, thesis, report, webpage,
# software, dataset, manuscript, patent, article (preprints).
KIND_WORDS: dict[str, str] = {
    "thesis": "thesis", "dissertation": "thesis", "phd": "thesis", "ph": "thesis",
    "doctoral": "thesis", "master": "thesis", "masters": "thesis", "msc": "thesis",
    "diss": "thesis", "thèse": "thesis", "these": "thesis", "doktorarbeit": "thesis",
    "habilitation": "thesis", "tesis": "thesis", "tesi": "thesis",
    "report": "report", "technical": "report", "tech": "report", "rep": "report",
    "memorandum": "report", "memo": "report", "white": "report", "paper": "report",
    "rapport": "report", "bericht": "report", "working": "report",
    "preprint": "article", "arxiv": "article", "biorxiv": "article", "medrxiv": "article",
    "ssrn": "article", "submitted": "article", "unpublished": "manuscript",
    "manuscript": "manuscript", "ms": "manuscript",
    "patent": "patent", "software": "software", "package": "software", "version": "software",
    "dataset": "dataset", "data": "dataset", "database": "dataset",
    "online": "webpage", "website": "webpage", "web": "webpage", "blog": "webpage",
    "retrieved": "webpage", "accessed": "webpage", "available": "webpage",
}  # fmt: skip
_GENRES = (
    (re.compile(r"\b(?:ph\.?\s?d|doctoral|master'?s?|m\.?\s?sc|diploma|bachelor'?s?)\b"
                r"|\b(?:thesis|dissertation|thèse|these|tesis|tesi|diss)\b"
                r"|\b(?:doktorarbeit|habilitationsschrift|dissertação)\b", re.I), "thesis"),
    (re.compile(r"\b(?:technical|tech\.?|research|internal)\s+(?:report|rep\.?|memo)"
                r"|\b(?:report|working paper|white paper|discussion paper|rapport|bericht)\b",
                re.I), "report"),
    (re.compile(r"\bpatent\b", re.I), "patent"),
    (re.compile(r"\b(?:software|computer program|r package|python package)\b", re.I),
     "software"),
    (re.compile(r"\b(?:data ?set|data file|database)\b", re.I), "dataset"),
    (re.compile(r"\b(?:preprint|arxiv|biorxiv|medrxiv|ssrn)\b", re.I), "article"),
    (re.compile(r"\b(?:unpublished|manuscript|in preparation|personal communication)\b",
                re.I), "manuscript"),
)  # fmt: skip


# GB/T 7714's document type codes, printed after a title: "…[J]. Journal", "[M/OL]".
TYPE_CODES = {
    "J": "article-journal", "M": "book", "C": "paper-conference", "D": "thesis",
    "R": "report", "N": "article-newspaper", "S": "standard", "P": "patent",
    "EB": "webpage", "DB": "dataset", "CP": "software", "A": "chapter", "G": "book",
    "Z": "", "DS": "dataset", "CM": "map", "A/OL": "chapter",
}  # fmt: skip
TYPE_CODE = re.compile(
    r"\[(" + "|".join(sorted(TYPE_CODES, key=len, reverse=True)) + r")(?:/OL)?\]"
)


def kind_of_type_code(text: str) -> str:
    """The kind a GB/T 7714 type code in the text names ("[J]" a journal article), or ""."""
    match = TYPE_CODE.search(text)
    return TYPE_CODES.get(match.group(1), "") if match else ""


def kind_of_genre(text: str) -> str:
    """The CSL type a printed genre ("PhD thesis", "Technical Report 11") names, or ""."""
    for pattern, kind in _GENRES:
        if pattern.search(text):
            return kind
    return ""
