"""Records of one work from several indexes: a team name in one index hides no miscitation."""

from __future__ import annotations

from dataclasses import replace

import pytest
from cite_sentinel.core.matching.fit import fit
from cite_sentinel.core.matching.match import Answers, judge, needs_second_opinion, weigh
from cite_sentinel.core.matching.versions import same_work, versions
from cite_sentinel.core.model import (
    Identifiers,
    Location,
    Person,
    Record,
    Reference,
    Severity,
    SourceReport,
    SourceStatus,
    Status,
)

ANSWERED = (
    SourceReport("openalex", SourceStatus.ANSWERED),
    SourceReport("crossref", SourceStatus.ANSWERED),
)
DOI = "10.1002/adem.201100214"
TITLE = "Grain refinement of magnesium alloys by rare earth additions"
PEOPLE = (Person(family="Xia", given="Min"), Person(family="Ge", given="Changchun"))
INVENTED = (Person(family="Doe", given="John"), Person(family="Roe", given="Richard"))
TEAM = (Person(literal="Writing Committee"),)


def _reference(people: tuple[Person, ...], doi: str = DOI) -> Reference:
    return Reference(
        key="xia2011",
        location=Location.point("refs.bib", 1, 1),
        kind="article",
        title=TITLE,
        people=people,
        year=2011,
        venue="Advanced Engineering Materials",
        identifiers=Identifiers(doi=doi),
    )


def _record(source: str, people: tuple[Person, ...], **fields: object) -> Record:
    values: dict[str, object] = {
        "source": source,
        "id": f"{source}-1",
        "title": TITLE,
        "people": people,
        "year": 2011,
        "venue": "Advanced Engineering Materials",
        "identifiers": Identifiers(doi=DOI),
    }
    values.update(fields)
    return Record(**values)  # type: ignore[arg-type]


@pytest.mark.parametrize("team_first", [True, False])
@pytest.mark.parametrize("found_by", ["identifier", "search"])
def test_invented_authors_are_miscited_though_one_index_gives_the_work_to_a_team(
    team_first: bool, found_by: str
) -> None:
    team, people = _record("openalex", TEAM), _record("crossref", PEOPLE)
    records = (team, people) if team_first else (people, team)
    if found_by == "identifier":
        evidence = Answers(reference=_reference(INVENTED), by_identifier=records, sources=ANSWERED)
    else:
        evidence = Answers(reference=_reference(INVENTED), candidates=records, sources=ANSWERED)
    verdict = judge(evidence)
    assert verdict.status is Status.MISCITED
    problem = next(p for p in verdict.problems if p.field == "authors")
    assert problem.found == "Min Xia; Changchun Ge"
    assert problem.severity is Severity.ERROR


def test_the_right_authors_are_verified_though_one_index_gives_the_work_to_a_team() -> None:
    records = (_record("openalex", TEAM), _record("crossref", PEOPLE))
    verdict = judge(Answers(reference=_reference(PEOPLE), by_identifier=records, sources=ANSWERED))
    assert verdict.status is Status.VERIFIED
    assert verdict.problems == ()


def test_a_team_record_alone_confirms_no_authors_and_asks_another_index() -> None:
    verdict, doubt = weigh(
        Answers(reference=_reference(INVENTED), by_identifier=(_record("openalex", TEAM),))
    )
    assert verdict.status is Status.VERIFIED
    assert "authors" in doubt.unconfirmed
    assert needs_second_opinion(verdict, doubt)


def test_a_miscitation_two_indexes_hold_needs_no_further_opinion() -> None:
    records = (_record("openalex", TEAM), _record("crossref", PEOPLE))
    verdict, doubt = weigh(
        Answers(reference=_reference(INVENTED), by_identifier=records, sources=ANSWERED)
    )
    assert verdict.status is Status.MISCITED
    assert doubt.holders == {"openalex", "crossref"}
    assert not needs_second_opinion(verdict, doubt)


def test_a_team_record_without_a_doi_and_a_record_of_the_same_title_are_one_work() -> None:
    team = _record("openalex", TEAM, identifiers=Identifiers())
    people = _record("crossref", PEOPLE, identifiers=Identifiers())
    verdict = judge(
        Answers(reference=_reference(INVENTED, doi=""), candidates=(team, people), sources=ANSWERED)
    )
    assert verdict.status is Status.MISCITED
    assert any(p.field == "authors" for p in verdict.problems)


def test_an_arxiv_record_and_the_arxiv_doi_record_of_a_team_are_one_work() -> None:
    arxiv = "1706.03762"
    team = _record("openalex", TEAM, identifiers=Identifiers(doi=f"10.48550/arxiv.{arxiv}"))
    people = _record("semanticscholar", PEOPLE, identifiers=Identifiers(arxiv=arxiv))
    verdict = judge(
        Answers(reference=_reference(INVENTED, doi=""), candidates=(team, people), sources=ANSWERED)
    )
    assert verdict.status is Status.MISCITED


def test_a_preprint_and_the_published_version_an_index_links_it_to_are_one_work() -> None:
    reference = _reference(INVENTED, doi="")
    published = fit(reference, _record("crossref", PEOPLE))
    renamed = "Grain refinement of magnesium alloys by cerium additions"
    preprint = _record(
        "openalex",
        TEAM,
        title=renamed,
        venue="arXiv (Cornell University)",
        is_preprint=True,
        identifiers=Identifiers(doi="10.48550/arxiv.1101.0001"),
    )
    unlinked = fit(reference, preprint)
    linked = fit(reference, replace(preprint, published_doi=DOI))
    assert not same_work(published, unlinked)
    assert same_work(published, linked)
    assert versions(published, [published, unlinked, linked]) == [published, linked]


def test_another_work_of_the_same_title_by_other_people_raises_nothing() -> None:
    other = _record(
        "crossref",
        (Person(family="Smith", given="Ann"), Person(family="Jones", given="Bob")),
        identifiers=Identifiers(doi="10.1016/j.other.2011.01.001"),
    )
    verdict = judge(
        Answers(
            reference=_reference(PEOPLE),
            candidates=(_record("openalex", PEOPLE), other),
            sources=ANSWERED,
        )
    )
    assert verdict.status is Status.VERIFIED
    assert verdict.problems == ()


def test_invented_authors_of_a_work_with_a_same_titled_namesake_are_still_miscited() -> None:
    other = _record(
        "crossref",
        (Person(family="Smith", given="Ann"), Person(family="Jones", given="Bob")),
        identifiers=Identifiers(doi="10.1016/j.other.2011.01.001"),
    )
    verdict = judge(
        Answers(
            reference=_reference(INVENTED),
            by_identifier=(_record("openalex", PEOPLE),),
            candidates=(other,),
            sources=ANSWERED,
        )
    )
    assert verdict.status is Status.MISCITED
    problem = next(p for p in verdict.problems if p.field == "authors")
    assert problem.found == "Min Xia; Changchun Ge"
