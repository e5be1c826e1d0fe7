"""Venue names shortened as people and indexes shorten them: ISO 4 style, and acronyms.

`abbreviate` follows the ISO 4 rules (each significant word by its List of Title Word
Abbreviations form, articles, prepositions and conjunctions dropped, a one-word title kept
whole); the table holds the common title words' LTWA forms, and a word outside it is cut
after its first syllables, as a writer who does not know the list would cut it.
"""

from __future__ import annotations

import re

_WORD = re.compile(r"(?:[^\W\d_]\.){2,}|[^\W\d_][^\W_]*[.']?|\d[^\W_]*|&")
_DROPPED = frozenset(
    (
        *("a", "an", "the", "of", "and", "for", "in", "on", "at", "to", "with", "by", "from"),
        *("&", "und", "der", "die", "das", "des", "et", "de", "la", "le", "les", "du", "y", "e"),
        *("für", "zur", "zum", "im", "del", "della", "di", "do", "da", "dos", "em", "en"),
    )
)
_VOWELS = frozenset("aeiouy")
_MIN_KEPT = 5  # words this short are never cut
# LTWA forms of common title words (by lower-case word).
_LTWA = {
    "academy": "Acad.", "acta": "Acta", "advances": "Adv.", "agricultural": "Agric.",
    "annales": "Ann.", "archiv": "Arch.", "revista": "Rev.", "revue": "Rev.", "rivista": "Riv.",
    "zeitschrift": "Z.",
    "american": "Am.", "analysis": "Anal.", "anatomy": "Anat.", "annals": "Ann.",
    "annual": "Annu.", "applications": "Appl.", "applied": "Appl.", "archives": "Arch.",
    "artificial": "Artif.", "association": "Assoc.", "astronomy": "Astron.",
    "astrophysical": "Astrophys.", "astrophysics": "Astrophys.", "australian": "Aust.",
    "behavior": "Behav.", "behavioral": "Behav.", "behaviour": "Behav.", "biochemical": "Biochem.",
    "biochemistry": "Biochem.", "biological": "Biol.", "biology": "Biol.", "biophysics": "Biophys.",
    "british": "Br.", "bulletin": "Bull.", "canadian": "Can.", "cardiology": "Cardiol.",
    "cellular": "Cell.", "chemical": "Chem.", "chemistry": "Chem.", "chinese": "Chin.",
    "clinical": "Clin.", "cognitive": "Cogn.", "communication": "Commun.",
    "communications": "Commun.", "comparative": "Comp.", "computational": "Comput.",
    "computer": "Comput.", "computing": "Comput.", "conference": "Conf.", "current": "Curr.",
    "dental": "Dent.", "development": "Dev.", "developmental": "Dev.", "disease": "Dis.",
    "diseases": "Dis.", "ecology": "Ecol.", "economic": "Econ.", "economics": "Econ.",
    "education": "Educ.", "electrical": "Electr.", "electronic": "Electron.",
    "endocrinology": "Endocrinol.", "engineering": "Eng.", "environmental": "Environ.",
    "epidemiology": "Epidemiol.", "european": "Eur.", "experimental": "Exp.",
    "frontiers": "Front.", "general": "Gen.", "genetics": "Genet.", "geological": "Geol.",
    "geology": "Geol.", "geophysical": "Geophys.", "history": "Hist.", "immunology": "Immunol.",
    "industrial": "Ind.", "infectious": "Infect.", "information": "Inf.", "institute": "Inst.",
    "intelligence": "Intell.", "international": "Int.", "japanese": "Jpn.", "journal": "J.",
    "language": "Lang.", "learning": "Learn.", "letters": "Lett.", "linguistics": "Linguist.",
    "machine": "Mach.", "management": "Manag.", "materials": "Mater.", "mathematical": "Math.",
    "mathematics": "Math.", "mechanical": "Mech.", "mechanics": "Mech.", "medical": "Med.",
    "medicine": "Med.", "metabolism": "Metab.", "methods": "Methods", "microbiology": "Microbiol.",
    "modern": "Mod.", "molecular": "Mol.", "national": "Natl.", "natural": "Nat.",
    "nature": "Nat.", "network": "Netw.", "networks": "Netw.", "neurology": "Neurol.",
    "neuroscience": "Neurosci.", "nuclear": "Nucl.", "numerical": "Numer.", "nursing": "Nurs.",
    "nutrition": "Nutr.", "obstetrics": "Obstet.", "oncology": "Oncol.",
    "ophthalmology": "Ophthalmol.", "optical": "Opt.", "optics": "Opt.", "optimization": "Optim.",
    "pathology": "Pathol.", "pediatrics": "Pediatr.", "pharmacology": "Pharmacol.",
    "philosophical": "Philos.", "philosophy": "Philos.", "physical": "Phys.", "physics": "Phys.",
    "physiology": "Physiol.", "planetary": "Planet.", "political": "Polit.",
    "proceedings": "Proc.", "processing": "Process.", "psychiatry": "Psychiatry",
    "psychological": "Psychol.", "psychology": "Psychol.", "quarterly": "Q.",
    "radiology": "Radiol.", "recognition": "Recognit.", "rehabilitation": "Rehabil.",
    "report": "Rep.", "reports": "Rep.", "research": "Res.", "review": "Rev.", "reviews": "Rev.",
    "robotics": "Robot.", "royal": "R.", "science": "Sci.", "sciences": "Sci.",
    "scientific": "Sci.", "series": "Ser.", "social": "Soc.", "society": "Soc.",
    "sociology": "Sociol.", "software": "Softw.", "statistical": "Stat.", "statistics": "Stat.",
    "studies": "Stud.", "surgery": "Surg.", "symposium": "Symp.", "systems": "Syst.",
    "technology": "Technol.", "theoretical": "Theor.", "therapy": "Ther.",
    "toxicology": "Toxicol.", "transactions": "Trans.", "university": "Univ.",
    "veterinary": "Vet.", "zoology": "Zool.",
}  # fmt: skip


def abbreviate(venue: str) -> str:
    """An ISO 4 style abbreviation: "Journal of Applied Physics" -> "J. Appl. Phys."."""
    words = _WORD.findall(venue)
    significant = [w for w in words if not _dropped(w)]
    if len(significant) <= 1:
        return venue.strip()
    return " ".join(_word(w) for w in significant)


def acronym(venue: str) -> str:
    """Initials of the significant words: "Symposium on Discrete Algorithms" -> "SDA"."""
    words = [w for w in _WORD.findall(venue) if not _dropped(w)]
    letters = [w[0].upper() for w in words if not w[0].isdigit()]
    return "".join(letters) if len(letters) > 1 else venue.strip()


def _dropped(word: str) -> bool:
    """An article, preposition or conjunction ("e" and "y" only in lower case: "E." is a word)."""
    bare = word.strip(".'")
    return (bare.lower() if len(bare) > 1 else bare) in _DROPPED


def _word(word: str) -> str:
    known = _LTWA.get(word.lower().strip(".'"))
    if known is not None:
        return known
    if word[0].isdigit() or word.endswith(".") or len(word) <= _MIN_KEPT or word.isupper():
        return word
    return _cut(word)


def _cut(word: str) -> str:
    """The word cut before the vowel that starts its next syllable: "Humanities" -> "Human."."""
    lower = word.lower()
    for end in range(4, len(word) - 1):
        if lower[end - 1] not in _VOWELS and lower[end] in _VOWELS:
            return word[:end] + "."
    return word
