"""Sentence cutting and cleaning: what groundedness later reads as the claim."""

from __future__ import annotations

import pytest
from cite_sentinel.core.sources.sentence_spans import (
    Flavour,
    Sentences,
    breaks_before,
    clean,
    sentences,
)


@pytest.mark.parametrize(
    "text",
    [
        "Smith et al. (2020) found it.",
        "Nets work, e.g. Convolutional ones, well.",
        "Nets work, i.e. Deep ones, well.",
        "As Fig. 3 and Eq. 2 show, it holds.",
        "It rose by 3.5 percent.",
        "J. R. R. Tolkien wrote it.",
        "Dr. Who vs. Daleks is a classic.",
    ],
)
def test_abbreviations_decimals_and_initials_do_not_end_a_sentence(text: str) -> None:
    assert sentences(text).texts == (text,)


def test_sentences_end_at_periods_question_and_exclamation_marks() -> None:
    told = sentences("It works. Does it? Yes! Done")
    assert told.texts == ("It works.", "Does it?", "Yes!", "Done")


def test_around_gives_the_sentence_and_the_one_before() -> None:
    text = "First one. Second one [@a].\n\nThird one."
    told = sentences(text, removed=[(22, 26)], flavour=Flavour.MARKDOWN)
    assert told.around(23) == ("Second one.", "First one.")
    assert told.around(text.index("Third")) == ("Third one.", "Second one.")


def test_a_sentence_opening_in_emphasis_or_a_formatting_command_is_a_sentence_of_its_own() -> None:
    told = sentences("It works. *Nets* learn. __Deep__ ones too.", flavour=Flavour.MARKDOWN)
    assert told.texts == ("It works.", "Nets learn.", "Deep ones too.")
    told = sentences("It works. \\emph{Nets} learn.", flavour=Flavour.LATEX)
    assert told.texts == ("It works.", "Nets learn.")


def test_a_blank_line_ends_a_sentence_without_a_period() -> None:
    assert sentences("A heading\n\nBody text.").texts == ("A heading", "Body text.")


@pytest.mark.parametrize(
    ("flavour", "text", "expected"),
    [
        (
            Flavour.MARKDOWN,
            "Deep *nets* and **big** `code` [link](http://x) work .",
            "Deep nets and big code link work.",
        ),
        (
            Flavour.LATEX,
            'As \\emph{shown}~in Fig.~\\ref{f} by G\\"odel, 50\\% hold',
            "As shown in Fig. by Gödel, 50% hold",
        ),
        (
            Flavour.TYPST,
            "Deep *nets* and _big_ #emph[ones] work <lbl>",
            "Deep nets and big ones work",
        ),
    ],
)
def test_clean_removes_light_markup_and_extra_spaces(
    flavour: Flavour, text: str, expected: str
) -> None:
    assert clean(text, flavour) == expected


def test_a_citation_after_a_full_stop_opens_a_sentence_but_not_after_an_abbreviation() -> None:
    text = "Nets learn. smith20 agrees, e.g. jones21 too."
    assert breaks_before(text, [text.index("smith20"), text.index("jones21")]) == [
        text.index("smith20")
    ]
    assert breaks_before("As smith20 says.", [3]) == []


def _told(
    text: str, *cited: str, flavour: Flavour = Flavour.MARKDOWN
) -> tuple[Sentences, list[int]]:
    starts = [text.index(markup) for markup in cited]
    removed = [(start, start + len(markup)) for start, markup in zip(starts, cited, strict=True)]
    return sentences(text, removed=removed, flavour=flavour, marks=starts), starts


def test_a_marked_citation_is_placed_in_its_cleaned_sentence_after_the_words_it_closes() -> None:
    text = "Intro here. *Nets* **learn** fast [@a], and (see [@b]) slowly [@c].\n"
    told, (a, b, c) = _told(text, "[@a]", "[@b]", "[@c]")
    sentence, _ = told.around(a)
    assert sentence == "Nets learn fast, and (see) slowly."
    assert sentence[: told.place(a, a)] == "Nets learn fast"
    assert sentence[: told.place(b, b)] == "Nets learn fast, and (see"
    assert sentence[: told.place(c, c)] == "Nets learn fast, and (see) slowly"


def test_a_latex_citation_is_placed_across_commands_and_ties() -> None:
    text = "\\textbf{Nets} learn~\\cite{a} fast.\n"
    told, (a,) = _told(text, "\\cite{a}", flavour=Flavour.LATEX)
    assert told.around(a)[0][: told.place(a, a)] == "Nets learn"


def test_an_offset_that_was_not_marked_has_no_place() -> None:
    text = "Nets learn [@a].\n"
    told, (a,) = _told(text, "[@a]")
    assert told.place(a, a + 1) == -1
    assert told.place(a, -1) == -1
    assert sentences(text).place(a, a) == -1


@pytest.mark.parametrize(
    "text", ["Nets learn fast [@a].\n", "*Nets learn fast [@a]*.\n", "Nets learn fast [@a]"]
)
def test_a_citation_ending_its_sentence_is_placed_before_the_closing_punctuation(
    text: str,
) -> None:
    told, (a,) = _told(text, "[@a]")
    assert told.around(a)[0][: told.place(a, a)] == "Nets learn fast"


def test_a_run_of_opening_brackets_is_cleaned_and_links_still_keep_their_text() -> None:
    assert clean("[" * 20000 + "x](u) and [a link](http://a)", Flavour.MARKDOWN).endswith(
        "x and a link"
    )
