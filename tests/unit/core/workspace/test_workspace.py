"""One workspace for every face: what an editor session sees as it opens, edits and closes."""

from __future__ import annotations

from pathlib import Path

from cite_sentinel.core import Config
from cite_sentinel.core.workspace import (
    COLD_LIMIT,
    Origin,
    Workspace,
    complete_pending,
    local_findings,
)

ENTRY = "@article{{k{n},\n  title = {{Title {n}}},\n  author = {{Smith, A}},\n  year = 2001\n}}\n"
PAPER = "---\nbibliography: refs.bib\n---\nAs shown [@k3] and [@k7].\n"


def _large() -> str:
    """A bibliography past the size whose entries a live workspace reads later."""
    entries = [ENTRY.format(n=n) for n in range(3000)]
    text = "".join(entries)
    assert len(text) > COLD_LIMIT
    return text


def _codes(workspace: Workspace, path: Path) -> list[str]:
    return [str(f.code) for f in local_findings(workspace).get(str(path), [])]


def test_a_large_bibliographys_findings_come_at_once_and_its_entries_after_completion(
    tmp_path: Path,
) -> None:
    bib = tmp_path / "refs.bib"
    text = _large().replace("  author = {Smith, A},\n", "", 1)  # k0 has no author
    workspace = Workspace(Config(), live=True)
    workspace.update(str(bib), text, version=1)
    assert _codes(workspace, bib) == ["missing-field"]
    assert workspace.references() == []  # the entries in full are still to be read
    assert workspace.references("k5")[0].title == "Title 5"  # where the text has it, now
    (job,) = workspace.pending()
    assert workspace.commit(complete_pending(job))
    assert len(workspace.references()) == 3000 and workspace.pending() == []


def test_an_edit_while_entries_are_read_keeps_them_for_the_next_reading(tmp_path: Path) -> None:
    bib = tmp_path / "refs.bib"
    workspace = Workspace(Config(), live=True)
    workspace.update(str(bib), _large(), version=1)
    (job,) = workspace.pending()
    edited = "% a new first line\n" + _large()
    workspace.update(str(bib), edited, version=2)
    late = complete_pending(job)  # read in a worker while the edit came in
    assert not workspace.commit(late)  # kept, but not the reading of the text as typed
    (again,) = workspace.pending()
    assert again.previous is late and again.pause  # its findings are complete: no hurry
    (k5,) = workspace.references("k5")
    assert k5.location.line == edited.count("\n", 0, edited.index("@article{k5,")) + 1
    assert workspace.commit(complete_pending(again))
    assert workspace.references("k5") == [k5]


def test_a_bibliography_named_through_dot_dot_is_one_document(tmp_path: Path) -> None:
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "refs.bib").write_text(ENTRY.format(n=3), encoding="utf-8")
    workspace = Workspace(Config(), live=True)
    workspace.update(str(tmp_path / "a" / "paper.md"), PAPER.replace("refs.bib", "../b/refs.bib"))
    workspace.load(str(tmp_path / "b" / "refs.bib"))
    assert list(workspace.documents) == [
        str(tmp_path / "a" / "paper.md"),
        str(tmp_path / "b" / "refs.bib"),
    ]
    assert [f.key for f in local_findings(workspace)[str(tmp_path / "a" / "paper.md")]] == ["k7"]


def test_a_missing_bibliography_is_said_at_the_link_until_it_appears(tmp_path: Path) -> None:
    paper = tmp_path / "paper.md"
    workspace = Workspace(Config(), live=True)
    workspace.update(str(paper), PAPER)
    found = local_findings(workspace)[str(paper)]
    assert found[0].code == "missing-bibliography"
    assert found[0].location.line == 2  # the `bibliography:` line
    assert all("could not be read" in f.message for f in found if f.code == "undefined-key")
    (tmp_path / "refs.bib").write_text(ENTRY.format(n=3), encoding="utf-8")
    workspace.update(str(tmp_path / "refs.bib"), ENTRY.format(n=3), origin=Origin.DISK)
    assert [f.key for f in local_findings(workspace)[str(paper)]] == ["k7"]


def test_a_closed_buffer_falls_back_to_its_file_or_is_forgotten(tmp_path: Path) -> None:
    (tmp_path / "refs.bib").write_text(ENTRY.format(n=3) + ENTRY.format(n=7), encoding="utf-8")
    (tmp_path / "paper.md").write_text(PAPER, encoding="utf-8")
    (tmp_path / "notes.bib").write_text(ENTRY.format(n=9), encoding="utf-8")
    workspace = Workspace(Config(), live=True)
    workspace.scan(tmp_path)
    workspace.update(str(tmp_path / "paper.md"), PAPER + "Also [@k9].\n", version=4)
    workspace.update(str(tmp_path / "notes.bib"), ENTRY.format(n=9), version=1)
    workspace.close(str(tmp_path / "paper.md"))
    workspace.close(str(tmp_path / "notes.bib"))
    paper = workspace.document(str(tmp_path / "paper.md"))
    assert paper is not None and paper.origin is Origin.DISK and paper.text == PAPER
    assert workspace.document(str(tmp_path / "notes.bib")) is None  # nothing cites from it
