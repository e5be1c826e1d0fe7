"""The filter under real pandoc (2.17 and 3.x): rewritten citations, anchors, marks, failures."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tests.fakeapi import FakeApi

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
FILTER = str(Path(sys.executable).parent / "cite-sentinel")
EXAMPLE_KEYS = 12  # keys paper.md cites that refs.bib defines (rumelhart1986 it does not)


def _build(
    pandoc: str, source: Path, *args: str, offline: bool = True
) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    if offline:
        env["CITE_SENTINEL_OFFLINE"] = "1"
    return subprocess.run(
        [pandoc, source.name, "--filter", FILTER, *args],
        cwd=source.parent,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def _cited_numbers(text: str) -> list[int]:
    """Reference numbers in brackets, in order: `[5; 6, for a view]` and `[2–4]` too."""
    numbers: list[int] = []
    for bracket in re.findall(r"\[([^\]]*)\]", text):
        for part in re.split(r"[;,]", bracket):
            span = re.fullmatch(r"\s*(\d+)(?:\s*[–-]\s*(\d+))?\s*", part)
            if span:
                last = int(span.group(2) or span.group(1))
                numbers.extend(range(int(span.group(1)), last + 1))
    return numbers


def _generated(folder: Path, count: int) -> Path:
    """A document citing `count` inline references, each twice, the second time out of order."""
    items = "\n".join(
        f"  - id: key{n}\n    type: article-journal\n    title: Work number {n}\n"
        f"    author: [{{family: Author{n}, given: Ann}}]\n"
        f"    issued: {{date-parts: [[{1990 + n}]]}}"
        for n in range(count)
    )
    first = " ".join(f"Claim {n} [@key{n}]." for n in range(count))
    again = " ".join(f"Again [@key{n}, p. {n + 1}]." for n in reversed(range(count)))
    path = folder / "generated.md"
    path.write_text(f"---\nreferences:\n{items}\n---\n\n{first}\n\n{again}\n", encoding="utf-8")
    return path


def test_every_citation_of_the_example_is_numbered_in_order_of_first_citation(
    pandoc: str,
) -> None:
    run = _build(pandoc, EXAMPLES / "paper.md", "-t", "plain", "--wrap=none")
    assert run.returncode == 0, run.stderr
    body, _, references = run.stdout.partition("\nReferences\n")
    assert "@" not in body.replace("@key", ""), "a citation was left unrewritten"
    firsts = list(dict.fromkeys(_cited_numbers(body)))
    assert firsts == list(range(1, EXAMPLE_KEYS + 1))
    listed = re.findall(r"^\[(\d+)\]", references, re.MULTILINE)
    assert [int(n) for n in listed] == list(range(1, EXAMPLE_KEYS + 1))


def test_a_generated_document_is_numbered_and_keeps_locators(pandoc: str, tmp_path: Path) -> None:
    run = _build(pandoc, _generated(tmp_path, 30), "-t", "plain", "--wrap=none")
    assert run.returncode == 0, run.stderr
    body = run.stdout.split("\nReferences\n")[0]
    assert [int(n) for n in re.findall(r"Claim \d+ \[(\d+)\]", body)] == list(range(1, 31))
    assert "Again [30, p. 30]" in body
    assert "Again [1, p. 1]" in body


def test_markdown_output_reread_by_pandoc_gives_the_same_text(pandoc: str, tmp_path: Path) -> None:
    markdown = _build(pandoc, EXAMPLES / "paper.md", "-t", "markdown")
    plain = _build(pandoc, EXAMPLES / "paper.md", "-t", "plain", "--wrap=none")
    assert markdown.returncode == 0 and plain.returncode == 0, markdown.stderr
    assert "\\[" not in markdown.stdout, "brackets were escaped"
    again = subprocess.run(
        [pandoc, "-f", "markdown-smart", "-t", "plain", "--wrap=none"],
        input=markdown.stdout,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert _words(again.stdout) == _words(plain.stdout)


def _words(text: str) -> list[str]:
    return text.split()


class _Anchors(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: list[str] = []
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if values.get("id"):
            self.ids.append(str(values["id"]))
        href = values.get("href") or ""
        if tag == "a" and href.startswith("#"):
            self.links.append(href[1:])


def test_every_html_anchor_resolves_and_no_id_repeats(pandoc: str) -> None:
    run = _build(pandoc, EXAMPLES / "paper.md", "-t", "html", "-s", "--metadata", "pagetitle=x")
    assert run.returncode == 0, run.stderr
    anchors = _Anchors()
    anchors.feed(run.stdout)
    assert anchors.links, "no citation links"
    assert set(anchors.links) <= set(anchors.ids)
    assert len(anchors.ids) == len(set(anchors.ids))
    assert sum(link.startswith("ref") for link in anchors.links) >= EXAMPLE_KEYS
    assert 'id="references"' in run.stdout or "<ol" in run.stdout


def test_apa_style_writes_author_date_citations(pandoc: str) -> None:
    run = _build(
        pandoc, EXAMPLES / "paper.md", "-t", "plain", "--wrap=none", "-M", "cite-sentinel-style=apa"
    )
    assert run.returncode == 0, run.stderr
    assert "(Nowlan & Hinton, 1992)" in run.stdout
    assert "Tsitsiklis (1994)" in run.stdout


def test_a_bad_metadata_value_stops_the_build_naming_the_key(pandoc: str) -> None:
    run = _build(pandoc, EXAMPLES / "paper.md", "-t", "html", "-M", "cite-sentinel-style=fancy")
    assert run.returncode != 0
    assert "cite-sentinel-style" in run.stderr and "fancy" in run.stderr
    assert "Traceback" not in run.stderr


def test_unknown_metadata_keys_are_ignored(pandoc: str) -> None:
    run = _build(pandoc, EXAMPLES / "paper.md", "-t", "html", "-M", "cite-sentinel-colour=red")
    assert run.returncode == 0, run.stderr


def test_a_summary_goes_to_stderr_in_pandoc_style(pandoc: str) -> None:
    run = _build(pandoc, EXAMPLES / "paper.md", "-t", "html")
    assert "[ERROR] cite-sentinel: rumelhart1986" in run.stderr
    assert re.search(r"\[INFO\] cite-sentinel: 1\d references", run.stderr)
    # offline: why every reference is unverified, as `check` says it
    assert re.search(
        r"\[WARNING\] cite-sentinel: could not ask openalex, .*\(offline: not in cache\)",
        run.stderr,
    )


def test_unreachable_indexes_are_named_with_the_reason_the_cli_gives(
    pandoc: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("OPENALEX", "CROSSREF", "DOI", "S2", "DATACITE", "ARXIV"):
        monkeypatch.setenv(f"CITE_SENTINEL_{name}_URL", "http://127.0.0.1:9")  # refused
    run = _build(pandoc, EXAMPLES / "paper.md", "-t", "html", offline=False)
    assert run.returncode == 0, run.stderr
    warning = next(line for line in run.stderr.splitlines() if "could not ask" in line)
    assert warning.startswith("[WARNING] cite-sentinel: could not ask ")
    assert "cannot be reached" in warning and "unverified, not fabricated" in warning
    assert "cite-sentinel-unverified" not in run.stdout, "unverified works are not marked"


def test_the_report_section_is_appended_on_request(pandoc: str) -> None:
    run = _build(pandoc, EXAMPLES / "paper.md", "-t", "html", "-M", "cite-sentinel-report=true")
    assert run.returncode == 0, run.stderr
    assert 'id="cite-sentinel-report"' in run.stdout
    assert "Reference check" in run.stdout


@pytest.mark.slow
def test_fail_on_fabricated_fails_the_build_and_names_the_works(
    pandoc: str, fake_api: FakeApi
) -> None:
    run = _build(
        pandoc,
        EXAMPLES / "paper.md",
        "-t",
        "html",
        "-M",
        "cite-sentinel-fail-on=fabricated",
        offline=False,
    )
    assert run.returncode != 0
    failure = next(line for line in run.stderr.splitlines() if "build failed" in line)
    for key in ("alvarez2019", "okafor2021", "whitcombe2017"):
        assert key in failure
    assert "back1993" not in failure


@pytest.mark.slow
def test_failed_verdicts_are_marked_and_verified_ones_are_not(
    pandoc: str, fake_api: FakeApi
) -> None:
    run = _build(pandoc, EXAMPLES / "paper.md", "-t", "html", offline=False)
    assert run.returncode == 0, run.stderr
    assert run.stdout.count('class="cite-sentinel-fabricated"') >= 3
    assert 'class="cite-sentinel-miscited"' in run.stdout
    first = run.stdout.split("few examples", 1)[1].split("</p>", 1)[0].split(",", 1)[0]
    assert "cite-sentinel-" not in first, "a verified citation was marked"


@pytest.mark.slow
def test_style_none_after_citeproc_marks_the_entries_of_refs(
    pandoc: str, fake_api: FakeApi
) -> None:
    run = _build(
        pandoc,
        EXAMPLES / "paper.md",
        "--citeproc",
        "--filter",
        FILTER,
        "-t",
        "html",
        "-M",
        "cite-sentinel-style=none",
        offline=False,
    )
    assert run.returncode == 0, run.stderr
    entry = run.stdout.split('id="ref-alvarez2019"', 1)[1].split("</div>", 1)[0]
    assert "cite-sentinel-fabricated" in entry
    verified = run.stdout.split('id="ref-nowlan1992"', 1)[1].split("</div>", 1)[0]
    assert "cite-sentinel-" not in verified


@pytest.mark.slow
def test_style_none_before_citeproc_leaves_the_bibliography_to_citeproc(
    pandoc: str, fake_api: FakeApi
) -> None:
    args = ("-M", "cite-sentinel-style=none", "--citeproc", "-t", "html")
    run = _build(pandoc, EXAMPLES / "paper.md", *args, offline=False)
    assert run.returncode == 0, run.stderr
    assert 'id="ref-nowlan1992"' in run.stdout
    assert "cite-sentinel-fabricated" in run.stdout


@pytest.mark.slow
@pytest.mark.parametrize("style", ["apa", "numbered"])
def test_a_corrected_miscitation_is_rendered_corrected_and_unmarked(
    pandoc: str, fake_api: FakeApi, style: str
) -> None:
    args = ("-M", f"cite-sentinel-style={style}", "-M", "cite-sentinel-correct=true")
    run = _build(pandoc, EXAMPLES / "paper.md", *args, "-t", "plain", "--wrap=none", offline=False)
    assert run.returncode == 0, run.stderr
    corrected = next(line for line in run.stderr.splitlines() if "corrected the metadata" in line)
    for key in ("back1993", "kumar2024", "delgrande2008"):
        assert key in corrected
    assert "1993" not in run.stdout and "Garg" in run.stdout and "jair.2539" in run.stdout
    assert "miscited" not in run.stdout, "a corrected citation is still marked"
    assert run.stdout.count("⚠ fabricated") == 3  # no match, nothing to correct them with


@pytest.mark.slow
def test_corrected_metadata_reaches_citeproc(pandoc: str, fake_api: FakeApi) -> None:
    args = ("-M", "cite-sentinel-style=none", "-M", "cite-sentinel-correct=true", "--citeproc")
    run = _build(pandoc, EXAMPLES / "paper.md", *args, "-t", "plain", "--wrap=none", offline=False)
    assert run.returncode == 0, run.stderr
    back = next(line for line in run.stdout.splitlines() if line.startswith("Back,"))
    assert "1992" in back and "1993" not in back


class _Badges(HTMLParser):
    """The groundedness badges of a page: (classes, title) of each."""

    def __init__(self) -> None:
        super().__init__()
        self.badges: list[tuple[list[str], str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        classes = (found.get("class") or "").split()
        if tag == "span" and "cite-sentinel-badge" in classes:
            self.badges.append((classes, found.get("title") or ""))


@pytest.mark.slow
def test_groundedness_badges_sit_beside_every_citation_grey_without_abstracts(
    pandoc: str, fake_api: FakeApi
) -> None:
    run = _build(
        pandoc,
        EXAMPLES / "paper.md",
        "-t",
        "html",
        "-M",
        "cite-sentinel-groundedness=true",
        offline=False,
    )
    assert run.returncode == 0, run.stderr
    page = _Badges()
    page.feed(run.stdout)
    keys = {title.split(":")[0] for _, title in page.badges}
    assert len(keys) == EXAMPLE_KEYS + 1  # every cited key, rumelhart1986 (undefined) too
    by_key = {title.split(":")[0]: (classes, title) for classes, title in page.badges}
    for key in ("tang1990", "vanlehn1989", "alvarez2019", "rumelhart1986"):
        # no abstract in the indexes (or no such work): nothing to judge, so grey
        classes, title = by_key[key]
        assert "cite-sentinel-badge-grey" in classes, title
        assert "no abstract" in title
    classes, title = by_key["tsitsiklis1994"]  # an abstract: judged, relevance shown
    assert "no abstract" not in title and "relevance" in title
    # the local scorer never says "supported"
    assert not any("cite-sentinel-badge-green" in classes for classes, _ in page.badges)
    plain = _build(pandoc, EXAMPLES / "paper.md", "-t", "html", offline=False)
    assert "cite-sentinel-badge" not in plain.stdout
