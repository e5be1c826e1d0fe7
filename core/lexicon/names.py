"""The small words around people's names in a reference."""

from __future__ import annotations

# Lower-case particles that belong to a family name: "van der Waals", "de la Cruz".
NAME_PARTICLES = frozenset(
    {"van", "von", "de", "der", "den", "del", "della", "di", "da", "dos", "das", "du", "la",
     "le", "des", "ter", "ten", "zu", "zur", "af", "av", "bin", "ibn", "al", "el", "y", "st",
     "vander", "vanden", "do", "op", "het", "'t"}
)  # fmt: skip
NAME_SUFFIXES = frozenset({"jr", "sr", "ii", "iii", "iv", "jnr", "snr"})
# What joins the last two names of a list, in the languages of the literature.
AND_WORDS = frozenset({"and", "&", "und", "et", "y", "e", "en", "och", "og", "i", "и", "a"})
ET_AL_WORDS = frozenset({"et", "al", "others", "u.a", "ua", "и", "др"})
# What marks a list of editors (and translators) rather than authors.
EDITOR_WORDS = frozenset(
    {"ed", "eds", "editor", "editors", "edited", "edit", "hrsg", "hg", "herausgeber", "éd",
     "éds", "dir", "coord", "comp", "comps", "cura", "trans", "transl", "translated",
     "translator", "übers", "red"}
)  # fmt: skip
