"""Years and months as references print them, in the languages of the literature."""

from __future__ import annotations

import re

# A publication year: 1500-2099. Every reader and matcher takes this one pattern.
YEAR = r"(?:1[5-9]\d\d|20\d\d)"
_YEAR_IN_TEXT = re.compile(rf"(?<![\d./-]){YEAR}(?![\d])")

# Month names and their common abbreviations (English, French, German, Spanish, Italian,
# Portuguese, Dutch), lower case, without the full stop of an abbreviation.
_MONTH_NAMES = (
    ("january", "jan", "janvier", "janv", "januar", "enero", "ene", "gennaio", "gen", "janeiro",
     "januari", "jän"),
    ("february", "feb", "febr", "février", "fevrier", "févr", "fevr", "februar", "febrero",
     "febbraio", "fevereiro", "fev", "februari"),
    ("march", "mar", "mars", "märz", "marz", "marzo", "março", "marco", "maart", "mrt"),
    ("april", "apr", "avril", "avr", "abril", "abr", "aprile"),
    ("may", "mai", "mayo", "maggio", "maio", "mei", "mag"),
    ("june", "jun", "juin", "juni", "junio", "giugno", "giu", "junho"),
    ("july", "jul", "juillet", "juil", "juli", "julio", "luglio", "lug", "julho"),
    ("august", "aug", "août", "aout", "agosto", "ago", "augustus"),
    ("september", "sep", "sept", "septembre", "septiembre", "settembre", "set", "setembro"),
    ("october", "oct", "octobre", "oktober", "okt", "octubre", "ottobre", "ott", "outubro",
     "out"),
    ("november", "nov", "novembre", "noviembre", "novembro"),
    ("december", "dec", "décembre", "decembre", "déc", "dezember", "dez", "diciembre", "dic",
     "dicembre", "dezembro", "desember"),
)  # fmt: skip
MONTHS: dict[str, int] = {
    name: number for number, names in enumerate(_MONTH_NAMES, 1) for name in names
}


def month_number(word: str) -> int:
    """The month a word names (1-12), or 0: "Sept." and "septembre" are 9."""
    return MONTHS.get(word.lower().rstrip("."), 0)


def year_in(text: str) -> int | None:
    """The first publication year written in `text` as a number of its own, or None."""
    match = _YEAR_IN_TEXT.search(text)
    return int(match.group(0)) if match else None
