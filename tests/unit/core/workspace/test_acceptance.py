"""An accepted reference raises no verdict finding, in `check` as in the editor; others stay."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from cite_sentinel.core import Config, Reference, Status, Verdict, check
from cite_sentinel.core.config import Allowed

BIB = """\
@techreport{report2020, title = {A Report}, author = {Doe, Jo}, year = 2020, doi = {10.1/x y}}

@book{press2024, title = {A Book}, author = {Roe, Rita}, year = 2024, doi = {10.1000/abc}}

% cite-sentinel: accept (an in-house memo no index holds)
@misc{memo2019, title = {A Memo}, author = {Poe, Pat}, year = 2019}

@article{ghost2021, title = {A Ghost}, author = {Moe, Max}, year = 2021}
"""
PAPER = "---\nbibliography: refs.bib\n---\nSee [@report2020; @press2024; @memo2019; @ghost2021].\n"


class _Fabricating:
    """Calls every reference fabricated."""

    async def verify(self, references: Sequence[Reference]) -> list[Verdict]:
        return [Verdict(key=ref.key, status=Status.FABRICATED) for ref in references]


async def _checked(folder: Path, allow: tuple[Allowed, ...] = ()) -> set[tuple[str, str]]:
    (folder / "refs.bib").write_text(BIB, encoding="utf-8")
    (folder / "paper.md").write_text(PAPER, encoding="utf-8")
    result = await check([str(folder)], config=Config(allow=allow), verifier=_Fabricating())
    return {(f.key, f.code) for f in result.findings if f.key}


async def test_an_accept_comment_above_an_entry_silences_its_verdict_in_check(
    tmp_path: Path,
) -> None:
    found = await _checked(tmp_path)
    assert ("memo2019", "fabricated") not in found
    assert ("ghost2021", "fabricated") in found


async def test_references_allowed_by_key_or_doi_lose_their_verdict_findings_only(
    tmp_path: Path,
) -> None:
    allow = (Allowed(key="report2020", reason="a report"), Allowed(doi="10.1000/abc", reason="x"))
    found = await _checked(tmp_path, allow)
    assert {code for key, code in found if key in ("report2020", "press2024")} == {"malformed-doi"}
    assert ("ghost2021", "fabricated") in found


async def test_the_result_names_the_accepted_keys_so_the_exit_code_ignores_them(
    tmp_path: Path,
) -> None:
    (tmp_path / "refs.bib").write_text(BIB, encoding="utf-8")
    (tmp_path / "paper.md").write_text(PAPER, encoding="utf-8")
    allow = (Allowed(key="report2020", reason="a report"),)
    result = await check([str(tmp_path)], config=Config(allow=allow), verifier=_Fabricating())
    assert result.accepted == {"report2020", "memo2019"}
    assert {v.key for v in result.verdicts} >= result.accepted  # still reported as verdicts
