"""Which references say their title is a translation."""

from __future__ import annotations

import pytest
from cite_sentinel.core.matching.translation import translated_from
from cite_sentinel.core.model import Location, Reference


def _reference(title: str, *, raw: str = "", **fields: str) -> Reference:
    return Reference(
        key="k", location=Location.point("refs.bib", 1, 1), title=title, raw=raw,
        fields=tuple(fields.items()),
    )  # fmt: skip


@pytest.mark.parametrize(
    ("reference", "language"),
    [
        (_reference("On plasticity", note="In Russian"), "Russian"),
        (_reference("On plasticity", note="in Japanese with English abstract"), "Japanese"),
        (_reference("On plasticity", langid="russian"), "Russian"),
        (_reference("On plasticity", language="zh"), "Chinese"),
        (
            _reference(
                "Plasticity", raw="Ivanov I. Plasticity. Mekh Tverd Tela 2019;3:4 (in Russian)."
            ),
            "Russian",
        ),
        (
            _reference("Plasticity", raw="Wang L. Plasticity [In Chinese]. J Mech 2019;3:4."),
            "Chinese",
        ),
    ],
)
def test_a_language_note_outside_the_title_marks_a_translated_title(
    reference: Reference, language: str
) -> None:
    assert translated_from(reference) == language


@pytest.mark.parametrize(
    "reference",
    [
        _reference("Loanwords in German", raw="Smith J. Loanwords in German. J Ling 2019;3:4."),
        _reference("Plasticity", language="english"),
        _reference("Plastizität dünner Schalen", langid="german"),
        _reference("Пластичность", langid="russian"),  # the original title itself
    ],
)
def test_titles_in_their_own_language_are_not_translations(reference: Reference) -> None:
    assert translated_from(reference) == ""
