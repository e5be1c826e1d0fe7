"""The filter under real pandoc on small documents a user writes: nocite, prefixes, scope."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.e2e.filter_run import FILTER, run_filter

REFERENCES = """\
references:
- id: cited
  type: article-journal
  title: The cited work
  author: [{family: Smith, given: Sarah}]
  issued: {date-parts: [[2020]]}
- id: listed
  type: article-journal
  title: A work only nocite lists
  author: [{family: Doe, given: Jo}]
  issued: {date-parts: [[2019]]}
"""


def test_nocite_all_lists_the_uncited_entry_and_stays_in_the_metadata(
    pandoc: str, tmp_path: Path
) -> None:
    text = f"---\n{REFERENCES}nocite: |\n  @*\n---\n\nA claim [@cited].\n"
    run = run_filter(pandoc, tmp_path, text, "-t", "markdown", "-s")
    assert run.returncode == 0, run.stderr
    assert "A claim [1]" in run.stdout  # an unverified work has no mark
    assert "[2] J. Doe, “A work only nocite lists,”" in run.stdout
    assert "@*" in run.stdout and "[?*]" not in run.stdout


def test_a_rewriting_style_after_citeproc_leaves_one_reference_list(
    pandoc: str, tmp_path: Path
) -> None:
    text = f"---\n{REFERENCES}---\n\nA claim [@cited].\n\n# References\n"
    run = run_filter(pandoc, tmp_path, text, "--citeproc", "-t", "plain", "--filter", FILTER)
    assert run.returncode == 0, run.stderr
    assert "A claim [1" in run.stdout
    assert run.stdout.lower().count("the cited work") == 1, run.stdout  # citeproc's is gone


def test_apa_citations_with_locators_and_prefixes_read_as_citeprocs(
    pandoc3: str, data: Path, tmp_path: Path
) -> None:
    text = (
        f"---\n{REFERENCES}---\n\n"
        "A [@cited, p. 3-4]. B [see @cited, pp. 10--20 for details]. C [@cited, 33].\n"
        "D [@cited, chap. 2]. E [-@listed, sec. 2-3]. F @cited [p. 7] says. G [@cited; @listed].\n"
        "H [see @cited; @listed for a contrasting view]. I [@cited, and passim].\n"
    )
    ours = run_filter(pandoc3, tmp_path, text, "-M", "cite-sentinel-style=apa", "-t", "plain")
    assert ours.returncode == 0, ours.stderr
    csl = str(data / "csl" / "apa.csl")
    run = subprocess.run(
        [pandoc3, "doc.md", "--citeproc", "--csl", csl, "-t", "plain", "--wrap=none"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert ours.stdout.replace("⚠", "").splitlines()[0] == run.stdout.splitlines()[0]


def test_style_none_markdown_reads_back_with_its_citations_and_marks(
    pandoc: str, tmp_path: Path
) -> None:
    text = f"---\n{REFERENCES}---\n\nA [@cited] and @cited says, [@listed, p. 3] too.\n"
    marked = ("-M", "cite-sentinel-mark-on=unverified")  # offline, every work is unverified
    run = run_filter(
        pandoc, tmp_path, text, "-M", "cite-sentinel-style=none", *marked, "-t", "markdown"
    )
    assert run.returncode == 0, run.stderr
    native = subprocess.run(
        [pandoc, "-f", "markdown", "-t", "native"],
        input=run.stdout,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    ).stdout
    assert native.count("Cite") == 3, run.stdout  # no mark read as a suffix or a link
    assert native.count('"cite-sentinel-unverified"') == 3, run.stdout


@pytest.mark.parametrize("writer", ["gfm", "commonmark", "commonmark_x", "markdown_strict"])
def test_every_markdown_writer_builds_and_reads_back_with_the_citation(
    pandoc: str, tmp_path: Path, writer: str
) -> None:
    text = f"---\n{REFERENCES}---\n\nA claim [@cited] and [see @cited](https://x.org).\n"
    run = run_filter(pandoc, tmp_path, text, "-t", writer)
    assert run.returncode == 0, run.stderr
    again = subprocess.run(
        [pandoc, "-f", writer, "-t", "plain", "--wrap=none"],
        input=run.stdout,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    ).stdout
    assert again.startswith("A claim [1]"), run.stdout
    # `@cited` in the link's text is author-in-text: the author's name stays
    assert "see Smith [1]" in again and "the cited work" in again.lower(), run.stdout
