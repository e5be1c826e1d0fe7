"""Words that say what kind of work a reference is, and the kind each says."""

from __future__ import annotations

import re
from enum import StrEnum

from cite_sentinel.core.model import Reference

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
    (re.compile(r"\b(?:unpublished|manuscript|in preparation|(?:personal|private) communication)\b",
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


# RIS record types (`TY  - JOUR`) as CSL types, as the RIS reader writes them.
RIS_TYPES = {
    "JOUR": "article-journal", "JFULL": "article-journal", "EJOUR": "article-journal",
    "ABST": "article-journal", "INPR": "article-journal", "MGZN": "article-magazine",
    "NEWS": "article-newspaper", "BOOK": "book", "EBOOK": "book", "EDBOOK": "book",
    "CHAP": "chapter", "ECHAP": "chapter", "CONF": "paper-conference",
    "CPAPER": "paper-conference", "THES": "thesis", "RPRT": "report", "ELEC": "webpage",
    "WEB": "webpage", "BLOG": "post-weblog", "DATA": "dataset", "DBASE": "dataset",
    "COMP": "software", "PAT": "patent", "STAND": "standard", "UNPB": "manuscript",
    "MANSCPT": "manuscript", "CASE": "legal_case", "STAT": "legislation", "BILL": "bill",
    "MAP": "map", "VIDEO": "motion_picture", "SOUND": "song", "ART": "graphic",
    "ENCYC": "entry-encyclopedia", "DICT": "entry-dictionary", "PCOMM": "personal_communication",
    "GEN": "article",
}  # fmt: skip


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


# Words of a bracketed descriptor printed after a title, which names the medium or genre, not
# the work: APA's "[Computer software]", "[Data set]", Vancouver's "[Internet]", "[in Russian]".
_DESCRIPTOR = re.compile(
    r"(?:computer|software|data ?set|dataset|internet|online|electronic|abstract|editorial"
    r"|letter|video|audio|podcast|film|map|slides|poster|cd-rom|dvd|microform|preprint"
    r"|thesis|dissertation|report|version|in [^\W\d_]+)\b",
    re.IGNORECASE,
)


def is_descriptor(text: str) -> bool:
    """Whether the text of a bracket after a title names a medium or genre ("Computer
    software", "Internet", "in German"), not a part of the title."""
    return bool(_DESCRIPTOR.match(text.strip()))


class Kind(StrEnum):
    """A kind of work, whichever vocabulary named it: a BibTeX entry type, a CSL type, or the
    type an index gives its record. Each vocabulary maps onto it here and nowhere else."""

    ARTICLE = "article"  # in a journal, magazine or newspaper
    PAPER = "paper"  # in a conference's proceedings
    PREPRINT = "preprint"  # posted to a repository before (or without) a venue's review
    BOOK = "book"
    CHAPTER = "chapter"  # a part of a book
    THESIS = "thesis"
    REPORT = "report"
    DATASET = "dataset"
    SOFTWARE = "software"
    MANUSCRIPT = "manuscript"  # unpublished
    WEBPAGE = "webpage"
    PATENT = "patent"
    STANDARD = "standard"
    OTHER = "other"  # named, but none of the above (BibTeX misc, CSL document)
    UNKNOWN = ""  # not said, or in words no vocabulary here knows


_BIBTEX_KINDS: dict[str, Kind] = {
    "article": Kind.ARTICLE, "periodical": Kind.ARTICLE,
    "inproceedings": Kind.PAPER, "conference": Kind.PAPER,
    "book": Kind.BOOK, "mvbook": Kind.BOOK, "booklet": Kind.BOOK, "collection": Kind.BOOK,
    "mvcollection": Kind.BOOK, "proceedings": Kind.BOOK, "mvproceedings": Kind.BOOK,
    "reference": Kind.BOOK,
    "incollection": Kind.CHAPTER, "inbook": Kind.CHAPTER, "bookinbook": Kind.CHAPTER,
    "inreference": Kind.CHAPTER, "suppbook": Kind.CHAPTER, "suppcollection": Kind.CHAPTER,
    "phdthesis": Kind.THESIS, "mastersthesis": Kind.THESIS, "thesis": Kind.THESIS,
    "techreport": Kind.REPORT, "report": Kind.REPORT, "manual": Kind.REPORT,
    "unpublished": Kind.MANUSCRIPT,
    "online": Kind.WEBPAGE, "electronic": Kind.WEBPAGE, "www": Kind.WEBPAGE,
    "dataset": Kind.DATASET, "software": Kind.SOFTWARE, "patent": Kind.PATENT,
    "standard": Kind.STANDARD, "misc": Kind.OTHER,
}  # fmt: skip
# Every other kind is a @misc, which every BibTeX style prints.
_BIBTEX_TYPES: dict[Kind, str] = {
    Kind.ARTICLE: "article", Kind.PAPER: "inproceedings", Kind.BOOK: "book",
    Kind.CHAPTER: "incollection", Kind.THESIS: "phdthesis", Kind.REPORT: "techreport",
    Kind.MANUSCRIPT: "unpublished",
}  # fmt: skip
_CSL_KINDS: dict[str, Kind] = {
    "article-journal": Kind.ARTICLE, "article-magazine": Kind.ARTICLE,
    "article-newspaper": Kind.ARTICLE, "periodical": Kind.ARTICLE, "review": Kind.ARTICLE,
    "review-book": Kind.ARTICLE,
    "paper-conference": Kind.PAPER, "speech": Kind.PAPER, "article": Kind.PREPRINT,
    "book": Kind.BOOK, "classic": Kind.BOOK, "collection": Kind.BOOK,
    "chapter": Kind.CHAPTER, "entry": Kind.CHAPTER, "entry-dictionary": Kind.CHAPTER,
    "entry-encyclopedia": Kind.CHAPTER,
    "thesis": Kind.THESIS, "report": Kind.REPORT, "dataset": Kind.DATASET,
    "software": Kind.SOFTWARE, "manuscript": Kind.MANUSCRIPT,
    "webpage": Kind.WEBPAGE, "post": Kind.WEBPAGE, "post-weblog": Kind.WEBPAGE,
    "patent": Kind.PATENT, "standard": Kind.STANDARD, "document": Kind.OTHER,
}  # fmt: skip
_CSL_TYPES: dict[Kind, str] = {
    Kind.ARTICLE: "article-journal", Kind.PAPER: "paper-conference", Kind.PREPRINT: "article",
    Kind.BOOK: "book", Kind.CHAPTER: "chapter", Kind.THESIS: "thesis", Kind.REPORT: "report",
    Kind.DATASET: "dataset", Kind.SOFTWARE: "software", Kind.MANUSCRIPT: "manuscript",
    Kind.WEBPAGE: "webpage", Kind.PATENT: "patent", Kind.STANDARD: "standard",
    Kind.OTHER: "document",
}  # fmt: skip
# Readers whose references carry CSL types (besides csl-json and csl-yaml).
_CSL_READERS = frozenset({"manubot", "reflist", "ris"})  # readers that write CSL types
# The indexes' types (OpenAlex, Crossref, DataCite's resourceTypeGeneral, Semantic Scholar's
# publicationTypes, arXiv's and the catalog importers'), lower case.
_INDEX_KINDS: dict[str, Kind] = {
    "article": Kind.ARTICLE, "journal-article": Kind.ARTICLE, "journalarticle": Kind.ARTICLE,
    "review": Kind.ARTICLE, "letter": Kind.ARTICLE, "editorial": Kind.ARTICLE,
    "erratum": Kind.ARTICLE, "retraction": Kind.ARTICLE, "lettersandcomments": Kind.ARTICLE,
    "casereport": Kind.ARTICLE, "clinicaltrial": Kind.ARTICLE, "metaanalysis": Kind.ARTICLE,
    "study": Kind.ARTICLE, "news": Kind.ARTICLE, "datapaper": Kind.ARTICLE,
    "proceedings-article": Kind.PAPER, "conference": Kind.PAPER,
    "conferencepaper": Kind.PAPER,
    "preprint": Kind.PREPRINT, "posted-content": Kind.PREPRINT,
    "book": Kind.BOOK, "monograph": Kind.BOOK, "edited-book": Kind.BOOK,
    "reference-book": Kind.BOOK, "proceedings": Kind.BOOK, "conferenceproceeding": Kind.BOOK,
    "book-set": Kind.BOOK,
    "book-chapter": Kind.CHAPTER, "book-section": Kind.CHAPTER, "book-part": Kind.CHAPTER,
    "reference-entry": Kind.CHAPTER, "booksection": Kind.CHAPTER, "bookchapter": Kind.CHAPTER,
    "dissertation": Kind.THESIS, "thesis": Kind.THESIS,
    "report": Kind.REPORT, "report-component": Kind.REPORT, "report-series": Kind.REPORT,
    "dataset": Kind.DATASET, "software": Kind.SOFTWARE, "computationalnotebook": Kind.SOFTWARE,
    "standard": Kind.STANDARD, "patent": Kind.PATENT,
    **{str(kind): kind for kind in Kind if kind is not Kind.UNKNOWN},  # a Kind as a type
}  # fmt: skip


def kind_of_bibtex(entry_type: str) -> Kind:
    """The kind a BibTeX or biblatex entry type names (`inproceedings`: a paper)."""
    return _BIBTEX_KINDS.get(entry_type.strip().lower(), Kind.UNKNOWN)


def bibtex_type(kind: Kind) -> str:
    """The BibTeX entry type every style knows for the kind; `misc` for the rest."""
    return _BIBTEX_TYPES.get(kind, "misc")


def kind_of_csl(csl_type: str) -> Kind:
    """The kind a CSL type names (`article`, CSL's type of a preprint: a preprint)."""
    return _CSL_KINDS.get(csl_type.strip().lower(), Kind.UNKNOWN)


def csl_type(kind: Kind) -> str:
    """The CSL type of the kind; "" for an unknown one."""
    return _CSL_TYPES.get(kind, "")


def kind_of_index_type(index_type: str) -> Kind:
    """The kind an index's type of work names: the first one known of a comma-separated list
    (Semantic Scholar gives several: `JournalArticle,Review`)."""
    for part in index_type.split(","):
        kind = _INDEX_KINDS.get(part.strip().lower())
        if kind is not None:
            return kind
    return Kind.OTHER if index_type.strip() else Kind.UNKNOWN


def kind_of_reference(reference: Reference) -> Kind:
    """The kind a reference's type names as its file writes it: a CSL type in CSL files and
    in Manubot's and the free-text reader's references, a BibTeX entry type elsewhere; a type
    of the other vocabulary, or an index's, where the file's own does not know it."""
    written = reference.kind
    if reference.source_format.startswith("csl") or reference.source_format in _CSL_READERS:
        kind = kind_of_csl(written) or kind_of_bibtex(written)
    else:
        kind = kind_of_bibtex(written) or kind_of_csl(written)
    return kind or _INDEX_KINDS.get(written.strip().lower(), Kind.UNKNOWN)
