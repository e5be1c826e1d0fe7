"""Where the command builds the verification engine for one run."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import replace

from cite_sentinel.core import Config, Verifier
from cite_sentinel.core.engine import Engine
from cite_sentinel.core.http import HttpSettings, default_lanes
from cite_sentinel.progress import ProgressCallback


def build_verifier(
    config: Config,
    *,
    offline: bool,
    refresh: bool,
    progress: ProgressCallback | None,
    notify: Callable[[str], None],
    environ: Mapping[str, str] | None = None,
    settings: HttpSettings | None = None,
) -> Verifier | None:
    """The engine for this run: `offline` answers from the cache only, `refresh` asks again."""
    env = os.environ if environ is None else environ
    if offline:
        notify("offline: answers come from the cache only; what it lacks stays unverified")
    return Engine(
        env,
        offline=offline,
        refresh=refresh,
        progress=progress,
        settings=settings,
        sources=config.sources,
    )


def http_settings(config: Config, environ: Mapping[str, str]) -> HttpSettings | None:
    """The configured timeout and rate limits over the defaults; None when none is configured."""
    if config.origin_of("timeout") == "default" and not config.rate_limits:
        return None
    mailto = config.mailto or environ.get("CITE_SENTINEL_MAILTO", "").strip()
    lanes = default_lanes(polite=bool(mailto), s2_keyed=bool(environ.get("S2_API_KEY", "").strip()))
    for api, rate in config.rate_limits.items():
        for name, lane in list(lanes.items()):
            if name == api or name.startswith(f"{api}/"):
                lanes[name] = replace(lane, rate=min(lane.rate, rate) if rate else lane.rate)
    return HttpSettings(timeout=config.timeout, mailto=mailto, lanes=lanes)
