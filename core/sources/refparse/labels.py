"""The parts of a printed reference a token can belong to."""

from __future__ import annotations

from enum import StrEnum


class Label(StrEnum):
    """What a token of a printed reference is part of (AnyStyle's and GROBID's fields, merged).

    `OTHER` is what belongs to no field: punctuation between fields, "In:", "pp.", "Vol.".
    """

    NUMBER = "citation-number"
    AUTHOR = "author"
    EDITOR = "editor"
    TITLE = "title"
    CONTAINER = "container"  # journal, book or proceedings the work is part of
    COLLECTION = "collection"  # a series: "Lecture Notes in Computer Science"
    VOLUME = "volume"
    ISSUE = "issue"
    PAGES = "pages"
    DATE = "date"
    PUBLISHER = "publisher"
    LOCATION = "location"
    EDITION = "edition"
    GENRE = "genre"  # "PhD thesis", "Technical Report 11", "[DVD]"
    NOTE = "note"
    DOI = "doi"
    URL = "url"
    IDENTIFIER = "identifier"  # arXiv, ISBN, PMID, report numbers
    OTHER = "other"
