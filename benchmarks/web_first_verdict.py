"""The web page against the fake API: how soon the first verdict of a 50-reference .bib is
shown, and whether a 1,000-reference page keeps up (one row appended per verdict, nothing
re-rendered until the check is done).

`cite-sentinel serve` runs as a real program with an empty cache; Debian's Chromium (headless,
through Playwright) uploads the file as a person would. First verdict: RUNS uploads of 50
different corpus works each, the fake answering with 120 ms latency within the published
limits (OpenAlex 10 req/s, Crossref 5 req/s, Semantic Scholar 1 req/s); the time runs from
the click on "Check" to the first row in the table, and to the last. Large page: 1,000 corpus
works, the fake answering at once; the page counts the rows added and removed while the check
runs (a MutationObserver on the table's body) and the main thread's long tasks (over 50 ms,
PerformanceObserver), which are what a person feels as a page that does not respond.

Run from the repository root:  .venv/bin/python -m benchmarks.web_first_verdict
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from tests.fakeapi import FakeApi
from tests.fakeapi.server import corpus_path
from tests.support.pdf_papers import bibtex, load_works
from tests.support.web_page import launch, serve, why_no_browser

RUNS = 5
FIRST = 50
LARGE = 1000
LATENCY_MS = 120.0
RATES = {"openalex": 10.0, "crossref": 5.0, "s2": 1.0}
WAIT_MS = 600_000

# Installed before the page's own script: what happens to the table while the check runs.
WATCH = """
window.watched = {added: 0, removed: 0, longTasks: [], replacedAt: null};
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    window.watched.longTasks.push([entry.startTime, entry.duration]);
  }
}).observe({type: "longtask", buffered: true});
document.addEventListener("DOMContentLoaded", () => {
  const body = document.getElementById("rows");
  if (!body) return;
  new MutationObserver(() => {  // the body replaced once, by the finished check's table
    if (window.watched.replacedAt === null) window.watched.replacedAt = performance.now();
  }).observe(body.parentElement, {childList: true});
  new MutationObserver((records) => {
    if (document.getElementById("main").dataset.done === "1") return;
    for (const record of records) {
      window.watched.added += record.addedNodes.length;
      window.watched.removed += record.removedNodes.length;
    }
  }).observe(body, {childList: true});
});
"""


def main() -> int:
    if not corpus_path("sample").is_file():
        print("needs the shared data folder beside the project (the fake API corpus is absent)")
        return 1
    missing = why_no_browser()
    if missing:
        print(missing)
        return 1
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        root = Path(folder)
        browser = launch(playwright)
        first = _first_verdicts(browser, root)
        large = _large_page(browser, root)
        browser.close()
    firsts = [run["first"] for run in first]
    lasts = [run["last"] for run in first]
    print(f"{FIRST}-reference .bib, {RUNS} runs, fake API at {LATENCY_MS:.0f} ms and the limits:")
    print(f"  first verdict shown: {_figures(firsts)}")
    print(f"  all {FIRST} shown:      {_figures(lasts)}")
    print(f"{LARGE}-reference .bib, fake API answering at once:")
    print(f"  rows appended while running: {large['added']}, removed: {large['removed']}")
    print(f"  first verdict {large['first']:.2f} s, all shown {large['last']:.2f} s")
    replaced = large["replacedAt"] or float("inf")
    final = [d for start, d in large["longTasks"] if start <= replaced <= start + d]
    running = [d for start, d in large["longTasks"] if start + d < replaced]
    print(
        f"  main-thread tasks over 50 ms while verdicts came: {len(running)}, longest "
        f"{max(running, default=0.0):.0f} ms; the one that puts in the finished table: "
        f"{max(final, default=0.0):.0f} ms"
    )
    print(f"  `cite-sentinel check` of the same file, same fake: {large['cli']:.2f} s")
    return 0


def _first_verdicts(browser: Any, root: Path) -> list[dict[str, float]]:
    with FakeApi.start("sample") as fake:
        for api, rate in RATES.items():
            fake.configure(api, rate=rate, burst=rate, latency_ms=LATENCY_MS)
        for api in ("datacite", "arxiv", "doi"):
            fake.configure(api, latency_ms=LATENCY_MS)
        env = {**os.environ, **fake.env(), "CITE_SENTINEL_CACHE_DIR": str(root / "cache-50")}
        with serve(env) as served:
            runs = []
            for run in range(RUNS):  # other works each time: nothing is remembered
                path = root / f"refs-{run}.bib"
                path.write_text(bibtex(load_works(FIRST, skip=run * 400)), encoding="utf-8")
                runs.append(_timed(browser, served.url, path))
    return runs


def _large_page(browser: Any, root: Path) -> dict[str, Any]:
    path = root / "large.bib"
    path.write_text(bibtex(load_works(LARGE, skip=2500)), encoding="utf-8")
    with FakeApi.start("sample") as fake:
        env = {**os.environ, **fake.env(), "CITE_SENTINEL_CACHE_DIR": str(root / "cache-large")}
        with serve(env) as served:
            timed = _timed(browser, served.url, path, watch=True)
        env["CITE_SENTINEL_CACHE_DIR"] = str(root / "cache-cli")
        started = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "cite_sentinel", "check", str(path), "--quiet"],
            env=env, capture_output=True, check=False, timeout=WAIT_MS / 1000,
        )  # fmt: skip
        return {**timed, "cli": time.perf_counter() - started}


def _timed(browser: Any, url: str, path: Path, *, watch: bool = False) -> dict[str, Any]:
    page = browser.new_page()
    if watch:
        page.add_init_script(WATCH)
    page.goto(url)
    page.set_input_files("#files", str(path))
    started = time.perf_counter()
    page.click("form[action='/checks'] button[type=submit]")
    page.wait_for_selector("#rows tr.reference", state="attached", timeout=WAIT_MS)
    first = time.perf_counter() - started
    page.wait_for_selector("main[data-done='1']", state="attached", timeout=WAIT_MS)
    last = time.perf_counter() - started
    watched = page.evaluate("window.watched || {}") if watch else {}
    page.close()
    return {"first": first, "last": last, **watched}


def _figures(seconds: list[float]) -> str:
    return (
        f"median {statistics.median(seconds):.2f} s, min {min(seconds):.2f} s, "
        f"max {max(seconds):.2f} s"
    )


if __name__ == "__main__":
    sys.exit(main())
