"""The configuration for a run: the file named by --config, or the nearest one."""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

# core.config reads and checks a table; only the choice of file is the command's.
from cite_sentinel.core import Config, ConfigError, InputError, config_from_table, load_config
from cite_sentinel.core.workspace import path_exists


def config_for(paths: Sequence[str], named: str | None) -> Config:
    """`--config FILE` when given, else the configuration nearest the first path."""
    if named is not None:
        return _named(Path(named))
    start = next((Path(p) for p in paths if path_exists(Path(p))), Path.cwd())
    return load_config(start.absolute())


def with_locations(config: Config, catalog: str | None, cache: str | None) -> Config:
    """The configuration with the catalog and shared cache that --catalog and --cache choose."""
    if cache and not cache.startswith(("postgresql://", "postgres://")):
        raise InputError(
            f"--cache {cache}: give a postgresql:// URL (the disk cache is CITE_SENTINEL_CACHE_DIR)"
        )
    return replace(config, catalog=catalog or config.catalog, cache=cache or config.cache)


def _named(path: Path) -> Config:
    if path.is_dir():
        raise ConfigError(f"{path}: is a folder; give --config a TOML file")
    try:
        table = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as error:
        raise ConfigError(f"{path}: no such configuration file") from error
    except OSError as error:
        raise ConfigError(
            f"{path}: cannot read the configuration: {error.strerror or error}"
        ) from error
    except UnicodeDecodeError as error:
        raise ConfigError(
            f"{path}: cannot read the configuration: it is not UTF-8 text (byte {error.start}); "
            "save it as UTF-8"
        ) from error
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path}: cannot read the configuration: {error}") from error
    if path.name == "pyproject.toml":
        tool = table.get("tool", {})
        section = tool.get("cite-sentinel") if isinstance(tool, dict) else None
        if not isinstance(section, dict):
            raise ConfigError(f"{path}: has no [tool.cite-sentinel] table")
        table = section
    return config_from_table(table, path)
