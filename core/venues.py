"""Venue comparison through aliases and abbreviations: "NIPS", "NeurIPS" and the long name agree."""

from __future__ import annotations

import functools
import re

from cite_sentinel.core.titles import fold

# Canonical short name → the names and abbreviations that mean it (normalised words).
_ALIASES: dict[str, tuple[str, ...]] = {
    "neurips": ("nips", "neurips", "advances in neural information processing systems",
                "neural information processing systems", "conference on neural information "
                "processing systems"),
    "icml": ("icml", "international conference on machine learning"),
    "iclr": ("iclr", "international conference on learning representations"),
    "cvpr": ("cvpr", "conference on computer vision and pattern recognition",
             "computer vision and pattern recognition"),
    "iccv": ("iccv", "international conference on computer vision"),
    "eccv": ("eccv", "european conference on computer vision"),
    "aaai": ("aaai", "aaai conference on artificial intelligence"),
    "ijcai": ("ijcai", "international joint conference on artificial intelligence"),
    "aistats": ("aistats", "international conference on artificial intelligence and statistics",
                "artificial intelligence and statistics"),
    "uai": ("uai", "conference on uncertainty in artificial intelligence",
            "uncertainty in artificial intelligence"),
    "colt": ("colt", "conference on learning theory", "annual conference on learning theory",
             "conference on computational learning theory"),
    "kdd": ("kdd", "sigkdd", "knowledge discovery and data mining"),
    "www": ("www", "the web conference", "world wide web conference", "thewebconf"),
    "sigir": ("sigir", "research and development in information retrieval"),
    # MLOSS, JMLR's track for open-source software papers, is published in JMLR itself.
    "jmlr": ("jmlr", "journal of machine learning research", "j mach learn res", "mloss"),
    "tmlr": ("tmlr", "transactions on machine learning research", "trans mach learn res"),
    "mlj": ("mlj", "machine learning", "mach learn"),
    "acl": ("acl", "annual meeting of the association for computational linguistics"),
    "emnlp": ("emnlp", "empirical methods in natural language processing"),
    "naacl": ("naacl", "north american chapter of the association for computational linguistics"),
    "corl": ("corl", "conference on robot learning"),
    "interspeech": ("interspeech",),
    "icassp": ("icassp", "international conference on acoustics speech and signal processing"),
    "wacv": ("wacv", "winter conference on applications of computer vision"),
    "bmvc": ("bmvc", "british machine vision conference"),
    "chi": ("chi", "conference on human factors in computing systems"),
    "jair": ("jair", "journal of artificial intelligence research", "j artif intell res"),
    "tpami": ("tpami", "pami", "transactions on pattern analysis and machine intelligence",
              "ieee trans pattern anal mach intell"),
    "mlsys": ("mlsys", "sysml", "conference on machine learning and systems"),
    "neco": ("neco", "neural computation", "neural comput"),
}  # fmt: skip
_CANONICAL = {alias: short for short, names in _ALIASES.items() for alias in names}
_STOPWORDS = frozenset({"of", "on", "the", "and", "in", "for", "proceedings", "proc", "a", "an",
                        "to", "at", "ieee", "acm", "cvf", "th", "st", "nd", "rd"})  # fmt: skip
_PREPRINT = re.compile(r"\b(arxiv|corr|preprint|biorxiv|medrxiv|ssrn|openreview|submitted)\b")
# Flagship venues of one field. A workshop paper at one of them (non-archival) is commonly
# published later, under the same title, at one of them; an index that holds only the
# workshop version cannot refute a citation of that field's flagship venue.
_FLAGSHIPS = (
    frozenset({"neurips", "icml", "iclr"}),
    frozenset({"cvpr", "iccv", "eccv"}),
    frozenset({"acl", "emnlp", "naacl"}),
)
_EVENT_WORDS = frozenset({"workshop", "conference", "symposium", "international", "annual"})
# Series that publish many venues' proceedings: naming one does not say which venue.
_SERIES = re.compile(
    r"^(proceedings of machine learning research|pmlr|lecture notes in computer science|lncs"
    r"|ceur workshop proceedings|ceur ws|jmlr workshop and conference proceedings|jmlr w ?(and )?cp"
    r"|lecture notes in artificial intelligence|lnai)( vol(ume)? \d+)?$"
)


def is_venue_claim(venue: str) -> bool:
    """False for "arXiv preprint", CoRR and the like: naming a preprint server claims no venue."""
    words = _words(venue)
    phrase = " ".join(words)
    if not any(w not in _STOPWORDS and not w.isdigit() for w in words):
        return False  # "Proceedings", "In Proc."
    return not (_PREPRINT.search(phrase) or _SERIES.match(phrase))


def agrees(cited: str, venue: str, venue_short: str = "") -> bool:
    """Whether a cited venue can name the index's venue (long name or short name)."""
    if not is_venue_claim(cited):
        return True
    if not (venue or venue_short):
        return True  # the index knows no venue: nothing contradicts the citation
    cited_words = _words(cited)
    if cited_words and cited_words in (_words(venue), _words(venue_short)):
        return True  # the same name ("Nature" for Nature)
    cited_keys = _canonical_keys(cited_words)
    record_keys = _canonical_keys(_words(venue_short)) | _canonical_keys(_words(venue))
    if cited_keys & record_keys:
        return True  # a conference's workshops count as the conference
    long_words = _words(venue)
    acronyms = {_initials(long_words), _initials(long_words, _EVENT_WORDS)}
    if "".join(cited_words) in {"".join(_words(venue_short)), *acronyms}:
        return True  # "ECML PKDD" for ECMLPKDD; "ECCV" for European Conference on Computer Vision
    if long_words and (
        _abbreviates(cited_words, long_words) or _abbreviates(long_words, cited_words)
    ):
        return True
    cited_core = [w for w in cited_words if w not in _STOPWORDS and not w.isdigit()]
    long_core = {w for w in long_words if w not in _STOPWORDS}
    return (
        bool(cited_core)
        and not cited_keys
        and set(cited_core) <= long_core
        and len(cited_core) >= 3
    )


def workshop_version(cited: str, venue: str, venue_short: str = "") -> bool:
    """Whether the record is a workshop paper and the citation names a flagship of its field."""
    record_words = _words(venue) + _words(venue_short)
    cited_words = _words(cited)
    if not _is_workshop(record_words) or _is_workshop(cited_words):
        return False
    hosts = _canonical_keys(_words(venue_short)) | _canonical_keys(_words(venue))
    claimed = _canonical_keys(cited_words)
    return any(hosts & field and claimed & field for field in _FLAGSHIPS)


def canonical(venue: str) -> str:
    """The short name a venue is known by ("neurips"), or its normalised words."""
    words = _words(venue)
    keys = sorted(_canonical_keys(words))
    return keys[0] if keys else " ".join(words)


@functools.lru_cache(maxsize=16384)
def _words(text: str) -> tuple[str, ...]:
    text = fold(text).lower().replace("&", " and ")
    text = re.sub(r"'?\b(19|20)\d\d\b", " ", text)  # "ICML 2021", "NeurIPS'20"
    return tuple(re.sub(r"[^a-z0-9]+", " ", text).split())


@functools.lru_cache(maxsize=16384)
def _canonical_keys(words: tuple[str, ...]) -> frozenset[str]:
    """Short names the words contain: a whole alias, or an acronym standing among them."""
    if not words:
        return frozenset()
    keys: set[str] = set()
    phrase = " ".join(words)
    core = " ".join(w for w in words if w not in _STOPWORDS)
    for candidate in (phrase, core):
        if candidate in _CANONICAL:
            keys.add(_CANONICAL[candidate])
    padded = f" {phrase} "
    for alias, short in _CANONICAL.items():
        if len(alias.split()) >= 3 and f" {alias} " in padded:
            keys.add(short)
    for word in words:
        stripped = word[:-1] if len(word) > 3 and word.endswith("w") else word
        for key in (word, stripped):
            if key in _CANONICAL and len(key.split()) == 1 and key not in {"machine", "chi"}:
                keys.add(_CANONICAL[key])
    if "chi" in words and ("human" in words or len(words) <= 2):
        keys.add("chi")
    return frozenset(keys)


def _is_workshop(words: tuple[str, ...]) -> bool:
    """A "workshop" in the name, or DBLP's short name for a venue's workshops ("ICLRW")."""
    return any(
        w in {"workshop", "workshops"} or (len(w) > 3 and w.endswith("w") and w[:-1] in _CANONICAL)
        for w in words
    )


def _initials(words: tuple[str, ...], skip: frozenset[str] = frozenset()) -> str:
    kept = [w for w in words if w not in _STOPWORDS and w not in skip and not w.isdigit()]
    return "".join(w[0] for w in kept) if len(kept) >= 2 else ""


def _abbreviates(short: tuple[str, ...], long: tuple[str, ...]) -> bool:
    """ISO 4 style: each word of `short` begins the next significant word of `long`."""
    s = [w for w in short if w not in _STOPWORDS]
    long_core = [w for w in long if w not in _STOPWORDS]
    if len(s) < 2 or len(s) != len(long_core):
        return False
    return all(b.startswith(a) for a, b in zip(s, long_core, strict=True)) and s != long_core
