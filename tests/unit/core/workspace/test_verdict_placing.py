"""Verdicts show up as findings where the reference is defined and wherever it is cited."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from cite_sentinel.core import (
    Citation,
    Flag,
    Identifiers,
    Location,
    Problem,
    Record,
    Reference,
    Severity,
    SourceReport,
    SourceStatus,
    Status,
    Verdict,
    check,
)
from cite_sentinel.core.workspace.verdict_placing import verdict_findings

KEY_SPAN = Location("refs.bib", 12, 10, 12, 19)
SMITH = Reference(
    key="smith2020", location=Location("refs.bib", 12, 1, 18, 2), key_location=KEY_SPAN
)
CITED = (
    Citation(key="smith2020", location=Location("paper.md", 3, 5, 3, 15)),
    Citation(key="smith2020", location=Location("paper.md", 9, 1, 9, 11)),
    Citation(key="other", location=Location("paper.md", 10, 1, 10, 7)),
)
CROSSREF = Record(source="crossref", id="10.1/x", published_doi="10.1/published")


def _miscited(*problems: Problem) -> Verdict:
    return Verdict(key="smith2020", status=Status.MISCITED, problems=problems, match=CROSSREF)


def test_a_wrong_year_is_a_warning_on_the_key_and_every_citation() -> None:
    verdict = _miscited(Problem("year", "2019", "2020", Severity.WARNING))
    findings = verdict_findings([verdict], [SMITH], CITED)
    assert [str(f.location) for f in findings] == ["refs.bib:12:10", "paper.md:3:5", "paper.md:9:1"]
    assert {f.message for f in findings} == {"smith2020: year cited 2019, found 2020 (crossref)"}
    assert {f.severity for f in findings} == {Severity.WARNING}
    assert {f.code for f in findings} == {"miscited"}
    assert findings[0].hint == "correct the year to 2020"


def test_a_doi_of_another_work_is_an_error() -> None:
    verdict = _miscited(Problem("doi", "10.1/a", "10.1/b", Severity.WARNING))
    (finding,) = verdict_findings([verdict], [SMITH], ())
    assert finding.severity is Severity.ERROR
    assert finding.message == "smith2020: doi cited 10.1/a, found 10.1/b (crossref)"


def test_badly_wrong_authors_keep_the_engines_error_and_quote_names() -> None:
    verdict = _miscited(Problem("authors", "Kumar, Sethi", "Garg, Murhekar", Severity.ERROR))
    (finding,) = verdict_findings([verdict], [SMITH], ())
    assert finding.severity is Severity.ERROR
    assert (
        finding.message
        == 'smith2020: authors cited "Kumar, Sethi", found "Garg, Murhekar" (crossref)'
    )


def test_fabricated_is_an_error_naming_the_sources_that_answered() -> None:
    verdict = Verdict(
        key="smith2020",
        status=Status.FABRICATED,
        sources=(
            SourceReport("openalex", SourceStatus.ANSWERED),
            SourceReport("crossref", SourceStatus.ANSWERED),
        ),
    )
    (finding,) = verdict_findings([verdict], [SMITH], ())
    assert finding.severity is Severity.ERROR
    assert (
        finding.message == "smith2020: no index holds a matching work (openalex, crossref answered)"
    )


def test_unverified_is_info_with_the_failed_sources_as_reason() -> None:
    verdict = Verdict(
        key="smith2020",
        status=Status.UNVERIFIED,
        sources=(SourceReport("crossref", SourceStatus.FAILED, "3 timeouts"),),
    )
    (finding,) = verdict_findings([verdict], [SMITH], ())
    assert finding.severity is Severity.INFO
    assert finding.message == "smith2020: not verified: sources failed (crossref: 3 timeouts)"


def test_retracted_is_an_error_and_a_published_version_is_info() -> None:
    verdict = Verdict(
        key="smith2020",
        status=Status.VERIFIED,
        flags=(Flag.RETRACTED, Flag.PUBLISHED_VERSION),
        match=CROSSREF,
    )
    findings = verdict_findings([verdict], [SMITH], ())
    assert [(f.code, f.severity) for f in findings] == [
        ("retracted", Severity.ERROR),
        ("published-version", Severity.INFO),
    ]
    assert "doi 10.1/published" in findings[1].message


def test_a_verified_reference_gives_no_finding() -> None:
    verdict = Verdict(key="smith2020", status=Status.VERIFIED, match=CROSSREF)
    assert verdict_findings([verdict], [SMITH], CITED) == ()


def test_configured_severities_change_or_silence_a_code() -> None:
    verdict = _miscited(Problem("year", "2019", "2020", Severity.WARNING))
    (raised,) = verdict_findings([verdict], [SMITH], (), {"miscited": Severity.ERROR})
    assert raised.severity is Severity.ERROR
    assert verdict_findings([verdict], [SMITH], (), {"miscited": None}) == ()


def test_a_reference_without_key_span_is_placed_at_its_entry() -> None:
    plain = Reference(key="smith2020", location=Location("refs.json", 4, 3, 12, 4))
    verdict = _miscited(Problem("year", "2019", "2020", Severity.WARNING))
    (finding,) = verdict_findings([verdict], [plain], ())
    assert str(finding.location) == "refs.json:4:3"


class _OneVerdict:
    """A verifier that judges every reference fabricated (the engine's seam, no network)."""

    async def verify(self, references: Sequence[Reference]) -> Sequence[Verdict]:
        return [Verdict(key=ref.key, status=Status.FABRICATED) for ref in references]


async def test_check_places_verdict_findings_on_the_entry_and_its_citations(tmp_path: Path) -> None:
    (tmp_path / "refs.bib").write_text(
        "@article{ghost2021,\n  author = {Nobody, Anne},\n  title = {Nothing},\n"
        "  journal = {J},\n  year = {2021}\n}\n",
        encoding="utf-8",
    )
    (tmp_path / "paper.md").write_text(
        "---\nbibliography: refs.bib\n---\nAs shown [@ghost2021].\n", encoding="utf-8"
    )
    result = await check([str(tmp_path)], verifier=_OneVerdict())
    fabricated = [f for f in result.findings if f.code == "fabricated"]
    assert sorted(Path(f.location.path).name for f in fabricated) == ["paper.md", "refs.bib"]
    assert all(f.severity is Severity.ERROR and f.key == "ghost2021" for f in fabricated)


def test_an_unverified_work_the_sources_answered_for_is_not_told_to_wait_for_them() -> None:
    answered = (SourceReport("openalex", SourceStatus.ANSWERED),)
    outside = Verdict(
        key="smith2020",
        status=Status.UNVERIFIED,
        reason="the indexes hold no work of this kind",
        sources=answered,
    )
    (finding,) = verdict_findings([outside], [SMITH], [])
    assert "reachable" not in finding.hint and "by hand" in finding.hint


def test_a_request_an_index_refused_is_not_worth_running_again() -> None:
    refused = Verdict(
        key="smith2020",
        status=Status.UNVERIFIED,
        sources=(SourceReport("crossref", SourceStatus.FAILED, "HTTP 400 for /works"),),
    )
    (finding,) = verdict_findings([refused], [SMITH], ())
    assert "running again will not help" in finding.hint
    limited = Verdict(
        key="smith2020",
        status=Status.UNVERIFIED,
        sources=(SourceReport("crossref", SourceStatus.FAILED, "HTTP 429 for /works"),),
    )
    (finding,) = verdict_findings([limited], [SMITH], ())
    assert finding.hint.startswith("run the check again")


def test_a_published_version_is_named_by_venue_year_and_doi() -> None:
    published = replace(
        CROSSREF, venue="Journal of Nets", year=2021, identifiers=Identifiers(doi="10.1/pub")
    )
    verdict = Verdict(
        key="smith2020",
        status=Status.VERIFIED,
        flags=(Flag.PUBLISHED_VERSION,),
        match=Record(source="openalex", id="W1", is_preprint=True),
        published=published,
    )
    (finding,) = verdict_findings([verdict], [SMITH], ())
    assert "a published version exists: Journal of Nets 2021, doi 10.1/pub" in finding.message
