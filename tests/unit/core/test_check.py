"""core.check: reading, linking manuscripts to bibliographies, and where verdicts land."""

from __future__ import annotations

from pathlib import Path

from cite_sentinel.core import check
from cite_sentinel.core.report.summary import manuscript_rows

from tests.unit.core.fakes import ByTitle

PAPER = "---\nbibliography: refs.bib\n---\nAs shown before [@smith2020].\n"


def _submission(folder: Path, title: str) -> None:
    folder.mkdir()
    (folder / "paper.md").write_text(PAPER, encoding="utf-8")
    (folder / "refs.bib").write_text(
        f"@article{{smith2020, title = {{{title}}}, author = {{Smith, Ann}}, year = 2020}}\n",
        encoding="utf-8",
    )


async def test_two_submissions_reusing_a_key_for_different_works_get_their_own_verdicts(
    tmp_path: Path,
) -> None:
    _submission(tmp_path / "a", "Deep Nets")
    _submission(tmp_path / "b", "Invented Results")
    verifier = ByTitle()

    result = await check([str(tmp_path)], verifier=verifier)

    assert len(verifier.asked) == 2
    by_path = {row.path: row for row in manuscript_rows(result)}
    assert by_path[str(tmp_path / "a" / "paper.md")].fabricated == 0
    assert by_path[str(tmp_path / "b" / "paper.md")].fabricated == 1
    errors = {f.location.path for f in result.findings if f.code == "fabricated"}
    assert errors == {str(tmp_path / "b" / "refs.bib"), str(tmp_path / "b" / "paper.md")}


async def test_the_same_entry_in_two_files_is_verified_once(tmp_path: Path) -> None:
    _submission(tmp_path / "a", "Deep Nets")
    (tmp_path / "a" / "copy.bib").write_text(
        (tmp_path / "a" / "refs.bib").read_text(encoding="utf-8"), encoding="utf-8"
    )
    verifier = ByTitle()

    result = await check([str(tmp_path / "a")], verifier=verifier)

    assert len(verifier.asked) == 1
    assert all(result.verdict_for(ref) is not None for ref in result.references)


async def test_a_key_undefined_because_its_bibliography_is_missing_says_so(
    tmp_path: Path,
) -> None:
    paper = tmp_path / "paper.md"
    paper.write_text("---\nbibliography: refs.bib\n---\nAs [@smith2020] showed.\n")
    result = await check([str(paper)])
    (undefined,) = [f for f in result.findings if f.code == "undefined-key"]
    assert "refs.bib, which could not be read" in undefined.message
    assert "correct the path of refs.bib" in undefined.message
    assert "none is named" not in undefined.message


async def test_a_key_missing_from_inline_references_names_the_documents_references(
    tmp_path: Path,
) -> None:
    paper = tmp_path / "paper.md"
    paper.write_text(
        "---\nreferences:\n- id: smith2020\n  title: A study\n  issued: 2020\n---\n"
        "As [@smith2020] and [@jones1999] showed.\n"
    )
    result = await check([str(paper)])
    (undefined,) = [f for f in result.findings if f.code == "undefined-key"]
    assert "jones1999: cited but not defined in the document's references" in undefined.message


async def test_a_file_named_without_a_suffix_is_read_by_its_text(tmp_path: Path) -> None:
    bib = tmp_path / "refs"
    bib.write_text("@article{smith2020, title = {A Study}, author = {Smith, Ann}}\n", "utf-8")
    result = await check([str(bib)])
    assert [reference.key for reference in result.references] == ["smith2020"]
    assert result.unreadable == ()


async def test_a_file_of_no_format_it_reads_is_an_error_not_a_silent_pass(tmp_path: Path) -> None:
    notes = tmp_path / "notes"
    notes.write_text("Nothing here cites anything.\n", encoding="utf-8")
    result = await check([str(notes)])
    assert result.unreadable == (str(notes),)
    [finding] = result.findings
    assert finding.code == "unreadable-file" and "give it a suffix" in finding.message


async def test_an_empty_bibliography_says_it_holds_nothing_to_check(tmp_path: Path) -> None:
    empty = tmp_path / "refs.bib"
    empty.write_text("% nothing yet\n", encoding="utf-8")
    result = await check([str(empty)])
    (finding,) = result.findings
    assert finding.code == "no-references" and finding.severity == "warning"
    assert finding.message == "nothing to check: no reference: the file has no entry"


async def test_an_empty_file_beside_real_ones_is_only_a_note(tmp_path: Path) -> None:
    (tmp_path / "refs.bib").write_text("@misc{a, title = {A}, year = 2020}\n", encoding="utf-8")
    (tmp_path / "draft.md").write_text("# Draft\n\nNo citations yet.\n", encoding="utf-8")
    (tmp_path / "README.md").write_text("# Notes\n", encoding="utf-8")
    result = await check([str(tmp_path), str(tmp_path / "draft.md")])
    empty = [f for f in result.findings if f.code == "no-references"]
    assert [(f.location.path, f.severity) for f in empty] == [(str(tmp_path / "draft.md"), "info")]


async def test_a_bibliography_named_through_dot_dot_is_read_once_under_its_own_path(
    tmp_path: Path,
) -> None:
    _submission(tmp_path / "b", "Deep Nets")
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "paper.md").write_text(
        PAPER.replace("refs.bib", "../b/refs.bib"), encoding="utf-8"
    )
    result = await check([str(tmp_path / "a"), str(tmp_path / "b")], verifier=ByTitle())
    bib = str(tmp_path / "b" / "refs.bib")
    assert sorted(result.files).count(bib) == 1 and not any(".." in f for f in result.files)
    assert [r.location.path for r in result.references if r.key == "smith2020"] == [bib]
    assert not [f for f in result.findings if f.code == "duplicate-key" or ".." in str(f.location)]
    assert len(result.verdicts) == 1
