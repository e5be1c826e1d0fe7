"""A later stage that fails on one file's references costs that file only: the other files keep
their verdicts and the failed one gets an internal-error finding."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from cite_sentinel.core import Code, Reference, Status, Verdict, check


class _FailsOnBug:
    """Verifies everything, except that any batch holding a title with "Bug" raises."""

    def __init__(self) -> None:
        self.calls = 0

    async def verify(self, references: Sequence[Reference]) -> list[Verdict]:
        self.calls += 1
        if any("Bug" in reference.title for reference in references):
            raise ValueError("cannot judge this one")
        return [Verdict(key=ref.key, status=Status.VERIFIED) for ref in references]


async def test_a_verifier_failing_on_one_file_leaves_the_other_files_their_verdicts(
    tmp_path: Path,
) -> None:
    (tmp_path / "good.bib").write_text(
        "@article{a, title = {Fine}, year = 2020}\n@article{b, title = {Also fine}, year = 2021}\n",
        encoding="utf-8",
    )
    (tmp_path / "bad.bib").write_text(
        "@article{c, title = {A Bug}, year = 2020}\n", encoding="utf-8"
    )
    verifier = _FailsOnBug()

    result = await check([str(tmp_path / "good.bib"), str(tmp_path / "bad.bib")], verifier=verifier)

    assert {verdict.key: verdict.status for verdict in result.verdicts} == {
        "a": Status.VERIFIED,
        "b": Status.VERIFIED,
    }
    (failed,) = [f for f in result.findings if f.code == Code.INTERNAL_ERROR]
    assert failed.location.path == str(tmp_path / "bad.bib")
    assert "verifying the references of this file" in failed.message
    assert "ValueError: cannot judge this one" in failed.message
    assert "the other files were checked" in (failed.hint or "")


async def test_a_verifier_that_does_not_fail_is_asked_once(tmp_path: Path) -> None:
    (tmp_path / "one.bib").write_text("@article{a, title = {Fine}}\n", encoding="utf-8")
    (tmp_path / "two.bib").write_text("@article{b, title = {Fine too}}\n", encoding="utf-8")
    verifier = _FailsOnBug()
    result = await check([str(tmp_path)], verifier=verifier)
    assert verifier.calls == 1
    assert len(result.verdicts) == 2
