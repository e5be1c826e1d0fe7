"""What changed since a git revision, so CI verifies only the references a commit touched.

`git diff --unified=0 REV` gives the changed line ranges of each file; an entry of a .bib or
CSL file is changed when its lines meet one, a manuscript is changed when any line is, and
files git does not track yet count as changed throughout.
"""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from cite_sentinel.core.errors import InputError
from cite_sentinel.core.model import Citation, Location, Reference

_HUNK = re.compile(r"^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@")
_GIT_TIMEOUT = 60.0


@dataclass(frozen=True, slots=True)
class Changes:
    """Changed line ranges (inclusive, 1-based) by resolved path, and wholly new files."""

    revision: str
    lines: Mapping[str, tuple[tuple[int, int], ...]] = field(default_factory=dict)
    new_files: frozenset[str] = frozenset()

    def file_changed(self, path: str) -> bool:
        """Whether any line of the file differs from the revision."""
        resolved = _resolved(path)
        return resolved in self.new_files or resolved in self.lines

    def touches(self, location: Location) -> bool:
        """Whether the span of `location` meets a changed line."""
        resolved = _resolved(location.path)
        if resolved in self.new_files:
            return True
        end = max(location.end_line, location.line)
        return any(
            first <= end and location.line <= last for first, last in self.lines.get(resolved, ())
        )


def changes_since(revision: str, folder: Path) -> Changes:
    """The changes of the work tree holding `folder` against `revision` (a commit, tag, branch)."""
    top = Path(_git(folder, "rev-parse", "--show-toplevel").strip())
    _git(top, "rev-parse", "--verify", "--quiet", f"{revision}^{{commit}}", revision=revision)
    diff = _git(
        top,
        "-c",
        "core.quotepath=false",
        "diff",
        "--no-color",
        "--no-ext-diff",
        "--unified=0",
        "--no-prefix",
        revision,
        "--",
    )
    untracked = _git(top, "ls-files", "--others", "--exclude-standard", "-z").split("\0")
    return Changes(
        revision=revision,
        lines=_ranges(diff, top),
        new_files=frozenset(_resolved(str(top / name)) for name in untracked if name),
    )


def changed_keys(
    references: Iterable[Reference], citations: Iterable[Citation], changes: Changes
) -> frozenset[str]:
    """Keys whose entry was added or edited, and every key a changed manuscript cites."""
    keys = {ref.key for ref in references if changes.touches(ref.location)}
    keys.update(cit.key for cit in citations if changes.file_changed(cit.location.path))
    return frozenset(keys)


def _git(folder: Path, *args: str, revision: str = "") -> str:
    try:
        run = subprocess.run(
            ["git", *args],
            cwd=folder,
            capture_output=True,
            text=True,
            encoding="utf-8",
            errors="replace",
            timeout=_GIT_TIMEOUT,
            check=False,
        )
    except FileNotFoundError as error:
        raise InputError("--changed-since needs git, which is not installed") from error
    except subprocess.TimeoutExpired as error:
        raise InputError(f"git {args[0]} took over {_GIT_TIMEOUT:.0f} s in {folder}") from error
    if run.returncode != 0:
        if revision:
            raise InputError(
                f"{folder}: unknown revision {revision!r}; give a commit, branch or tag "
                "(in CI, fetch enough history: actions/checkout with fetch-depth: 0)"
            )
        detail = run.stderr.strip().splitlines()[-1] if run.stderr.strip() else "git failed"
        raise InputError(f"{folder}: {detail}; --changed-since needs a git work tree")
    return run.stdout


def _ranges(diff: str, top: Path) -> dict[str, tuple[tuple[int, int], ...]]:
    ranges: dict[str, list[tuple[int, int]]] = {}
    current: list[tuple[int, int]] | None = None
    for line in diff.splitlines():
        if line.startswith("+++ "):
            name = line[4:].rstrip("\t")
            current = (
                None if name == "/dev/null" else ranges.setdefault(_resolved(str(top / name)), [])
            )
        elif current is not None and (hunk := _HUNK.match(line)):
            start = int(hunk.group(1))
            count = 1 if hunk.group(2) is None else int(hunk.group(2))
            # A pure deletion sits between line `start` and the next: both sides count.
            current.append((start, start + count - 1) if count else (start, start + 1))
    return {path: tuple(spans) for path, spans in ranges.items()}


@lru_cache(maxsize=4096)
def _resolved(path: str) -> str:
    return str(Path(path).resolve())
