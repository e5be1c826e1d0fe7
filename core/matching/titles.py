"""Title normalisation and similarity, so spelling and markup never pass for a different work."""

from __future__ import annotations

import functools
import html
import re
import unicodedata
from dataclasses import dataclass

from rapidfuzz import fuzz

_GREEK = {
    "α": "alpha", "β": "beta", "γ": "gamma", "δ": "delta", "ε": "epsilon", "ζ": "zeta",
    "η": "eta", "θ": "theta", "ι": "iota", "κ": "kappa", "λ": "lambda", "μ": "mu", "ν": "nu",
    "ξ": "xi", "ο": "omicron", "π": "pi", "ρ": "rho", "σ": "sigma", "ς": "sigma", "τ": "tau",
    "υ": "upsilon", "φ": "phi", "χ": "chi", "ψ": "psi", "ω": "omega",
}  # fmt: skip
_LATEX_GREEK = re.compile(r"\\(var)?(" + "|".join(sorted(set(_GREEK.values()))) + r")\b", re.I)
# A symbol accent takes the next letter (\'e); a letter accent needs braces or a space (\v{s},
# \c c), so that \to or \times is a command, not an accent on "o" or "imes".
_LATEX_ACCENT = re.compile(r"\\[`'^\"~=.](?:\{(\w)\}|(\w))|\\[uvHtcdbkr](?:\{(\w)\}|\s+(\w))")
_LATEX_COMMAND = re.compile(r"\\[a-zA-Z]+\*?")
_NOT_WORD = re.compile(r"[\W_]+")
_LATEX_ELL = re.compile(r"\\ell(?![a-zA-Z])")
_MARKUP_TAG = re.compile(r"</?(?:i|b|em|strong|sub|sup|scp|span|mml:[a-z]+)\b[^>]*>", re.I)
_SPECIAL_LETTERS = str.maketrans(
    {"ß": "ss", "ø": "o", "Ø": "O", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ł": "l",
     "Ł": "L", "đ": "d", "Đ": "D", "ı": "i", "þ": "th", "ð": "d"}
)  # fmt: skip
# Cyrillic letters that look like Latin ones, as they slip into Latin names and titles.
_LOOKALIKES = str.maketrans(
    "АВЕКМНОРСТХУІЈЅаеорсхуіјѕԁԛԝһ",
    "ABEKMHOPCTXYIJSaeopcxyijsdqwh",
)
_MIXED_SCRIPT = re.compile(r"[^\W\d_]*(?:[A-Za-z][\u0400-\u04ff]|[\u0400-\u04ff][A-Za-z])[^\W\d_]*")
_BRITISH = (
    (re.compile(r"\b(\w{2,})is(e|ed|es|ing|ation|ations|er|ers)\b"), r"\1iz\2"),
    (re.compile(r"\b(\w{2,})ys(e|ed|es|ing)\b"), r"\1yz\2"),
    (
        re.compile(
            r"\b(colo|behavio|neighbo|favo|labo|humo|vapo|rumo|flavo|harbo|tumo|odo|savo"
            r"|endeavo|hono|armo|rigo|vigo|valo|cando|fervo|clamo)ur"
        ),
        r"\1r",
    ),
    # Medicine: haemoglobin, anaemia, leukaemia, paediatric, oesophagus, oestrogen, oedema,
    # foetal, diarrhoea, gynaecology, aetiology, anaesthesia, caesarean, faecal.
    (re.compile(r"(?<=\w)aem"), "em"),
    (re.compile(r"\b(h)aem"), r"\1em"),
    (re.compile(r"(p|gyn|encyclop|arch)ae"), r"\1e"),
    (re.compile(r"\banaes"), "anes"),
    (re.compile(r"\boe(soph|str|dem)"), r"e\1"),
    (re.compile(r"\bf[oa]e(tal|tus|ces|cal)\b"), r"fe\1"),
    (re.compile(r"\bcaesar"), "cesar"),
    (re.compile(r"\baetiolog"), "etiolog"),
    (re.compile(r"rrhoea"), "rrhea"),
    (re.compile(r"\bsulph"), "sulf"),
    (re.compile(r"\baluminium\b"), "aluminum"),
    (re.compile(r"\bageing\b"), "aging"),
    (re.compile(r"\bjudgement(s?)\b"), r"judgment\1"),
    (re.compile(r"\b(catalo|dialo|analo)gue(s?)\b"), r"\1g\2"),
    (re.compile(r"\b(model|label|travel|signal|cancel|channel|fuel)l(ed|ing|er|ers)\b"), r"\1\2"),
    (re.compile(r"\b(cent|met|fib|lit|theat)re(s?)\b"), r"\1er\2"),
    (re.compile(r"\bgrey\b"), "gray"),
    (re.compile(r"\bprogramme(s?)\b"), r"program\1"),
    (re.compile(r"\bdefence\b"), "defense"),
    (re.compile(r"\banalogue\b"), "analog"),
)


@functools.lru_cache(maxsize=65536)
def normalise(title: str) -> str:
    """Lower-case words of a title: no markup, accents, punctuation or dialect spelling."""
    text = _MARKUP_TAG.sub("", html.unescape(title))  # Crossref titles carry JATS/HTML tags
    text = _LATEX_GREEK.sub(lambda m: " " + m.group(2).lower() + " ", text)
    text = _LATEX_ELL.sub("l", text)  # $\ell_1$ and ℓ1 (which folds to l1) alike
    text = _LATEX_ACCENT.sub(lambda m: next(g for g in m.groups() if g), text)
    text = _LATEX_COMMAND.sub(" ", text)
    text = "".join(f" {_GREEK[c]} " if c in _GREEK else c for c in text.lower())
    text = fold(text)
    text = text.replace("&", " and ")
    text = re.sub(r"[{}'’`]", "", text)  # "{GAN}s", "Bayes' rule": no word break
    text = _NOT_WORD.sub(" ", text)  # letters of every script are kept
    for pattern, replacement in _BRITISH:
        text = pattern.sub(replacement, text)
    return " ".join(text.split())


@functools.lru_cache(maxsize=65536)
def fold(text: str) -> str:
    """Text without accents or special Latin letters (ä→a, ß→ss), for name and word comparison.

    A word that mixes Latin and Cyrillic letters is Latin with look-alikes (indexes and PDFs
    carry "Нolovenko" with a Cyrillic Н): those letters are read as the Latin ones they show.
    """
    text = html.unescape(text) if "&" in text else text
    if text.isascii():
        return text
    text = _MIXED_SCRIPT.sub(lambda m: m.group(0).translate(_LOOKALIKES), text)
    decomposed = unicodedata.normalize("NFKD", text.translate(_SPECIAL_LETTERS))
    return "".join(c for c in decomposed if not unicodedata.combining(c))


_EDITION = re.compile(
    r"\s*[-\u2013,(\[]?\s*(?:\d+(?:st|nd|rd|th)?|first|second|third|fourth|fifth|sixth"
    r"|seventh|eighth|ninth|tenth|revised|new|updated)\s*(?:/\s*e|ed|edn|edition)\b\.?[)\]]?"
    r"\.?\s*$",
    re.IGNORECASE,
)


def _without_edition(title: str) -> str:
    """The title without a trailing edition ("2nd ed.", "-4/E.", "Second Edition")."""
    return _EDITION.sub("", title)


# What indexes add to a title: the section it appeared in, before a colon, and a footnote
# mark at its end ("… Systems1", "… Systems*").
_SECTION = re.compile(
    r"^\s*(?:viewpoint|commentary|perspective|editorial|opinion|essay|review article"
    r"|research article|original article|original research|letter|correspondence"
    r"|news (?:and|&) views|research highlights?|invited review|mini[- ]review)\s*:\s*",
    re.IGNORECASE,
)
_FOOTNOTE = re.compile(
    r"(?:(?:(?<=[a-z]{4})|(?<=[)\].?!]))\d|\s*[*\u2020\u2021\u00a7\u00b9\u00b2\u00b3])\s*$"
)


def _without_artefacts(title: str) -> str:
    """The title without a section label before it or a footnote mark after it."""
    return normalise(_FOOTNOTE.sub("", _SECTION.sub("", title)))


def main_title(title: str) -> str:
    """The title before its subtitle (text before the first ':' or ' - ' or '?')."""
    head = re.split(r":|\s[-–—]\s|\?\s", title, maxsplit=1)[0]
    return head if len(normalise(head)) >= 8 else title


def one_is_part(cited: str, found: str) -> bool:
    """One title is the other's main title or its subtitle: "XGBoost" and "XGBoost: A
    Scalable Tree Boosting System", "Video Instruction Tuning with Synthetic Data" and
    "LLaVA-Video: Video Instruction Tuning with Synthetic Data". Too weak alone to name a
    work (many works share a short main title); with the same people and year it does."""
    a, b = normalise(cited), normalise(found)
    for whole, other in ((a, found), (b, cited)):
        parts = re.split(r":|\s[-–—]\s", other, maxsplit=1)
        if len(parts) < 2 or not whole:
            continue
        head, tail = normalise(parts[0]), normalise(parts[1])
        if whole == head or (whole == tail and len(tail.split()) >= 3):
            return True
    return False


@dataclass(frozen=True, slots=True)
class TitleComparison:
    """How two titles relate: a 0–1 similarity and whether they name the same work."""

    similarity: float
    same: bool  # equal once normalised, or equal but for a subtitle one side omits


def compare(cited: str, found: str) -> TitleComparison:
    """Compare a cited title with an index's, forgiving form and a missing subtitle only."""
    a, b = normalise(cited), normalise(found)
    if not a or not b:
        return TitleComparison(0.0, False)
    if a == b or a.replace(" ", "") == b.replace(" ", ""):
        return TitleComparison(1.0, True)
    if normalise(_without_edition(cited)) == normalise(_without_edition(found)):
        return TitleComparison(0.99, True)  # "Econometric Analysis -4/E.": a book's edition
    if _without_artefacts(cited) == _without_artefacts(found):
        return TitleComparison(0.99, True)  # "Viewpoint: …", a footnote mark: the index's
    similarity = fuzz.ratio(a, b) / 100
    main_a, main_b = normalise(main_title(cited)), normalise(main_title(found))
    if (main_a == b or main_b == a) and min(len(a), len(b)) >= 12:
        return TitleComparison(max(similarity, 0.97), True)
    if main_a == main_b and len(main_a) >= 20:
        return TitleComparison(max(similarity, 0.95), False)  # same head, another subtitle
    return TitleComparison(similarity, False)
