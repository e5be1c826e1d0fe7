"""The server settings: initializationOptions, then didChangeConfiguration, over the file."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from cite_sentinel.core import Config, ConfigError, Severity, load_config

log = logging.getLogger(__name__)

SECTION = "cite-sentinel"
UNUSED_LIMIT = 1000  # like texlab: above this many entries, unused-entry hints are skipped


@dataclass(frozen=True, slots=True, kw_only=True)
class Settings:
    """What the client may set; the core Config comes from `.cite-sentinel.toml`."""

    verify: bool = True  # run the network wave at all
    offline: bool = False  # answer from the cache only
    mailto: str = ""
    ground: bool = False  # groundedness scoring (reserved; the server does not score yet)
    backends: tuple[str, ...] = ()  # reserved: the engine asks every index
    severities: Mapping[str, Severity | None] = field(default_factory=dict)
    accept: tuple[str, ...] = ()  # keys accepted as verified
    debounce_ms: int = 200
    config: Config = field(default_factory=Config)


def settings_for(root: Path | None, options: object, base: Settings | None = None) -> Settings:
    """Settings from a client's JSON options (either bare or under "cite-sentinel")."""
    settings = base or Settings(config=_file_config(root))
    table = _table(options)
    if not table:
        return settings
    changes: dict[str, Any] = {}
    for name in ("verify", "offline", "ground"):
        if isinstance(table.get(name), bool):
            changes[name] = table[name]
    if isinstance(table.get("mailto"), str):
        changes["mailto"] = table["mailto"]
    if isinstance(table.get("debounceMs"), int):
        changes["debounce_ms"] = max(0, table["debounceMs"])
    for name in ("accept", "backends"):
        value = table.get(name)
        if isinstance(value, list) and all(isinstance(item, str) for item in value):
            changes[name] = tuple(value)
    if isinstance(table.get("severity"), Mapping):
        changes["severities"] = _severities(table["severity"])
    return replace(settings, **changes)


def severities(settings: Settings) -> dict[str, Severity | None]:
    """The file's severities, then the client's (the client wins)."""
    return {**settings.config.severities, **settings.severities}


def file_accepts(config: Config) -> tuple[str, ...]:
    """Keys and DOIs the `[[allow]]` tables of `.cite-sentinel.toml` vouch for (as `check`)."""
    return tuple(item for allowed in config.allow for item in (allowed.key, allowed.doi) if item)


def _file_config(root: Path | None) -> Config:
    if root is None:
        return Config()
    try:
        return load_config(root)
    except ConfigError as error:
        log.warning("%s; using the defaults", error)
        return Config()


def _table(options: object) -> Mapping[str, Any]:
    if not isinstance(options, Mapping):
        return {}
    inner = options.get(SECTION)
    return inner if isinstance(inner, Mapping) else options


def _severities(value: Mapping[str, Any]) -> dict[str, Severity | None]:
    levels = {level.value: level for level in Severity}
    result: dict[str, Severity | None] = {}
    for code, level in value.items():
        if level == "off":
            result[str(code)] = None
        elif level in levels:
            result[str(code)] = levels[level]
        else:
            log.warning(
                "severity.%s = %r is not one of %s, off; ignored", code, level, list(levels)
            )
    return result
