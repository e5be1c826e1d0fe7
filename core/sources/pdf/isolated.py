"""Opening a PDF in a child process bounded in memory, pages and time.

A decompression bomb (a 1.5 MB file whose content stream inflates to a gigabyte) costs PDFium
gigabytes, and where memory runs out PDFium aborts its process: no exception to catch, no
report. So PDFium runs in a child (forked from a server that has PDFium loaded, so a child costs
milliseconds), with its address space capped; its pages come back one by one. A page that runs
out of memory or time is left out and the child is started again after it; the whole document
has a time budget by its size, and only the first MAX_PAGES pages are read. Each limit reached
is a clause in `Opened.limits`, which the reader makes an `input-limit` finding.
"""

from __future__ import annotations

import contextlib
import logging
import math
import multiprocessing
import os
import signal
import time
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.context import ForkServerContext
from pathlib import Path
from typing import Any

from cite_sentinel.core.sources.pdf.document import (
    Opened,
    Page,
    Source,
    Trouble,
    Unopened,
    open_document,
    open_pdf,
    read_page,
)
from cite_sentinel.core.sources.pdf.line_numbers import Edge

log = logging.getLogger(__name__)

MIB = 1024 * 1024


@dataclass(frozen=True, slots=True, kw_only=True)
class PdfLimits:
    """What one PDF may cost. A real paper reads at 25+ pages a second in 8–14 KB a page, so
    the time budget (BASE + PER_MB a megabyte of file) leaves it ample room."""

    pages: int = 2000  # a 600-page thesis is read whole
    memory: int = 1536 * MIB  # address space the child may add to what it starts with
    page_seconds: float = 10.0  # for one page's text
    base_seconds: float = 10.0  # for the whole document, plus …
    seconds_per_mb: float = 10.0  # … this much a megabyte of file
    most_seconds: float = 300.0
    bad_pages: int = 3  # pages over a limit before the rest is left unread

    def budget(self, size: int) -> float:
        """Seconds a document of `size` bytes may take in all."""
        return min(self.base_seconds + self.seconds_per_mb * size / MIB, self.most_seconds)


LIMITS = PdfLimits()


def open_isolated(source: Source, limits: PdfLimits = LIMITS) -> Opened | Unopened:
    """The pages of a PDF as `document.open_pdf` reads them, within `limits`."""
    context = _context()
    if context is None:  # no fork server on this platform: read here, unbounded
        return open_pdf(source)
    size = _size(source)
    if isinstance(size, Unopened):
        return size
    budget = limits.budget(size)
    deadline = time.monotonic() + budget
    pages: list[Page] = []
    broken: list[int] = []
    said: list[str] = []
    bad = 0  # pages that went beyond a limit
    first = 0
    while True:
        run = _Run(context, source, first, limits)
        try:
            outcome = run.collect(pages, broken, deadline)
        finally:
            run.stop()
        if isinstance(outcome, Unopened):
            return outcome
        if isinstance(outcome, _Finished):
            if outcome.total > limits.pages:
                said.append(
                    f"it has {outcome.total:,} pages and only the first {limits.pages:,} were read"
                )
            break
        over = outcome.out_of_time and time.monotonic() >= deadline
        why = (
            f"took longer than {budget:.0f} s (the limit for a file of its size)"
            if over
            else (outcome.why)
        )
        if outcome.page is None:  # while opening the document
            if first == 0:
                return Unopened(Trouble.LIMIT, f"opening it {why}")
            said.append(f"pages {first + 1}–{outcome.total} were left unread: reading them {why}")
            break
        number = outcome.page + 1
        last = min(outcome.total, limits.pages)
        if over:
            said.append(f"reading it {why}, so pages {number}–{last} were left out")
            break
        bad += 1
        said.append(f"page {number} {why} and was left out")
        if number >= last:
            break
        if bad >= limits.bad_pages:
            said.append(f"pages {number + 1}–{last} were left unread after {bad} such pages")
            break
        first = number  # start again after the bad page
    return Opened(tuple(pages), tuple(broken), tuple(said))


@dataclass(frozen=True, slots=True)
class _Finished:
    total: int  # pages the document has


@dataclass(frozen=True, slots=True)
class _Stopped:
    """A child that went beyond a limit, or died, on `page` (0-based; None: while opening)."""

    page: int | None
    total: int
    why: str  # "took longer than 10 s", "needed more than 1,536 MB of memory"
    out_of_time: bool


class _Run:
    """One child reading pages from `first` on, and what the parent hears from it."""

    def __init__(
        self, context: ForkServerContext, source: Source, first: int, limits: PdfLimits
    ) -> None:
        self.limits = limits
        self.first = first
        receive, send = context.Pipe(duplex=False)
        self.receive = receive
        self.process = context.Process(
            target=_serve,
            args=(send, source, first, limits),
            name="cite-sentinel-pdf",
            daemon=True,
        )
        self.process.start()
        send.close()

    def collect(
        self, pages: list[Page], broken: list[int], deadline: float
    ) -> _Finished | _Stopped | Unopened:
        """Take pages until the child is done, fails, or goes beyond a limit."""
        total = 0
        at: int | None = None  # the page being read; None while the document is opened
        while True:
            wait = max(min(self.limits.page_seconds, deadline - time.monotonic()), 0.0)
            message = self._next(wait)
            if message is None:
                return _Stopped(at, total, f"took longer than {wait:.0f} s", True)
            kind = message[0]
            if kind == "gone":
                return _Stopped(at, total, self._death(), False)
            if kind == "unopened":
                return Unopened(Trouble(message[1]), message[2])
            if kind == "total":
                total = message[1]
                at = self.first
            elif kind == "page":
                index, page = message[1], message[2]
                if page is None:
                    broken.append(index + 1)
                else:
                    pages.append(page)
                at = index + 1
            elif kind == "done":
                return _Finished(total)

    def stop(self) -> None:
        if self.process.is_alive():
            self.process.kill()
        self.process.join(5)
        self.receive.close()

    def _next(self, wait: float) -> Any:
        """The child's next message; None when it sends none in `wait` seconds, ("gone",)
        when it ended without a word."""
        try:
            if not self.receive.poll(wait):
                return None
            return self.receive.recv()
        except (EOFError, OSError):
            return ("gone",)

    def _death(self) -> str:
        self.process.join(5)
        code = self.process.exitcode
        if code in (_OUT_OF_MEMORY, -signal.SIGABRT, -signal.SIGKILL):
            return f"needed more than {self.limits.memory // MIB:,} MB of memory"
        if code == -signal.SIGXCPU:
            return "used more processor time than any PDF may"
        return f"crashed PDFium ({_status(code)})"


def _status(code: int | None) -> str:
    if code is not None and code < 0:
        return f"signal {-code}"
    return f"exit status {code}"


_OUT_OF_MEMORY = 3  # the child's exit status when a MemoryError reached it


def _serve(connection: Connection, source: Source, first: int, limits: PdfLimits) -> None:
    """The child: open the document, send its page count, then its pages from `first`."""
    _quiet_stdout()
    _cap(limits)
    try:
        document = open_document(source)
        if isinstance(document, Unopened):
            connection.send(("unopened", document.trouble.value, document.detail))
            return
        try:
            total = len(document)
            connection.send(("total", total))
            numbered: frozenset[Edge] = frozenset()  # where earlier pages numbered their lines
            for index in range(first, min(total, limits.pages)):
                page, edges = read_page(document, index, numbered)
                numbered = edges or numbered
                connection.send(("page", index, page))
            connection.send(("done",))
        finally:
            document.close()
    except MemoryError:
        os._exit(_OUT_OF_MEMORY)  # nothing more can be allocated, not even a message
    finally:
        connection.close()


def _quiet_stdout() -> None:
    """The child shares the parent's stdout, which may be a protocol (LSP, a Pandoc filter)."""
    with contextlib.suppress(OSError):
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 1)
        os.close(null)


def _cap(limits: PdfLimits) -> None:
    """Cap the child's address space at what it has plus `limits.memory`, and its CPU time at
    the longest budget, should its parent be gone and not stop it."""
    import resource

    with contextlib.suppress(OSError, ValueError):
        pages = int(Path("/proc/self/statm").read_text().split()[0])
        start = pages * os.sysconf("SC_PAGE_SIZE")
        resource.setrlimit(resource.RLIMIT_AS, (start + limits.memory, start + limits.memory))
    with contextlib.suppress(OSError, ValueError):
        cpu = math.ceil(limits.most_seconds) + 10
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu))


def _size(source: Source) -> int | Unopened:
    if isinstance(source, bytes):
        return len(source)
    try:
        return source.stat().st_size
    except FileNotFoundError:
        return Unopened(Trouble.MISSING, "no such file")
    except OSError as error:
        return Unopened(Trouble.MISSING, error.strerror or str(error))
    except ValueError:
        return Unopened(Trouble.MISSING, "its name holds a NUL character, which no file name can")


_CONTEXTS: list[ForkServerContext | None] = []


def _context() -> ForkServerContext | None:
    """The fork server's context, PDFium loaded in the server once; None where there is none
    (no fork server or no resource limits: Windows)."""
    if not _CONTEXTS:
        try:
            import resource  # noqa: F401  (only to know the limits exist here)

            context = multiprocessing.get_context("forkserver")
        except (ImportError, ValueError):
            _CONTEXTS.append(None)
        else:
            assert isinstance(context, ForkServerContext)
            context.set_forkserver_preload([__name__])
            _CONTEXTS.append(context)
    return _CONTEXTS[0]
