"""`check --ground` in core: citations judged against their matched records, into the reports."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import pytest
from cite_sentinel.core import check
from cite_sentinel.core.ground.ground_check import ground
from cite_sentinel.core.ground.local import LocalScorer
from cite_sentinel.core.ground.scorer import Judgement, Pair
from cite_sentinel.core.model import Citation, Location, Record, Reference, Status, Verdict
from cite_sentinel.core.report.json import render_json
from cite_sentinel.core.report.markdown import render_markdown
from cite_sentinel.core.result import CheckResult
from cite_sentinel.core.sources import read_text

CLAIM = "Aspirin lowers the risk of stroke in adults with atrial fibrillation."
ABOUT = (
    "We randomised 2,000 patients to tablets or placebo. "
    "Aspirin lowered the risk of stroke by a third over two years. "
    "Bleeding was rare in both groups."
)
UNRELATED = (
    "We describe a new lattice filter for dynamic multilayer perceptrons. "
    "Gradient descent trains the filter coefficients on speech signals. "
    "The architecture converges faster than tapped delay lines."
)


def _result(abstracts: dict[str, str]) -> CheckResult:
    keys = [*list(abstracts), "ghost"]
    references = tuple(
        Reference(key=key, location=Location.point("refs.bib", n, 1), title=f"Title {key}")
        for n, key in enumerate(keys, start=1)
    )
    citations = tuple(
        Citation(key=key, location=Location.point("paper.md", 4, 10 * n), sentence=CLAIM, group=1)
        for n, key in enumerate(keys, start=1)
    )
    verdicts = (
        *tuple(
            Verdict(
                key=key,
                status=Status.VERIFIED,
                match=Record(source="openalex", id=key, title=f"Title {key}", abstract=text),
            )
            for key, text in abstracts.items()
        ),
        Verdict(key="ghost", status=Status.FABRICATED),
    )
    return CheckResult(
        files=("paper.md",), references=references, citations=citations, verdicts=verdicts
    )


async def test_each_cited_work_is_judged_on_its_own_abstract() -> None:
    result = await ground(_result({"trial": ABOUT, "lattice": UNRELATED}), LocalScorer())
    by_key = {support.key: support.judgement for support in result.supports}
    assert by_key["trial"].relevance > by_key["lattice"].relevance
    assert by_key["trial"].evidence_kind == "abstract"
    assert "lowered the risk of stroke" in by_key["trial"].evidence[0].text


async def test_a_fabricated_work_has_no_evidence_and_stays_grey() -> None:
    result = await ground(_result({"lattice": UNRELATED}), LocalScorer())
    ghost = next(s.judgement for s in result.supports if s.key == "ghost")
    assert ghost.evidence_kind == "title only"
    assert ghost.badge == "grey"


async def test_the_related_work_speaks_for_the_claim() -> None:
    result = await ground(_result({"trial": ABOUT, "lattice": UNRELATED}), LocalScorer())
    (speaker,) = {s.claim_judgement for s in result.supports}
    assert speaker == next(s.judgement for s in result.supports if s.key == "trial")


async def test_a_full_text_in_the_folder_wins_over_the_abstract(tmp_path: Path) -> None:
    (tmp_path / "lattice.txt").write_text(ABOUT, encoding="utf-8")
    result = await ground(_result({"lattice": UNRELATED}), LocalScorer(), fulltext_dir=tmp_path)
    support = next(s for s in result.supports if s.key == "lattice")
    assert support.judgement.evidence_kind == "full text"
    assert support.full_text_path.endswith("lattice.txt")


async def test_json_report_carries_support_per_citation() -> None:
    result = await ground(_result({"trial": ABOUT}), LocalScorer())
    citations = json.loads(render_json(result))["citations"]
    trial = next(c for c in citations if c["key"] == "trial")["support"]
    assert set(trial) >= {"score", "relevance", "badge", "verdict", "evidence", "evidence_kind"}
    assert trial["verdict"] is None and trial["evidence_kind"] == "abstract"
    assert 0.0 <= trial["relevance"] <= 1.0
    assert trial["evidence"] == trial["passages"][0]
    assert "lowered the risk of stroke" in trial["evidence"]
    ghost = next(c for c in citations if c["key"] == "ghost")["support"]
    assert ghost["relevance"] is None and ghost["badge"] == "grey"


async def test_markdown_report_shows_the_claim_badge_and_evidence() -> None:
    result = await ground(_result({"trial": ABOUT}), LocalScorer())
    text = render_markdown(result)
    assert "## Groundedness" in text
    assert "Aspirin lowers the risk of stroke" in text
    assert "> Aspirin lowered the risk of stroke by a third" in text


def test_without_grounding_the_markdown_report_has_no_groundedness_section() -> None:
    assert "Groundedness" not in render_markdown(_result({"trial": ABOUT}))


async def test_an_abstract_about_something_else_is_flagged_red() -> None:
    result = await ground(_result({"lattice": UNRELATED}), LocalScorer())
    lattice = next(s.judgement for s in result.supports if s.key == "lattice")
    assert lattice.badge == "red"
    assert lattice.verdict is None


class _ByTitle:
    """A verifier that finds each work by its title, with the abstract the index holds."""

    def __init__(self, abstracts: dict[str, str]) -> None:
        self._abstracts = abstracts

    async def verify(self, references: Sequence[Reference]) -> Sequence[Verdict]:
        return [
            Verdict(
                key=ref.key,
                status=Status.VERIFIED,
                match=Record(
                    source="openalex",
                    id=ref.title,
                    title=ref.title,
                    abstract=self._abstracts[ref.title],
                ),
            )
            for ref in references
        ]


async def test_a_key_reused_by_two_bibliographies_gets_each_works_own_evidence(
    tmp_path: Path,
) -> None:
    works = {
        "trial": ("Aspirin after Atrial Fibrillation", ABOUT),
        "lattice": ("Lattice Filters for Dynamic Perceptrons", UNRELATED),
    }
    for folder, (title, _) in works.items():
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "refs.bib").write_text(
            f"@article{{smith2020, title = {{{title}}}, year = 2020}}\n", encoding="utf-8"
        )
        (tmp_path / folder / "paper.md").write_text(
            f"---\nbibliography: refs.bib\n---\n\n{CLAIM} [@smith2020]\n", encoding="utf-8"
        )
    verifier = _ByTitle(dict(works.values()))
    result = await check([str(tmp_path)], verifier=verifier)
    judged = await ground(result, LocalScorer())
    by_folder = {Path(s.location.path).parent.name: s.judgement for s in judged.supports}
    assert "lowered the risk of stroke" in by_folder["trial"].evidence[0].text
    assert "lattice filter" in by_folder["lattice"].evidence[0].text
    assert by_folder["trial"].relevance > by_folder["lattice"].relevance


# Two works on unrelated topics, each cited on its own clause of one sentence.
REMDESIVIR = (
    "We randomised 1,062 adults hospitalised with severe COVID-19 to remdesivir or placebo. "
    "Remdesivir shortened the time to recovery in hospitalised adults with COVID-19."
)
WHEAT = (
    "Soil nitrogen was measured in 40 wheat fields over three seasons. "
    "Nitrogen fertiliser raised wheat grain yield on clay soils."
)
FIRST_CLAUSE = "Remdesivir shortened recovery in hospitalised adults with COVID-19"
SECOND_CLAUSE = "and nitrogen fertiliser raised wheat grain yield on clay soils"
TWO_CLAUSES = {
    "paper.md": f"{FIRST_CLAUSE} [@remdesivir], {SECOND_CLAUSE} [@wheat].\n",
    "paper.tex": f"{FIRST_CLAUSE}~\\citep{{remdesivir}}, {SECOND_CLAUSE} \\cite{{wheat}}.\n",
    "paper.typ": f"{FIRST_CLAUSE} @remdesivir, {SECOND_CLAUSE} #cite(<wheat>).\n",
}


def _read(path: str, text: str, abstracts: dict[str, str]) -> CheckResult:
    """A manuscript as `check` reads it, each key verified with the abstract given."""
    read = read_text(text, path)
    references = tuple(
        Reference(key=key, location=Location.point("refs.bib", n, 1), title=key)
        for n, key in enumerate(abstracts, start=1)
    )
    verdicts = tuple(
        Verdict(
            key=key,
            status=Status.VERIFIED,
            match=Record(source="openalex", id=key, title=key, abstract=abstract),
        )
        for key, abstract in abstracts.items()
    )
    return CheckResult(
        files=(path,), references=references, citations=read.citations, verdicts=verdicts
    )


def _unplaced(result: CheckResult) -> CheckResult:
    """The same manuscript with nothing known of where its citations stood."""
    return replace(result, citations=tuple(replace(c, mark=-1) for c in result.citations))


async def _relevance(result: CheckResult) -> dict[str, Judgement]:
    return {s.key: s.judgement for s in (await ground(result, LocalScorer())).supports}


@pytest.mark.parametrize("path", sorted(TWO_CLAUSES))
async def test_each_work_of_a_two_clause_sentence_is_judged_on_its_own_clause(path: str) -> None:
    result = _read(path, TWO_CLAUSES[path], {"remdesivir": REMDESIVIR, "wheat": WHEAT})
    scoped = await _relevance(result)
    whole = await _relevance(_unplaced(result))
    for key in ("remdesivir", "wheat"):
        assert scoped[key].relevance > whole[key].relevance + 0.2, key
        assert scoped[key].badge != "red", key


@pytest.mark.parametrize("path", sorted(TWO_CLAUSES))
async def test_reports_show_the_sentence_as_written_without_markers(path: str) -> None:
    result = _read(path, TWO_CLAUSES[path], {"remdesivir": REMDESIVIR, "wheat": WHEAT})
    judged = await ground(result, LocalScorer())
    sentence = f"{FIRST_CLAUSE}, {SECOND_CLAUSE}."
    assert {support.claim for support in judged.supports} == {sentence}
    reports = render_json(judged) + render_markdown(judged)
    assert sentence in reports
    assert "<|" not in reports


async def test_works_cited_together_back_the_same_clause() -> None:
    text = f"{FIRST_CLAUSE} [@remdesivir; @trial], {SECOND_CLAUSE} [@wheat].\n"
    abstracts = {"remdesivir": REMDESIVIR, "trial": REMDESIVIR, "wheat": WHEAT}
    result = _read("paper.md", text, abstracts)
    scoped = await _relevance(result)
    whole = await _relevance(_unplaced(result))
    assert scoped["trial"].relevance == scoped["remdesivir"].relevance
    assert scoped["trial"].relevance > whole["trial"].relevance + 0.2


@pytest.mark.parametrize(
    ("path", "narrative"),
    [("paper.md", "@remdesivir"), ("paper.tex", "\\citet{remdesivir}"),
     ("paper.typ", '#cite(<remdesivir>, form: "prose")')],
)  # fmt: skip
async def test_an_author_in_text_citation_is_judged_on_the_whole_sentence(
    path: str, narrative: str
) -> None:
    # Its key is the subject of what follows, not the end of the clause before it.
    text = f"Fertiliser raised wheat yield on clay soils, unlike {narrative}: {FIRST_CLAUSE}.\n"
    result = _read(path, text, {"remdesivir": REMDESIVIR})
    (judged,) = (await ground(result, LocalScorer())).supports
    assert judged.claim.startswith("Fertiliser raised wheat yield on clay soils, unlike remdesivir")
    assert judged.judgement == (await _relevance(_unplaced(result)))["remdesivir"]
    assert judged.judgement.badge != "red"


class _Recording:
    """A remote judge's stand-in: it keeps the claims it is asked."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.verdict_capable = True
        self.claims: list[str] = []

    async def score(self, pairs: Sequence[Pair]) -> tuple[Judgement, ...]:
        self.claims += [pair.claim.text for pair in pairs]
        return tuple(Judgement(relevance=0.5) for _ in pairs)


@pytest.mark.parametrize("name", ["anthropic", "voyage"])
async def test_a_remote_judge_is_asked_each_work_marked_at_its_own_place(name: str) -> None:
    result = _read("paper.md", TWO_CLAUSES["paper.md"], {"remdesivir": REMDESIVIR, "wheat": WHEAT})
    judge = _Recording(name)
    supports = (await ground(result, judge)).supports
    assert judge.claims == [
        f"{FIRST_CLAUSE} <|cit|>, {SECOND_CLAUSE} <|other_cit|>.",
        f"{FIRST_CLAUSE} <|other_cit|>, {SECOND_CLAUSE} <|cit|>.",
    ]
    assert {s.claim for s in supports} == {f"{FIRST_CLAUSE}, {SECOND_CLAUSE}."}
