"""What `fix` writes into a .bib reads back as the value it meant, LaTeX specials and all."""

from __future__ import annotations

from cite_sentinel.core.fix import Change, EntryFix, FixField, rewrite
from cite_sentinel.core.fix.bibvalues import bibtex_text
from cite_sentinel.core.model import Person
from cite_sentinel.core.sources.bibtex import read_bibtex
from hypothesis import given, settings
from hypothesis import strategies as st

ENTRY = "@article{k,\n  author = {Smith, Ann},\n  title = {Old},\n  journal = {Old}\n}\n"
_SPECIALS = "%&_#$^~{}\\-`'<>,?!@\""
_TEXT = st.text(
    alphabet=st.one_of(
        st.sampled_from(_SPECIALS),
        st.sampled_from("aZ09 .:;()éüßøłŁçñ中文😀"),
        st.characters(codec="utf-8", categories=("L", "N", "P", "S", "Zs")),
    ),
    max_size=40,
)
_WORD = st.text(alphabet=st.sampled_from("abcXYZéøß中&%_#$^~{}\\"), min_size=1, max_size=8)


def _as_read(value: str) -> str:
    """A value as every reader holds it: whitespace collapsed."""
    return " ".join(value.split())


@settings(max_examples=300, deadline=None)
@given(value=_TEXT)
def test_a_written_venue_reads_back_as_the_same_text(value: str) -> None:
    new = rewrite(ENTRY, "refs.bib", [EntryFix("k", (Change(FixField.VENUE, value),), ("t",))])
    (reference,) = read_bibtex(new, "refs.bib").references
    assert reference.venue == _as_read(value)
    assert reference.title == "Old"  # nothing leaked out of the value


@settings(max_examples=200, deadline=None)
@given(family=_WORD, given_name=_WORD)
def test_written_authors_read_back_as_the_same_people(family: str, given_name: str) -> None:
    people = (Person(family=family, given=given_name), Person(family="Roy", given="Al"))
    change = Change(FixField.AUTHORS, "", people)
    new = rewrite(ENTRY, "refs.bib", [EntryFix("k", (change,), ("t",))])
    (reference,) = read_bibtex(new, "refs.bib").references
    assert [(p.family, p.given) for p in reference.people] == [(family, given_name), ("Roy", "Al")]


def test_escaped_text_holds_no_character_latex_would_not_print_as_itself() -> None:
    written = bibtex_text("100% of R&D_costs ~ a^b $x$ #1 {y} \\z")
    assert written == (
        "100\\% of R\\&D\\_costs \\textasciitilde{} a\\textasciicircum{}b \\$x\\$ \\#1 "
        "\\textbraceleft{}y\\textbraceright{} \\textbackslash{}z"
    )
