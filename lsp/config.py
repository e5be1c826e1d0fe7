"""The server settings: `.cite-sentinel.toml`, then the environment, then the client's
initializationOptions and didChangeConfiguration (core.config's one precedence)."""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from cite_sentinel.core import (
    SOURCES,
    Allowed,
    Config,
    ConfigError,
    Severity,
    checked_setting,
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
    environment. What is wrong in them is ignored (`setting_problems` says what)."""
    settings = base or _merged(Settings(file=_file_config(root, environ or {})))
    changes, _ = _read(_table(options))
    return _merged(replace(settings, **changes)) if changes else settings


def setting_problems(options: object) -> tuple[str, ...]:
    """What in a client's settings is ignored for its type or value, one line each (names the
    client may set for other purposes, such as the server's path, are not ours to judge)."""
    if options is None or options == []:  # Neovim's Lua encodes an empty table as []
        return ()
    if not isinstance(options, Mapping):
        return (f"{SECTION}: settings should be an object, got {options!r}; ignored",)
    _, problems = _read(_table(options))
    return tuple(problems)


def _read(table: Mapping[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """The one reading of a client's settings: each known one checked (by core's own rules
    where the configuration file has the same setting), into the Settings fields it sets,
    and what is wrong in words. A list with some wrong items keeps the right ones."""
    changes: dict[str, Any] = {}
    problems: list[str] = []
    for name, (field_name, read) in _EDITOR_SETTINGS.items():
        value = table.get(name)
        if value is None:
            continue
        try:
            changes[field_name] = read(name, value)
        except _Wrong as wrong:
            problems.append(_wrong(name, value, str(wrong)))
        except _Partly as partly:
            changes[field_name] = partly.kept
            problems += partly.problems
    return changes, problems


class _Wrong(Exception):
    """A setting of the wrong type: the message says what it should be."""


class _Partly(Exception):
    """A setting partly right: what is kept, and a problem line for each wrong part."""

    def __init__(self, kept: Any, problems: list[str]) -> None:
        super().__init__(problems)
        self.kept, self.problems = kept, problems


def _boolean(name: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise _Wrong("true or false")
    return value


def _string(name: str, value: Any) -> str:
    if not isinstance(value, str):
        raise _Wrong("a string")
    return value.strip()


def _milliseconds(name: str, value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise _Wrong("a whole number of milliseconds")
    return max(0, value)


def _strings(name: str, value: Any) -> tuple[str, ...]:
    if not (isinstance(value, list) and all(isinstance(item, str) for item in value)):
        raise _Wrong("a list of strings")
    return tuple(value)


def _backends(name: str, value: Any) -> tuple[str, ...]:
    """Known index names in the order given (core's `sources`); unknown ones dropped, each
    named."""
    names = _strings(name, value)
    kept: list[str] = []
    problems: list[str] = []
    for word in dict.fromkeys(item.strip().lower() for item in names if item.strip()):
        try:
            kept.extend(checked_setting("sources", [word], f"{SECTION}.{name}"))
        except ConfigError:
            problems.append(f"{SECTION}.{name}: {word!r} is not an index; use {', '.join(SOURCES)}")
    if problems:
        raise _Partly(tuple(kept), problems)
    return tuple(kept)


def _severity_levels(name: str, value: Any) -> dict[str, Severity | None]:
    """Finding code → level (core's `severity` table); a wrong level drops that code only."""
    if not isinstance(value, Mapping):
        raise _Wrong("an object of finding codes and levels")
    kept: dict[str, Severity | None] = {}
    problems: list[str] = []
    levels = ", ".join([level.value for level in Severity])
    for code, level in value.items():
        try:
            kept.update(checked_setting("severity", {str(code): level}, f"{SECTION}.{name}"))
        except ConfigError:
            problems.append(_wrong(f"{name}.{code}", level, f"one of {levels}, off"))
    if problems:
        raise _Partly(kept, problems)
    return kept


# The client's names of its settings: the Settings field each sets and how it is read.
_EDITOR_SETTINGS: dict[str, tuple[str, Callable[[str, Any], Any]]] = {
    "verify": ("verify", _boolean),
    "offline": ("offline", _boolean),
    "ground": ("ground", _boolean),
    "embeddings": ("embeddings", _boolean),
    "mailto": ("mailto", _string),
    "scorer": ("scorer", _string),
    "fulltext": ("fulltext", _string),
    "debounceMs": ("debounce_ms", _milliseconds),
    "accept": ("accept", _strings),
    "backends": ("backends", _backends),
    "severity": ("severities", _severity_levels),
}


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


def _wrong(name: str, value: object, expected: str) -> str:
    return f"{SECTION}.{name} should be {expected}, got {value!r}; ignored"


def _table(options: object) -> Mapping[str, Any]:
    if not isinstance(options, Mapping):
        return {}
    inner = options.get(SECTION)
    return inner if isinstance(inner, Mapping) else options
