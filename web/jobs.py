"""What the server remembers of each check and batch a browser started, and for how long."""

from __future__ import annotations

import secrets
import shutil
from collections import Counter, OrderedDict
from dataclasses import dataclass, field
from pathlib import Path

from cite_sentinel.core import CheckResult
from cite_sentinel.core.workspace import accept
from cite_sentinel.web.stream import Stream

KEPT_JOBS = 200  # checks and batches remembered; the oldest finished ones are forgotten first


@dataclass(frozen=True, slots=True)
class KeptFile:
    """A bibliography a check read, kept (as text) for the corrected copy to be made from."""

    name: str  # as the page shows it
    path: str  # as the check's result names it
    text: str


@dataclass(eq=False, kw_only=True)
class Check:
    """One check of one upload (or of one manuscript of a batch) and all it has said."""

    id: str = field(default_factory=lambda: secrets.token_urlsafe(12))
    title: str
    folder: Path  # the check's own temporary folder; every input lies inside it
    inputs: tuple[Path, ...]
    ground: bool = False
    owns_folder: bool = True  # a batch's manuscripts share the batch's folder, removed with it
    notes: tuple[str, ...] = ()
    stream: Stream = field(default_factory=Stream)
    total: int | None = None
    decided: Counter[str] = field(default_factory=Counter)
    result: CheckResult | None = None
    failure: str = ""
    accepted: set[str] = field(default_factory=set)
    kept: tuple[KeptFile, ...] = ()

    @property
    def done(self) -> bool:
        return self.result is not None or bool(self.failure)

    def judged(self) -> CheckResult:
        """The finished result with the references accepted on the page accepted too, as an
        allow list would have them (their verdicts kept, their findings silenced)."""
        assert self.result is not None, "the check has not finished"
        return accept(self.result, self.result.accepted | frozenset(self.accepted))


@dataclass(eq=False, kw_only=True)
class Batch:
    """Many manuscripts screened one after another, each a Check of its own."""

    id: str = field(default_factory=lambda: secrets.token_urlsafe(12))
    title: str
    folder: Path
    checks: list[Check] = field(default_factory=list)
    notes: tuple[str, ...] = ()
    stream: Stream = field(default_factory=Stream)
    failure: str = ""

    @property
    def done(self) -> bool:
        return bool(self.failure) or all(check.done for check in self.checks)


Job = Check | Batch


class Jobs:
    """Every check and batch by id; the oldest finished are forgotten beyond KEPT_JOBS, their
    folders removed unless the server keeps them (--keep)."""

    def __init__(self, root: Path, *, keep: bool) -> None:
        self.root = root
        self.keep = keep
        self._jobs: OrderedDict[str, Job] = OrderedDict()

    def new_folder(self) -> Path:
        """A fresh folder for one upload, inside the server's own temporary folder."""
        return self.root / secrets.token_hex(8)

    def add(self, job: Job) -> None:
        self._jobs[job.id] = job
        if isinstance(job, Batch):
            for check in job.checks:
                self._jobs[check.id] = check
        self._forget_oldest()

    def check(self, job_id: str) -> Check | None:
        job = self._jobs.get(job_id)
        return job if isinstance(job, Check) else None

    def batch(self, job_id: str) -> Batch | None:
        job = self._jobs.get(job_id)
        return job if isinstance(job, Batch) else None

    def release(self, folder: Path) -> None:
        """A finished upload's files are removed (kept with --keep)."""
        if not self.keep:
            shutil.rmtree(folder, ignore_errors=True)

    def _forget_oldest(self) -> None:
        while len(self._jobs) > KEPT_JOBS:
            oldest = next((j for j in self._jobs.values() if j.done), None)
            if oldest is None:
                return
            del self._jobs[oldest.id]
            self.release(oldest.folder)
