"""A synthetic manuscript repository in git: many references, one paper citing them all."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

_GIT_ENV = {
    "GIT_AUTHOR_NAME": "Test",
    "GIT_AUTHOR_EMAIL": "test@example.org",
    "GIT_COMMITTER_NAME": "Test",
    "GIT_COMMITTER_EMAIL": "test@example.org",
    "GIT_CONFIG_GLOBAL": os.devnull,
    "GIT_CONFIG_NOSYSTEM": "1",
}


def entry(number: int, year: int = 2001) -> str:
    """One complete BibTeX entry, `ref{number}`, of an invented work."""
    return (
        f"@article{{ref{number},\n"
        f"  author  = {{Author{number}, Ann and Writer, Bob}},\n"
        f"  title   = {{An Invented Study Number {number} of Nothing in Particular}},\n"
        f"  journal = {{Journal of Tests}},\n"
        f"  year    = {{{year}}},\n"
        f"  volume  = {{{number % 40 + 1}}},\n"
        f"  pages   = {{{number}--{number + 9}}}\n"
        f"}}\n"
    )


def make_repository(folder: Path, references: int) -> Path:
    """A committed repository holding refs.bib with `references` entries and paper.md."""
    folder.mkdir(parents=True, exist_ok=True)
    bib = "\n".join(entry(n) for n in range(references))
    (folder / "refs.bib").write_text(bib, encoding="utf-8")
    cites = "\n\n".join(f"Result {n} holds [@ref{n}]." for n in range(references))
    paper = f"---\nbibliography: refs.bib\n---\n\n{cites}\n"
    (folder / "paper.md").write_text(paper, encoding="utf-8")
    git(folder, "init", "-q", "-b", "main")
    git(folder, "add", ".")
    git(folder, "commit", "-q", "-m", "manuscript")
    return folder


def git(folder: Path, *args: str) -> str:
    """Run git in `folder` with a fixed identity and no user configuration."""
    env = {**os.environ, **_GIT_ENV}
    run = subprocess.run(
        ["git", *args], cwd=folder, env=env, capture_output=True, text=True, timeout=60, check=True
    )
    return run.stdout
