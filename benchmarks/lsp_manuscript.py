"""LSP latency of typing in a manuscript that cites from contextlab_cdl.bib (6,315 entries).

The manuscript cites 40 of the entries and one key the bibliography lacks. Once the server has
read the bibliography in full (hover on a citation answers), each edit types one character at
the start of the line holding the undefined key, so the undefined-key diagnostic moves and the
server must push: "edit" is didChange to that push, "cpu edit" the server's CPU time (all its
threads, from /proc at 10 ms resolution) per edit, averaged. Each publish runs the lint across
files (undefined, duplicate and unused keys) over the manuscript and the bibliography.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from lsprotocol import types
from pygls.lsp.client import LanguageClient

from benchmarks.lsp_latency import BIB, _cpu, _idle, _insert, started

CITED = 40
UNDEFINED = "nosuchkey2099"


def manuscript(keys: list[str]) -> tuple[str, int]:
    """A manuscript citing `CITED` keys spread over the bibliography, and the line of the
    sentence citing the undefined key."""
    step = max(1, len(keys) // CITED)
    lines = ["---", "bibliography: refs.bib", "---", ""]
    for number, key in enumerate(keys[::step][:CITED]):
        lines += [f"Finding number {number} was reported before [@{key}].", ""]
    lines.append(f"A claim with a key the bibliography lacks [@{UNDEFINED}].")
    return "\n".join(lines) + "\n", len(lines) - 1


async def _run(edits: int) -> dict[str, list[float]]:
    folder = Path(tempfile.mkdtemp())
    shutil.copy(BIB, folder / "refs.bib")
    keys = re.findall(r"^@\w+\{([^,\s]+),", BIB.read_text(encoding="utf-8"), re.M)
    text, undefined_line = manuscript(keys)
    paper = folder / "paper.md"
    paper.write_text(text, encoding="utf-8")
    uri = paper.as_uri()
    client, pushes, pid = await started(folder)
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=uri, language_id="markdown", version=1, text=text
            )
        )
    )
    await _bibliography_read(client, uri, text.splitlines()[4].index("[@") + 3)
    await _idle(pid)
    times: dict[str, list[float]] = {"edit": [], "cpu edit": []}
    for version in range(2, edits + 2):
        pushes.clear()
        start, used = time.perf_counter(), _cpu(pid)
        client.text_document_did_change(_insert(uri, version, undefined_line, 0, "x"))
        times["edit"].append(await pushes.nth(uri, 1) - start)
        times["cpu edit"].append(_cpu(pid) - used)
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    return times


async def _bibliography_read(client: LanguageClient, uri: str, column: int) -> None:
    """Until hover on the first citation shows its entry (asked every 10 ms, at most a minute)."""
    params = types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        position=types.Position(line=4, character=column),
    )
    for _ in range(6000):
        if await client.text_document_hover_async(params) is not None:
            return
        await asyncio.sleep(0.01)  # a benchmark's poll, not a test's synchronisation
    raise TimeoutError("the server never read the bibliography")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--edits", type=int, default=100)
    times = asyncio.run(_run(parser.parse_args().edits))
    edit = sorted(times["edit"])
    p95 = edit[min(len(edit) - 1, int(0.95 * len(edit)))]
    print(f"edit: p50 {statistics.median(edit) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms")
    print(f"cpu edit: mean {statistics.mean(times['cpu edit']) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
