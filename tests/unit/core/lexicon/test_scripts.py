"""Which script a text is mostly written in."""

from __future__ import annotations

from cite_sentinel.core.lexicon.scripts import EAST_ASIAN_LETTER, UNSPACED_LETTER, mostly_in


def test_a_text_mostly_in_chinese_japanese_or_korean_is_east_asian() -> None:
    assert mostly_in("문헌자료를 통해 본 삼한의 소도와 제의", EAST_ASIAN_LETTER)
    assert mostly_in("乾隆与燕京八景 (下)", EAST_ASIAN_LETTER)
    assert mostly_in("QFD를 활용한 함정 관리 방안 연구", EAST_ASIAN_LETTER)
    assert not mostly_in("Sparse graph inference, 12(3)", EAST_ASIAN_LETTER)
    assert not mostly_in("2019, 12, 3-4.", EAST_ASIAN_LETTER)  # no letters at all


def test_thai_is_unspaced_but_not_east_asian() -> None:
    thai = "การศึกษาภาษาไทย"
    assert mostly_in(thai, UNSPACED_LETTER) and not mostly_in(thai, EAST_ASIAN_LETTER)
