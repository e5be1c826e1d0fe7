"""What the labeller reads: one plain line, whole words where a PDF's font or line breaks
cut them, compounds kept."""

from __future__ import annotations

import pytest
from cite_sentinel.core.sources.refparse.text import (
    plain_reference,
    rejoin_broken_words,
    rejoin_identifiers,
    repeats_authors,
    restore_ligatures,
)
from cite_sentinel.core.sources.refparse.tokens import tokenise


@pytest.mark.parametrize(
    ("printed", "meant"),
    [
        ("Bu er-based sampling", "Buffer-based sampling"),
        ("A ect recognition in the wild", "Affect recognition in the wild"),
        ("An e ective and e cient method", "An effective and efficient method"),
        ("signi cant di erences in uence", "significant differences influence"),
    ],
)
def test_a_lost_ligature_is_put_back_where_the_whole_word_is_common(
    printed: str, meant: str
) -> None:
    assert restore_ligatures(printed) == meant


@pytest.mark.parametrize(
    "text",
    ["we ate to ee and tea", "de ne pas oublier", "A new era", "Jo Li and Xu Wu"],
)
def test_words_that_stand_apart_stay_apart(text: str) -> None:
    assert restore_ligatures(text) == text


@pytest.mark.parametrize(
    ("printed", "meant"),
    [
        ("Image classifica- tion with deep nets", "Image classification with deep nets"),
        ("Regulatory T- cells in lupus", "Regulatory T-cells in lupus"),
        ("A time- series model", "A time-series model"),
    ],
)
def test_a_hyphen_a_line_break_left_goes_and_a_compound_keeps_it(printed: str, meant: str) -> None:
    assert rejoin_broken_words(printed) == meant


def test_markup_labels_and_spacing_go_before_labelling() -> None:
    text = plain_reference("[12]  Smith, J. *Deep   learning*. [Nature](https://x.org), 2015.")
    assert text == "Smith, J. Deep learning. Nature https://x.org, 2015."


def test_a_same_author_dash_is_taken_off_and_said() -> None:
    raw = "———. Another book by the same author. Oxford: Clarendon, 1990."
    assert repeats_authors(raw)
    assert plain_reference(raw).startswith("Another book")


def test_pdf_spacing_around_marks_gives_the_same_tokens() -> None:
    typed = [token.text for token in tokenise('bands," Phys. Rev. B, vol. 65')]
    extracted = [token.text for token in tokenise('bands ,"Phys .Rev .B, vol. 65')]
    assert typed == extracted


def test_identifiers_are_one_token_each() -> None:
    tokens = [
        t.text for t in tokenise("doi:10.1103/PhysRevD.90.014508. https://a.org/x_y, 2101.00001v2")
    ]
    assert "10.1103/PhysRevD.90.014508" in tokens
    assert "https://a.org/x_y" in tokens
    assert "2101.00001v2" in tokens


def test_a_range_of_numbers_cut_at_its_dash_is_whole_again() -> None:
    assert plain_reference("in: COLT, 2011, pp. 1712 –1730.") == "in: COLT, 2011, pp. 1712–1730."
    assert plain_reference("Ecology 12 - 34 (2001)") == "Ecology 12-34 (2001)"
    assert plain_reference("Rivers – A history, 2001") == "Rivers – A history, 2001"


@pytest.mark.parametrize(
    ("printed", "meant"),
    [
        ("doi: 10.1609/aaai. v33i01.33019921.", "doi: 10.1609/aaai.v33i01.33019921."),
        ("doi: 10.1609/aaai .v33i01.33019921.", "doi: 10.1609/aaai.v33i01.33019921."),
        ("https://doi.org/10.1093/nar/ gkab123", "https://doi.org/10.1093/nar/gkab123"),
        ("DOI 10.1109/ TPAMI.2020.2981, 2020", "DOI 10.1109/TPAMI.2020.2981, 2020"),
        ("doi:10.1038/s41586- 023-06221-2", "doi:10.1038/s41586-023-06221-2"),
    ],
)
def test_a_doi_a_line_break_cut_is_whole_again(printed: str, meant: str) -> None:
    assert rejoin_identifiers(printed) == meant


@pytest.mark.parametrize(
    "printed",
    [
        "doi:10.1103/PhysRevD.90.014508. URL https://example.org/x",
        "doi: 10.1000/xyz123. Accessed 2 May 2020.",
        "doi: 10.1000/xyz123. in press",
        "10.1000/182. p. 12",
    ],
)
def test_the_words_after_a_whole_doi_stay_apart(printed: str) -> None:
    assert rejoin_identifiers(printed) == printed


def test_a_word_processors_private_marks_around_a_title_are_no_text() -> None:
    text = plain_reference(
        "최영락. 2004. \U000f0854세계 1위 메이드 인 코리아: 반도체\U000f0855. 지성사."
    )
    assert "\U000f0854" not in text and "\U000f0855" not in text
    assert "반도체 ." in text or "반도체." in text


def test_a_same_author_rule_of_underscores_is_taken_off_before_markup() -> None:
    raw = "______. De civitate, ed. Kofi Mensah. Accra, 1962."
    assert repeats_authors(raw)
    assert plain_reference(raw).startswith("De civitate")
