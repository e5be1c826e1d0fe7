"""`fix` changes what `check` reported and nothing else, written in the file's own manner."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from cite_sentinel.commands import run_command
from cite_sentinel.core.sources.bibtex import read_bibtex

from tests.fakeapi.corpus import Corpus, Person, Work
from tests.fakeapi.server import FakeApi


def _work(number: int, key: str, title: str, authors: str, **fields: object) -> Work:
    people = tuple(Person(*name.rsplit(" ", 1)[::-1]) for name in authors.split("; "))
    return Work(number=number, key=key, title=title, authors=people, **fields)  # type: ignore[arg-type]


# The index: every work with a DOI in the letter case its registry prints.
WORKS = (
    _work(1, "hop", "Neural Networks and Physical Systems with Emergent Collective Computational "
          "Abilities", "John Hopfield", year=1982, venue="Proceedings of the National Academy of "
          "Sciences", doi="10.1073/PNAS.79.8.2554", pages="2554-2558", volume="79"),
    _work(2, "lecun", "Gradient-Based Learning Applied to Document Recognition",
          "Yann LeCun; Léon Bottou; Yoshua Bengio; Patrick Haffner", year=1998,
          venue="Pattern Recognition", doi="10.1109/5.726791", pages="2278-2324",
          volume="86"),
    _work(3, "kumar", "Computing Pareto-Optimal and Almost Envy-Free Allocations of Indivisible "
          "Goods", "Jugal Garg; Aniket Murhekar", year=2024,
          venue="Journal of Artificial Intelligence Research", doi="10.1613/JAIR.1.15414",
          pages="1-25", volume="80"),
    _work(4, "dropout", "Dropout: A Simple Way to Prevent Neural Networks from Overfitting",
          "Nitish Srivastava; Geoffrey Hinton; Alex Krizhevsky; Ilya Sutskever; Ruslan "
          "Salakhutdinov", year=2014, venue="Journal of Machine Learning Research",
          doi="10.5555/2627435.2670313", pages="1929-1958", volume="15"),
    _work(5, "lstm", "Long Short-Term Memory", "Sepp Hochreiter; Jürgen Schmidhuber", year=1997,
          venue="Neural Computation", doi="10.1162/NECO.1997.9.8.1735", pages="1735-1780",
          volume="9"),
    _work(6, "backprop", "Learning Representations by Back-Propagating Errors",
          "David Rumelhart; Geoffrey Hinton; Ronald Williams", year=1986, venue="Nature",
          doi="10.1038/323533A0", pages="533-536", volume="323"),
    _work(7, "adam", "Adam: A Method for Stochastic Optimization on Sparse Gradients",
          "Diederik Kingma; Jimmy Ba", year=2015, venue="Machine Learning Journal",
          doi="10.1007/S10994-015-5001-X", pages="101-130", volume="99"),
)  # fmt: skip

# The author's file: `F Last` names, `--` between pages; four planted errors (hop's year,
# kumar's authors, lstm's pages, backprop's DOI of another work); lecun, dropout and adam
# lack a DOI and adam its pages, which only `fix --complete` adds.
BIB = """\
@article{hop,
  author = {J Hopfield},
  title = {Neural Networks and Physical Systems with Emergent Collective Computational Abilities},
  journal = {Proceedings of the National Academy of Sciences},
  year = {1992},
  volume = {79},
  pages = {2554--2558},
  doi = {10.1073/PNAS.79.8.2554}
}

@article{lecun,
  author = {Y LeCun and L Bottou and Y Bengio and P Haffner},
  title = {Gradient-Based Learning Applied to Document Recognition},
  journal = {Pattern Recognition},
  year = {1998},
  volume = {86},
  pages = {2278--2324}
}

@article{kumar,
  author = {R Kumar and A Sethi},
  title = {Computing Pareto-Optimal and Almost Envy-Free Allocations of Indivisible Goods},
  journal = {Journal of Artificial Intelligence Research},
  year = {2024},
  volume = {80},
  pages = {1--25},
  doi = {10.1613/JAIR.1.15414}
}

@article{dropout,
  author = {N Srivastava and G Hinton and A Krizhevsky and I Sutskever and R Salakhutdinov},
  title = {Dropout: A Simple Way to Prevent Neural Networks from Overfitting},
  journal = {Journal of Machine Learning Research},
  year = {2014},
  volume = {15},
  pages = {1929--1958}
}

@article{lstm,
  author = {S Hochreiter and J Schmidhuber},
  title = {Long Short-Term Memory},
  journal = {Neural Computation},
  year = {1997},
  volume = {9},
  pages = {1735--1790},
  doi = {10.1162/NECO.1997.9.8.1735}
}

@article{backprop,
  author = {D Rumelhart and G Hinton and R Williams},
  title = {Learning Representations by Back-Propagating Errors},
  journal = {Nature},
  year = {1986},
  volume = {323},
  pages = {533--536},
  doi = {10.1109/5.726791}
}

@article{adam,
  author = {D Kingma and J Ba},
  title = {Adam: A Method for Stochastic Optimization on Sparse Gradients},
  journal = {Machine Learning Journal},
  year = {2015},
  volume = {99}
}
"""
PLANTED = {"hop", "kumar", "lstm", "backprop"}


@pytest.fixture(scope="module")
def index() -> Iterator[FakeApi]:
    server = FakeApi.start(Corpus.from_works(WORKS))
    try:
        yield server
    finally:
        server.close()


@pytest.fixture
def environ(index: FakeApi, tmp_path: Path) -> dict[str, str]:
    environ = {k: v for k, v in os.environ.items() if not k.startswith("CITE_SENTINEL_")}
    environ.pop("CI", None)
    environ.update(index.env(), CITE_SENTINEL_CACHE_DIR=str(tmp_path / "cache"))
    return environ


def _check(bib: Path, environ: dict[str, str], capsys: pytest.CaptureFixture[str]) -> set[str]:
    """The keys `check` has something to say about (its warnings, errors and notes)."""
    run_command(["check", str(bib), "--quiet"], environ)
    return set(re.findall(r": (?:error|warning|info|hint): (\w+): ", capsys.readouterr().out))


def _entries(text: str) -> dict[str, str]:
    return {reference.key: reference.raw for reference in read_bibtex(text, "refs.bib").references}


def test_fix_changes_exactly_the_entries_check_reported(
    tmp_path: Path, environ: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    bib = tmp_path / "refs.bib"
    bib.write_text(BIB, encoding="utf-8")
    assert _check(bib, environ, capsys) == PLANTED
    assert run_command(["fix", str(bib), "--write", "--quiet"], environ) == 0
    before, after = _entries(BIB), _entries(bib.read_text(encoding="utf-8"))
    assert {key for key in before if before[key] != after[key]} == PLANTED


def test_fix_writes_names_pages_and_dois_in_the_files_own_manner(
    tmp_path: Path, environ: dict[str, str]
) -> None:
    bib = tmp_path / "refs.bib"
    bib.write_text(BIB, encoding="utf-8")
    assert run_command(["fix", str(bib), "--write", "--quiet"], environ) == 0
    text = bib.read_text(encoding="utf-8")
    assert "  author = {J Garg and A Murhekar},\n" in text
    assert "  year = {1982},\n" in text
    assert "  pages = {1735--1780},\n" in text
    assert "  doi = {10.1038/323533A0}\n" in text
    entries = {r.key: r for r in read_bibtex(text, "refs.bib").references}
    assert not entries["lecun"].identifiers.doi  # check said nothing about it


def test_fix_complete_adds_the_missing_dois_and_pages_as_the_registry_prints_them(
    tmp_path: Path, environ: dict[str, str]
) -> None:
    bib = tmp_path / "refs.bib"
    bib.write_text(BIB, encoding="utf-8")
    assert run_command(["fix", str(bib), "--write", "--complete", "--quiet"], environ) == 0
    text = bib.read_text(encoding="utf-8")
    assert "  doi = {10.1007/S10994-015-5001-X}" in text
    assert "  pages = {101--130}" in text
    entries = {r.key: r for r in read_bibtex(text, "refs.bib").references}
    assert entries["lecun"].identifiers.doi == "10.1109/5.726791"
    assert entries["dropout"].identifiers.doi == "10.5555/2627435.2670313"
