"""One printed reference read into fields, in the shapes real lists print them: where the
names end without a year after them, no title at all, PDF spacing, volumes after the journal,
bare citation numbers. Each case is written here in its own words; the labeller was never
trained on these strings."""

from __future__ import annotations

from cite_sentinel.core.model import Location, Reference
from cite_sentinel.core.sources.refparse import parse_reference


def _read(text: str) -> Reference:
    return parse_reference(text, key="k", location=Location.point("refs.txt", 1, 1))


def _families(reference: Reference) -> list[str]:
    return [person.family or person.literal for person in reference.people]


def test_names_end_before_a_title_though_no_year_or_full_stop_follows_them() -> None:
    book = _read(
        "Okafor, T., Algebraic Methods in the Theory of Fluid Interfaces (Oxford University"
        " Press, 2011)."
    )
    assert _families(book) == ["Okafor"]
    assert book.title == "Algebraic Methods in the Theory of Fluid Interfaces"
    assert book.year == 2011


def test_given_names_after_the_first_author_and_the_year_after_the_journal() -> None:
    article = _read(
        "Lindqvist, I. and H. Tanaka, Cortical gating of attention in the behaving monkey."
        " Neuron, 2009. 61(3): p. 412-25."
    )
    assert _families(article) == ["Lindqvist", "Tanaka"]
    assert article.title == "Cortical gating of attention in the behaving monkey"
    assert (article.venue, article.year) == ("Neuron", 2009)
    assert (article.volume, article.issue, article.pages) == ("61", "3", "412-25")


def test_a_reference_printed_without_a_title_names_its_venue_volume_and_page() -> None:
    physics = _read("B. Moreau, K. Ito, and R. Duval, Phys. Rev. Lett. 98, 247201 (2007).")
    assert _families(physics) == ["Moreau", "Ito", "Duval"]
    assert physics.title == ""
    assert physics.venue.startswith("Phys. Rev. Lett")
    assert (physics.volume, physics.pages, physics.year) == ("98", "247201", 2007)
    astronomy = _read("Kowalski, P. & Haddad, R. 2015, Astron. J., 150, 112")
    assert _families(astronomy) == ["Kowalski", "Haddad"] and astronomy.title == ""
    assert (astronomy.volume, astronomy.pages, astronomy.year) == ("150", "112", 2015)


def test_pdf_spacing_around_marks_reads_as_typed() -> None:
    spaced = _read(
        'C. Reyes and D. Olsen, "Flat bands in twisted bilayers ,"Phys .Rev .B, vol. 88, p.'
        " 045412 ( 2013) ."
    )
    assert spaced.title == "Flat bands in twisted bilayers"
    assert spaced.venue == "Phys. Rev. B"
    assert (spaced.volume, spaced.year) == ("88", 2013)


def test_a_volume_after_the_journal_is_read() -> None:
    article = _read(
        "Salazar, M. (2004). Dopamine and the timing of reward. Trends in Cognitive Sciences"
        " 8, 113-120."
    )
    assert article.venue == "Trends in Cognitive Sciences"
    assert (article.volume, article.pages) == ("8", "113-120")


def test_a_bare_citation_number_is_no_author() -> None:
    numbered = _read(
        "31 Fernandes, R. A. Cold tolerance in tropical maize. Crop Sci. 12, 4-9 (1999)."
    )
    assert _families(numbered) == ["Fernandes"]
    assert numbered.title == "Cold tolerance in tropical maize"


def test_a_doi_glued_to_the_next_word_is_the_doi() -> None:
    glued = _read(
        "T. Brandt, Lattice QCD at finite density, Phys. Rev. D 90, 014508 (2014)."
        " doi:10.1103/PhysRevD.90.014508.URL http://example.org/paper"
    )
    assert glued.identifiers.doi == "10.1103/physrevd.90.014508"


def test_each_field_says_how_sure_the_reader_was() -> None:
    article = _read("Salazar, M. (2004). Dopamine and the timing of reward. Neuron, 8, 113-120.")
    assert 0.9 <= article.certainty("title") <= 1.0
    assert {name for name, _ in article.confidence} >= {"author", "title", "year", "venue"}
