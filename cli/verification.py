"""Where the command builds the verification engine for one run."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping

from cite_sentinel.core import Config
from cite_sentinel.core.verify import Engine, engine_for
from cite_sentinel.progress import ProgressCallback


def build_verifier(
    config: Config,
    *,
    offline: bool,
    refresh: bool,
    progress: ProgressCallback | None,
    notify: Callable[[str], None],
    environ: Mapping[str, str] | None = None,
) -> Engine:
    """The engine for this run (close it: `async with`); `offline` asks nothing, `refresh` all."""
    env = os.environ if environ is None else environ
    if offline:
        notify("offline: answers come from the cache only; what it lacks stays unverified")
    return engine_for(config, env, offline=offline, refresh=refresh, progress=progress)
