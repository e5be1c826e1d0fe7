"""Seconds from opening contextlab_cdl.bib (6,315 entries) to every verdict diagnostic, warm cache.

The server runs offline on a cache a check has filled, so every verdict is remembered: the time
is reading the file, recalling 6,315 verdicts and publishing their diagnostics. The count
expected is what `cite-sentinel check --offline --format json` reports on the same cache.

Fill the cache once (some minutes against the fake API), then measure:
  CITE_SENTINEL_CACHE_DIR=/tmp/warm .venv/bin/python -m tests.fakeapi -- \\
      .venv/bin/cite-sentinel check ../shared/data/real-bibs/contextlab_cdl.bib
  .venv/bin/python -m benchmarks.lsp_warm_verdicts --cache /tmp/warm [--runs 3]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from lsprotocol import types
from pygls.lsp.client import LanguageClient

BIB = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "real-bibs"
BIB = BIB / "contextlab_cdl.bib"
VERDICT_CODES = {"fabricated", "miscited", "unverified", "retracted", "withdrawn"}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cache", required=True, help="a cache folder a check has filled")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    if not BIB.is_file():
        print(f"needs the shared data folder beside the project ({BIB} is absent)")
        return 1
    expected = _expected(args.cache)
    print(f"verdict diagnostics expected: {expected}")
    times = [asyncio.run(_open_until_all(args.cache, expected)) for _ in range(args.runs)]
    print(f"open to every verdict diagnostic: median {statistics.median(times):.2f} s, "
          f"runs {', '.join(f'{t:.2f}' for t in times)}")  # fmt: skip
    return 0


def _expected(cache: str) -> int:
    """The keys `check` gives a verdict finding, on the same cache."""
    environment = {**os.environ, "CITE_SENTINEL_CACHE_DIR": cache}
    run = subprocess.run(
        [sys.executable, "-m", "cite_sentinel", "check", "--offline", "--format", "json", str(BIB)],
        env=environment,
        capture_output=True,
        text=True,
        check=False,
    )
    references = json.loads(run.stdout)["references"]
    return sum(1 for reference in references if reference["verdict"] in VERDICT_CODES)


async def _open_until_all(cache: str, expected: int) -> float:
    folder = Path(tempfile.mkdtemp())
    bib = folder / "refs.bib"
    shutil.copy(BIB, bib)
    client = LanguageClient("bench", "1")
    complete = asyncio.Event()
    done_at: list[float] = []

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def _on(params: types.PublishDiagnosticsParams) -> None:
        keys = {_key(d) for d in params.diagnostics if d.code in VERDICT_CODES}
        if len(keys) >= expected and not complete.is_set():
            done_at.append(time.perf_counter())
            complete.set()

    os.environ["CITE_SENTINEL_CACHE_DIR"] = cache
    await client.start_io(sys.executable, "-m", "cite_sentinel", "lsp")
    await client.initialize_async(
        types.InitializeParams(
            capabilities=types.ClientCapabilities(),
            root_uri=folder.as_uri(),
            initialization_options={"verify": True, "offline": True, "debounceMs": 0},
        )
    )
    client.initialized(types.InitializedParams())
    text = bib.read_text(encoding="utf-8")
    started = time.perf_counter()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=bib.as_uri(), language_id="bibtex", version=1, text=text
            )
        )
    )
    await asyncio.wait_for(complete.wait(), 300)
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    shutil.rmtree(folder, ignore_errors=True)
    return done_at[0] - started


def _key(diagnostic: types.Diagnostic) -> str:
    data = diagnostic.data
    return str(data.get("key", "")) if isinstance(data, dict) else ""


if __name__ == "__main__":
    sys.exit(main())
