"""What the web page's browser tests, its benchmark and its screenshots share: `cite-sentinel
serve` started as a real program on a port the system chooses, and the system's Chromium
driven headless by Playwright."""

from __future__ import annotations

import contextlib
import os
import queue
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Playwright

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM_VARIABLE = "CITE_SENTINEL_CHROMIUM"
_SERVING = re.compile(r"serving (http://\S+)")


@dataclass(frozen=True, slots=True)
class Served:
    """A running `cite-sentinel serve`: its address, its process, and what it has printed
    (every line, as it comes)."""

    url: str
    process: subprocess.Popen[str]
    said: list[str]
    reader: threading.Thread

    def printed(self, wait: float = 15.0) -> str:
        """Everything the server printed, once it has ended (within `wait` seconds)."""
        self.reader.join(timeout=wait)
        return "".join(self.said)


def chromium() -> str | None:
    """The Chromium to drive: $CITE_SENTINEL_CHROMIUM, else Debian's `chromium` on PATH."""
    named = os.environ.get(CHROMIUM_VARIABLE)
    if named:
        return named if Path(named).is_file() else None
    return shutil.which("chromium") or shutil.which("chromium-browser")


def why_no_browser() -> str | None:
    """None where a browser can be had, else why not, in a sentence (for a skip)."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the browser tests need Playwright (pip install -e '.[dev]')"
    if chromium() is None:
        return (
            "the browser tests need Chromium: apt-get install chromium, or name one in "
            f"${CHROMIUM_VARIABLE}"
        )
    return None


def launch(playwright: Playwright) -> Browser:
    """Headless Chromium; without its sandbox, which needs privileges a root or container
    run lacks."""
    return playwright.chromium.launch(
        executable_path=chromium(), headless=True, args=["--no-sandbox"]
    )


@contextlib.contextmanager
def serve(
    environ: Mapping[str, str], *args: str, cwd: Path | None = None, wait: float = 60.0
) -> Iterator[Served]:
    """`cite-sentinel serve --port 0 ARGS…` until the block ends; its address read from the
    line it prints (within `wait` seconds), its end by SIGINT as Ctrl-C would."""
    process = subprocess.Popen(
        [sys.executable, "-m", "cite_sentinel", "serve", "--port", "0", *args],
        cwd=cwd or ROOT,
        env=dict(environ),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    lines: queue.Queue[str] = queue.Queue()
    said: list[str] = []
    reader = threading.Thread(target=_pump, args=(process, lines, said), daemon=True)
    reader.start()
    try:
        yield Served(_address(process, lines, wait), process, said, reader)
    finally:
        stop(process)


def stop(
    process: subprocess.Popen[str], wait: float = 15.0, how: signal.Signals = signal.SIGINT
) -> int:
    """Stop the server as Ctrl-C does (or as `how` says); killed if it has not ended within
    `wait` seconds. Its exit status."""
    if process.poll() is None:
        process.send_signal(how)
        try:
            process.wait(timeout=wait)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=wait)
    return process.returncode


def _pump(process: subprocess.Popen[str], lines: queue.Queue[str], said: list[str]) -> None:
    assert process.stdout is not None
    for line in process.stdout:
        said.append(line)
        lines.put(line)
    lines.put("")


def _address(process: subprocess.Popen[str], lines: queue.Queue[str], wait: float) -> str:
    deadline = time.monotonic() + wait
    said = []
    while (left := deadline - time.monotonic()) > 0:
        try:
            line = lines.get(timeout=left)
        except queue.Empty:
            break
        if not line:
            break  # the program ended
        said.append(line)
        found = _SERVING.search(line)
        if found:
            return found.group(1)
    stop(process)
    raise RuntimeError(f"cite-sentinel serve did not start: {''.join(said)[-2000:]}")
