"""The server settings: `.cite-sentinel.toml`, then the environment, then the client's
initializationOptions and didChangeConfiguration (core.config's one precedence)."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from cite_sentinel.core import (
    SOURCES,
    Allowed,
    Config,
    ConfigError,
    Severity,
    configured,
    load_config,
    with_flags,
)

log = logging.getLogger(__name__)

SECTION = "cite-sentinel"
UNUSED_LIMIT = 1000  # like texlab: above this many entries, unused-entry hints are skipped


@dataclass(frozen=True, slots=True, kw_only=True)
class Settings:
    """What the client may set, and the core Config every feature reads (`config`)."""

    verify: bool = True  # run the network wave at all
    offline: bool = False  # answer from the cache only
    mailto: str = ""
    ground: bool | None = None  # judge groundedness; None = the file's [ground] enabled
    scorer: str = ""  # who judges groundedness, as `check --scorer`; "" = the file's [ground]
    embeddings: bool | None = None  # MiniLM cosines in the relevance; None = the file's [ground]
    fulltext: str = ""  # a folder of full texts named by key or DOI, as `check --fulltext`
    backends: tuple[str, ...] = ()  # the indexes asked, as `sources` in the file; () = its own
    severities: Mapping[str, Severity | None] = field(default_factory=dict)
    accept: tuple[str, ...] = ()  # keys accepted as verified
    debounce_ms: int = 200
    file: Config = field(default_factory=Config)  # `.cite-sentinel.toml`, then the environment
    config: Config = field(default_factory=Config)  # the file's, then the client's on top


def settings_for(
    root: Path | None,
    options: object,
    base: Settings | None = None,
    environ: Mapping[str, str] | None = None,
) -> Settings:
    """Settings from a client's JSON options (either bare or under "cite-sentinel"; `[]`, as
    Neovim's Lua sends an empty table, is none) over `base`, else over the file and the
    environment."""
    settings = base or _merged(Settings(file=_file_config(root, environ or {})))
    table = _table(options)
    if not table:
        return settings
    changes: dict[str, Any] = {}
    for name in _BOOLEANS:
        if isinstance(table.get(name), bool):
            changes[name] = table[name]
    for name in _STRINGS:
        if isinstance(table.get(name), str):
            changes[name] = table[name].strip()
    if _is_int(table.get("debounceMs")):
        changes["debounce_ms"] = max(0, table["debounceMs"])
    for name in ("accept", "backends"):
        value = table.get(name)
        if isinstance(value, list) and all(isinstance(item, str) for item in value):
            changes[name] = tuple(value)
    if "backends" in changes:
        changes["backends"] = _backends(changes["backends"])
    if isinstance(table.get("severity"), Mapping):
        changes["severities"] = _severities(table["severity"])
    return _merged(replace(settings, **changes))


def setting_problems(options: object) -> tuple[str, ...]:
    """What in a client's settings is ignored for its type or value, one line each (names the
    client may set for other purposes, such as the server's path, are not ours to judge)."""
    if options is None or options == []:  # Neovim's Lua encodes an empty table as []
        return ()
    if not isinstance(options, Mapping):
        return (f"{SECTION}: settings should be an object, got {options!r}; ignored",)
    table = _table(options)
    problems: list[str] = []
    for name in _BOOLEANS:
        if table.get(name) is not None and not isinstance(table[name], bool):
            problems.append(_wrong(name, table[name], "true or false"))
    for name in _STRINGS:
        if table.get(name) is not None and not isinstance(table[name], str):
            problems.append(_wrong(name, table[name], "a string"))
    debounce = table.get("debounceMs")
    if debounce is not None and not _is_int(debounce):
        problems.append(_wrong("debounceMs", debounce, "a whole number of milliseconds"))
    for name in ("accept", "backends"):
        value = table.get(name)
        if value is not None and not (
            isinstance(value, list) and all(isinstance(item, str) for item in value)
        ):
            problems.append(_wrong(name, value, "a list of strings"))
        elif name == "backends" and value:
            unknown = [v for v in value if v.strip() and v.strip().lower() not in SOURCES]
            problems += [
                f"{SECTION}.backends: {v!r} is not an index; use {', '.join(SOURCES)}"
                for v in unknown
            ]
    severity = table.get("severity")
    if severity is not None and not isinstance(severity, Mapping):
        problems.append(_wrong("severity", severity, "an object of finding codes and levels"))
    elif severity:
        levels = [level.value for level in Severity]
        problems += [
            _wrong(f"severity.{code}", level, f"one of {', '.join(levels)}, off")
            for code, level in severity.items()
            if level != "off" and level not in levels
        ]
    return tuple(problems)


def reloaded(
    root: Path | None, settings: Settings, environ: Mapping[str, str] | None = None
) -> Settings:
    """The client's settings over `.cite-sentinel.toml` read again (it changed on disk)."""
    return _merged(replace(settings, file=_file_config(root, environ or {})))


def verification_config(settings: Settings) -> Config:
    """The core Config the engine gets (the client's `backends`, when given, as its sources)."""
    return settings.config


def grounding_on(settings: Settings) -> bool:
    """Whether citing sentences are judged: the client's `ground`, else the file's."""
    return settings.config.ground


def scorer_choice(settings: Settings) -> tuple[str, bool]:
    """The scorer's name and whether it adds embeddings: the client's, else the file's."""
    return settings.config.scorer, settings.config.embeddings


def fulltext_dir(root: Path | None, settings: Settings) -> Path | None:
    """The `fulltext` folder (relative to the workspace folder), when it names one."""
    if not settings.fulltext:
        return None
    folder = Path(settings.fulltext).expanduser()
    if not folder.is_absolute() and root is not None:
        folder = root / folder
    if not folder.is_dir():
        log.warning("fulltext = %r is no folder; full texts come from `file` fields only", folder)
        return None
    return folder


def _merged(settings: Settings) -> Settings:
    """The settings with `config` made again: the file's, then the client's on top."""
    given = {
        "sources": settings.backends,
        "mailto": settings.mailto,
        "ground": settings.ground,
        "scorer": settings.scorer,
        "embeddings": settings.embeddings,
        "severities": settings.severities,
        "allow": tuple(
            Allowed(key=item, doi=item.lower(), reason="accepted in the editor's settings")
            for item in settings.accept
        ),
    }
    config = with_flags(settings.file, given, given_by="editor setting {name}")
    return replace(settings, config=config)


def _backends(names: tuple[str, ...]) -> tuple[str, ...]:
    """Known index names in the order given; unknown ones are dropped with a warning."""
    words = tuple(dict.fromkeys(name.strip().lower() for name in names if name.strip()))
    wrong = [word for word in words if word not in SOURCES]
    if wrong:
        log.warning("backends: %s unknown, ignored; use %s", wrong, ", ".join(SOURCES))
    return tuple(word for word in words if word in SOURCES)


def _file_config(root: Path | None, environ: Mapping[str, str]) -> Config:
    """`.cite-sentinel.toml` (the defaults when there is none), then the environment."""
    try:
        file = load_config(root) if root is not None else Config()
    except ConfigError as error:
        log.warning("%s; using the defaults", error)
        file = Config()
    try:
        return configured(file, environ)
    except ConfigError as error:
        log.warning("%s; the environment's settings are ignored", error)
        return file


_BOOLEANS = ("verify", "offline", "ground", "embeddings")
_STRINGS = ("mailto", "scorer", "fulltext")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _wrong(name: str, value: object, expected: str) -> str:
    return f"{SECTION}.{name} should be {expected}, got {value!r}; ignored"


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
