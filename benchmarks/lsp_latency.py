"""LSP latency on contextlab_cdl.bib: diagnostics after didOpen and edits, hover, completion, RSS.

"open" is didOpen to the first push, which holds every local finding of the file; "references"
is didOpen until hover answers with the entry; "entries" is didOpen until the document's
symbols list its entries (their full reading, in a worker thread, has ended).
Each edit is timed to the push it causes: a character (an unclosed brace), a line added above
that error, an entry added at the top (it lacks an author and a year); then hover, completion.
Before each run the server is let go idle (no CPU used for 0.3 s), so that one run's background
reading does not slow the next run's open; "cpu" figures are the server's CPU time (all its
threads) over each measure, from /proc at 10 ms resolution, averaged over the runs.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from lsprotocol import types
from pygls.lsp.client import LanguageClient

BIB = (
    Path(__file__).resolve().parents[1].parent
    / "shared"
    / "data"
    / "real-bibs"
    / "contextlab_cdl.bib"
)


async def _run(runs: int) -> dict[str, list[float]]:
    folder = Path(tempfile.mkdtemp())
    text = BIB.read_text(encoding="utf-8")
    times: dict[str, list[float]] = {
        "open": [], "references": [], "entries": [], "edit": [], "line": [], "entry": [],
        "hover": [],
        "completion": [],
    }  # fmt: skip
    client, pushes, pid = await started(folder)
    cpu: dict[str, list[float]] = {name: [] for name in times}
    for run in range(runs):
        await _idle(pid)
        bib = folder / f"refs{run}.bib"  # a file the server has not read: a cold open
        shutil.copy(BIB, bib)
        uri = bib.as_uri()
        doc = types.TextDocumentIdentifier(uri=uri)
        pushes.clear()
        start, used = time.perf_counter(), _cpu(pid)
        client.text_document_did_open(
            types.DidOpenTextDocumentParams(
                text_document=types.TextDocumentItem(
                    uri=uri, language_id="bibtex", version=1, text=text
                )
            )
        )
        times["open"].append(await pushes.nth(uri, 1) - start)
        cpu["open"].append(_cpu(pid) - used)
        times["references"].append(await _entry_known(client, doc) - start)
        cpu["references"].append(_cpu(pid) - used)
        times["entries"].append(await _entries_read(client, doc) - start)
        cpu["entries"].append(_cpu(pid) - used)
        await _idle(pid)
        edits = [
            ("edit", 5, 10, "{"),  # an unclosed brace: a parse error appears
            ("line", 1, 0, "\n"),  # the error moves down a line
            ("entry", 0, 0, "@article{added,\n  title = {An added entry},\n}\n\n"),
        ]
        for version, (name, line, character, inserted) in enumerate(edits, start=2):
            pushes.clear()
            start, used = time.perf_counter(), _cpu(pid)
            client.text_document_did_change(_insert(uri, version, line, character, inserted))
            times[name].append(await pushes.nth(uri, 1) - start)
            cpu[name].append(_cpu(pid) - used)
        start = time.perf_counter()
        await client.text_document_hover_async(
            types.HoverParams(text_document=doc, position=types.Position(line=0, character=11))
        )
        times["hover"].append(time.perf_counter() - start)
        start = time.perf_counter()
        await client.text_document_completion_async(
            types.CompletionParams(text_document=doc, position=types.Position(line=0, character=10))
        )
        times["completion"].append(time.perf_counter() - start)
        if run == 0:
            times["rss_one_mb"] = [_rss(client)]  # one file open, as a writer has it
        client.text_document_did_close(types.DidCloseTextDocumentParams(text_document=doc))
    rss = _rss(client)
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    times["rss_mb"] = [rss]
    for name, values in cpu.items():
        if values:
            times[f"cpu {name}"] = values
    return times


class Pushes:
    """When each diagnostics push arrived, per document."""

    def __init__(self) -> None:
        self.times: list[tuple[str, float]] = []
        self._published = asyncio.Event()

    def record(self, params: types.PublishDiagnosticsParams) -> None:
        self.times.append((params.uri, time.perf_counter()))
        self._published.set()

    def clear(self) -> None:
        self.times.clear()

    async def nth(self, uri: str, count: int) -> float:
        """When the `count`th push for `uri` (since the list was cleared) arrived."""
        while len(times_of := [t for u, t in self.times if u == uri]) < count:
            self._published.clear()
            await asyncio.wait_for(self._published.wait(), 120)
        return times_of[count - 1]


async def started(folder: Path) -> tuple[LanguageClient, Pushes, int]:
    """A server on `folder` (verification off, no debounce), its pushes recorded, and its pid."""
    client = LanguageClient("bench", "1")
    pushes = Pushes()

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def _on(params: types.PublishDiagnosticsParams) -> None:  # pygls marks the function itself
        pushes.record(params)

    await client.start_io(sys.executable, "-m", "cite_sentinel", "lsp")
    await client.initialize_async(
        types.InitializeParams(
            capabilities=types.ClientCapabilities(),
            root_uri=folder.as_uri(),
            initialization_options={"verify": False, "debounceMs": 0},
        )
    )
    client.initialized(types.InitializedParams())
    return client, pushes, _pid(client)


def _insert(
    uri: str, version: int, line: int, character: int, text: str
) -> types.DidChangeTextDocumentParams:
    where = types.Position(line=line, character=character)
    return types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
        content_changes=[
            types.TextDocumentContentChangePartial(
                range=types.Range(start=where, end=where), text=text
            )
        ],
    )


async def _entry_known(client: LanguageClient, doc: types.TextDocumentIdentifier) -> float:
    """When hover on the first key first answered (asked every 10 ms, for at most a minute)."""
    position = types.Position(line=0, character=11)
    for _ in range(6000):
        answer = await client.text_document_hover_async(
            types.HoverParams(text_document=doc, position=position)
        )
        if answer is not None:
            return time.perf_counter()
        await asyncio.sleep(0.01)  # a benchmark's poll, not a test's synchronisation
    raise TimeoutError("the server never read the file's entries")


async def _entries_read(client: LanguageClient, doc: types.TextDocumentIdentifier) -> float:
    """When the document's symbols first listed its entries (asked every 10 ms, at most a
    minute): the entries in full have been read."""
    for _ in range(6000):
        symbols = await client.text_document_document_symbol_async(
            types.DocumentSymbolParams(text_document=doc)
        )
        if symbols:
            return time.perf_counter()
        await asyncio.sleep(0.01)  # a benchmark's poll, not a test's synchronisation
    raise TimeoutError("the server never read the file's entries in full")


def _pid(client: LanguageClient) -> int:
    server = getattr(client, "_server", None)
    return int(getattr(server, "pid", 0))


def _cpu(pid: int) -> float:
    """Seconds of CPU the process has used (user and system, all threads)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def _idle(pid: int) -> None:
    """Wait (at most a minute) until the server has used no CPU for 0.3 s."""
    for _ in range(200):
        before = _cpu(pid)
        await asyncio.sleep(0.3)  # a benchmark's poll, not a test's synchronisation
        if _cpu(pid) == before:
            return


def _rss(client: LanguageClient) -> float:
    pid = _pid(client)
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=50)
    times = asyncio.run(_run(parser.parse_args().runs))
    for name, values in times.items():
        if name == "rss_one_mb":
            print(f"server RSS with the file open: {values[0]:.0f} MB")
            continue
        if name == "rss_mb":
            print(f"server RSS after every run's file was opened and closed: {values[0]:.0f} MB")
            continue
        if name.startswith("cpu "):
            print(f"{name}: mean {statistics.mean(values) * 1000:.0f} ms")
            continue
        ordered = sorted(values)
        p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
        print(f"{name}: p50 {statistics.median(values) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms")


if __name__ == "__main__":
    main()
