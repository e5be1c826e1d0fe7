"""Verdicts a user sees for literal references judged against literal index records."""

from __future__ import annotations

from cite_sentinel.core.matching.match import Answers, judge, needs_second_opinion, weigh
from cite_sentinel.core.model import (
    Flag,
    Identifiers,
    Location,
    Person,
    Problem,
    Record,
    Reference,
    Severity,
    SourceReport,
    SourceStatus,
    Status,
)
from hypothesis import given, settings
from hypothesis import strategies as st

ANSWERED = (
    SourceReport("openalex", SourceStatus.ANSWERED),
    SourceReport("crossref", SourceStatus.ANSWERED),
)
VASWANI = (
    Person(family="Vaswani", given="Ashish"),
    Person(family="Shazeer", given="Noam"),
    Person(family="Parmar", given="Niki"),
    Person(family="Uszkoreit", given="Jakob"),
)


def _reference(**fields: object) -> Reference:
    values: dict[str, object] = {
        "key": "vaswani2017",
        "location": Location.point("refs.bib", 1, 1),
        "kind": "inproceedings",
        "title": "Attention is All you Need",
        "people": VASWANI,
        "year": 2017,
        "venue": "NeurIPS",
    }
    values.update(fields)
    return Reference(**values)  # type: ignore[arg-type]


def _record(**fields: object) -> Record:
    values: dict[str, object] = {
        "source": "openalex",
        "id": "W1",
        "title": "Attention Is All You Need",
        "people": VASWANI,
        "year": 2017,
        "venue": "Advances in Neural Information Processing Systems 30",
        "venue_short": "NEURIPS",
        "identifiers": Identifiers(doi="10.5555/3295222.3295349"),
    }
    values.update(fields)
    return Record(**values)  # type: ignore[arg-type]


def _problem(problems: tuple[Problem, ...], field: str) -> Problem:
    return next(p for p in problems if p.field == field)


def test_real_reference_with_other_title_case_and_short_venue_is_verified() -> None:
    evidence = Answers(reference=_reference(), candidates=(_record(),), sources=ANSWERED)
    verdict = judge(evidence)
    assert verdict.status is Status.VERIFIED
    assert verdict.problems == ()
    assert verdict.match is not None and verdict.match.id == "W1"


def test_swapped_author_order_is_miscited_with_an_authors_warning() -> None:
    people = (VASWANI[1], VASWANI[0], VASWANI[2], VASWANI[3])
    verdict = judge(
        Answers(reference=_reference(people=people), candidates=(_record(),), sources=ANSWERED)
    )
    assert verdict.status is Status.MISCITED
    problem = _problem(verdict.problems, "authors")
    assert problem.severity is Severity.WARNING
    assert "Shazeer" in problem.cited and "Vaswani" in problem.found


def test_authors_of_another_paper_are_an_error() -> None:
    strangers = (Person(family="Silva", given="Petra"), Person(family="Sato", given="Yuki"))
    verdict = judge(
        Answers(reference=_reference(people=strangers), candidates=(_record(),), sources=ANSWERED)
    )
    assert verdict.status is Status.MISCITED
    assert _problem(verdict.problems, "authors").severity is Severity.ERROR


def test_doi_that_resolves_to_another_work_is_miscited_with_an_error() -> None:
    other = _record(
        id="W2",
        title="Deep Residual Learning for Image Recognition",
        people=(Person(family="He", given="Kaiming"),),
        identifiers=Identifiers(doi="10.1109/cvpr.2016.90"),
    )
    reference = _reference(identifiers=Identifiers(doi="10.1109/cvpr.2016.90"))
    evidence = Answers(
        reference=reference, by_identifier=(other,), candidates=(_record(),), sources=ANSWERED
    )
    verdict = judge(evidence)
    assert verdict.status is Status.MISCITED
    assert verdict.match is not None and verdict.match.id == "W1"
    problem = _problem(verdict.problems, "doi")
    assert problem.severity is Severity.ERROR
    assert problem.cited == "10.1109/cvpr.2016.90"


def test_doi_of_another_work_without_any_title_match_is_miscited_not_fabricated() -> None:
    other = _record(
        id="W2",
        title="Deep Residual Learning for Image Recognition",
        people=(Person(family="He", given="Kaiming"),),
    )
    reference = _reference(identifiers=Identifiers(doi="10.1109/cvpr.2016.90"))
    verdict = judge(Answers(reference=reference, by_identifier=(other,), sources=ANSWERED))
    assert verdict.status is Status.MISCITED
    assert _problem(verdict.problems, "doi").severity is Severity.ERROR


def test_no_match_with_a_failed_source_is_unverified_and_names_the_failure() -> None:
    sources = (
        SourceReport("openalex", SourceStatus.ANSWERED),
        SourceReport("crossref", SourceStatus.FAILED, "timeout"),
    )
    verdict = judge(Answers(reference=_reference(), sources=sources))
    assert verdict.status is Status.UNVERIFIED
    assert "crossref: timeout" in verdict.reason
    assert "openalex answered no match" in verdict.reason


def test_no_match_when_every_source_answered_is_fabricated() -> None:
    unrelated = _record(title="A Survey of Graph Kernels", people=(Person(family="Kriege"),))
    verdict = judge(Answers(reference=_reference(), candidates=(unrelated,), sources=ANSWERED))
    assert verdict.status is Status.FABRICATED
    assert "no index that answered" in verdict.reason


def test_no_match_when_every_source_was_skipped_is_unverified() -> None:
    sources = (SourceReport("openalex", SourceStatus.SKIPPED, "offline"),)
    verdict = judge(Answers(reference=_reference(), sources=sources))
    assert verdict.status is Status.UNVERIFIED


def test_web_page_without_a_match_is_unverified_never_fabricated() -> None:
    page = _reference(kind="online", title="The Rust Programming Language Blog", people=())
    verdict = judge(Answers(reference=page, sources=ANSWERED))
    assert verdict.status is Status.UNVERIFIED
    assert "online" in verdict.reason


def test_misc_with_only_a_url_is_unverified() -> None:
    misc = _reference(kind="misc", identifiers=Identifiers(url="https://example.org/tool"))
    assert judge(Answers(reference=misc, sources=ANSWERED)).status is Status.UNVERIFIED


def test_doi_that_could_not_be_looked_up_keeps_an_unmatched_reference_unverified() -> None:
    reference = _reference(identifiers=Identifiers(doi="10.1145/1234567.7654321"))
    verdict = judge(Answers(reference=reference, sources=ANSWERED))
    assert verdict.status is Status.UNVERIFIED


def test_doi_absent_everywhere_and_no_match_is_fabricated() -> None:
    reference = _reference(identifiers=Identifiers(doi="10.88880/bpr.633067"))
    verdict = judge(Answers(reference=reference, identifier_absent=True, sources=ANSWERED))
    assert verdict.status is Status.FABRICATED
    assert "exists nowhere" in verdict.reason


def test_invented_doi_on_a_real_work_is_miscited_with_an_error() -> None:
    reference = _reference(identifiers=Identifiers(doi="10.88880/bpr.633067"))
    evidence = Answers(
        reference=reference,
        identifier_absent=True,
        candidates=(_record(identifiers=Identifiers()),),
        sources=ANSWERED,
    )
    verdict = judge(evidence)
    assert verdict.status is Status.MISCITED
    assert _problem(verdict.problems, "doi").severity is Severity.ERROR


def test_unregistered_doi_under_a_real_prefix_on_a_work_without_doi_is_only_a_note() -> None:
    reference = _reference(identifiers=Identifiers(doi="10.1609/aaai.v35i11.17231"))
    evidence = Answers(
        reference=reference,
        identifier_absent=True,
        candidates=(_record(identifiers=Identifiers()),),
        sources=ANSWERED,
    )
    verdict = judge(evidence)
    assert verdict.status is Status.VERIFIED
    assert _problem(verdict.problems, "doi").severity is Severity.INFO


def test_retracted_record_is_flagged() -> None:
    verdict = judge(
        Answers(reference=_reference(), candidates=(_record(retracted=True),), sources=ANSWERED)
    )
    assert Flag.RETRACTED in verdict.flags


def test_cited_preprint_with_a_published_version_is_flagged() -> None:
    preprint = _record(
        id="P", venue="arXiv", venue_short="", is_preprint=True, published_doi="10.5555/3295222"
    )
    reference = _reference(
        venue="arXiv preprint arXiv:1706.03762", identifiers=Identifiers(arxiv="1706.03762")
    )
    verdict = judge(Answers(reference=reference, candidates=(preprint,), sources=ANSWERED))
    assert verdict.status is Status.VERIFIED
    assert Flag.PUBLISHED_VERSION in verdict.flags


def test_preprint_year_one_off_from_the_published_version_is_accepted() -> None:
    preprint = _record(venue="arXiv", venue_short="", is_preprint=True, year=2016)
    reference = _reference(venue="arXiv preprint")
    verdict = judge(Answers(reference=reference, candidates=(preprint,), sources=ANSWERED))
    assert verdict.status is Status.VERIFIED


def test_the_issue_year_is_verified_when_one_index_gives_the_online_year_and_another_both() -> None:
    """OpenAlex dates a work by its first, online appearance; Crossref also knows the issue."""
    reference = _reference(year=2018, venue="Nature Nanotechnology")
    online = _record(year=2016, venue="Nature Nanotechnology", venue_short="")
    alone = judge(Answers(reference=reference, by_identifier=(online,), sources=ANSWERED))
    assert alone.status is Status.MISCITED  # two years apart and nothing to explain it
    issue = _record(
        source="crossref", year=2016, print_year=2018, venue="Nature Nanotechnology", venue_short=""
    )
    both = judge(Answers(reference=reference, by_identifier=(online, issue), sources=ANSWERED))
    assert both.status is Status.VERIFIED and both.problems == ()


def test_year_two_off_is_a_problem_naming_both_years() -> None:
    verdict = judge(
        Answers(reference=_reference(year=2019), candidates=(_record(),), sources=ANSWERED)
    )
    assert verdict.status is Status.MISCITED
    problem = _problem(verdict.problems, "year")
    assert (problem.cited, problem.found) == ("2019", "2017")


def test_wrong_venue_is_miscited() -> None:
    verdict = judge(
        Answers(reference=_reference(venue="ICML"), candidates=(_record(),), sources=ANSWERED)
    )
    assert verdict.status is Status.MISCITED
    assert _problem(verdict.problems, "venue").found == "NEURIPS"


def test_near_miss_title_by_the_same_authors_is_miscited_on_the_title() -> None:
    reference = _reference(title="Attention is Mostly All you Need")
    verdict = judge(Answers(reference=reference, candidates=(_record(),), sources=ANSWERED))
    assert verdict.status is Status.MISCITED
    assert [p.field for p in verdict.problems] == ["title"]


def test_two_papers_with_the_same_title_are_told_apart_by_authors() -> None:
    other = _record(
        id="W9",
        people=(Person(family="Doe", given="Jane"),),
        year=2021,
        venue="ICML",
        venue_short="ICML",
    )
    evidence = Answers(reference=_reference(), candidates=(other, _record()), sources=ANSWERED)
    verdict = judge(evidence)
    assert verdict.status is Status.VERIFIED
    assert verdict.match is not None and verdict.match.id == "W1"


def test_truncated_author_list_with_others_is_verified_but_without_is_miscited() -> None:
    short = VASWANI[:2]
    with_others = judge(
        Answers(
            reference=_reference(people=short, others=True),
            candidates=(_record(),),
            sources=ANSWERED,
        )
    )
    without = judge(
        Answers(reference=_reference(people=short), candidates=(_record(),), sources=ANSWERED)
    )
    assert with_others.status is Status.VERIFIED
    assert without.status is Status.MISCITED


def test_confidence_is_a_probability_and_higher_for_a_clean_match() -> None:
    clean = judge(Answers(reference=_reference(), candidates=(_record(),), sources=ANSWERED))
    shaky = judge(
        Answers(
            reference=_reference(year=2019, venue="ICML"), candidates=(_record(),), sources=ANSWERED
        )
    )
    assert 0.0 <= shaky.confidence <= 1.0 and 0.0 <= clean.confidence <= 1.0
    assert clean.status is Status.VERIFIED and clean.confidence > 0.5


def test_a_reference_with_nothing_to_search_is_unverified_not_fabricated() -> None:
    empty = _reference(title="", people=(), year=None, venue="")
    verdict = judge(Answers(reference=empty, sources=ANSWERED))
    assert verdict.status is Status.UNVERIFIED


def test_no_source_consulted_is_unverified() -> None:
    verdict = judge(Answers(reference=_reference()))
    assert verdict.status is Status.UNVERIFIED
    assert "no index" in verdict.reason


def test_published_venue_cited_with_its_arxiv_doi_is_not_flagged_as_a_preprint() -> None:
    reference = _reference(identifiers=Identifiers(doi="10.48550/arxiv.1706.03762"))
    evidence = Answers(
        reference=reference, identifier_absent=True, candidates=(_record(),), sources=ANSWERED
    )
    verdict = judge(evidence)
    assert verdict.status is Status.VERIFIED
    assert Flag.PUBLISHED_VERSION not in verdict.flags


def test_doi_resolving_to_the_same_work_in_another_index_is_no_problem() -> None:
    crossref_copy = _record(source="crossref", id="10.5555/3295222.3295349", title="Attention")
    reference = _reference(identifiers=Identifiers(doi="10.5555/3295222.3295349"))
    evidence = Answers(
        reference=reference,
        by_identifier=(crossref_copy,),
        candidates=(_record(),),
        sources=ANSWERED,
    )
    verdict = judge(evidence)
    assert verdict.status is Status.VERIFIED
    assert verdict.problems == ()


_TEXT = st.text(max_size=60)


@settings(max_examples=60, deadline=None)
@given(
    title=_TEXT,
    found_title=_TEXT,
    family=_TEXT,
    given_name=_TEXT,
    venue=_TEXT,
    found_venue=_TEXT,
    year=st.one_of(st.none(), st.integers(min_value=0, max_value=3000)),
    doi=st.sampled_from(["", "10.1109/x", "10.99999/y", "not-a-doi"]),
    absent=st.booleans(),
)
def test_odd_text_anywhere_still_gives_a_verdict(
    title: str,
    found_title: str,
    family: str,
    given_name: str,
    venue: str,
    found_venue: str,
    year: int | None,
    doi: str,
    absent: bool,
) -> None:
    person = Person(family=family, given=given_name)
    reference = _reference(
        title=title, people=(person,), venue=venue, year=year, identifiers=Identifiers(doi=doi)
    )
    record = _record(
        title=found_title, people=(person, Person(literal=family)), venue=found_venue, year=year
    )
    evidence = Answers(
        reference=reference,
        by_identifier=(record,) if doi and not absent else (),
        identifier_absent=absent,
        candidates=(record,),
        sources=ANSWERED,
    )
    verdict = judge(evidence)
    assert verdict.status in set(Status)
    assert 0.0 <= verdict.confidence <= 1.0


def test_flagship_cited_where_only_a_workshop_version_is_indexed_is_verified_with_a_note() -> None:
    workshop = _record(venue="ICML 2017 Workshops: PADL", venue_short="ICMLW")
    verdict = judge(Answers(reference=_reference(), candidates=(workshop,), sources=ANSWERED))
    assert verdict.status is Status.VERIFIED
    assert _problem(verdict.problems, "venue").severity is Severity.INFO


def test_another_fields_venue_cited_for_a_workshop_paper_is_miscited() -> None:
    workshop = _record(venue="ICML 2017 Workshops: PADL", venue_short="ICMLW")
    reference = _reference(venue="ACL")
    verdict = judge(Answers(reference=reference, candidates=(workshop,), sources=ANSWERED))
    assert verdict.status is Status.MISCITED
    assert _problem(verdict.problems, "venue").severity is Severity.WARNING


def test_conference_paper_cited_with_the_year_of_its_preprint_is_verified() -> None:
    reference = _reference(year=2016)  # on arXiv in 2016, in the 2017 proceedings
    verdict = judge(Answers(reference=reference, candidates=(_record(),), sources=ANSWERED))
    assert verdict.status is Status.VERIFIED


# --- every field's references: versions, index quirks, kinds of work ------------------------

NATURE_PEOPLE = (
    Person(family="Lander", given="Eric S."),
    Person(family="Linton", given="Lauren M."),
)


def _article(**fields: object) -> Reference:
    """A journal article as cited (the same builder as _reference, another work)."""
    article: dict[str, object] = {
        "key": "lander2001",
        "kind": "article",
        "title": "Initial sequencing and analysis of the human genome",
        "people": NATURE_PEOPLE,
        "year": 2001,
        "venue": "Nature",
    }
    return _reference(**{**article, **fields})


def _work(**fields: object) -> Record:
    """That article as an index holds it."""
    work: dict[str, object] = {
        "id": "W2",
        "title": "Initial sequencing and analysis of the human genome",
        "people": NATURE_PEOPLE,
        "year": 2001,
        "venue": "Nature",
        "venue_short": "",
        "venue_kind": "journal",
        "identifiers": Identifiers(),
    }
    return _record(**{**work, **fields})


def test_a_journal_cited_by_its_exact_name_is_verified() -> None:
    for name in ("Nature", "Nature Communications", "Biometrika"):
        verdict = judge(
            Answers(
                reference=_article(venue=name),
                candidates=(_work(venue=name),),
                sources=ANSWERED,
            )
        )
        assert verdict.status is Status.VERIFIED, name


def test_another_journal_is_a_venue_warning() -> None:
    verdict = judge(
        Answers(reference=_article(venue="Cell"), candidates=(_work(),), sources=ANSWERED)
    )
    assert verdict.status is Status.MISCITED
    assert _problem(verdict.problems, "venue").found == "Nature"


def test_a_repository_record_cannot_refute_the_venue_when_another_index_holds_the_journal() -> None:
    repository = _work(source="openalex", venue="arXiv (Cornell University)",
                       venue_kind="repository", is_preprint=True)  # fmt: skip
    journal = _work(source="crossref", id="10.1038/35057062")
    verdict = judge(
        Answers(reference=_article(), candidates=(repository, journal), sources=ANSWERED)
    )
    assert verdict.status is Status.VERIFIED


def test_a_publisher_given_as_venue_is_no_error() -> None:
    verdict = judge(
        Answers(
            reference=_article(kind="incollection", venue="Handbook of Genomics"),
            candidates=(_work(venue="Springer eBooks", venue_kind="ebook platform"),),
            sources=ANSWERED,
        )
    )
    assert verdict.status is Status.VERIFIED


def test_a_work_known_only_as_a_preprint_to_two_indexes_refutes_a_claimed_venue() -> None:
    preprint = _work(venue="arXiv (Cornell University)", venue_kind="repository",
                     is_preprint=True)  # fmt: skip
    one_index = (SourceReport("openalex", SourceStatus.ANSWERED),)
    alone = judge(Answers(reference=_article(), candidates=(preprint,), sources=one_index))
    assert alone.status is Status.VERIFIED  # one index's preprint record proves nothing
    both = judge(Answers(reference=_article(), candidates=(preprint,), sources=ANSWERED))
    assert both.status is Status.MISCITED
    assert "only a preprint" in _problem(both.problems, "venue").found


def test_any_version_of_the_work_agreeing_settles_a_field() -> None:
    people = (Person(family="Venter", given="J. Craig"), Person(family="Adams", given="Mark D."))
    truncated = _work(people=people[:1])
    alphabetised = _work(source="crossref", people=people[::-1])
    verdict = judge(
        Answers(
            reference=_article(people=people),
            candidates=(truncated, alphabetised),
            sources=ANSWERED,
        )
    )
    assert verdict.status is Status.VERIFIED


def test_a_one_letter_slip_in_a_name_is_a_note_naming_the_right_spelling() -> None:
    slipped = (Person(family="Lnader", given="Eric S."), NATURE_PEOPLE[1])
    verdict = judge(
        Answers(reference=_article(people=slipped), candidates=(_work(),), sources=ANSWERED)
    )
    assert verdict.status is Status.VERIFIED
    note = _problem(verdict.problems, "authors")
    assert note.severity is Severity.INFO and "Lander" in note.found


def test_a_miscitation_resting_on_one_index_asks_for_a_second_opinion() -> None:
    wrong_year, doubt = weigh(Answers(reference=_article(year=1995), candidates=(_work(),)))
    assert wrong_year.status is Status.MISCITED and needs_second_opinion(wrong_year, doubt)
    second = _work(source="crossref", id="10.1038/35057062")
    confirmed, doubt = weigh(
        Answers(reference=_article(year=1995), candidates=(_work(), second), sources=ANSWERED)
    )
    assert confirmed.status is Status.MISCITED and not needs_second_opinion(confirmed, doubt)


def test_a_record_cut_to_its_first_author_asks_another_index_for_the_list() -> None:
    invented = (NATURE_PEOPLE[0], Person(family="Nobody", given="Ann"))
    truncated = _work(people=NATURE_PEOPLE[:1])
    verdict, doubt = weigh(Answers(reference=_article(people=invented), candidates=(truncated,)))
    assert verdict.status is Status.VERIFIED and needs_second_opinion(verdict, doubt)
    full = _work(source="crossref", id="10.1038/35057062")
    verdict, doubt = weigh(
        Answers(reference=_article(people=invented), candidates=(truncated, full))
    )
    assert verdict.status is Status.MISCITED
    assert not needs_second_opinion(verdict, doubt)


def test_a_repository_given_as_the_venue_asks_another_index_for_the_journal() -> None:
    filed = _work(venue="PubMed Central", venue_kind="repository")
    verdict, doubt = weigh(Answers(reference=_article(venue="Cell"), candidates=(filed,)))
    assert verdict.status is Status.VERIFIED and needs_second_opinion(verdict, doubt)
    journal = _work(source="crossref", id="10.1038/35057062")
    verdict, _ = weigh(Answers(reference=_article(venue="Cell"), candidates=(filed, journal)))
    assert verdict.status is Status.MISCITED


def test_a_misc_entry_with_a_papers_shape_that_no_index_holds_is_fabricated() -> None:
    invented = _article(kind="misc", title="Quantum gravity of invented tardigrades",
                        volume="12", pages="1--9")  # fmt: skip
    verdict = judge(Answers(reference=invented, sources=ANSWERED))
    assert verdict.status is Status.FABRICATED


def test_a_misc_web_page_that_no_index_holds_stays_unverified() -> None:
    page = _article(kind="misc", title="Our lab's homepage", venue="",
                    identifiers=Identifiers(url="https://example.org"))  # fmt: skip
    verdict = judge(Answers(reference=page, sources=ANSWERED))
    assert verdict.status is Status.UNVERIFIED
    assert "a miscellaneous entry may be outside" in verdict.reason


WITH_DATACITE = (*ANSWERED, SourceReport("datacite", SourceStatus.ANSWERED))


def _deposit(**fields: object) -> Reference:
    """A dataset cited without DOI, its repository in `howpublished`."""
    values: dict[str, object] = {
        "kind": "misc", "venue": "", "title": "Radiosonde measurements from station Momote",
        "fields": (("howpublished", "Zenodo"), ("note", "Data set")),
    }  # fmt: skip
    return _article(**(values | fields))


def test_an_invented_dataset_from_a_named_repository_is_fabricated_once_datacite_answered() -> None:
    assert judge(Answers(reference=_deposit(), sources=WITH_DATACITE)).status is (Status.FABRICATED)
    unasked = judge(Answers(reference=_deposit(), sources=ANSWERED))
    assert unasked.status is Status.UNVERIFIED
    assert "may be outside the scholarly indexes" in unasked.reason


def test_a_dataset_datacite_could_not_be_asked_about_is_unverified_naming_it() -> None:
    failed = (*ANSWERED, SourceReport("datacite", SourceStatus.FAILED, "HTTP 503"))
    verdict = judge(Answers(reference=_deposit(), sources=failed))
    assert verdict.status is Status.UNVERIFIED
    assert "datacite: HTTP 503" in verdict.reason


def test_software_on_a_code_host_no_index_holds_stays_unverified() -> None:
    tool = _deposit(kind="software", fields=(("url", "https://github.com/lab/tool"),))
    verdict = judge(Answers(reference=tool, sources=WITH_DATACITE))
    assert verdict.status is Status.UNVERIFIED
    assert "a software may be outside the scholarly indexes" in verdict.reason


def test_a_datacite_dataset_record_verifies_the_dataset_its_repository_named_as_publisher() -> None:
    record = _work(
        source="datacite", title="Radiosonde measurements from station Momote", venue="",
        venue_short="", publisher="Zenodo", kind="dataset",
        identifiers=Identifiers(doi="10.5281/zenodo.1"),
    )  # fmt: skip
    cited = _deposit(venue="Zenodo")
    verdict = judge(Answers(reference=cited, candidates=(record,), sources=WITH_DATACITE))
    assert verdict.status is Status.VERIFIED and verdict.problems == ()


def test_titles_in_other_scripts_are_compared() -> None:
    title = "ОБРАЗОВАНИЕ КАК «НОВАЯ РОСКОШЬ»"
    people = (Person(family="Бинюкова", given="И.С."),)
    verdict = judge(
        Answers(
            reference=_article(title=title, people=people, venue="", year=2019),
            candidates=(_work(title=title, people=people, venue="", year=2019),),
            sources=ANSWERED,
        )
    )
    assert verdict.status is Status.VERIFIED


def test_an_unmatched_title_in_chinese_or_japanese_is_unverified_not_fabricated() -> None:
    verdict = judge(
        Answers(reference=_article(title="異分野連携によるリポソーム製剤の開発"), sources=ANSWERED)
    )
    assert verdict.status is Status.UNVERIFIED


def test_a_doi_no_registry_knows_beside_an_arxiv_id_that_found_the_work_is_wrong() -> None:
    reference = _article(identifiers=Identifiers(doi="10.1038/35057062999", arxiv="0704.0122"))
    arxiv_ids = Identifiers(doi="10.48550/arxiv.0704.0122", arxiv="0704.0122")
    found = _work(
        source="arxiv", is_preprint=True, published_doi="10.1038/35057062", identifiers=arxiv_ids
    )
    verdict = judge(
        Answers(
            reference=reference, by_identifier=(found,), identifier_absent=True, sources=ANSWERED
        )
    )
    assert verdict.status is Status.MISCITED
    assert _problem(verdict.problems, "doi").found == "10.1038/35057062"


def test_an_arxiv_doi_with_a_version_is_read_as_the_papers_doi_with_a_note() -> None:
    reference = _article(
        identifiers=Identifiers(doi="10.48550/arxiv.2101.00001"),
        fields=(("doi", "10.48550/arXiv.2101.00001v2"),),
    )
    found = _work(identifiers=Identifiers(doi="10.48550/arxiv.2101.00001"))
    verdict = judge(Answers(reference=reference, by_identifier=(found,), sources=ANSWERED))
    assert verdict.status is Status.VERIFIED
    note = _problem(verdict.problems, "doi")
    assert note.severity is Severity.INFO and note.found == "10.48550/arxiv.2101.00001"


def test_a_preprint_only_record_cannot_refute_a_venue_that_registers_no_dois() -> None:
    """NeurIPS, PMLR (ICML, AISTATS) and OpenReview (ICLR) register no DOIs, so the indexes
    often hold only the arXiv record of a paper published there: a note, not an error."""
    preprint = _record(
        venue="arXiv (Cornell University)",
        venue_short="",
        venue_kind="repository",
        is_preprint=True,
        identifiers=Identifiers(),
    )
    icml = "Proceedings of the 36th International Conference on Machine Learning"
    for venue in ("NeurIPS", icml, "ICLR", "AISTATS"):
        verdict = judge(
            Answers(reference=_reference(venue=venue), candidates=(preprint,), sources=ANSWERED)
        )
        assert verdict.status is Status.VERIFIED, venue
        note = _problem(verdict.problems, "venue")
        assert note.severity is Severity.INFO and "only a preprint" in note.found


def test_authors_in_another_order_behind_the_right_first_author_are_a_note() -> None:
    people = (VASWANI[0], VASWANI[2], VASWANI[1], VASWANI[3])
    verdict = judge(
        Answers(reference=_reference(people=people), candidates=(_record(),), sources=ANSWERED)
    )
    assert verdict.status is Status.VERIFIED
    note = _problem(verdict.problems, "authors")
    assert note.severity is Severity.INFO and note.found.startswith("Ashish Vaswani; Noam")


def test_authors_in_the_order_another_index_gives_are_not_noted() -> None:
    people = (VASWANI[0], VASWANI[2], VASWANI[1], VASWANI[3])
    crossref = _record(source="crossref", id="10.5555/3295222.3295349", people=people)
    verdict = judge(
        Answers(
            reference=_reference(people=people),
            candidates=(_record(), crossref),
            sources=ANSWERED,
        )
    )
    assert verdict.status is Status.VERIFIED
    assert verdict.problems == ()


def test_a_versioned_biorxiv_doi_is_read_as_the_papers_doi_with_a_note() -> None:
    doi = "10.1101/2023.12.12.569610"
    cited = _article(
        fields=(("doi", f"{doi}v1"),), identifiers=Identifiers(doi=doi), venue="bioRxiv"
    )
    work = _work(identifiers=Identifiers(doi=doi), venue="bioRxiv", is_preprint=True)
    verdict = judge(Answers(reference=cited, by_identifier=(work,), sources=ANSWERED))
    assert verdict.status is Status.VERIFIED
    note = _problem(verdict.problems, "doi")
    assert note.severity is Severity.INFO and note.found == doi


def test_a_reference_without_a_title_that_no_index_places_is_unverified_not_fabricated() -> None:
    """Venue, volume and page may be misprinted: without a title nothing shows the work is
    invented."""
    reference = _reference(title="", venue="Phys. Rev. Lett.", volume="116", pages="061102")
    verdict = judge(Answers(reference=reference, candidates=(_record(),), sources=ANSWERED))
    assert verdict.status is Status.UNVERIFIED
    assert (
        "cited without a title" in verdict.reason
        and "Phys. Rev. Lett. 116, 061102" in verdict.reason
    )


def test_a_title_cited_in_translation_that_no_index_holds_is_unverified_not_fabricated() -> None:
    """Indexes hold a Russian paper under its Russian title; the English one finds nothing."""
    for fields in ((("note", "In Russian"),), (("langid", "russian"),)):
        reference = _reference(title="On the plasticity of thin shells", fields=fields)
        verdict = judge(Answers(reference=reference, candidates=(_record(),), sources=ANSWERED))
        assert verdict.status is Status.UNVERIFIED and "in translation" in verdict.reason
        assert "Russian" in verdict.reason
    plain = _reference(title="On the plasticity of thin shells in German steel")
    verdict = judge(Answers(reference=plain, candidates=(_record(),), sources=ANSWERED))
    assert verdict.status is Status.FABRICATED


def test_a_free_text_title_its_reader_doubted_is_unverified_not_fabricated() -> None:
    misread = _reference(
        title="Fertility and sterility 2015, 104, 964-971",
        source_format="reflist",
        raw="(161) Upson, K.; Sathyanarayana, S. Fertility and sterility 2015, 104, 964-971.e5.",
        confidence=(("title", 0.55),),
    )
    verdict = judge(Answers(reference=misread, candidates=(_record(),), sources=ANSWERED))
    assert verdict.status is Status.UNVERIFIED
    assert "could not be read into a title" in verdict.reason


NELDER = (Person(family="Nelder", given="J A"), Person(family="Wedderburn", given="R W M"))


def test_a_namesake_by_other_people_in_another_year_is_another_work_not_a_miscitation() -> None:
    reference = _reference(
        kind="article", title="Generalized linear models", people=NELDER, year=1972,
        venue="Journal of the Royal Statistical Society",
    )  # fmt: skip
    review = _record(
        title="Generalized Linear Models", people=(Person(family="Kowalczyk", given="Marta"),),
        year=2002, venue="Journal of the American Statistical Association",
    )  # fmt: skip
    verdict = judge(Answers(reference=reference, candidates=(review,), sources=ANSWERED))
    assert verdict.status is Status.UNVERIFIED
    assert "another work of this title" in verdict.reason and "Kowalczyk" in verdict.reason
    original = _record(
        title="Generalized Linear Models", people=NELDER, year=1972, venue_short="",
        venue="Journal of the Royal Statistical Society. Series A (General)",
    )  # fmt: skip
    found = judge(Answers(reference=reference, candidates=(review, original), sources=ANSWERED))
    assert found.status is Status.VERIFIED and found.match == original


def test_a_book_is_not_the_article_of_its_title_by_other_people() -> None:
    reference = _reference(
        kind="book", title="Deep Learning", venue="", year=2016,
        people=(Person(family="Goodfellow", given="I"), Person(family="Bengio", given="Y"),
                Person(family="Courville", given="A")),
    )  # fmt: skip
    nature = _record(
        title="Deep learning", year=2015, venue="Nature",
        people=(Person(family="LeCun", given="Yann"), Person(family="Bengio", given="Yoshua"),
                Person(family="Hinton", given="Geoffrey")),
    )  # fmt: skip
    verdict = judge(Answers(reference=reference, candidates=(nature,), sources=ANSWERED))
    assert verdict.status is Status.UNVERIFIED


def test_invented_authors_and_year_on_a_distinctive_title_stay_a_miscitation() -> None:
    """A merged citation: a real, specific title with another paper's people and year."""
    reference = _reference(
        people=(Person(family="Bao", given="Han"), Person(family="Nozawa", given="Kento")),
        year=2022,
    )
    verdict = judge(Answers(reference=reference, candidates=(_record(),), sources=ANSWERED))
    assert verdict.status is Status.MISCITED
    assert {p.field for p in verdict.problems} >= {"authors", "year"}


def test_a_title_another_version_holds_is_a_note() -> None:
    reference = _reference(
        title="Fixing weight decay regularization in Adam", people=VASWANI[:2], year=2019,
        venue="ICLR", identifiers=Identifiers(arxiv="1711.05101"),
    )  # fmt: skip
    preprint = _record(
        source="arxiv", title="Fixing Weight Decay Regularization in Adam", people=VASWANI[:2],
        year=2017, venue="", is_preprint=True,
        identifiers=Identifiers(doi="10.48550/arxiv.1711.05101", arxiv="1711.05101"),
    )  # fmt: skip
    published = _record(
        title="Decoupled Weight Decay Regularization", people=VASWANI[:2], year=2019,
        venue="International Conference on Learning Representations",
        identifiers=Identifiers(arxiv="1711.05101"),
    )  # fmt: skip
    evidence = Answers(
        reference=reference, by_identifier=(preprint,), candidates=(published,), sources=ANSWERED
    )
    verdict = judge(evidence)
    assert verdict.status is Status.VERIFIED
    assert verdict.published == published


def test_a_cited_main_title_alone_names_the_work_of_the_same_people_and_year() -> None:
    reference = _reference(title="XGBoost: A Scalable Tree Boosting System")
    held = _record(title="XGBoost")
    assert judge(Answers(reference=reference, candidates=(held,), sources=ANSWERED)).status is (
        Status.VERIFIED
    )
    other_people = _record(title="XGBoost", people=(Person(family="Lee", given="Kim"),))
    assert (
        judge(Answers(reference=reference, candidates=(other_people,), sources=ANSWERED)).status
        is not Status.VERIFIED
    )


def test_a_conference_the_indexes_know_only_a_preprint_of_is_unconfirmed_a_journal_refuted() -> (
    None
):
    """Proceedings reach the indexes late (the latest ICCV, CVPR, OSDI papers are often held
    only as arXiv records); a journal registers its DOIs as it publishes."""
    preprint = _record(
        venue="arXiv (Cornell University)", venue_short="", venue_kind="repository",
        is_preprint=True, identifiers=Identifiers(),
    )  # fmt: skip
    for kind, venue in (
        (
            "inproceedings",
            "Proceedings of the IEEE/CVF International Conference on Computer Vision",
        ),
        ("inproceedings", "13th USENIX Symposium on Operating Systems Design and Implementation"),
        ("article", "CVPR"),
    ):
        cited = _reference(kind=kind, venue=venue)
        verdict = judge(Answers(reference=cited, candidates=(preprint,), sources=ANSWERED))
        assert verdict.status is Status.VERIFIED, venue
    journal = _reference(kind="article", venue="Experimental Thermal and Fluid Science")
    verdict = judge(Answers(reference=journal, candidates=(preprint,), sources=ANSWERED))
    assert verdict.status is Status.MISCITED
