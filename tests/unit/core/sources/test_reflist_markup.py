"""Markdown and LaTeX markup leave a reference's words and links intact."""

from __future__ import annotations

import pytest
from cite_sentinel.core.sources.reflist_markup import plain_text, strip_label, whole_characters


@pytest.mark.parametrize(
    ("text", "label", "rest"),
    [
        ("[12] A. Author", "[12]", "A. Author"),
        ("12. Author A", "12.", "Author A"),
        ("(3) Author A", "(3)", "Author A"),
        ("- Author, A.", "-", "Author, A."),
        ("Author, A. (2020)", "", "Author, A. (2020)"),
    ],
)
def test_enumerators_come_off(text: str, label: str, rest: str) -> None:
    assert strip_label(text) == (label, rest)


def test_markdown_emphasis_links_and_escapes_become_plain_words() -> None:
    text = r"*Nature* **521**, _Deep learning_ [link](https://x.org/a_b_c) \[Retracted\]"
    assert plain_text(text) == "Nature 521, Deep learning link https://x.org/a_b_c [Retracted]"


def test_latex_markup_is_decoded_but_urls_keep_their_characters() -> None:
    text = (
        r"A.~M{\"u}ller. \newblock {\em Title}. \newblock \textit{Venue}, 3--5."
        r" \url{https://x.org/a_b~c}"
    )
    assert plain_text(text) == "A. Müller. Title. Venue, 3–5. https://x.org/a_b~c"


def test_surrogate_pairs_of_a_pdf_text_layer_become_whole_characters() -> None:
    assert whole_characters("and \ud835\udcc11 regularization") == "and \U0001d4c11 regularization"
    assert whole_characters("a lone \ud835 half") == "a lone \ufffd half"
    assert whole_characters("plain") == "plain"


@pytest.mark.parametrize(
    "text",
    ["\\emph{A} \x000\x00 title http://x.org/a", "\\textit{B} \x007\x00", "\\url{u}\x00\x00\x001"],
)
def test_nul_characters_in_a_reference_never_pass_for_url_placeholders(text: str) -> None:
    plain = plain_text(text)
    assert "\x00" not in plain
    assert "\\" not in plain
