"""A small workspace with one local problem of each kind, and where each must be reported."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

BIB = """@article{smith2020,
  title = {Deep Nets},
  author = {Smith, Ann},
  year = {2020},
}

@article{smith2020,
  title = {Deep Nets Again},
  author = {Smith, Ann},
  year = {2021},
}
"""
# Accents and an emoji before the citation: UTF-8, UTF-16 and character columns all differ.
PAPER = (
    "---\nbibliography: refs.bib\n---\nZoë’s café 🎉 shows it [@smith2020], unlike [@ghost2000].\n"
)
PAPER_TEX = (
    "\\documentclass{article}\n\\begin{document}\n"
    "Zoë’s café 🎉 shows it \\cite{smith2020}, unlike \\cite{ghost2000}.\n"
    "\\bibliographystyle{plain}\n\\bibliography{refs}\n\\end{document}\n"
)


@dataclass(frozen=True, slots=True)
class Spot:
    """A word on a line (0-based line; column in characters, as Python counts them)."""

    line: int
    column: int
    word: str
    line_text: str


@dataclass(frozen=True, slots=True)
class Workspace:
    """The manuscript and the bibliography a client opens."""

    paper: Path
    bib: Path
    undefined: Spot  # the citation of a key no entry defines
    duplicate: Spot  # the key of the second entry that reuses a key


def make_workspace(folder: Path, paper_name: str = "paper.md", paper: str = PAPER) -> Workspace:
    """Write refs.bib (a duplicate key) and a manuscript citing an undefined key."""
    (folder / "refs.bib").write_text(BIB, encoding="utf-8")
    (folder / paper_name).write_text(paper, encoding="utf-8")
    return Workspace(
        paper=folder / paper_name,
        bib=folder / "refs.bib",
        undefined=_spot(paper, "ghost2000", 1),
        duplicate=_spot(BIB, "smith2020", 2),
    )


def _spot(text: str, word: str, nth: int) -> Spot:
    offset = -1
    for _ in range(nth):
        offset = text.index(word, offset + 1)
    line = text.count("\n", 0, offset)
    start = text.rfind("\n", 0, offset) + 1
    end = text.find("\n", offset)
    return Spot(line=line, column=offset - start, word=word, line_text=text[start:end])
