"""Where a PDF's reference list is: under its heading, or the numbered list that ends the text.

The heading is a line that says only "References" (or "Bibliography", "Literatur",
"Références", "参考文献", …), perhaps numbered. The list ends where an appendix, a checklist
or another heading in larger type begins, or with the document.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import median

from cite_sentinel.core.sources.pdf.margins import PageLine

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
    }
)  # fmt: skip
_NUMBERING = re.compile(r"^(?:(?:\d+(?:\.\d+)*|[IVXLC]+|[A-Z])[.:)]?\s+|§\s*\d+\s+)")
_ENDS = re.compile(
    r"^(?:(?:\d+(?:\.\d+)*|[A-Z])[.:)]?\s+)?(?:appendix|appendices|supplementary|supplemental"
    r"|acknowledge?ments?|author contributions|checklist|ethics statement|broader impact"
    r"|extended data|figure legends|tables?\b|anhang|annexe)",
    re.IGNORECASE,
)
_LABEL = re.compile(r"^\s*(?:\[\s*(\d{1,4})\s*\]|(\d{1,4})\.(?=\s|$)|\((\d{1,4})\))")
_LARGER = 1.18  # a heading's type is this much larger than the list's (italics vary by 1.12)
_HEADING_LIKE = re.compile(r"^(?:(?:\d+(?:\.\d+)*|[A-Z])\.?\s+)?[A-Z]")
_SHORT = 8  # words: a heading is short
_SHORT_APPENDIX = 5  # words: "Appendix A: Proofs of Theorems"
_ENDED = re.compile(r"(?:[.)\]]|\d|\S+/\S+)$")


@dataclass(frozen=True, slots=True)
class Section:
    """The reference list's lines, and its heading when it has one."""

    heading: PageLine | None
    lines: tuple[PageLine, ...]


def find_section(lines: Sequence[PageLine]) -> Section | None:
    """The document's reference list: under the last heading that has lines after it, else
    the numbered list that runs to the end of the text; None when there is neither."""
    for index in reversed(range(len(lines))):
        if is_heading(lines[index].line.text) and index + 1 < len(lines):
            body = _until_end(lines[index + 1 :])
            if body:
                return Section(lines[index], tuple(body))
    start = _numbered_start(lines)
    if start is None:
        return None
    return Section(None, tuple(_until_end(lines[start:])))


def is_heading(text: str) -> bool:
    """Whether a line says only "References" or one of its names in other languages."""
    words = text.strip()
    if len(words) > 48:
        return False
    words = _NUMBERING.sub("", words)
    folded = unicodedata.normalize("NFKD", words.casefold())
    letters = "".join(char for char in folded if char.isalpha())
    return letters in _TITLES


def _until_end(lines: Sequence[PageLine]) -> list[PageLine]:
    """The lines up to an appendix heading or a heading in larger type."""
    if not lines:
        return []
    size = median(line.line.size for line in lines[: min(len(lines), 200)])
    kept: list[PageLine] = []
    for line in lines:
        text = line.line.text.strip()
        if kept and _heading_after(text, line.line.size > _LARGER * size, kept[-1]):
            break
        kept.append(line)
    return kept


def _heading_after(text: str, larger: bool, previous: PageLine) -> bool:
    """Whether a line heads what follows the list: short, set apart from running text (the
    line before ends an entry; this one breaks no word), in larger type or named like an
    appendix ("Acknowledgements" alone, not "Acknowledgements on Social Annotations: …")."""
    if len(text.split()) > _SHORT or _LABEL.match(text) or text.endswith(("-", ",")):
        return False
    if larger and _HEADING_LIKE.match(text):
        return True
    ended = _ENDED.search(previous.line.text.strip())
    return bool(_ENDS.match(text)) and len(text.split()) <= _SHORT_APPENDIX and bool(ended)


def _numbered_start(lines: Sequence[PageLine]) -> int | None:
    """Where a run of numbered entries 1, 2, 3, … that lasts to the end of the text begins."""
    for index in reversed(range(len(lines))):
        if _number(lines[index]) != 1:
            continue
        expected = 2
        for line in lines[index + 1 :]:
            if _number(line) == expected:
                expected += 1
        if expected > 3:
            return index
    return None


def _number(line: PageLine) -> int | None:
    match = _LABEL.match(line.line.text)
    if match is None:
        return None
    return int(next(group for group in match.groups() if group))
