"""A title misremembered (a word, a letter) is close; another work's title is not."""

from __future__ import annotations

import pytest
from cite_sentinel.core.verify.title_edits import close_titles


@pytest.mark.parametrize(
    ("cited", "held"),
    [
        ("Subspace Differential Privacys", "Subspace Differential Privacy"),  # a letter
        ("BiasAdv: Bias-Adversarial Augmentation towards Model Debiasing",
         "BiasAdv: Bias-Adversarial Augmentation for Model Debiasing"),  # a word
    ],
)  # fmt: skip
def test_a_title_a_word_or_a_letter_off_is_close(cited: str, held: str) -> None:
    assert close_titles(cited, held)


@pytest.mark.parametrize(
    ("cited", "held"),
    [
        ("Converging to Team-Maxmin Equilibria in Zero-Sum Multiplayer Games",
         "Computing Team-Maxmin Equilibria in Multiplayer Extensive-Form Games"),
        ("Deep Residual Learning", "Deep Reinforcement Learning"),  # a word of three
    ],
)  # fmt: skip
def test_the_same_authors_other_paper_is_not_close(cited: str, held: str) -> None:
    assert not close_titles(cited, held)
