"""The seam where the command builds the verification engine (absent for now: None)."""

from __future__ import annotations

from collections.abc import Callable

from cite_sentinel.core import Config, Verifier
from cite_sentinel.progress import ProgressCallback

ENGINE_MISSING = "verification engine not available: only local checks ran"


def build_verifier(
    config: Config,
    *,
    offline: bool,
    refresh: bool,
    progress: ProgressCallback | None,
    notify: Callable[[str], None],
) -> Verifier | None:
    """The engine for this run, or None (after saying so) when it cannot be built.

    The engine will take the cache mode (`offline`: cache only; `refresh`: ignore cached
    answers) and call `progress(done, total)` as references are judged.
    """
    notify(ENGINE_MISSING)
    return None
