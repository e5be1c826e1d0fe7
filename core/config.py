"""One Config from `.cite-sentinel.toml` or `[tool.cite-sentinel]` in pyproject.toml."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from cite_sentinel.core.errors import ConfigError
from cite_sentinel.core.model import Severity

CONFIG_NAME = ".cite-sentinel.toml"


@dataclass(frozen=True, slots=True, kw_only=True)
class Config:
    """Settings every face shares; later sources (environment, flags) replace earlier ones."""

    bibliography: tuple[str, ...] = ()  # bibliography files every manuscript uses
    exclude: tuple[str, ...] = ()  # glob patterns of paths never checked
    severities: Mapping[str, Severity | None] = field(default_factory=dict)  # code: level, None = off
    unused_entries: bool = True  # report entries never cited (hint)
    origin: str = ""  # the file the settings were read from, "" for defaults


def load_config(start: Path) -> Config:
    """The configuration that applies to `start`: the nearest config file above it."""
    folder = start if start.is_dir() else start.parent
    for candidate in (folder.resolve(), *folder.resolve().parents):
        own = candidate / CONFIG_NAME
        if own.is_file():
            return _from_table(_read_toml(own), own)
        pyproject = candidate / "pyproject.toml"
        if pyproject.is_file():
            table = _read_toml(pyproject).get("tool", {}).get("cite-sentinel")
            if isinstance(table, dict):
                return _from_table(table, pyproject)
    return Config()


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise ConfigError(f"{path}: cannot read the configuration: {error}") from error


def _from_table(table: Mapping[str, Any], path: Path) -> Config:
    config = Config(origin=str(path))
    base = path.parent
    bibliography = _strings(table, "bibliography", path)
    severities = _severities(table.get("severity", {}), path)
    return replace(
        config,
        bibliography=tuple(str(base / name) for name in bibliography),
        exclude=_strings(table, "exclude", path),
        severities=severities,
        unused_entries=bool(table.get("unused-entries", True)),
    )


def _strings(table: Mapping[str, Any], key: str, path: Path) -> tuple[str, ...]:
    value = table.get(key, ())
    if isinstance(value, str):
        return (value,)
    if isinstance(value, list | tuple) and all(isinstance(item, str) for item in value):
        return tuple(value)
    raise ConfigError(f"{path}: `{key}` must be a string or a list of strings, got {value!r}")


def _severities(value: Any, path: Path) -> dict[str, Severity | None]:
    if not isinstance(value, dict):
        raise ConfigError(f"{path}: `severity` must be a table of finding code = level")
    levels = {level.value for level in Severity} | {"off"}
    result: dict[str, Severity | None] = {}
    for code, level in value.items():
        if level not in levels:
            raise ConfigError(
                f"{path}: severity.{code} = {level!r}; use one of {', '.join(sorted(levels))}"
            )
        result[code] = None if level == "off" else Severity(level)
    return result
