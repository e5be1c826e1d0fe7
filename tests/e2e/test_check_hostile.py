"""Each hostile input checked together with a good file: the good file's references and
verdicts are all in the report, the bad file has its finding, and the run ends as a check ends
(never exit 4, never a signal)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.fakeapi.corpus import Corpus
from tests.fakeapi.server import FakeApi
from tests.fakeapi.works import Person, Work
from tests.support.hostile_pdfs import bomb_pdf, pdf_of, text_bomb, text_stream

ROOT = Path(__file__).resolve().parents[2]
GOOD = """@article{okonkwo2019,
  title = {Sparse Graph Inference at Scale},
  author = {Okonkwo, Adaeze and Varga, Bence},
  journal = {Journal of Graphs},
  year = {2019},
  doi = {10.5555/graphs.2019}
}

@article{varga2021,
  title = {Adaptive Baselines for Stochastic Signals},
  author = {Varga, Bence},
  journal = {Signal Letters},
  year = {2021}
}
"""
HUGE = "9" * 5000


def _write(name: str, text: str, encoding: str = "utf-8") -> Callable[[Path], Path]:
    def make(folder: Path) -> Path:
        (folder / name).write_text(text, encoding=encoding)
        return folder / name

    return make


def _write_bytes(name: str, data: Callable[[], bytes]) -> Callable[[Path], Path]:
    def make(folder: Path) -> Path:
        (folder / name).write_bytes(data())
        return folder / name

    return make


DOUBLING = (
    "@string{m0 = {ab}}\n"
    + "".join(f"@string{{m{i} = m{i - 1} # m{i - 1}}}\n" for i in range(1, 39))
    + "@article{bomb, title = m38, year = 2020}\n"
)
CITATIONS = "---\nbibliography: good.bib\n---\n" + " ".join(
    f"claim number {n} [@okonkwo2019]" for n in range(3000)
)

# name: (how to make it, the finding code the bad file must have, or None for none required)
HOSTILE: dict[str, tuple[Callable[[Path], Path], str | None]] = {
    "string doubling": (_write("bomb.bib", DOUBLING), "input-limit"),
    "lone surrogate, CSL-JSON": (
        _write(
            "odd.json", '[{"id": "s1", "title": "\\ud800 x", "issued": {"date-parts": [[2020]]}}]'
        ),
        "missing-field",
    ),
    "lone surrogate, CSL-YAML": (
        _write("odd.yaml", 'references:\n- id: s2\n  title: "\\ud800 y"\n  issued: 2020\n'),
        "missing-field",
    ),
    "5,000-digit integer, CSL-JSON": (
        _write("big.json", f'[{{"id": "b1", "title": "Big", "volume": {HUGE}}}]'),
        "missing-field",
    ),
    "5,000-digit integer, CSL-YAML": (
        _write("big.yaml", f"references:\n- id: y1\n  volume: {HUGE}\n"),
        "parse-error",
    ),
    "NUL in a free-text list": (
        _write(
            "refs.txt",
            "References\n\n[1] A. Smith. \\emph{A} \x000\x00 title. J. Graphs, 2020.\n",
            "utf-16",
        ),
        None,
    ),
    "NUL in a bibliography name": (
        _write("nul.md", '---\nbibliography: "a\\0b.bib"\n---\nSee [@x].\n'),
        "missing-bibliography",
    ),
    "bibliography name over 255 bytes": (
        _write("long.tex", "See \\cite{x}.\n\\bibliography{" + "a" * 300 + "}\n"),
        "missing-bibliography",
    ),
    "a line of 3,000 citations": (_write("cites.md", CITATIONS), None),
    "PDF decompression bomb": (
        _write_bytes("bomb.pdf", lambda: pdf_of([text_bomb(1_000_000_000 // 4)])),
        "input-limit",
    ),
    "PDF zero-filled bomb": (
        _write_bytes("zeros.pdf", lambda: bomb_pdf(500_000_000, fill=b"\0")),
        "unreadable-file",
    ),
    "PDF of 5,000 pages": (
        _write_bytes("long.pdf", lambda: pdf_of([text_stream(["x"])] * 5000, shared=True)),
        "input-limit",
    ),
}


@pytest.fixture(scope="module")
def index() -> Iterator[FakeApi]:
    works = [
        Work(
            number=0,
            key="okonkwo2019",
            title="Sparse Graph Inference at Scale",
            authors=(Person("Okonkwo", "Adaeze"), Person("Varga", "Bence")),
            year=2019,
            venue="Journal of Graphs",
            doi="10.5555/graphs.2019",
        ),
        Work(
            number=1,
            key="varga2021",
            title="Adaptive Baselines for Stochastic Signals",
            authors=(Person("Varga", "Bence"),),
            year=2021,
            venue="Signal Letters",
        ),
    ]
    server = FakeApi.start(Corpus.from_works(works))
    try:
        yield server
    finally:
        server.close()


@pytest.mark.slow
@pytest.mark.parametrize("kind", list(HOSTILE))
def test_a_hostile_file_costs_only_its_own_findings(
    index: FakeApi, tmp_path: Path, kind: str
) -> None:
    make, code = HOSTILE[kind]
    (tmp_path / "good.bib").write_text(GOOD, encoding="utf-8")
    bad = make(tmp_path)
    environ = {k: v for k, v in os.environ.items() if not k.startswith("CITE_SENTINEL_")}
    environ.update(index.env(), CITE_SENTINEL_CACHE_DIR=str(tmp_path / "cache"))
    report = tmp_path / "report.json"
    run = subprocess.run(
        [sys.executable, "-m", "cite_sentinel", "check", str(tmp_path / "good.bib"), str(bad),
         "--format", "json", "--output", str(report), "--quiet"],
        cwd=ROOT, env=environ, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert run.returncode in (0, 1, 2, 3), run.stderr  # never 4 (a bug), never a signal
    assert "Traceback" not in run.stderr
    document = json.loads(report.read_text(encoding="utf-8"))
    good = {
        entry["key"]: entry["verdict"]
        for entry in document["references"]
        if entry["location"]["path"] == str(tmp_path / "good.bib")
    }
    assert good == {"okonkwo2019": "verified", "varga2021": "verified"}
    found = {finding["code"] for finding in document["findings"] if _about(finding, bad)}
    if code is not None:
        assert code in found, document["findings"]
    assert report.stat().st_size < 20_000_000  # linear in the input, never quadratic


def _about(finding: dict[str, object], bad: Path) -> bool:
    where = finding["location"]
    return isinstance(where, dict) and where.get("path") == str(bad)
