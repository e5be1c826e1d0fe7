"""`cite-sentinel fix` against a fake index that knows better than some entries of a real .bib."""

from __future__ import annotations

import difflib
import io
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from cite_sentinel.commands import run_command
from cite_sentinel.core.sources.bibtex import read_bibtex

from tests.conftest import DATA
from tests.fakeapi.corpus import Corpus, Person, Work
from tests.fakeapi.server import FakeApi

SCIPY = "scipy-1.0_references.bib"
# The file's first bytes up to this entry: 32 entries, enough for every case and quick to verify.
END_BEFORE = "@article{kuhn1956variants,"
# What the fake index says where it disagrees with scipy's bibliography, and the lines fix
# must write for it: (removed, added).
# (A year one before the record's is an earlier version's and stays; two years off is corrected.)
CORRECTIONS = {
    "dubois2007guest": {"year": 2009},
    "perez2007ipython": {"pages": "21-30"},
    "kuhn1955hungarian": {"doi": "10.1002/nav.3800020109"},
}
# kuhn1955hungarian lacks the DOI the index gives: only `fix --complete` adds it.
EXPECTED_REMOVED = ["  year={2007},", "  pages={21--29},"]
EXPECTED_ADDED = ["  year={2009},", "  pages={21--30},"]
COMPLETED_REMOVED = [*EXPECTED_REMOVED, "  publisher={Wiley Online Library}"]
COMPLETED_ADDED = [
    *EXPECTED_ADDED,
    "  publisher={Wiley Online Library},",
    "  doi={10.1002/nav.3800020109}",
]


@pytest.fixture(scope="module")
def corrected_index() -> Iterator[FakeApi]:
    """A fake index holding scipy's first entries, three of them as the index corrects them."""
    if not (DATA / "real-bibs" / SCIPY).is_file():
        pytest.skip(f"needs the shared data folder beside the project ({DATA} is absent)")
    text = (DATA / "real-bibs" / SCIPY).read_text(encoding="utf-8")
    works = []
    for number, reference in enumerate(read_bibtex(_head(text), SCIPY).references, start=1):
        if not reference.title or reference.year is None:
            continue
        if any(person.literal for person in reference.people):
            continue  # the fake index keeps people by family and given name only
        fields: dict[str, object] = {
            "year": reference.year,
            "pages": reference.pages.replace("–", "-") or None,
            "doi": reference.identifiers.doi or None,
            **CORRECTIONS.get(reference.key, {}),
        }
        if reference.key == "kuhn1955hungarian" or fields["doi"]:
            works.append(
                Work(
                    number=number,
                    key=reference.key,
                    title=reference.title,
                    authors=tuple(Person(p.family, p.given) for p in reference.people),
                    venue=reference.venue,
                    volume=reference.volume or None,
                    **fields,  # type: ignore[arg-type]
                )
            )
    server = FakeApi.start(Corpus.from_works(works))
    try:
        yield server
    finally:
        server.close()


def _head(text: str) -> str:
    return text[: text.index(END_BEFORE)]


def _real_head(data: Path) -> bytes:
    """A byte-for-byte slice of the real bibliography."""
    original = (data / "real-bibs" / SCIPY).read_bytes()
    return original[: original.index(END_BEFORE.encode())]


def _environ(server: FakeApi, tmp_path: Path, **extra: str) -> dict[str, str]:
    environ = {k: v for k, v in os.environ.items() if not k.startswith("CITE_SENTINEL_")}
    environ.pop("CI", None)
    environ.update(server.env(), CITE_SENTINEL_CACHE_DIR=str(tmp_path / "cache"), **extra)
    return environ


def test_fix_writes_only_the_corrected_lines_of_a_real_bibliography(
    data: Path, corrected_index: FakeApi, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    original = _real_head(data)
    target = tmp_path / SCIPY
    target.write_bytes(original)
    status = run_command(
        ["fix", str(target), "--write", "--quiet"], _environ(corrected_index, tmp_path)
    )
    assert status == 0
    fixed = target.read_bytes()
    diff = list(difflib.ndiff(original.decode().splitlines(), fixed.decode().splitlines()))
    assert [line[2:] for line in diff if line.startswith("- ")] == EXPECTED_REMOVED
    assert [line[2:] for line in diff if line.startswith("+ ")] == EXPECTED_ADDED
    assert (tmp_path / f"{SCIPY}.bak").read_bytes() == original
    shown = capsys.readouterr().out
    assert shown.startswith(f"--- {target}\n+++ {target}\n@@ ")
    assert "+  year={2009}," in shown


def test_fix_complete_also_adds_the_doi_an_entry_lacks(
    data: Path, corrected_index: FakeApi, tmp_path: Path
) -> None:
    original = _real_head(data)
    target = tmp_path / SCIPY
    target.write_bytes(original)
    status = run_command(
        ["fix", str(target), "--write", "--complete", "--quiet"],
        _environ(corrected_index, tmp_path),
    )
    assert status == 0
    diff = list(difflib.ndiff(original.decode().splitlines(), target.read_text().splitlines()))
    assert [line[2:] for line in diff if line.startswith("- ")] == COMPLETED_REMOVED
    assert [line[2:] for line in diff if line.startswith("+ ")] == COMPLETED_ADDED


def test_fix_through_a_symlink_edits_the_linked_file_and_keeps_the_link(
    data: Path, corrected_index: FakeApi, tmp_path: Path
) -> None:
    """A manuscript's refs.bib is often a link to a library a reference manager exports."""
    original = _real_head(data)
    library = tmp_path / "library" / SCIPY
    library.parent.mkdir()
    library.write_bytes(original)
    link = tmp_path / "refs.bib"
    link.symlink_to(library)
    status = run_command(
        ["fix", str(link), "--write", "--quiet"], _environ(corrected_index, tmp_path)
    )
    assert status == 0
    assert link.is_symlink() and link.resolve() == library
    assert b"  year={2009}," in library.read_bytes()
    assert (library.parent / f"{SCIPY}.bak").read_bytes() == original


def test_fix_of_a_utf16_bibliography_writes_it_back_in_utf16(
    data: Path, corrected_index: FakeApi, tmp_path: Path
) -> None:
    """Some Windows tools save .bib files as UTF-16; read as Latin-1 they would be mangled."""
    original = _real_head(data).decode("utf-8")
    target = tmp_path / SCIPY
    target.write_bytes(b"\xff\xfe" + original.encode("utf-16-le"))
    status = run_command(
        ["fix", str(target), "--write", "--quiet"], _environ(corrected_index, tmp_path)
    )
    assert status == 0
    fixed = target.read_bytes()
    assert fixed.startswith(b"\xff\xfe")
    entries = read_bibtex(fixed[2:].decode("utf-16-le"), SCIPY).references
    assert {r.key: r.year for r in entries}["dubois2007guest"] == 2009


def test_in_ci_fix_only_shows_the_diff_and_exits_1(
    data: Path, corrected_index: FakeApi, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    original = _real_head(data)
    target = tmp_path / SCIPY
    target.write_bytes(original)
    status = run_command(["fix", str(target)], _environ(corrected_index, tmp_path, CI="true"))
    assert status == 1
    assert target.read_bytes() == original
    assert not (tmp_path / f"{SCIPY}.bak").exists()
    captured = capsys.readouterr()
    assert "-  pages={21--29}," in captured.out
    assert "2 entries to fix; run with --write to apply" in captured.err


def test_interactive_fix_applies_only_the_accepted_entries(
    data: Path, corrected_index: FakeApi, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    original = _real_head(data).decode("utf-8")
    target = tmp_path / SCIPY
    target.write_text(original, encoding="utf-8")
    answers = _Terminal("n\ny\n")
    monkeypatch.setattr("sys.stdin", answers)
    status = run_command(
        ["fix", str(target), "--interactive", "--quiet"], _environ(corrected_index, tmp_path)
    )
    assert status == 0
    entries = {r.key: r for r in read_bibtex(target.read_text(encoding="utf-8"), SCIPY).references}
    assert entries["dubois2007guest"].year == 2007  # declined
    assert entries["perez2007ipython"].pages == "21–30"  # accepted


def test_interactive_without_a_terminal_is_refused_in_a_sentence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "refs.bib"
    target.write_text("@article{a, title={T}}\n", encoding="utf-8")
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert run_command(["fix", str(target), "--interactive"], {}) == 2
    assert "--interactive needs a terminal to ask on" in capsys.readouterr().err


def test_fix_refuses_a_file_it_cannot_edit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "refs.yaml"
    target.write_text("references: []\n", encoding="utf-8")
    assert run_command(["fix", str(target), "--dry-run"], {}) == 2
    assert "fix edits BibTeX (.bib) and CSL-JSON (.json) files" in capsys.readouterr().err


class _Terminal(io.StringIO):
    """Typed answers on what looks like a terminal."""

    def isatty(self) -> bool:
        return True


def test_fix_of_a_binary_file_says_why_it_cannot_be_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "refs.bib"
    target.write_bytes(b"\x00\x01\x02\x89PNG\x00")
    assert run_command(["fix", str(target), "--dry-run", "--offline"], {}) == 2
    err = capsys.readouterr().err
    assert "it looks like a binary file" in err and "Traceback" not in err


def test_fix_when_no_index_answers_says_so_and_exits_3(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """ "Nothing to fix" would be a false all-clear: nothing could be checked."""
    target = tmp_path / "refs.bib"
    target.write_text(
        "@article{back1993, author = {Back, Andrew D.}, title = {An Adaptive Lattice "
        "Architecture}, journal = {Neural Computation}, year = 1993}\n",
        encoding="utf-8",
    )
    down = {f"CITE_SENTINEL_{api}_URL": "http://127.0.0.1:9"
            for api in ("OPENALEX", "CROSSREF", "S2", "DATACITE", "ARXIV", "DOI")}  # fmt: skip
    environ = {**os.environ, **down, "CITE_SENTINEL_CACHE_DIR": str(tmp_path / "cache")}
    assert run_command(["fix", str(target), "--dry-run"], environ) == 3
    err = capsys.readouterr().err
    assert "nothing to fix" not in err
    assert "could not be verified" in err


def test_fix_of_a_damaged_utf16_file_is_refused_in_a_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "refs.bib"
    target.write_bytes(b"\xff\xfe@\x00a\x00\x00\xd8b\x00")
    assert run_command(["fix", str(target), "--dry-run", "--offline"], {}) == 2
    err = capsys.readouterr().err
    assert "is not valid UTF-16" in err and "Traceback" not in err
