"""How one record fits one reference: which records count as the cited work, and how they rank."""

from __future__ import annotations

import pytest
from cite_sentinel.core.matching import venues
from cite_sentinel.core.matching.fit import cites_preprint, fit, is_preprint
from cite_sentinel.core.model import Identifiers, Location, Person, Record, Reference

PEOPLE = (Person(family="Kingma", given="Diederik P."), Person(family="Ba", given="Jimmy"))


def _reference(**fields: object) -> Reference:
    values: dict[str, object] = {
        "key": "kingma2015",
        "location": Location.point("refs.bib", 3, 1),
        "title": "Adam: A Method for Stochastic Optimization",
        "people": PEOPLE,
        "year": 2015,
        "venue": "ICLR",
    }
    values.update(fields)
    return Reference(**values)  # type: ignore[arg-type]


def _record(**fields: object) -> Record:
    values: dict[str, object] = {
        "source": "openalex",
        "id": "W2",
        "title": "Adam: A Method for Stochastic Optimization",
        "people": PEOPLE,
        "year": 2015,
        "venue": "International Conference on Learning Representations",
        "venue_short": "ICLR",
    }
    values.update(fields)
    return Record(**values)  # type: ignore[arg-type]


def test_same_title_counts_as_the_work_even_with_other_authors() -> None:
    stranger = _record(people=(Person(family="Doe", given="Jane"),))
    assert fit(_reference(), stranger).accepted


def test_similar_title_by_other_people_is_not_the_work() -> None:
    other = _record(
        title="Adam: A Method for Stochastic Optimisation of Networks",
        people=(Person(family="Doe", given="Jane"),),
    )
    assert not fit(_reference(), other).accepted


def test_the_right_authors_rank_above_a_namesake_title() -> None:
    namesake = _record(id="W3", people=(Person(family="Doe", given="Jane"),), year=2020)
    assert fit(_reference(), _record()).rank > fit(_reference(), namesake).rank


def test_a_year_one_after_the_records_is_accepted_only_around_a_preprint() -> None:
    preprint = _record(venue="arXiv", venue_short="CoRR", year=2014)
    published = _record(year=2014)
    assert fit(_reference(), preprint).year_agrees
    assert not fit(_reference(), published).year_agrees


def test_a_year_one_before_the_records_is_the_year_of_an_earlier_version() -> None:
    proceedings = _record(year=2016)  # on arXiv in 2015, in the proceedings in 2016
    assert fit(_reference(year=2015), proceedings).year_agrees
    assert not fit(_reference(year=2014), proceedings).year_agrees


def test_the_year_of_the_printed_issue_agrees_however_far_from_the_online_one() -> None:
    online_first = _record(year=2014, print_year=2015)  # online in December, in January's issue
    assert fit(_reference(year=2015), online_first).year_agrees
    backlog = _record(year=2012, print_year=2014)
    assert fit(_reference(year=2014), backlog).year_agrees
    assert not fit(_reference(year=2013), backlog).year_agrees  # neither date


def test_preprints_are_recognised_by_flag_doi_or_venue() -> None:
    assert is_preprint(_record(is_preprint=True))
    assert is_preprint(_record(identifiers=Identifiers(doi="10.48550/arxiv.1412.6980")))
    assert is_preprint(_record(venue="CoRR", venue_short=""))
    assert not is_preprint(_record())


def test_a_citation_of_arxiv_cites_a_preprint_but_a_venue_with_an_arxiv_id_does_not() -> None:
    assert cites_preprint(_reference(venue="arXiv preprint arXiv:1412.6980"))
    assert cites_preprint(_reference(venue="", identifiers=Identifiers(arxiv="1412.6980")))
    assert not cites_preprint(_reference(identifiers=Identifiers(arxiv="1412.6980")))


def test_a_venue_citation_carrying_an_arxiv_id_may_give_the_arxiv_year() -> None:
    # A later arXiv version's year, one after the proceedings: only the arXiv id explains it.
    reference = _reference(year=2016, identifiers=Identifiers(arxiv="1412.6980"))
    assert fit(reference, _record()).year_agrees
    assert not fit(_reference(year=2016), _record()).year_agrees


def test_an_identifier_cited_without_a_title_fits_the_record_it_resolves_to() -> None:
    """A Manubot `@doi:` id states nothing the record could contradict."""
    bare = _reference(title="", people=(), year=None, venue="")
    assert fit(bare, _record(), by_identifier=True).accepted
    assert not fit(bare, _record()).accepted  # a search hit needs a title to match


def test_a_reference_printed_without_a_title_is_the_work_at_its_venue_volume_and_page() -> None:
    """ACS and APS styles: "D. P. Kingma, J. Ba, ICLR 3, 17 (2015)"."""
    untitled = _reference(title="", volume="3", pages="17–29")
    assert fit(untitled, _record(volume="3", pages="17-29")).accepted
    assert fit(untitled, _record(volume="Vol. 3", pages="pp. 17")).accepted
    assert not fit(untitled, _record(volume="3", pages="18-29")).accepted  # another article
    assert not fit(
        untitled, _record(volume="3", pages="17", venue="Nature", venue_short="")
    ).accepted
    assert not fit(_reference(title="", volume="3"), _record(volume="3", pages="17")).accepted


@pytest.mark.parametrize("cited_volume", ["09", "9", "1109"])
def test_a_journal_numbered_by_year_is_cited_by_its_issue_as_physicists_print_it(
    cited_volume: str,
) -> None:
    """ "JHEP 09 (2011) 012": the index keeps volume 2011, issue 9, article 12; INSPIRE
    prints the volume as 1109."""
    jhep = {"venue": "Journal of High Energy Physics", "venue_short": "", "year": 2011}
    untitled = _reference(title="", venue="JHEP", volume=cited_volume, pages="012", year=2011)
    assert fit(untitled, _record(volume="2011", issue="9", pages="12", **jhep)).accepted
    assert not fit(untitled, _record(volume="2011", issue="8", pages="12", **jhep)).accepted
    assert not fit(untitled, _record(volume="2011", issue="9", pages="13", **jhep)).accepted


def test_a_free_text_reference_misread_still_fits_the_record_whose_title_it_prints() -> None:
    """A style the reader misreads ("…, A. Graves, Memory-Efficient Backpropagation Through
    Time, in: Neurips, 2016") must not turn a real work into an invented one."""
    raw = (
        "[27] A. Gruslys, R. Munos, I. Danihelka, M. Lanctot, A. Graves, Memory-Efficient"
        " Backpropagation Through Time, in: Neurips, 2016: pp. 4125–4133."
    )
    misread = _reference(title="in: Neurips", venue="2016", raw=raw, year=2016)
    record = _record(
        title="Memory-Efficient Backpropagation Through Time",
        venue="Advances in Neural Information Processing Systems",
        venue_short="NeurIPS",
        year=2016,
    )
    fitted = fit(misread, record)
    assert fitted.accepted and fitted.title.same
    assert not fit(_reference(title="in: Neurips", year=2016), record).accepted  # no text


def test_a_free_text_venue_is_read_again_from_the_text_as_printed() -> None:
    title = "Predicting User Satisfaction from Turn-Taking in Spoken Conversations"
    raw = f"26. Chowdhury SA, Stepanov EA, Riccardi G. 2016. {title}"
    tail_as_venue = _reference(
        title="Predicting User Satisfaction from Turn-Taking", venue="Spoken Conversations", raw=raw
    )
    record = _record(title=title, venue="Interspeech", venue_short="")
    assert fit(tail_as_venue, record).venue is venues.Placement.UNPLACED
    named = _reference(
        venue="Proc.", raw="K. Okafor. Adam. In Journal of Machine Learning Research."
    )
    assert fit(named, _record(venue="Journal of Machine Learning Research")).venue_agrees
    other = _reference(venue="Nature", raw="K. Okafor. Adam. Nature 12, 1 (2015).")
    assert not fit(other, _record(venue="Journal of Machine Learning Research")).venue_agrees


def test_a_short_title_found_somewhere_in_a_printed_reference_proves_nothing() -> None:
    raw = "A. Doe. Deep learning for proteins. Nature 12, 1 (2015)."
    assert not fit(_reference(title="Proteins", raw=raw), _record(title="Deep learning")).accepted


def test_a_proceedings_paper_printed_without_a_title_is_named_by_page_year_and_author() -> None:
    """Angewandte Chemie: "D. P. Kingma, J. Ba in ICLR, 2015, pp. 17–29."."""
    untitled = _reference(title="", pages="17–29")
    assert fit(untitled, _record(pages="17-29")).accepted
    assert not fit(untitled, _record(pages="17-29", year=2017)).accepted
    other = _record(pages="17-29", people=(Person(family="Doe", given="Jane"),))
    assert not fit(untitled, other).accepted


def test_a_short_title_of_another_work_in_another_year_and_venue_is_a_namesake() -> None:
    """Baddeley & Hitch's 1974 chapter "Working memory" is not Baddeley's 1992 Science article."""
    cited = _reference(
        kind="incollection", title="Working memory", year=1974,
        people=(Person(family="Baddeley", given="A D"), Person(family="Hitch", given="G J")),
        venue="The Psychology of Learning and Motivation: Advances in Research and Theory",
    )  # fmt: skip
    science = _record(
        title="Working memory", year=1992, venue="Science", venue_short="Science",
        people=(Person(family="Baddeley", given="A"),), kind="journal-article",
    )  # fmt: skip
    found = fit(cited, science)
    assert found.namesake and not found.accepted
    book = _reference(kind="book", title="Working memory", year=1986, venue="",
                      people=(Person(family="Baddeley", given="A D"),))  # fmt: skip
    assert fit(book, science).namesake
    same_year = _reference(kind="article", title="Working memory", year=1992, venue="Science",
                           people=(Person(family="Baddeley", given="A"),))  # fmt: skip
    assert not fit(same_year, science).namesake


def test_a_meeting_of_the_printed_proceedings_era_cited_with_its_volumes_year_agrees() -> None:
    """Advances in NIPS 21, of the 2008 meeting, came out in 2009; NeurIPS 2020's papers
    appeared at the meeting, so 2021 is another year."""
    nips = _record(year=2008, kind="proceedings-article", venue="neurips", venue_short="NEURIPS")
    assert fit(_reference(year=2009, venue="NeurIPS"), nips).year_agrees
    recent = _record(year=2020, kind="proceedings-article", venue="neurips", venue_short="NEURIPS")
    assert not fit(_reference(year=2021, venue="NeurIPS"), recent).year_agrees
    journal = _record(year=2008, kind="journal-article", venue="Neural Computation")
    assert not fit(_reference(year=2009, venue="Neural Computation"), journal).year_agrees
