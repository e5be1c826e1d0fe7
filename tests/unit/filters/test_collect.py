"""The filter's citing sentences: each cited work judged on its own clause, narrative keys kept."""

from __future__ import annotations

import panflute as pf
from cite_sentinel.core import Citation
from cite_sentinel.core.ground.claims import claims_of
from cite_sentinel.filters.cites import find_cites
from cite_sentinel.filters.collect import collect


def _words(text: str) -> list[pf.Element]:
    out: list[pf.Element] = []
    for word in text.split(" "):
        out += [pf.Str(word), pf.Space()]
    return out[:-1]


def _cite(key: str, mode: str = "NormalCitation") -> pf.Cite:
    return pf.Cite(pf.Str(f"[@{key}]"), citations=[pf.Citation(key, mode=mode)])


def _citations(*inlines: pf.Element) -> list[Citation]:
    doc = pf.Doc(pf.Para(*inlines))
    return [c for group in collect(find_cites(doc)) for c in group.citations]


def test_each_work_of_a_two_clause_sentence_is_asked_for_its_own_clause() -> None:
    citations = _citations(
        *_words("Aspirin reduces infarction"),
        pf.Space(),
        _cite("a"),
        pf.Space(),
        *_words("and statins lower cholesterol"),
        pf.Space(),
        _cite("b"),
        pf.Str("."),
    )
    (claim,) = claims_of(citations)
    assert claim.claim.text == "Aspirin reduces infarction and statins lower cholesterol."
    assert claim.claim_for(0).text == (
        "Aspirin reduces infarction <|cit|> and statins lower cholesterol <|other_cit|>."
    )
    assert claim.claim_for(1).text == (
        "Aspirin reduces infarction <|other_cit|> and statins lower cholesterol <|cit|>."
    )


def test_a_narrative_citation_stays_the_subject_of_its_sentence() -> None:
    (citation,) = _citations(
        *_words("As"),
        pf.Space(),
        _cite("smith20", "AuthorInText"),
        pf.Space(),
        *_words("showed, it works."),
    )
    assert citation.sentence == "As smith20 showed, it works."
    assert citation.mark == -1


def test_columns_count_the_text_without_its_citations() -> None:
    first, second = _citations(*_words("See"), pf.Space(), _cite("a"), pf.Str(","), _cite("b"))
    assert first.location.column == 5
    assert second.location.column == 6


def test_a_suffix_without_a_comma_that_is_no_locator_is_told_apart() -> None:
    def suffixed(*suffix: pf.Inline) -> pf.Cite:
        return pf.Cite(pf.Str("x"), citations=[pf.Citation("a", suffix=list(suffix))])

    bare = suffixed(pf.Space(), pf.Str("for"), pf.Space(), pf.Str("a"), pf.Space(), pf.Str("view"))
    comma = suffixed(pf.Str(","), pf.Space(), pf.Str("for"), pf.Space(), pf.Str("view"))
    page = suffixed(pf.Space(), pf.Str("p.\xa03"))
    doc = pf.Doc(pf.Para(bare, pf.Space(), comma, pf.Space(), page))
    flags = [g.citations[0].bare_suffix for g in collect(find_cites(doc))]
    assert flags == [True, False, False]
