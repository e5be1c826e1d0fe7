"""How `cite-sentinel serve` was started: configuration, environment, limits, what to keep."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from cite_sentinel.core import Config
from cite_sentinel.web.limits import Limits

LOOPBACK = frozenset({"127.0.0.1", "localhost", "::1"})


@dataclass(frozen=True, slots=True, kw_only=True)
class ServeSettings:
    """Everything the application is built from; the environment (keys included) stays on
    the server: no page, event or download carries any of it."""

    config: Config
    environ: Mapping[str, str]
    host: str = "127.0.0.1"
    offline: bool = False
    refresh: bool = False
    keep: bool = False  # keep each upload's folder after its check (--keep)
    budget: str = ""  # a batch queue whose request budget the page shares (--queue)
    fulltext: Path | None = None  # the cited works' full texts for groundedness (--fulltext)
    limits: Limits = field(default_factory=Limits)

    @property
    def local_only(self) -> bool:
        """Bound to this computer alone: only its own names are accepted as Host."""
        return self.host in LOOPBACK
