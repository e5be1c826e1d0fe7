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
    r"|about the authors?|biograph(?:y|ies)|vita|curriculum|danksagung|remerciements"
    r"|agradecimientos|ringraziamenti|dankwoord|благодарности|致谢|致謝|謝辞|감사의 글)",
    re.IGNORECASE,
)
_LONGEST = 48  # characters: a heading is short
_RUN_IN = re.compile(r"^(\w[^.:]{2,40}?)[.:]\s+\S")  # a few words, then "." or ":" and text
_HEADING_WORDS = 8
_LARGER = 1.12  # type this much larger than the text's sets a heading apart
_NUMBERED = re.compile(r"^(?:\d+(?:\.\d+)*\.?|[A-Z]\.?|[IVX]+\.)\s+[A-Z][^\d]{2,}$")


def is_list_heading(text: str) -> bool:
    """Whether a line says only "References" or one of its names in other languages."""
    words = text.strip()
    if len(words) > _LONGEST:
        return False
    # as printed ("B I B L I O G R A P H Y" spaced out), or less its numbering ("7 References")
    return _letters(words) in _TITLES or _letters(_NUMBERING.sub("", words)) in _TITLES


def is_other_heading(text: str) -> bool:
    """Whether a short line names a part that is not the list: an appendix, acknowledgements,
    an author list, notes."""
    words = text.strip()
    return len(words) <= _LONGEST and bool(_OTHER.match(words))


def opens_other_part(text: str) -> bool:
    """Whether a line opens with a run-in heading of a part that is not the list, its name set
    off by a full stop or a colon: "Acknowledgments. We are grateful to …"."""
    lead = _RUN_IN.match(text.strip())
    return lead is not None and is_other_heading(lead.group(1))


def starts_part(text: str, size: float = 1.0) -> bool:
    """Whether a short line heads a part of the document: named like one ("Appendix"),
    numbered like one ("4 Results", "A APPENDIX"), or set larger than the text (`size`: its
    type size over the text's)."""
    text = text.strip()
    if not text or len(text) > _LONGEST or text[-1] in ".,;:":
        return False
    if is_other_heading(text) or _NUMBERED.match(text):
        return True
    # a capital, or a letter of a script without case ("致谢")
    initial = text[:1].isalpha() and not text[:1].islower()
    return size > _LARGER and initial and len(text.split()) <= _HEADING_WORDS


def _letters(text: str) -> str:
    if text.isascii():
        return "".join(filter(str.isalpha, text.lower()))
    folded = unicodedata.normalize("NFKD", text.casefold())
    letters = "".join(char for char in folded if char.isalpha())
    return unicodedata.normalize("NFC", letters)  # NFC: Hangul's jamo recomposed
