"""Where citation keys are completed: after each format's citation opener, and nowhere else."""

from __future__ import annotations

import pytest
from cite_sentinel.lsp.features.completion import TRIGGERS, completes_key


@pytest.mark.parametrize(
    "before",
    [
        "As shown by [@",
        "see @smi",
        "[@smith2020; @",
        r"\cite{",
        r"\cite{smith2020,",
        r"\citep[see][p.~3]{smith2020, ",
        r"\textcite[p.~4]{",
        r"\Cite{",
        r"\Parencite{",
        r"\Autocite{smi",
        r"\cites{smith2020}{",
        r"\textcites[p.~4]{smith2020}[p.~7]{",
        "#cite(<",
        "#cite(<smi",
        '#cite(label("',
        '#cite(label("smi',
    ],
)
def test_keys_are_offered_after_each_citation_opener(before: str) -> None:
    assert completes_key(before)


@pytest.mark.parametrize(
    "before",
    ["write to ann@", r"\section{", "#cite(smith", "a < b", r"\cite{smith2020} and {"],
)
def test_no_keys_are_offered_outside_a_citation(before: str) -> None:
    assert not completes_key(before)


def test_typing_the_typst_label_opener_asks_for_completion() -> None:
    assert "<" in TRIGGERS
