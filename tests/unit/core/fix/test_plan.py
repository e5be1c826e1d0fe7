"""`fix` plans changes only where the match is certain, and says why it leaves others."""

from __future__ import annotations

from dataclasses import replace

from cite_sentinel.core.fix import CERTAIN_CONFIDENCE, Change, FixField, plan_fixes, printed_doi
from cite_sentinel.core.model import (
    Finding,
    Flag,
    Identifiers,
    Location,
    Person,
    Problem,
    Record,
    Reference,
    Severity,
    Status,
    Verdict,
)

HERE = Location.point("refs.bib", 1, 1)
RECORD = Record(
    source="crossref",
    id="x",
    title="Deep Nets",
    people=(Person(family="Smith", given="Ann"),),
    year=2020,
    venue="Journal of Nets",
    pages="10-20",
    identifiers=Identifiers(doi="10.1234/deep"),
)


def reference(key: str = "smith", **fields: object) -> Reference:
    values: dict[str, object] = {"title": "Deep Nets", "year": 2019, "pages": "10--20"}
    values.update(fields)
    return Reference(key=key, location=HERE, **values)  # type: ignore[arg-type]


def verdict(*problems: Problem, confidence: float = 0.96, **fields: object) -> Verdict:
    status = Status.MISCITED if problems else Status.VERIFIED
    return Verdict(
        key="smith", status=status, confidence=confidence, problems=problems, match=RECORD, **fields
    )  # type: ignore[arg-type]


YEAR = Problem("year", "2019", "2020", Severity.WARNING)


def test_a_wrong_year_is_planned_with_its_reason_and_the_missing_doi_is_not() -> None:
    fixes, skipped = plan_fixes([reference()], [verdict(YEAR)])
    assert skipped == ()
    assert [c.field for c in fixes[0].changes] == [FixField.YEAR]
    assert fixes[0].reasons == ("year cited 2019, found 2020 (crossref)",)


def test_complete_also_adds_the_missing_doi_and_pages() -> None:
    fixes, _ = plan_fixes([reference(year=2020, pages="")], [verdict()], complete=True)
    assert [(c.field, c.value) for c in fixes[0].changes] == [
        (FixField.DOI, "10.1234/deep"),
        (FixField.PAGES, "10-20"),
    ]


def test_a_field_check_did_not_report_is_left_as_it_is() -> None:
    """An allow-list or a severity set to "off" silenced the miscited finding."""
    assert plan_fixes([reference()], [verdict(YEAR)], findings=()) == ((), ())
    said = Finding(
        code="miscited", severity=Severity.WARNING, message="", location=HERE, key="smith"
    )
    fixes, _ = plan_fixes([reference()], [verdict(YEAR)], findings=[said])
    assert [c.field for c in fixes[0].changes] == [FixField.YEAR]


def test_other_pages_are_corrected_where_check_reported_them() -> None:
    said = Finding(
        code="pages-differ", severity=Severity.INFO, message="", location=HERE, key="smith"
    )
    wrong = reference(year=2020, pages="10--21")
    assert plan_fixes([wrong], [verdict()], findings=()) == ((), ())
    fixes, _ = plan_fixes([wrong], [verdict()], findings=[said])
    assert [(c.field, c.value) for c in fixes[0].changes] == [(FixField.PAGES, "10-20")]


def test_a_doi_is_written_in_the_case_the_registry_prints_it() -> None:
    record = replace(
        RECORD,
        identifiers=Identifiers(doi="10.1002/nav.3800020109"),
        url="https://doi.org/10.1002/NAV.3800020109",
    )
    assert printed_doi(record) == "10.1002/NAV.3800020109"
    fixes, _ = plan_fixes([reference(year=2020)], [replace(verdict(), match=record)], complete=True)
    assert fixes[0].changes[0] == Change(FixField.DOI, "10.1002/NAV.3800020109")


def test_a_low_confidence_match_is_left_alone_with_the_reason() -> None:
    fixes, skipped = plan_fixes(
        [reference()], [verdict(YEAR, confidence=CERTAIN_CONFIDENCE - 0.01)]
    )
    assert fixes == ()
    assert "below" in skipped[0].reason


def test_a_title_that_differs_puts_the_identity_in_doubt() -> None:
    title = Problem("title", "Deep Nest", "Deep Nets", Severity.WARNING)
    fixes, skipped = plan_fixes([reference()], [verdict(title, YEAR)])
    assert fixes == () and "title" in skipped[0].reason


def test_badly_wrong_authors_with_a_wrong_year_are_not_rewritten() -> None:
    authors = Problem("authors", "Bob Jones", "Ann Smith", Severity.ERROR)
    fixes, skipped = plan_fixes([reference()], [verdict(authors, YEAR)])
    assert fixes == () and "authors" in skipped[0].reason


def test_badly_wrong_authors_of_an_otherwise_exact_match_are_corrected() -> None:
    authors = Problem("authors", "Bob Jones", "Ann Smith", Severity.ERROR)
    fixes, _ = plan_fixes([reference(year=2020)], [verdict(authors)])
    change = next(c for c in fixes[0].changes if c.field is FixField.AUTHORS)
    assert change.people == RECORD.people


def test_a_duplicated_key_is_never_touched() -> None:
    fixes, skipped = plan_fixes([reference(), reference()], [verdict(YEAR)])
    assert fixes == () and "2 entries" in skipped[0].reason


def test_a_fabricated_or_unverified_reference_plans_nothing() -> None:
    unmatched = Verdict(key="smith", status=Status.FABRICATED, confidence=0.99)
    assert plan_fixes([reference()], [unmatched]) == ((), ())


def test_a_retracted_work_is_marked_once() -> None:
    fixes, _ = plan_fixes([reference(year=2020)], [verdict(flags=(Flag.RETRACTED,))])
    assert FixField.RETRACTED in [c.field for c in fixes[0].changes]
    marked = reference(year=2020, fields=(("keywords", "ml, retracted"),))
    assert plan_fixes([marked], [verdict(flags=(Flag.RETRACTED,))]) == ((), ())


def test_equal_pages_written_differently_are_not_a_change() -> None:
    fixes, _ = plan_fixes([reference(year=2020, pages="10–20")], [verdict()], complete=True)
    assert FixField.PAGES not in [c.field for c in fixes[0].changes]


def test_a_record_holding_only_the_first_page_changes_no_pages() -> None:
    first_only = replace(RECORD, pages="341")
    cited = reference(year=2020, pages="341--359")
    fixes, skipped = plan_fixes([cited], [replace(verdict(), match=first_only)], complete=True)
    assert all(c.field is not FixField.PAGES for fix in fixes for c in fix.changes)
    assert skipped == ()


def test_complete_writes_the_range_of_a_cited_first_page() -> None:
    fixes, _ = plan_fixes([reference(year=2020, pages="10")], [verdict()], complete=True)
    assert (FixField.PAGES, "10-20") in [(c.field, c.value) for c in fixes[0].changes]


def test_a_doi_kept_in_the_pages_moves_to_the_doi_field_when_pages_are_fixed() -> None:
    cited = reference(year=2020, pages="11--20, doi:10.1234/Deep")
    fixes, _ = plan_fixes([cited], [verdict()])
    assert [(c.field, c.value) for c in fixes[0].changes] == [
        (FixField.DOI, "10.1234/deep"),
        (FixField.PAGES, "10-20"),
    ]


AUTHORS = Problem("authors", "…", "…", Severity.WARNING)
ELEVEN = tuple(Person(family=f"Name{chr(65 + i)}", given="A") for i in range(11))


def test_a_shorter_record_list_is_never_written_and_fix_says_why() -> None:
    record = replace(RECORD, people=ELEVEN[:3])
    cited = reference(year=2020, people=ELEVEN)
    fixes, skipped = plan_fixes([cited], [replace(verdict(AUTHORS), match=record)])
    assert fixes == ()
    assert [(s.field, "fewer people (3) than the entry (11)" in s.reason) for s in skipped] == [
        ("authors", True)
    ]


def test_cited_names_with_more_initials_than_the_record_are_kept() -> None:
    record = replace(
        RECORD, people=(Person(family="Smith", given="S"), Person(family="Jones", given="Kim"))
    )
    cited = reference(
        year=2020, people=(Person(family="Smith", given="S M"), Person(family="Jonas", given="K"))
    )
    fixes, _ = plan_fixes([cited], [replace(verdict(AUTHORS), match=record)])
    change = fixes[0].changes[0]
    assert change.people == record.people and change.kept == (0, -1)


def test_reported_fields_fix_cannot_change_are_named_with_the_reason() -> None:
    preprint = replace(RECORD, venue="arXiv", is_preprint=True)
    venue = Problem("venue", "ICML", "(only a preprint is known: arXiv)", Severity.WARNING)
    fixes, skipped = plan_fixes([reference(year=2020)], [replace(verdict(venue), match=preprint)])
    assert fixes == ()
    assert [(s.key, s.field) for s in skipped] == [("smith", "venue")]
    assert "only a preprint" in skipped[0].reason


def test_a_note_asks_for_no_change() -> None:
    reordered = Problem("authors", "B; A", "A; B", Severity.INFO)
    fixes, skipped = plan_fixes([reference(year=2020)], [verdict(reordered, YEAR)])
    assert [c.field for c in fixes[0].changes] == [FixField.YEAR] and skipped == ()


def test_a_first_page_alone_never_replaces_a_cited_range_it_contradicts() -> None:
    first_only = replace(RECORD, pages="433")
    cited = reference(year=2020, pages="443--446")
    fixes, skipped = plan_fixes([cited], [replace(verdict(), match=first_only)])
    assert fixes == ()
    assert [(s.field, "only the first page, 433" in s.reason) for s in skipped] == [("pages", True)]


def test_a_reported_field_fix_does_not_write_is_named() -> None:
    arxiv = Problem("arxiv", "2101.00001", "2101.00002", Severity.ERROR)
    fixes, skipped = plan_fixes([reference(year=2020)], [verdict(arxiv)])
    assert fixes == () and [(s.field, s.key) for s in skipped] == [("arxiv", "smith")]
