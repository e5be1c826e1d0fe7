"""The sentence around each citation, as plain text: what groundedness judges as the claim.

Readers blank out what is not prose (code, comments, citation markup) with spaces of the same
length, so offsets keep pointing into the file; `sentences` then cuts the blanked text into
sentences (never at "e.g.", "et al.", "Fig.", decimals or initials) and cleans each one of
light Markdown, LaTeX or Typst markup. Where a citation stood (its `mark`) is carried through
the cleaning, so groundedness can judge each cited work on the clause its citation closes.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_left, bisect_right
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from itertools import accumulate

from cite_sentinel.core.sources.latex_text import ACCENTS


class Flavour(StrEnum):
    """Which markup the cleaner removes."""

    MARKDOWN = "markdown"
    LATEX = "latex"
    TYPST = "typst"
    PLAIN = "plain"


_ABBREVIATION_WORDS = """e.g i.e al et.al fig figs eq eqs vs cf dr mr mrs ms prof no nos vol
    vols pp p ch chap sec secs approx resp ref refs tab viz ca ed eds inc ltd co dept univ st jr
    sr sect suppl ex cp op cit ibid jan feb mar apr jun jul aug sep sept oct nov dec"""
ABBREVIATIONS = frozenset(_ABBREVIATION_WORDS.split())

_PARAGRAPH = re.compile(r"\n[ \t]*\n\s*")
_END = re.compile(r"[.!?…]+['\"’”)\]*_]*(?=\s)")
# A sentence opens with a capital, a digit, a quote or bracket, maybe inside emphasis.
_NEXT = re.compile(r"\s+(?=(?:[*_]+|\\[A-Za-z]+\{)?[A-Z0-9\"'“‘(\[¿¡À-ÖØ-Þ])")


@dataclass(frozen=True, slots=True)
class Sentences:
    """A text cut into sentences: the start offset of each, cleaned when first asked for."""

    starts: tuple[int, ...]
    prose: str
    flavour: Flavour
    marks: tuple[int, ...] = ()  # sorted offsets (inside removed spans) where citations stood
    _cleaned: dict[int, str] = field(default_factory=dict, compare=False, repr=False)
    _placed: dict[int, dict[int, int]] = field(default_factory=dict, compare=False, repr=False)

    @property
    def texts(self) -> tuple[str, ...]:
        """Every sentence, cleaned."""
        return tuple(self.text(index) for index in range(len(self.starts)))

    def text(self, index: int) -> str:
        """The cleaned sentence number `index`."""
        if index not in self._cleaned:
            self._cleaned[index] = clean(self.prose[slice(*self._span(index))], self.flavour)
        return self._cleaned[index]

    def around(self, offset: int) -> tuple[str, str]:
        """The sentence holding an offset, and the (non-empty) sentence before it."""
        if not self.starts:
            return "", ""
        index = max(bisect_right(self.starts, offset) - 1, 0)
        context = next((text for i in range(index - 1, -1, -1) if (text := self.text(i))), "")
        return self.text(index), context

    def place(self, offset: int, mark: int) -> int:
        """Where the citation marked at `mark` stands in the cleaned sentence holding `offset`
        (an offset into that sentence), or -1 when it was not marked there."""
        if not self.starts or mark < 0:
            return -1
        index = max(bisect_right(self.starts, offset) - 1, 0)
        if index not in self._placed:
            self._placed[index] = self._place_marks(index)
        return self._placed[index].get(mark, -1)

    def _span(self, index: int) -> tuple[int, int]:
        end = self.starts[index + 1] if index + 1 < len(self.starts) else len(self.prose)
        return self.starts[index], end

    def _place_marks(self, index: int) -> dict[int, int]:
        """Each mark of a sentence, cleaned along with it as a private-use character."""
        start, end = self._span(index)
        inside = self.marks[bisect_left(self.marks, start) : bisect_left(self.marks, end)]
        if len(inside) == 1 and (last := self._place_last(index, inside[0])) >= 0:
            return {inside[0]: last}
        chars = list(self.prose[start:end])
        numbered: dict[int, int] = {}
        for mark in inside[:_MOST_MARKS]:
            if chars[mark - start] == " ":  # blanked markup: no prose is lost
                numbered[len(numbered)] = mark
                chars[mark - start] = chr(_MARK + len(numbered) - 1)
        if not numbered:
            return {}
        placed = _align(clean("".join(chars), self.flavour), self.text(index))
        return {numbered[n]: offset for n, offset in placed.items() if n in numbered}

    def _place_last(self, index: int, mark: int) -> int:
        """The common case without cleaning again: a citation with only punctuation after it
        ("… grain yield [@a]."), which the cleaned sentence ends with; else -1."""
        tail = "".join(self.prose[mark : self._span(index)[1]].split())
        sentence = self.text(index)
        if _WORD_CHARACTER.search(tail) or not sentence.endswith(tail):
            return -1
        return len(sentence) - len(tail)


def blank(text: str, spans: Iterable[tuple[int, int]]) -> str:
    """The text with each span replaced by spaces (newlines kept), offsets unchanged."""
    chars = list(text)
    for start, end in spans:
        for index in range(max(start, 0), min(end, len(chars))):
            if chars[index] != "\n":
                chars[index] = " "
    return "".join(chars)


def sentences(
    text: str,
    *,
    removed: Iterable[tuple[int, int]] = (),
    breaks: Iterable[int] = (),
    flavour: Flavour = Flavour.PLAIN,
    marks: Iterable[int] = (),
) -> Sentences:
    """Cut `text` (less the `removed` spans) into cleaned sentences; `breaks` force a cut;
    `marks` (offsets inside removed spans) are where citations stood, for `Sentences.place`."""
    prose = blank(text, removed)
    starts = tuple(split_sentences(prose, breaks))
    return Sentences(starts, prose, flavour, tuple(sorted(set(marks))))


def split_sentences(text: str, breaks: Iterable[int] = ()) -> list[int]:
    """Start offsets of the sentences of prose text (each runs to the next start)."""
    cuts = {0, *(b for b in breaks if 0 < b < len(text))}
    cuts.update(match.end() for match in _PARAGRAPH.finditer(text))
    for match in _END.finditer(text):
        following = _NEXT.match(text, match.end())
        if following and not _is_abbreviation(text, match.start()):
            cuts.add(following.end())
    return sorted(cuts)


# Marks travel through cleaning as private-use characters, numbered within their sentence.
_MARK = 0xE000
_MOST_MARKS = 6400  # the private-use area's size; marks beyond it in one sentence go unplaced
_MARKS = re.compile("[\ue000-\uf8ff]")
_WORD_CHARACTER = re.compile(r"[^\W_]")


def _align(marked: str, plain: str) -> dict[int, int]:
    """The offset in `plain` of each numbered mark of `marked` (the same sentence, cleaned with
    its marks): after the last character both share before it. Cleaning may drop spaces and
    brackets emptied by removed citations from `plain` only; anything else is no alignment."""
    numbers = [ord(char) - _MARK for char in _MARKS.findall(marked)]
    before = ["".join(piece.split()) for piece in _MARKS.split(marked)]  # printed characters
    if "".join(before) != "".join(plain.split()):
        return _align_slowly(marked, plain)
    ends = list(accumulate(len(word) for word in plain.split(" ")))  # tidy: single spaces
    placed: dict[int, int] = {}
    count = 0
    for number, piece in zip(numbers, before, strict=False):
        count += len(piece)
        placed[number] = count + bisect_left(ends, count) if count else 0  # + spaces before
    return placed


def _align_slowly(marked: str, plain: str) -> dict[int, int]:
    """`_align` one character at a time, skipping what `plain` lost."""
    placed: dict[int, int] = {}
    at = 0  # in plain: just after the last character matched
    for char in marked:
        number = ord(char) - _MARK
        if 0 <= number < _MOST_MARKS:
            placed[number] = at
        elif not char.isspace():
            probe = at
            while probe < len(plain) and plain[probe].isspace():
                probe += 1
            if probe < len(plain) and plain[probe] == char:
                at = probe + 1
    return placed if not plain[at:].strip() else {}


def breaks_before(text: str, offsets: Iterable[int]) -> list[int]:
    """The offsets that open a sentence although no capital follows the full stop: an
    author-in-text citation key ("… works. @smith20 showed …") starts one."""
    found = []
    for offset in offsets:
        end = offset
        while end > 0 and text[end - 1].isspace():
            end -= 1
        stop = end > 0 and text[end - 1] in ".!?…" and not _is_abbreviation(text, end - 1)
        if end < offset and stop:
            found.append(offset)
    return found


def _is_abbreviation(text: str, period: int) -> bool:
    """Whether the word before a period is an abbreviation, an initial or a number part."""
    if text[period] != ".":
        return False
    begin = period
    while begin > 0 and not text[begin - 1].isspace():
        begin -= 1
    word = text[begin:period].lstrip("([{\"'“‘*_").lower()
    if not word:
        return False
    if len(word) == 1 and word.isalpha():
        return True  # an initial: J. Smith
    if word in ABBREVIATIONS or word.rstrip(".") in ABBREVIATIONS:
        return True
    return "." in word and all(len(part) <= 2 for part in word.split("."))  # U.S., e.g


def clean(text: str, flavour: Flavour = Flavour.PLAIN) -> str:
    """Plain text of a sentence: markup removed, one space between words."""
    if flavour is Flavour.MARKDOWN:
        text = _clean_markdown(text)
    elif flavour is Flavour.LATEX:
        text = _clean_latex(text)
    elif flavour is Flavour.TYPST:
        text = _clean_typst(text)
    return _tidy(text)


_MD_RULES: tuple[tuple[re.Pattern[str], str], ...] = (
    # links and images keep their text; no `[` inside, or `[[[[…` costs the square of its length
    (re.compile(r"!?\[([^\[\]\n]*)\]\([^)\n]*\)"), r"\1"),
    (re.compile(r"\[\^[^\]\s]*\]"), ""),  # footnote marks
    (re.compile(r"<[A-Za-z/!][^>\n]*>"), ""),  # HTML tags
    (re.compile(r"\{[#.][^}\n]*\}"), ""),  # attributes {#id .class}
    (re.compile(r"(?m)^[ \t]*(?:>[ \t]?)+"), ""),  # block quotes
    (re.compile(r"(?m)^[ \t]*#{1,6}[ \t]+"), ""),  # ATX headings
    (re.compile(r"(?m)^[ \t]*(?:[-*+]|\d+[.)]|\(@[\w-]*\))[ \t]+"), ""),  # list markers
    (re.compile(r"(?m)^[ \t]*(?:=+|-+)[ \t]*$"), ""),  # setext underlines
    (re.compile(r"\*{1,3}|(?<![^\W_])_{1,3}|_{1,3}(?![^\W_])|~~|`+"), ""),  # emphasis, code
    (re.compile(r"\\([!-/:-@\[-`{-~])"), r"\1"),  # backslash escapes
)

_LATEX_DROPPED = (
    "begin|end|label|ref|eqref|autoref|cref|Cref|pageref|vspace|hspace|index|input|include|"
    "bibliographystyle|bibliography|addbibresource|newblock|noindent|centering|"
    "includegraphics|footnotemark|protect|hfill|vfill|clearpage|newpage|maketitle"
)
_LATEX_RULES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(rf"\\(?:{_LATEX_DROPPED})\*?(?:\[[^\]]*\])?(?:\{{[^{{}}]*\}})?"), ""),
    (re.compile(r"\\\\(?:\[[^\]]*\])?"), " "),  # forced line breaks
    (re.compile(r"\\([%&_#$])"), r"\1"),
    (re.compile(r"\\[,;: ]"), " "),
    (re.compile(r"\\[A-Za-z]+\*?(?:\[[^\]]*\])?"), ""),  # commands: their {content} stays
    (re.compile(r"[{}]"), ""),
    (re.compile(r"~"), " "),
    (re.compile(r"``|''"), '"'),
)
_ACCENT = re.compile(r"\\(['`^\"~=.])\{?([A-Za-z])\}?")

_TYPST_RULES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"<[\w.:-]+>"), ""),  # labels
    (re.compile(r"#[A-Za-z][\w-]*(?:\.[A-Za-z][\w-]*)*(?:\([^()\n]*\))?"), ""),
    (re.compile(r"(?m)^[ \t]*=+[ \t]+"), ""),  # headings
    (re.compile(r"(?m)^[ \t]*(?:[-+]|\d+\.)[ \t]+"), ""),  # list markers
    (re.compile(r"\\([^\sA-Za-z0-9])"), r"\1"),
    (re.compile(r"\\(?=\s)"), " "),
    (re.compile(r"(?<![^\W_])[*_]|[*_](?![^\W_])|`+|[\[\]]"), ""),
    (re.compile(r"~"), " "),
)


def _clean_markdown(text: str) -> str:
    for pattern, replacement in _MD_RULES:
        text = pattern.sub(replacement, text)
    return text


def _clean_latex(text: str) -> str:
    text = _ACCENT.sub(lambda m: unicodedata.normalize("NFC", m[2] + ACCENTS[m[1]]), text)
    for pattern, replacement in _LATEX_RULES:
        text = pattern.sub(replacement, text)
    return text


def _clean_typst(text: str) -> str:
    for pattern, replacement in _TYPST_RULES:
        text = pattern.sub(replacement, text)
    return text


_SPACES = re.compile(r"\s+")
_EMPTY_BRACKETS = re.compile(r"\(\s*[,;]?\s*\)|\[\s*[,;]?\s*\]")
_SPACE_BEFORE = re.compile(r"\s+([,.;:!?)\]…])")
_SPACE_AFTER = re.compile(r"([(\[])\s+")
_DOUBLED = re.compile(r"([,;])(?:\s*[,;])+")


def _tidy(text: str) -> str:
    text = _SPACES.sub(" ", text)
    text = _EMPTY_BRACKETS.sub("", text)
    text = _SPACES.sub(" ", text)
    text = _SPACE_BEFORE.sub(r"\1", text)
    text = _SPACE_AFTER.sub(r"\1", text)
    text = _DOUBLED.sub(r"\1", text)
    return text.strip()
