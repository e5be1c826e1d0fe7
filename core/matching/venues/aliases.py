"""Machine-learning venues' many names: "NIPS", "NeurIPS" and the long name are one venue."""

from __future__ import annotations

import functools

from cite_sentinel.core.matching.venues.words import STOPWORDS, words

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
    "acl": ("acl", "annual meeting of the association for computational linguistics",
            "meeting of the association for computational linguistics"),
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
    "osdi": ("osdi", "operating systems design and implementation"),
    "nsdi": ("nsdi", "networked systems design and implementation"),
    "neco": ("neco", "neural computation", "neural comput"),
}  # fmt: skip
_CANONICAL = {alias: short for short, names in _ALIASES.items() for alias in names}
_STOPWORDS = STOPWORDS | {"proceedings", "proc", "ieee", "acm", "cvf", "th", "st", "nd", "rd", "a"}
# Flagship venues of one field. A workshop paper at one of them (non-archival) is commonly
# published later, under the same title, at one of them; an index that holds only the
# workshop version cannot refute a citation of that field's flagship venue.
_FLAGSHIPS = (
    frozenset({"neurips", "icml", "iclr"}),
    frozenset({"cvpr", "iccv", "eccv"}),
    frozenset({"acl", "emnlp", "naacl"}),
)
# Venues that publish without registering DOIs (NeurIPS's own proceedings, PMLR, OpenReview,
# JMLR, TMLR, USENIX's OSDI and NSDI): the indexes often hold only the arXiv record of a
# paper published there, so a record that is only a preprint cannot refute a citation of one.
_WITHOUT_DOIS = frozenset(
    {"neurips", "icml", "iclr", "aistats", "uai", "colt", "corl", "jmlr", "tmlr", "mlsys",
     "osdi", "nsdi"}
)  # fmt: skip


# Known venues that are journals; every other one the table knows is a conference.
_JOURNALS = frozenset({"jmlr", "tmlr", "mlj", "jair", "tpami", "neco"})
_MEETING_WORDS = frozenset(
    {"proceedings", "proc", "conference", "conf", "symposium", "workshop", "workshops",
     "meeting", "congress", "colloquium"}
)  # fmt: skip


def names_a_conference(venue: str) -> bool:
    """Whether a cited venue is a conference's or workshop's (by its words, or a known name
    such as CVPR or OSDI), not a journal's."""
    named = words(venue)
    if _MEETING_WORDS & set(named):
        return True
    return bool(_canonical_keys(named) - _JOURNALS)


def canonical_keys(name: str) -> frozenset[str]:
    """The short names of known venues a name contains ("neurips" for "Proc. of NIPS")."""
    return _canonical_keys(words(name))


def workshop_version(cited: str, venue: str, venue_short: str = "") -> bool:
    """Whether the record is a workshop paper and the citation names a flagship of its field."""
    record_words = words(venue) + words(venue_short)
    cited_words = words(cited)
    if not _is_workshop(record_words) or _is_workshop(cited_words):
        return False
    hosts = _canonical_keys(words(venue_short)) | _canonical_keys(words(venue))
    claimed = _canonical_keys(cited_words)
    return any(hosts & field and claimed & field for field in _FLAGSHIPS)


def publishes_without_dois(venue: str) -> bool:
    """Whether the venue's papers may lack a published record in the indexes: a venue that
    registers no DOIs, or a workshop. (PMLR or CEUR named as the venue claim none at all.)"""
    named = words(venue)
    return bool(_canonical_keys(named) & _WITHOUT_DOIS) or _is_workshop(named)


def canonical(venue: str) -> str:
    """The short name a venue is known by ("neurips"), or its normalised words."""
    found = sorted(canonical_keys(venue))
    return found[0] if found else " ".join(words(venue))


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
