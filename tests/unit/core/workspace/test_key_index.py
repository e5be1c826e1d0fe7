"""A large bibliography is linted by its cited keys only, with the findings the whole one gives."""

from __future__ import annotations

from pathlib import Path

import pytest
from cite_sentinel.core import Code, Config, Finding
from cite_sentinel.core.sources import read_text
from cite_sentinel.core.workspace import (
    COLD_LIMIT,
    Workspace,
    complete_pending,
    local_findings,
)
from cite_sentinel.core.workspace.local_checks import Linked, lint

UNUSED_LIMIT = 1000  # the language server's: above it, no unused-entry hints

ENTRY = (
    "@article{{{key},\n  title = {{Title {n}}},\n  author = {{Smith, A}},\n  year = {{2001}}\n}}\n"
)
CROSS = {Code.UNDEFINED_KEY, Code.DUPLICATE_KEY}
# Keys a writer mistypes: a letter swapped, another case, a word missing, one nowhere near.
CITED = ("vaswani2017", "vaswnai2017", "Hinton2006", "lecun", "zzzz9999", "smith2001b")


def _bibliography(entries: int, padding: int = 0) -> str:
    keys = [f"author{n}{2000 + n % 20}" for n in range(entries)]
    keys[10:13] = ["vaswani2017", "hinton2006", "lecun2015"]
    keys[500] = keys[400]  # a key defined twice
    body = "".join(ENTRY.format(key=key, n=n) + "%" * padding + "\n" for n, key in enumerate(keys))
    return body


def _workspace(tmp_path: Path, bib: str) -> tuple[Workspace, str, str]:
    paper = str(tmp_path / "paper.md")
    refs = str(tmp_path / "refs.bib")
    Path(refs).write_text(bib, encoding="utf-8")
    workspace = Workspace(Config(), live=True, unused_limit=UNUSED_LIMIT)
    workspace.update(paper, _paper_text(), version=1)
    for job in workspace.pending():  # the entries in full, read here at once
        workspace.commit(complete_pending(job))
    return workspace, paper, refs


def _whole(paper: str, refs: str) -> set[tuple[str, str, int, int]]:
    """What lint says of the manuscript and the whole bibliography: the oracle."""
    bib = Path(refs).read_text(encoding="utf-8")
    documents = [
        Linked(paper, read_text(_paper_text(), paper), (refs,)),
        Linked(refs, read_text(bib, refs)),
    ]
    return _marks(f for f in lint(documents, Config()) if f.code in CROSS)


def _paper_text() -> str:
    return "---\nbibliography: refs.bib\n---\n" + " ".join(f"[@{key}]." for key in CITED) + "\n"


def _marks(findings: object) -> set[tuple[str, str, int, int]]:
    return {
        (str(f.code), f.message, f.location.line, f.location.column)
        for f in findings  # type: ignore[attr-defined]
    }


@pytest.mark.parametrize(
    "padding", [0, COLD_LIMIT // 1000], ids=["entries-at-once", "entries-later"]
)
def test_undefined_keys_suggestions_and_duplicates_match_lint_of_the_whole_bibliography(
    tmp_path: Path, padding: int
) -> None:
    workspace, paper, refs = _workspace(tmp_path, _bibliography(1200, padding))
    found: list[Finding] = [
        f for fs in local_findings(workspace).values() for f in fs if f.code in CROSS
    ]
    expected = _whole(paper, refs)
    assert _marks(found) == expected
    messages = " ".join(m[1] for m in expected)
    assert "did you mean vaswani2017?" in messages and "did you mean hinton2006?" in messages


def test_a_manuscript_edit_reuses_the_index_of_the_unchanged_bibliography(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cite_sentinel.core.workspace import key_index

    workspace, paper, _ = _workspace(tmp_path, _bibliography(1200))
    local_findings(workspace)  # the first publish indexes the bibliography
    built: list[int] = []
    real = key_index.KeyIndex.__init__

    def counting(self: key_index.KeyIndex, keys: tuple[object, ...]) -> None:
        built.append(len(keys))
        real(self, keys)  # type: ignore[arg-type]

    monkeypatch.setattr(key_index.KeyIndex, "__init__", counting)
    for version in range(2, 5):
        workspace.update(paper, _paper_text() + f"Edit {version} [@ghost{version}].\n")
        undefined = [f for f in local_findings(workspace)[paper] if f.code == Code.UNDEFINED_KEY]
        assert any(f.key == f"ghost{version}" for f in undefined)
    assert built == []
