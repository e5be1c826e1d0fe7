"""`cite-sentinel format` prints the example bibliography in each style, without pandoc."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
REFS = ROOT / "examples" / "refs.bib"


def _format(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cite_sentinel", "format", *args],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_numbered_lists_every_entry_in_file_order_with_its_number() -> None:
    done = _format(str(REFS), "--style", "numbered")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(
        "[1] S. J. Nowlan and G. E. Hinton, “Simplifying Neural Networks by Soft "
        "Weight-Sharing,” *Neural Computation*, vol. 4, pp. 473–493, 1992, doi: "
    )
    assert "[13] " in done.stdout and "[14] " not in done.stdout
    assert "J. Schmidhuber" in done.stdout and "\\" not in done.stdout  # LaTeX decoded


def test_html_is_one_ordered_list_with_an_item_per_entry() -> None:
    done = _format(str(REFS), "--style", "html")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith('<ol id="') and lines[-1] == "</ol>"
    assert sum(line.startswith("<li id=") for line in lines) == 13


def test_apa_is_alphabetical_by_first_author() -> None:
    done = _format(str(REFS), "--style", "apa")
    assert done.returncode == 0, done.stderr
    entries = [entry for entry in done.stdout.split("\n\n") if entry.strip()]
    assert len(entries) == 13
    assert entries == sorted(entries, key=str.lower)
    assert entries[1].startswith("Back, A. D., & Tsoi, A. C. (1993).")


def test_the_csl_json_twin_formats_like_the_bib(tmp_path: Path) -> None:
    done = _format(str(ROOT / "examples" / "refs.json"), "--style", "apa")
    assert done.returncode == 0, done.stderr
    assert "Back, A. D., & Tsoi, A. C." in done.stdout


def test_a_manuscript_is_refused_with_what_to_give_instead() -> None:
    done = _format(str(ROOT / "examples" / "paper.md"))
    assert done.returncode == 2
    assert "format reads bibliographies" in done.stderr and not done.stdout
