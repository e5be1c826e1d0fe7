"""Where each reference of a pasted list starts: one a line, wrapped under hanging indents or
not at all, numbered with bare numbers, runs by the same first author, bullets."""

from __future__ import annotations

import textwrap

from cite_sentinel.core.sources.reflist import read_reflist

ENTRIES = (
    "Okonkwo, A., & Varga, B. (2019). Sparse graph inference for robust representation "
    "learning. Journal of Applied Inference, 12(3), 101-118.",
    "Okonkwo, A., & Varga, B. (2021). Adaptive signal estimation with stochastic baselines. "
    "Journal of Applied Inference, 14(1), 1-34.",
    "Lindqvist, I., Tanaka, H., & Moreau, C. (2017). Semantic benchmarks for visual language "
    "models. In Proceedings of the Workshop on Visual Inference (pp. 410-418).",
    "Haddad, R. (2015). Global error bounds for scalable local features. Annals of Applied "
    "Inference, 7, 55-87.",
)


def _titles(text: str) -> list[str]:
    return [reference.title for reference in read_reflist(text, "refs.txt").references]


def test_one_reference_a_line_gives_one_reference_each() -> None:
    assert len(_titles("\n".join(ENTRIES))) == 4


def test_references_wrapped_under_hanging_indents_are_read_whole() -> None:
    text = "\n".join(textwrap.fill(entry, 60, subsequent_indent="    ") for entry in ENTRIES)
    titles = _titles(text)
    assert len(titles) == 4
    assert titles[2] == "Semantic benchmarks for visual language models"


def test_references_wrapped_flush_without_blank_lines_are_told_apart() -> None:
    text = "\n".join(textwrap.fill(entry, 70) for entry in ENTRIES)
    assert len(_titles(text)) == 4


def test_bare_numbers_number_the_entries_they_start() -> None:
    text = "References\n" + "\n".join(
        f"{number} {textwrap.fill(entry, 70, subsequent_indent='   ')}"
        for number, entry in enumerate(ENTRIES, start=1)
    )
    keys = [reference.key for reference in read_reflist(text, "refs.txt").references]
    assert keys == ["1", "2", "3", "4"]


def test_a_markdown_list_of_references_gives_one_reference_an_item() -> None:
    text = "\n".join(f"- {entry}" for entry in ENTRIES)
    assert len(_titles(text)) == 4
