"""The Markdown reader finds the citation keys pandoc finds, on tricky snippets."""

from __future__ import annotations

from tests.support.markdown_grammar import HAND_WRITTEN, corpus, our_keys, pandoc_keys

# Snippets that open something a later snippet could fall into stay out of the batch.
_SPILLS = ("```", "~~~", "<!--", "<pre", "<div", "\\begin", "]:", "(@", "\n    ", "[@a and")


def _sample() -> list[str]:
    safe = [snippet for snippet in HAND_WRITTEN if not any(s in snippet for s in _SPILLS)]
    generated = corpus()[len(HAND_WRITTEN) :]
    return safe[:45] + list(generated[::12])


def test_markdown_citation_keys_equal_pandocs_on_sixty_snippets(pandoc3: str) -> None:
    sample = _sample()
    expected = pandoc_keys(pandoc3, sample)
    found = [our_keys(snippet) for snippet in sample]
    disagreements = [
        (snippet, want, got)
        for snippet, want, got in zip(sample, expected, found, strict=True)
        if want != got
    ]
    assert len(sample) >= 55
    assert sum(map(len, expected)) > 50  # the sample does cite, so equality means something
    assert disagreements == []


def test_markdown_code_blocks_and_comments_hide_citations_as_in_pandoc(pandoc3: str) -> None:
    spilling = [snippet for snippet in HAND_WRITTEN if "```" in snippet or "<!--" in snippet]
    expected = [pandoc_keys(pandoc3, [snippet])[0] for snippet in spilling]
    assert [our_keys(snippet) for snippet in spilling] == expected
