"""Which script a text is mostly written in, where a reader or a matcher treats it apart."""

from __future__ import annotations

import re

# Kana, Han and Hangul: Chinese, Japanese and Korean.
_EAST_ASIAN = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff"
EAST_ASIAN_LETTER = re.compile(f"[{_EAST_ASIAN}]")
KANA_LETTER = re.compile("[\u3040-\u30ff]")
# Marks that set apart the parts of a reference, and names, in these scripts (GB/T 7714's).
EAST_ASIAN_PART_MARKS = frozenset({",", ".", "，", "。", "、", ";", "；"})
# Scripts whose titles a word tokenizer cannot split well: the above, and Thai.
UNSPACED_LETTER = re.compile(f"[\u0e00-\u0e7f{_EAST_ASIAN}]")
# Capital letters of the Latin, Greek and Cyrillic scripts, as the inside of a character class,
# for initials such as "Ł.", "Ø." or "Д.".
UPPER = "A-Z" + "".join(
    chr(code) for code in range(0xC0, 0x530) if chr(code).isupper() and chr(code) not in "\\]^-"
)


def mostly_in(text: str, letter: re.Pattern[str]) -> bool:
    """Whether half of a text's letters or more match `letter`."""
    letters = [char for char in text if char.isalpha()]
    return bool(letters) and sum(1 for char in letters if letter.match(char)) * 2 >= len(letters)
