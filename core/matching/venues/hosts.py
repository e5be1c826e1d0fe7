"""Names an index gives as a venue that are no venue: publishers, repositories, platforms, series.

A record whose "venue" is one of these cannot refute the venue a citation names: OpenAlex
files book chapters under "Springer eBooks", theses under "CaltechAUTHORS", preprints under
"arXiv (Cornell University)"; a lecture-notes series publishes many venues' proceedings.
"""

from __future__ import annotations

import functools
import re

from cite_sentinel.core.matching.venues.words import words

# OpenAlex source types (and the like from other indexes) that are not a journal or a venue.
HOST_KINDS = frozenset({
    "repository", "ebook platform", "book series", "publisher", "metadata", "other",
    "institution", "funder", "platform",
})  # fmt: skip
_REPOSITORY = re.compile(
    r"\b(arxiv|corr|biorxiv|medrxiv|chemrxiv|psyarxiv|socarxiv|edarxiv|engrxiv|osf preprints"
    r"|ssrn|research square|preprints?|authorea|zenodo|figshare|dryad|pangaea|dataverse"
    r"|europe pmc|pubmed central|pmc|hal|hal ?shs|theses\.fr|eprints?|dspace|repository"
    r"|repositorio|repositorium|depositonce|digital commons|scholarworks|escholarship"
    r"|open access archive|archive ouverte|institutional)\b"
)
_PUBLISHER = re.compile(
    r"^(springer( nature| science( and business media)?| berlin| international| verlag)?"
    r"|elsevier( bv)?|(john )?wiley( and sons| blackwell)?|taylor (and|&) francis|informa"
    r"|routledge|sage|prentice hall|pearson( education)?|addison wesley|mcgraw hill"
    r"|o ?reilly( media)?|cengage( learning)?|morgan kaufmann|chapman (and )?hall( crc)?"
    r"( publications)?|de gruyter|brill|palgrave( macmillan)?|macmillan|mdpi|karger|thieme"
    r"|wolters kluwer|lippincott|ios press|world scientific|crc press|academic press|bentham"
    r"|emerald( publishing)?|hindawi|frontiers media|cambridge university press"
    r"|oxford university press|[a-z]+ university press|university of [a-z]+ press"
    r"|american chemical society|royal society of chemistry|iop publishing|ieee|acm|aip"
    r"|springer ebooks|[a-z ]*ebooks?|google books|books on demand"
    r"|ieee xplore( digital library)?|acm digital library|acm dl|science ?direct|jstor"
    r"|springer ?link|wiley online library|taylor (and|&) francis online|researchgate"
    r"|google scholar|semantic scholar|citeseerx?|ebsco(host)?|proquest|scopus"
    r"|web of science)$"
)
_CORPORATE_TAIL = re.compile(
    r"\b(press|publishing|publishers?|verlag|gmbh|ltd|inc|llc|co|bv|ag|sa|editions?|books|group)$"
)
_SERIES = re.compile(
    r"^(lecture notes in [a-z ]+|springer proceedings in [a-z ]+|advances in intelligent "
    r"systems and computing|communications in computer and information science"
    r"|ceur workshop proceedings|ceur ws|proceedings of machine learning research|pmlr"
    r"|jmlr workshop and conference proceedings|jmlr w ?(and )?cp|lncs|lnai|lnbip|ccis"
    r"|springer briefs in [a-z ]+|studies in [a-z ]+ intelligence|smart innovation systems"
    r" and technologies|aip conference proceedings series|eurographics)( vol(ume)? \d+)?$"
)


@functools.lru_cache(maxsize=16384)
def is_host(name: str, kind: str = "") -> bool:
    """Whether an index's "venue" names a publisher, repository, platform or series."""
    if kind.strip().lower() in HOST_KINDS:
        return True
    phrase = " ".join(words(name))
    if not phrase:
        return False
    if _REPOSITORY.search(phrase) and not _journal_words(phrase):
        return True
    if name.endswith("AUTHORS") or name.endswith("Repository"):
        return True  # CaltechAUTHORS, "… Institutional Repository"
    return bool(_PUBLISHER.search(phrase) or _SERIES.match(phrase)) or (
        bool(_CORPORATE_TAIL.search(phrase)) and not _journal_words(phrase)
    )


def is_umbrella(name: str) -> bool:
    """A name an index gives every paper of a family of venues: OpenAlex files the whole ACL
    Anthology (workshops, EMNLP, LREC…) under "Meeting of the Association for Computational
    Linguistics". It confirms a citation of that family and refutes a known other venue, but
    says nothing against a workshop's own name."""
    return " ".join(words(name)) in _UMBRELLAS


_UMBRELLAS = frozenset({"meeting of the association for computational linguistics"})


def is_preprint_server(name: str) -> bool:
    """arXiv, bioRxiv, SSRN and the like: where preprints are posted, not published."""
    phrase = " ".join(words(name))
    return bool(
        re.search(r"\b(arxiv|corr|[a-z]*rxiv|ssrn|research square|preprints?|authorea)\b", phrase)
    ) and not _journal_words(phrase)


def _journal_words(phrase: str) -> bool:
    """ "SSRN Electronic Journal" is SSRN; "Journal of Open Source Software" is a journal."""
    if re.search(r"\bssrn\b", phrase):
        return False
    return bool(re.search(r"\b(journal|review|letters|transactions|annals|bulletin)\b", phrase))
