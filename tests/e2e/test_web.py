"""The web page in a real browser: `cite-sentinel serve` as a program, the fake indexes behind
it, Debian's Chromium driven by Playwright. The page's verdicts and downloads are held to those
of `cite-sentinel check` on the same files."""

from __future__ import annotations

import csv
import io
import json
import os
import re
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from tests.fakeapi import FakeApi
from tests.support.web_page import ROOT, Served, launch, serve, why_no_browser

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.skipif(why_no_browser() is not None, reason=why_no_browser() or "")

WAIT_MS = 90_000  # the longest a check of these files may take on a loaded machine
BIB = ROOT / "examples" / "refs.bib"
PAPER = """#set page(paper: "a5", numbering: "1")
= Introduction
Sparse graphs help @okonkwo2019. Signals too @lindqvist2021.
#bibliography("refs.bib", style: "ieee")
"""
PAPER_BIB = """@article{okonkwo2019, author = {Okonkwo, Adaeze and Varga, Bence},
  title = {Sparse Graph Inference for Robust Representation Learning},
  journal = {Journal of Machine Learning Research}, year = {2019}}
@article{lindqvist2021, author = {Lindqvist, Ingrid}, title = {Adaptive Signal Estimation},
  journal = {Journal of Machine Learning Research}, year = {2021}}"""
SHOTS = os.environ.get("CITE_SENTINEL_SCREENSHOTS")
# Whether the first reference row came while the check was still running (a live verdict),
# rather than with the finished check's table.
FIRST_ROW_WATCH = """
new MutationObserver((records, observer) => {
  for (const record of records) {
    for (const node of record.addedNodes) {
      const rows = node.matches && node.matches("tr.reference") ? [node]
        : node.querySelectorAll ? [...node.querySelectorAll("tr.reference")] : [];
      if (rows.length && window.firstRowWhileRunning === undefined) {
        window.firstRowWhileRunning = document.getElementById("main").dataset.done === "0";
        observer.disconnect();
      }
    }
  }
}).observe(document, {childList: true, subtree: true});
"""  # a folder: save the views' screenshots


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = launch(playwright)
        yield chromium
        chromium.close()


@pytest.fixture
def served(fake_api: FakeApi, tmp_path: Path) -> Iterator[Served]:
    environ = {**os.environ, "CITE_SENTINEL_CACHE_DIR": str(tmp_path / "serve-cache")}
    with serve(environ) as running:
        yield running


@pytest.fixture
def paper(tmp_path: Path) -> Path:
    from tests.support.pdf_papers import typeset

    path = tmp_path / "inputs" / "paper.pdf"
    path.parent.mkdir()
    path.write_bytes(typeset(PAPER, {"refs.bib": PAPER_BIB}))
    return path


def _check(folder: Path, *names: str, report: str = "json") -> str:
    """`cite-sentinel check NAMES --format REPORT` in `folder`, with a cache of its own."""
    environment = {**os.environ, "CITE_SENTINEL_CACHE_DIR": str(folder / ".check-cache")}
    environment.pop("CI", None)
    run = subprocess.run(
        [sys.executable, "-m", "cite_sentinel", "check", *names, "--format", report],
        cwd=folder, env=environment, capture_output=True, text=True, timeout=180, check=False,
    )  # fmt: skip
    assert run.returncode in (0, 1), run.stderr
    return run.stdout


def _fixed(folder: Path, name: str) -> str:
    """The bibliography as `cite-sentinel fix --write` leaves it (on a copy)."""
    copy = folder / "fixed" / name
    copy.parent.mkdir(exist_ok=True)
    copy.write_bytes((folder / name).read_bytes())
    environment = {**os.environ, "CITE_SENTINEL_CACHE_DIR": str(folder / ".fix-cache")}
    run = subprocess.run(
        [sys.executable, "-m", "cite_sentinel", "fix", name, "--write", "--quiet"],
        cwd=copy.parent, env=environment, capture_output=True, text=True, timeout=180,
        check=False,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    return copy.read_text(encoding="utf-8")


def _upload(page: Page, served: Served, *files: Path) -> None:
    page.goto(served.url)
    page.set_input_files("#files", [str(file) for file in files])
    page.click("form[action='/checks'] button[type=submit]")
    page.wait_for_url(re.compile(r"/checks/[^/]+/$"))


def _finished(page: Page) -> None:
    page.wait_for_selector("main[data-done='1']", state="attached", timeout=WAIT_MS)


def _download(page: Page, link: str) -> str:
    with page.expect_download() as download:
        page.click(f"#downloads a[href='{link}']")
    return Path(download.value.path()).read_text(encoding="utf-8")


def _shown(page: Page) -> dict[str, str]:
    """Each row's key and verdict word, as the page shows them."""
    pairs = page.locator("#rows tr.reference").evaluate_all(
        "rows => rows.map(row => [row.dataset.key, row.dataset.verdict])"
    )
    return dict(pairs)


def _verdicts(report: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Each reference's verdict in a JSON report, everything but where it is written."""
    return {
        reference["key"]: {name: value for name, value in reference.items() if name != "location"}
        for reference in report["references"]
    }


@pytest.mark.slow
def test_a_bib_and_a_pdf_get_check_s_verdicts_live_and_in_every_download(
    browser: Browser, served: Served, paper: Path, fake_api: FakeApi
) -> None:
    fake_api.configure("*", latency_ms=300)  # the check outlasts the page's loading (reset after)
    bib = paper.parent / "refs.bib"
    bib.write_bytes(BIB.read_bytes())
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.add_init_script(FIRST_ROW_WATCH)
    if SHOTS:
        page.goto(served.url)
        page.screenshot(path=str(Path(SHOTS) / "web-upload.png"))
    _upload(page, served, bib, paper)
    _finished(page)
    assert page.evaluate("window.firstRowWhileRunning") is True  # rows came before the end
    fake_api.configure("*", latency_ms=0)
    expected = json.loads(_check(paper.parent, "refs.bib", "paper.pdf"))
    rows = page.locator("#rows tr.reference")
    assert rows.count() == len(expected["references"])
    assert _shown(page) == {ref["key"]: ref["verdict"] for ref in expected["references"]}
    assert page.locator("#counts output[data-count='fabricated']").inner_text() == str(
        expected["summary"]["fabricated"]
    )
    if SHOTS:
        page.select_option("#sort", "worst")
        page.locator("tr[data-key='back1993'] details.evidence").evaluate("d => d.open = true")
        clip = {"x": 0, "y": 0, "width": 1280, "height": 1600}
        page.screenshot(path=str(Path(SHOTS) / "web-check.png"), full_page=True, clip=clip)
        page.select_option("#sort", "order")

    reports = {suffix: _download(page, f"report.{suffix}") for suffix in ("json", "csv", "md")}
    sarif = _download(page, "report.sarif")
    assert _verdicts(json.loads(reports["json"])) == _verdicts(expected)
    assert reports["json"] == _check(paper.parent, "refs.bib", "paper.pdf")  # name for name
    assert list(csv.reader(io.StringIO(reports["csv"]))) == list(
        csv.reader(io.StringIO(_check(paper.parent, "refs.bib", "paper.pdf", report="csv")))
    )
    assert reports["md"] == _check(paper.parent, "refs.bib", "paper.pdf", report="markdown")
    web_results = json.loads(sarif)["runs"][0]["results"]
    cli_results = json.loads(_check(paper.parent, "refs.bib", "paper.pdf", report="sarif"))["runs"][
        0
    ]["results"]
    assert [(r["ruleId"], r["message"]["text"]) for r in web_results] == [
        (r["ruleId"], r["message"]["text"]) for r in cli_results
    ]

    page.uncheck("input[name=show][value=verified]")  # filter: the verified rows go
    assert page.locator("#rows tr[data-verdict=verified]:visible").count() == 0
    fabricated = [ref for ref in expected["references"] if ref["verdict"] == "fabricated"]
    assert page.locator("#rows tr[data-verdict=fabricated]:visible").count() == len(fabricated)

    row = page.locator("#rows tr[data-key='alvarez2019']")
    row.locator(".accept button").click()
    page.wait_for_selector("#rows tr[data-key='alvarez2019'][data-accepted]")
    accepted = json.loads(_download(page, "report.json"))
    (alvarez,) = [r for r in accepted["references"] if r["key"] == "alvarez2019"]
    assert alvarez["accepted"] is True
    assert accepted["summary"]["accepted"] == 1
    assert accepted["summary"]["fabricated"] == expected["summary"]["fabricated"] - 1
    assert 'key = "alvarez2019"' in _download(page, "allow.toml")
    corrected = _download(page, "fixed/0")
    assert corrected != BIB.read_text(encoding="utf-8")  # the miscited entries repaired
    assert corrected == _fixed(paper.parent, "refs.bib")


@pytest.mark.slow
def test_a_malformed_pdf_is_said_in_the_page_and_the_server_goes_on(
    browser: Browser, served: Served, tmp_path: Path
) -> None:
    broken = tmp_path / "broken.pdf"
    broken.write_bytes(b"%PDF-1.7\n" + bytes(range(256)) * 4)
    page = browser.new_page()
    _upload(page, served, broken)
    _finished(page)
    alert = page.locator("#findings [role=alert]").first.inner_text()
    assert alert.startswith("cannot read broken.pdf: it is damaged"), alert
    assert str(tmp_path) not in page.content()
    fake_zip = tmp_path / "sources.zip"
    fake_zip.write_bytes(b"PK\x03\x04 not really a zip")
    page.goto(served.url)
    page.set_input_files("#files", str(fake_zip))
    page.click("form[action='/checks'] button[type=submit]")
    assert "sources.zip: not a readable zip archive" in page.locator("[role=alert]").inner_text()
    assert served.process.poll() is None
    page.goto(served.url)
    assert page.locator("h1").inner_text() == "Check the references of a manuscript"


@pytest.mark.slow
def test_two_tabs_check_at_once_each_getting_its_own_verdicts_within_the_limits(
    browser: Browser, served: Served, tmp_path: Path, fake_api: FakeApi
) -> None:
    fake_api.enforce_published_limits()  # a 429 for every request beyond them (reset after)
    entries = _entries(BIB.read_text(encoding="utf-8"))
    halves = {"first.bib": entries[:7], "second.bib": entries[7:]}
    context = browser.new_context()
    tabs = []
    for name, part in halves.items():
        (tmp_path / name).write_text("\n".join(part), encoding="utf-8")
        tab = context.new_page()
        tab.goto(served.url)
        tab.set_input_files("#files", str(tmp_path / name))
        tabs.append(tab)
    for tab in tabs:  # both checks run together on the server's one engine
        tab.click("form[action='/checks'] button[type=submit]")
    for tab, name in zip(tabs, halves, strict=True):
        _finished(tab)
        expected = json.loads(_check(tmp_path, name))
        assert _shown(tab) == {ref["key"]: ref["verdict"] for ref in expected["references"]}
    assert fake_api.stats().refused == {}  # the two checks together kept within the limits


@pytest.mark.slow
def test_a_batch_of_twenty_manuscripts_gets_a_row_each_as_cite_sentinel_batch_counts_them(
    browser: Browser, served: Served, tmp_path: Path
) -> None:
    entries = _entries(BIB.read_text(encoding="utf-8"))
    folder = tmp_path / "submissions"
    bundle = tmp_path / "submissions.zip"
    with zipfile.ZipFile(bundle, "w") as archive:
        for number in range(20):
            chosen = [entries[number % len(entries)], entries[(number + 5) % len(entries)]]
            text = "\n".join(chosen)
            (folder / f"paper{number:02}").mkdir(parents=True)
            (folder / f"paper{number:02}" / "refs.bib").write_text(text, encoding="utf-8")
            archive.writestr(f"submissions/paper{number:02}/refs.bib", text)
    page = browser.new_page()
    page.goto(served.url)
    page.set_input_files("#batch", str(bundle))
    page.click("form[action='/batches'] button[type=submit]")
    page.wait_for_url(re.compile(r"/batches/[^/]+/$"))
    page.wait_for_selector("main[data-done='1']", state="attached", timeout=4 * WAIT_MS)
    rows = page.locator("#rows tr")
    assert rows.count() == 20
    screened = _batch(folder, tmp_path / "batch-report")
    for row in rows.all():
        name = row.get_attribute("data-name")
        counts = {
            word: int(row.locator(f"td[data-count='{word}']").inner_text())
            for word in ("verified", "miscited", "fabricated", "unverified")
        }
        assert counts == {word: screened[name][word] for word in counts}, name
    page.click("th button[data-sort='fabricated']")
    page.click("th button[data-sort='fabricated']")  # most fabricated first
    first = page.locator("#rows tr").first
    assert int(first.locator("td[data-count='fabricated']").inner_text()) == max(
        row["fabricated"] for row in screened.values()
    )
    if SHOTS:
        page.screenshot(path=str(Path(SHOTS) / "web-batch.png"), full_page=False)
    with page.expect_navigation():
        first.locator("a").click()
    assert re.search(r"/checks/[^/]+/$", page.url), page.url
    assert page.locator("#rows tr.reference").count() == 2


def _entries(text: str) -> list[str]:
    return ["@" + part.strip() for part in re.split(r"^@", text, flags=re.M)[1:]]


def _batch(folder: Path, output: Path) -> dict[str, dict[str, int]]:
    """What `cite-sentinel batch` counts for each manuscript of `folder`."""
    environment = {**os.environ, "CITE_SENTINEL_CACHE_DIR": str(output.parent / ".batch-cache")}
    run = subprocess.run(
        [sys.executable, "-m", "cite_sentinel", "batch", str(folder), "--output", str(output),
         "--workers", "2", "--quiet"],
        env=environment, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert run.returncode in (0, 1), run.stderr
    summary = json.loads((output / "summary.json").read_text(encoding="utf-8"))
    return {row["manuscript"]: row for row in summary["rows"]}


@pytest.mark.slow
def test_groundedness_shows_each_citing_sentence_with_check_s_badge(
    browser: Browser, served: Served, tmp_path: Path
) -> None:
    for name in ("grounded.md", "grounded.bib"):
        (tmp_path / name).write_bytes((ROOT / "examples" / name).read_bytes())
    page = browser.new_page()
    page.goto(served.url)
    page.set_input_files("#files", [str(tmp_path / "grounded.md"), str(tmp_path / "grounded.bib")])
    page.check("input[name=ground]")
    page.click("form[action='/checks'] button[type=submit]")
    page.wait_for_url(re.compile(r"/checks/[^/]+/$"))
    _finished(page)
    expected = json.loads(_check(tmp_path, "grounded.md", "--ground"))
    rows = page.locator("#groundedness tbody tr")
    badges = rows.locator(".badge").all_inner_texts()
    assert badges == [citation["support"]["badge"] for citation in expected["citations"]]
    first = rows.first.locator("blockquote.claim").inner_text()
    assert first.startswith("Soft weight-sharing pulls groups of weights")
    if SHOTS:
        page.locator("#groundedness").evaluate("section => section.scrollIntoView()")
        page.screenshot(path=str(Path(SHOTS) / "web-groundedness.png"), full_page=False)


@pytest.mark.slow
def test_the_references_can_be_walked_and_accepted_with_the_keyboard(
    browser: Browser, served: Served
) -> None:
    page = browser.new_page()
    _upload(page, served, BIB)
    _finished(page)
    page.keyboard.press("j")
    page.keyboard.press("j")
    focused = page.evaluate("document.activeElement.dataset.key")
    assert focused == page.locator("#rows tr.reference").nth(1).get_attribute("data-key")
    page.keyboard.press("a")
    page.wait_for_selector(f"#rows tr[data-key='{focused}'][data-accepted]")
    page.keyboard.press("e")
    assert (
        page.locator(f"#rows tr[data-key='{focused}'] details.evidence").get_attribute("open") == ""
    )


@pytest.mark.slow
def test_without_the_script_the_page_reloads_until_the_check_is_done_and_accepting_works(
    browser: Browser, served: Served
) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(served.url)
    page.set_input_files("#files", str(BIB))
    page.click("form[action='/checks'] button[type=submit]")
    page.wait_for_selector("#rows tr.reference", state="attached", timeout=WAIT_MS)
    assert page.locator("#rows tr.reference").count() == 13
    page.locator("#rows tr[data-key='okafor2021'] .accept button").click()  # a plain form post
    page.wait_for_selector("#rows tr[data-key='okafor2021'][data-accepted]")
    assert "1 accepted" in page.locator("#status").inner_text()
    context.close()


@pytest.mark.slow
def test_a_folder_chosen_in_the_browser_is_screened_as_batch_screens_it(
    browser: Browser, served: Served, tmp_path: Path
) -> None:
    entries = _entries(BIB.read_text(encoding="utf-8"))
    folder = tmp_path / "submissions"
    for number in range(3):
        (folder / f"paper{number}").mkdir(parents=True)
        chosen = entries[number * 4 : number * 4 + 4]
        (folder / f"paper{number}" / "refs.bib").write_text("\n".join(chosen), encoding="utf-8")
        (folder / f"paper{number}" / "figure.png").write_bytes(b"\x89PNG not read")
    page = browser.new_page()
    page.goto(served.url)
    page.set_input_files("#batch-folder", str(folder))
    page.click("form[action='/batches'] button[type=submit]")
    page.wait_for_url(re.compile(r"/batches/[^/]+/$"))
    page.wait_for_selector("main[data-done='1']", state="attached", timeout=WAIT_MS)
    screened = _batch(folder, tmp_path / "batch-report")
    rows = page.locator("#rows tr")
    assert sorted(rows.evaluate_all("rows => rows.map(row => row.dataset.name)")) == sorted(
        screened
    )
    for row in rows.all():
        name = row.get_attribute("data-name")
        fabricated = int(row.locator("td[data-count='fabricated']").inner_text())
        assert fabricated == screened[name]["fabricated"], name
