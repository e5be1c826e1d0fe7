"""The words that head a reference list, and those that head what follows or precedes one."""

from __future__ import annotations

import re
import unicodedata

_TITLES = frozenset(
    {
        "references", "reference", "bibliography", "bibliographie", "bibliografia", "bibliografie",
        "bibliografi", "referencesandnotes", "referencesandnote", "notesandreferences",
        "literaturecited", "workscited", "referencelist", "listofreferences", "citedliterature",
        "literaturereferences", "literature", "literatur", "literaturverzeichnis", "quellen",
        "quellenverzeichnis", "referencesbibliographiques", "referencias",
        "referenciasbibliograficas", "bibliografiareferencias", "bibliograficas", "riferimenti",
        "riferimentibibliografici", "literatuur", "literatuurlijst", "referenties", "litteratur",
        "litteraturforteckning", "kaynaklar", "kaynakca", "piśmiennictwo", "pismiennictwo",
        "literatura", "bibliografiya", "spisokliteratury", "список", "списоклитературы",
        "литература", "библиография", "参考文献", "文献", "引用文献", "참고문헌", "المراجع",
        "referencescited", "selectedbibliography", "selectedreferences", "furtherreading",
        "sources", "sourcesandliterature", "primarysources", "secondarysources",
        "bibliographyandreferences",
    }
)  # fmt: skip
_NUMBERING = re.compile(r"^(?:(?:\d+(?:\.\d+)*|[IVXLC]+|[A-Z])[.:)]?\s+|§\s*\d+\s+)")
_OTHER = re.compile(
    r"^(?:(?:\d+(?:\.\d+)*|[IVXLC]+|[A-Z])[.:)]?\s+)?(?:appendix|appendices|supplementary"
    r"|supplemental|acknowledge?ments?|author contributions|checklist|ethics statement"
    r"|broader impact|extended data|figure legends|tables?\b|anhang|annexe|data availability"
    r"|funding|conflicts? of interest|competing interests?|declarations?|the \w+ collaboration"
    r"|author list|list of authors|affiliations|index|glossary|notes?\b|endnotes|footnotes"
    r"|about the authors?|biograph(?:y|ies)|vita|curriculum|danksagung|remerciements)",
    re.IGNORECASE,
)
_LONGEST = 48  # characters: a heading is short


def is_list_heading(text: str) -> bool:
    """Whether a line says only "References" or one of its names in other languages."""
    words = text.strip()
    if len(words) > _LONGEST:
        return False
    words = _NUMBERING.sub("", words)
    folded = unicodedata.normalize("NFKD", words.casefold())
    letters = "".join(char for char in folded if char.isalpha())
    return unicodedata.normalize("NFC", letters) in _TITLES  # NFC: Hangul's jamo recomposed


def is_other_heading(text: str) -> bool:
    """Whether a short line names a part that is not the list: an appendix, acknowledgements,
    an author list, notes."""
    words = text.strip()
    return len(words) <= _LONGEST and bool(_OTHER.match(words))
