"""LaTeX in titles and names reads as the Unicode text an index stores."""

from __future__ import annotations

import pytest
from cite_sentinel.core.sources.latex_text import decode_latex, decode_protected, decode_verbatim


@pytest.mark.parametrize(
    ("latex", "text"),
    [
        (r"G{\"o}del", "Gödel"),
        (r"G\"odel", "Gödel"),
        (r"G\"{o}del", "Gödel"),
        (r"Ren\'{e}", "René"),
        (r"Ren\'e", "René"),
        (r"Ren{\'e}", "René"),
        (r"Ren\' e", "René"),
        (r"Gau{\ss}", "Gauß"),
        (r"Gau\ss{}", "Gauß"),
        (r"Gro\ss e", "Große"),
        (r"Fran\c{c}ois", "François"),
        (r"Fran\c cois", "François"),
        (r"\v{S}koda", "Škoda"),
        (r"\v{Z}i\v{z}ek", "Žižek"),
        (r"{\aa}ngstr{\"o}m", "ångström"),
        (r"{\AA}se", "Åse"),
        (r"S\o ren", "Søren"),
        (r"{\O}rsted", "Ørsted"),
        (r"Pa\'{\i}s", "País"),
        (r"Pa\'\i s", "País"),
        (r"Erd\H{o}s", "Erdős"),
        (r"\L{}ukasiewicz", "Łukasiewicz"),
        (r"Dvo\v{r}\'ak", "Dvořák"),
        (r"Jos\`e", "Josè"),
        (r"Espa\~na", "España"),
        (r"\^{\i}le", "île"),
        (r"{\ae}on", "æon"),
        (r"\k{a}", "ą"),
        (r"\r{u}", "ů"),
        (r"\=a", "ā"),
        (r"\.Z", "Ż"),
        (r"\u{g}", "ğ"),
    ],
)
def test_accents_and_special_letters_become_unicode(latex: str, text: str) -> None:
    assert decode_latex(latex) == text


@pytest.mark.parametrize(
    ("latex", "text"),
    [
        ("pages 1--10", "pages 1–10"),
        ("yes---or no", "yes—or no"),
        ("Donald~E. Knuth", "Donald E. Knuth"),
        (r"Science \& Engineering", "Science & Engineering"),
        (r"50\% off", "50% off"),
        (r"\$5 and \#1", "$5 and #1"),
        (r"the \textit{in vivo} study", "the in vivo study"),
        (r"the \emph{Drosophila} genome", "the Drosophila genome"),
        (r"{\em Nature} reviews", "Nature reviews"),
        (r"\textbf{bold} and \textsc{small}", "bold and small"),
        (r"``quoted''", "“quoted”"),
        (r"\LaTeX\ and \TeX", "LaTeX and TeX"),
        (r"Wait\ldots", "Wait…"),
        (r"see \href{http://example.org}{the site}", "see the site"),
        (r"at \url{http://example.org/a_b}", "at http://example.org/a_b"),
        ("  spread\n  over\tlines ", "spread over lines"),
    ],
)
def test_dashes_ties_escapes_and_formatting_read_as_text(latex: str, text: str) -> None:
    assert decode_latex(latex) == text


@pytest.mark.parametrize(
    ("latex", "text"),
    [
        (r"$\alpha$-synuclein aggregation", "α-synuclein aggregation"),
        (r"$^{13}$C labelling", "13C labelling"),
        (r"$\beta$-cells and $\gamma\delta$ T cells", "β-cells and γδ T cells"),
        (r"$O(n \log n)$ sorting", "O(n log n) sorting"),
        (r"$x \leq 2$", "x ≤ 2"),
        (r"H$_2$O", "H2O"),
    ],
)
def test_math_keeps_its_symbols_without_markup(latex: str, text: str) -> None:
    assert decode_latex(latex) == text


def test_protected_title_keeps_case_braces_but_not_accent_braces() -> None:
    title = r"The {DNA} of {\"O}sterreich and {{CRISPR}} in {Python}"
    assert decode_protected(title) == "The {DNA} of Österreich and {{CRISPR}} in {Python}"
    assert decode_latex(title) == "The DNA of Österreich and CRISPR in Python"


@pytest.mark.parametrize(
    "latex", ["unbalanced {brace", "extra } brace", "{", "}", "\\", "$x", r"\'"]
)
def test_broken_latex_still_gives_text(latex: str) -> None:
    assert isinstance(decode_latex(latex), str)
    assert isinstance(decode_protected(latex), str)


def test_absurdly_deep_braces_are_flattened_not_followed() -> None:
    assert decode_latex("{" * 5000 + "x" + "}" * 5000) == "x"
    assert decode_protected("{" * 5000 + "x" + "}" * 5000).count("x") == 1


def test_unknown_commands_vanish_but_their_argument_stays() -> None:
    assert decode_latex(r"\mbox{Hello} \foo{World}") == "Hello World"


def test_verbatim_values_keep_ties_and_underscores() -> None:
    assert decode_verbatim("http://example.org/~user/a_b") == "http://example.org/~user/a_b"
    assert decode_verbatim(r"10.1000/abc\_def") == "10.1000/abc_def"
    assert decode_verbatim("{10.1000/XYZ}") == "10.1000/XYZ"
