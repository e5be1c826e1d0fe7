"""`fix` plans changes only where the match is certain, and says why it leaves others."""

from __future__ import annotations

from cite_sentinel.core.fix import CERTAIN_CONFIDENCE, FixField, plan_fixes
from cite_sentinel.core.model import (
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


def test_a_wrong_year_and_a_missing_doi_are_planned_with_reasons() -> None:
    fixes, skipped = plan_fixes([reference()], [verdict(YEAR)])
    assert skipped == ()
    assert [c.field for c in fixes[0].changes] == [FixField.DOI, FixField.YEAR]
    assert "year cited 2019, found 2020 (crossref)" in fixes[0].reasons


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
    fixes, _ = plan_fixes([marked], [verdict(flags=(Flag.RETRACTED,))])
    assert FixField.RETRACTED not in [c.field for c in fixes[0].changes]


def test_equal_pages_written_differently_are_not_a_change() -> None:
    fixes, _ = plan_fixes([reference(year=2020, pages="10–20")], [verdict()])
    assert FixField.PAGES not in [c.field for c in fixes[0].changes]
