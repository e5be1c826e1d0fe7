"""Which references cite a dataset or software: the works DataCite, not the paper indexes, holds.

Decided from the entry's kind and the fields that say where the work lives, never from its
title: a BibLaTeX `@dataset` or `@software` (and biblatex-software's kinds), a CSL `dataset`
or `software`; an untyped entry (`@misc`, `@online`, `@manual`) whose note, type, publisher,
`howpublished` or URL calls it data or software or names a data repository or a code host.
"""

from __future__ import annotations

import re

from cite_sentinel.core.model import Reference

# BibLaTeX, biblatex-software and CSL names of data and software entries.
DATA_KINDS = frozenset({
    "dataset", "data", "software", "softwareversion", "softwaremodule", "codefragment",
})  # fmt: skip
# Kinds that say little about the work: the fields below decide.
_UNTYPED = frozenset({"misc", "", "online", "electronic", "www", "manual"})
_WHERE = (
    "note", "howpublished", "publisher", "organization", "institution", "type", "genre",
    "medium", "archive", "repository", "url",
)  # fmt: skip
# Repositories that register a DOI for everything they publish, at DataCite.
_DATA_REPOSITORY = re.compile(
    r"\b(zenodo|figshare|dryad|datadryad|pangaea|dataverse|icpsr|gbif|osf|open science"
    r" framework|mendeley|data ?(repository|archive|centre|center|bank|library|portal"
    r"|publisher)|databank)\b"
)
# Where code lives without a DataCite DOI of its own (CRAN's DOIs are Crossref's).
_CODE_HOST = re.compile(
    r"\b(github|gitlab|bitbucket|sourceforge|cran|pypi|bioconductor|software heritage"
    r"|softwareheritage|code ?ocean)\b"
)
_DESCRIBED = re.compile(
    r"\b(data ?sets?|data files?|databases?|data collection|computer (software|programs?|code)"
    r"|software|source code|r package|python package|stata module|matlab toolbox|repository)\b"
)


def cites_data(reference: Reference) -> bool:
    """A dataset or software: DataCite is the index to search for it (and a paper index may
    hold it too); an entry with an arXiv id is a paper, whatever its kind."""
    kind = reference.kind.lower()
    ids = reference.identifiers
    if ids.arxiv or ids.doi.startswith("10.48550/"):
        return False
    if kind in DATA_KINDS:
        return True
    if kind not in _UNTYPED:
        return False
    where = _where(reference)
    return bool(
        _DATA_REPOSITORY.search(where) or _CODE_HOST.search(where) or _DESCRIBED.search(where)
    )


def names_data_repository(reference: Reference) -> bool:
    """Data or software said to be published by a repository that registers its DOIs at
    DataCite: if DataCite has no such record, no repository published it."""
    return cites_data(reference) and bool(_DATA_REPOSITORY.search(_where(reference)))


def _where(reference: Reference) -> str:
    """The fields that say where the work lives, lower case, URLs' dots as spaces."""
    values = [reference.field(name) for name in _WHERE]
    values += [reference.publisher, reference.identifiers.url]
    return " ".join(re.sub(r"[./_]+", " ", value.lower()) for value in values if value)
