"""One Config from `.cite-sentinel.toml` or `[tool.cite-sentinel]` in pyproject.toml.

Then the environment, then flags; later wins, and each value remembers where it came from.
"""

from __future__ import annotations

import difflib
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from cite_sentinel.core.errors import ConfigError
from cite_sentinel.core.findings import Code
from cite_sentinel.core.model import Finding, Location, Severity

CONFIG_NAME = ".cite-sentinel.toml"
SOURCES = ("openalex", "crossref", "semanticscholar", "datacite", "arxiv", "doi")
FAIL_ON = ("fabricated", "miscited", "retracted", "unverified")
SCORERS = ("local", "voyage", "anthropic")  # groundedness scorers (core.ground.selection)
DEFAULT_ORIGIN = "default"
# The keys of the file's table (or [tool.cite-sentinel]); others are typos or newer settings.
KNOWN_KEYS = (
    "bibliography",
    "exclude",
    "severity",
    "severities",  # the same table, as people also write it
    "unused-entries",
    "sources",
    "mailto",
    "rate-limits",
    "timeout",
    "fail-on",
    "allow",
    "ground",
    "catalog",
    "cache",
)
# Environment variables that set a value: variable -> field.
ENVIRONMENT = {
    "CITE_SENTINEL_SOURCES": "sources",
    "CITE_SENTINEL_MAILTO": "mailto",
    "CITE_SENTINEL_TIMEOUT": "timeout",
    "CITE_SENTINEL_FAIL_ON": "fail_on",
    "CITE_SENTINEL_CATALOG": "catalog",
    "CITE_SENTINEL_CACHE": "cache",
}


@dataclass(frozen=True, slots=True)
class Allowed:
    """A reference accepted as it is (by key or DOI), and why: its verdict raises no finding."""

    key: str = ""
    doi: str = ""
    reason: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Config:
    """Settings every face shares; later sources (environment, flags) replace earlier ones."""

    bibliography: tuple[str, ...] = ()  # bibliography files every manuscript uses
    exclude: tuple[str, ...] = ()  # glob patterns of paths never checked
    severities: Mapping[str, Severity | None] = field(
        default_factory=dict
    )  # code: level, None = off
    unused_entries: bool = True  # report entries never cited (hint)
    origin: str = ""  # the file the settings were read from, "" for defaults
    sources: tuple[str, ...] = SOURCES  # the indexes asked, in this order of preference
    mailto: str = ""  # contact for the polite pools (Crossref, OpenAlex)
    rate_limits: Mapping[str, float] = field(default_factory=dict)  # api: requests a second
    timeout: float = 20.0  # seconds for one request
    fail_on: tuple[str, ...] = ()  # verdicts that also fail the check
    allow: tuple[Allowed, ...] = ()
    ground: bool = False  # [ground] enabled: judge groundedness without --ground (and in editors)
    scorer: str = "local"  # [ground] scorer: who judges groundedness (check --ground)
    embeddings: bool = False  # [ground] embeddings: MiniLM cosines in the local relevance
    catalog: str = ""  # the local catalog: a SQLite file or postgresql://… ("": the default)
    cache: str = ""  # the answer cache: postgresql://… shared by many machines ("": on disk)
    origins: Mapping[str, str] = field(default_factory=dict)  # field: where its value came from
    notices: tuple[Finding, ...] = ()  # warnings about the file itself (unknown settings)

    def origin_of(self, name: str) -> str:
        """Where a setting's value came from: a file, `environment VAR`, `flag --x` or default."""
        return self.origins.get(name, DEFAULT_ORIGIN)


def with_environment(config: Config, environ: Mapping[str, str]) -> Config:
    """The configuration with the CITE_SENTINEL_* settings of the environment on top."""
    values: dict[str, Any] = {}
    origins = dict(config.origins)
    for variable, name in ENVIRONMENT.items():
        raw = environ.get(variable, "").strip()
        if raw:
            values[name] = _parse_value(name, raw, f"environment {variable}")
            origins[name] = f"environment {variable}"
    return replace(config, **values, origins=origins) if values else config


def configured(
    config: Config,
    environ: Mapping[str, str],
    flags: Mapping[str, Any] | None = None,
    *,
    given_by: str = "flag --{name}",
) -> Config:
    """The one precedence every face applies: the file's settings (`config`), then the
    environment's CITE_SENTINEL_* variables, then flags or an editor's settings."""
    return with_flags(with_environment(config, environ), flags or {}, given_by=given_by)


def with_flags(
    config: Config, flags: Mapping[str, Any], *, given_by: str = "flag --{name}"
) -> Config:
    """The configuration with values given on the command line or by an editor (None: not
    given) on top: a table (`severities`, `rate_limits`) is updated key by key, `allow`
    gains the entries given, any other value is replaced. `given_by` says where from, for
    `cite-sentinel config`."""
    given = {name: value for name, value in flags.items() if value not in (None, "", (), [], {})}
    origins = dict(config.origins)
    for name, value in given.items():
        origins[name] = given_by.format(name=name.replace("_", "-"))
        if name in ("severities", "rate_limits"):
            given[name] = {**getattr(config, name), **value}
        elif name == "allow":
            given[name] = (*config.allow, *value)
    return replace(config, **given, origins=origins) if given else config


def checked_setting(name: str, value: Any, where: str) -> Any:
    """One setting's value as the configuration file would have it, checked and converted by
    the file's own rules (`sources`, `mailto`, `severity`, …); ConfigError, naming `where`,
    says what is wrong. Faces that take settings from elsewhere (an editor) use this, so a
    value means the same wherever it is written."""
    if name in ("severity", "severities"):
        return _severities(value, Path(where))
    return _parse_value(name.replace("-", "_"), value, where)


def settings(config: Config) -> tuple[tuple[str, str, str], ...]:
    """Each setting as (name, value as TOML would write it, origin), for `cite-sentinel config`."""
    rows = []
    for name in (
        "bibliography",
        "exclude",
        "sources",
        "mailto",
        "rate_limits",
        "timeout",
        "fail_on",
        "severities",
        "allow",
        "unused_entries",
        "catalog",
        "cache",
    ):
        shown = _show(_without_password(getattr(config, name)))
        rows.append((name.replace("_", "-"), shown, config.origin_of(name)))
    for name, field_name in (
        ("enabled", "ground"),
        ("scorer", "scorer"),
        ("embeddings", "embeddings"),
    ):
        rows.append(
            (f"ground.{name}", _show(getattr(config, field_name)), config.origin_of(field_name))
        )
    return tuple(rows)


def load_config(start: Path) -> Config:
    """The configuration that applies to `start`: the nearest config file above it."""
    folder = start if start.is_dir() else start.parent
    for candidate in (folder.resolve(), *folder.resolve().parents):
        own = candidate / CONFIG_NAME
        if own.is_file():
            return config_from_table(_read_toml(own), own)
        pyproject = candidate / "pyproject.toml"
        if pyproject.is_file():
            table = _read_toml(pyproject).get("tool", {}).get("cite-sentinel")
            if isinstance(table, dict):
                return config_from_table(table, pyproject)
    return Config()


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        data = path.read_bytes()
    except OSError as error:
        raise ConfigError(
            f"{path}: cannot read the configuration: {error.strerror or error}"
        ) from error
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise ConfigError(
            f"{path}:{line}: cannot read the configuration: it is not UTF-8 text "
            f"(byte {error.start}, 0x{data[error.start]:02x}); save it as UTF-8"
        ) from error
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path}: cannot read the configuration: {error}") from error


def config_from_table(table: Mapping[str, Any], path: Path) -> Config:
    config = Config(origin=str(path))
    base = path.parent
    bibliography = _strings(table, "bibliography", path)
    severities = _severities(table.get("severity", table.get("severities", {})), path)
    named = {
        "bibliography": "bibliography",
        "exclude": "exclude",
        "severity": "severities",
        "severities": "severities",
        "unused-entries": "unused_entries",
        "sources": "sources",
        "mailto": "mailto",
        "rate-limits": "rate_limits",
        "timeout": "timeout",
        "fail-on": "fail_on",
        "allow": "allow",
        "catalog": "catalog",
        "cache": "cache",
    }
    extra: dict[str, Any] = {}
    for key in ("sources", "mailto", "rate-limits", "timeout", "fail-on", "allow"):
        if key in table:
            extra[named[key]] = _parse_value(named[key], table[key], str(path))
    for key in ("catalog", "cache"):
        if key in table:
            extra[key] = _location(key, _parse_value(key, table[key], str(path)), base)
    ground = _ground(table.get("ground", {}), str(path))
    extra.update(ground)
    notices = _unknown_keys(table, path, severities)
    return replace(
        config,
        bibliography=tuple(str(base / name) for name in bibliography),
        exclude=_strings(table, "exclude", path),
        severities=severities,
        unused_entries=bool(table.get("unused-entries", True)),
        origins={
            **{named[key]: str(path) for key in table if key in named},
            **{name: str(path) for name in ground},
        },
        notices=notices,
        **extra,
    )


def _unknown_keys(
    table: Mapping[str, Any], path: Path, severities: Mapping[str, Severity | None]
) -> tuple[Finding, ...]:
    """A warning for each key the table does not know, at its line, with the nearest known key."""
    code = Code.UNKNOWN_SETTING
    severity = severities.get(code, Severity.WARNING)
    unknown = [key for key in table if key not in KNOWN_KEYS]
    if severity is None or not unknown:
        return ()
    lines = _lines(path)
    start = _table_start(lines, path)
    notices = []
    for key in unknown:
        nearest = difflib.get_close_matches(key, KNOWN_KEYS, n=1, cutoff=0.6)
        guess = f"; did you mean `{nearest[0]}`?" if nearest else ""
        line = _key_line(lines, start, key)
        notices.append(
            Finding(
                code=code,
                severity=severity,
                message=f"unknown setting `{key}`, ignored{guess}",
                location=Location(str(path), line, 1, line, 1 + len(lines[line - 1]))
                if line <= len(lines)
                else Location.point(str(path), line, 1),
                hint=(f"rename it to `{nearest[0]}`" if nearest else "remove it")
                + f"; known settings: {', '.join(KNOWN_KEYS)}",
            )
        )
    return tuple(notices)


def _lines(path: Path) -> list[str]:
    try:
        return path.read_text(encoding="utf-8-sig").splitlines()
    except (OSError, UnicodeDecodeError):
        return []


def _table_start(lines: list[str], path: Path) -> int:
    """The index of the first line of cite-sentinel's table: 0, or after [tool.cite-sentinel]."""
    if path.name != "pyproject.toml":
        return 0
    header = re.compile(r"^\s*\[\s*tool\s*\.\s*[\"']?cite-sentinel[\"']?\s*[\].]")
    return next((number for number, line in enumerate(lines) if header.match(line)), 0)


def _key_line(lines: list[str], start: int, key: str) -> int:
    """The 1-based line where `key` is set or opens a table; 1 when it cannot be found."""
    quoted = re.escape(key)
    prefix = r"(?:\[\[?\s*(?:tool\s*\.\s*[\"']?cite-sentinel[\"']?\s*\.\s*)?)?"
    pattern = re.compile(rf"^\s*{prefix}[\"']?{quoted}[\"']?\s*[=.\]]")
    for number in range(start, len(lines)):
        if pattern.match(lines[number]):
            return number + 1
    return start + 1 if start < len(lines) else 1


def _ground(value: Any, where: str) -> dict[str, Any]:
    """The [ground] table: `enabled` and `embeddings` (true or false), `scorer` (a name)."""
    if not isinstance(value, dict):
        raise ConfigError(f'{where}: `ground` must be a table: [ground] scorer = "local"')
    unknown = sorted(set(value) - {"enabled", "scorer", "embeddings"})
    if unknown:
        raise ConfigError(
            f"{where}: [ground] does not know {', '.join(unknown)}; use enabled, scorer, embeddings"
        )
    found: dict[str, Any] = {}
    if "scorer" in value:
        if value["scorer"] not in SCORERS:
            raise ConfigError(
                f"{where}: ground.scorer = {value['scorer']!r}; use one of {', '.join(SCORERS)}"
            )
        found["scorer"] = value["scorer"]
    if "enabled" in value:
        if not isinstance(value["enabled"], bool):
            raise ConfigError(
                f"{where}: ground.enabled must be true or false, got {value['enabled']!r}"
            )
        found["ground"] = value["enabled"]
    if "embeddings" in value:
        if not isinstance(value["embeddings"], bool):
            raise ConfigError(
                f"{where}: ground.embeddings must be true or false, got {value['embeddings']!r}"
            )
        found["embeddings"] = value["embeddings"]
    return found


def _parse_value(name: str, value: Any, where: str) -> Any:
    """One setting checked and converted; `where` names the file or variable in errors."""
    shown = name.replace("_", "-")
    if name in ("sources", "fail_on"):
        items = value.split(",") if isinstance(value, str) else value
        if not isinstance(items, list | tuple) or not all(isinstance(i, str) for i in items):
            raise ConfigError(f"{where}: `{shown}` must be a list of names, got {value!r}")
        words = tuple(item.strip().lower() for item in items if item.strip())
        known = SOURCES if name == "sources" else FAIL_ON
        wrong = [word for word in words if word not in known]
        if wrong:
            raise ConfigError(
                f"{where}: `{shown}` does not know {', '.join(wrong)}; use {', '.join(known)}"
            )
        return words
    if name == "mailto":
        if not isinstance(value, str):
            raise ConfigError(f"{where}: `mailto` must be an e-mail address, got {value!r}")
        return value.strip()
    if name == "timeout":
        try:
            seconds = float(value)
        except (TypeError, ValueError):
            seconds = 0.0
        if seconds <= 0:
            raise ConfigError(
                f"{where}: `timeout` must be a number of seconds above 0, got {value!r}"
            )
        return seconds
    if name == "rate_limits":
        return _rate_limits(value, where)
    if name in ("catalog", "cache"):
        if not isinstance(value, str):
            raise ConfigError(
                f"{where}: `{name}` must be a file path or a postgresql:// URL, got {value!r}"
            )
        return value.strip()
    return _allowed(value, where)


def _without_password(value: Any) -> Any:
    """A postgresql://user:secret@host URL with its password masked, for display."""
    if isinstance(value, str) and "://" in value:
        return re.sub(r"(://[^:/@]+):[^@/]*@", r"\1:***@", value)
    return value


def _location(name: str, value: str, base: Path) -> str:
    """A catalog or cache location: a URL as written, a relative path from the config file."""
    if not value or "://" in value or Path(value).expanduser().is_absolute():
        return value
    return str(base / value)


def _rate_limits(value: Any, where: str) -> dict[str, float]:
    if not isinstance(value, dict):
        raise ConfigError(f"{where}: `rate-limits` must be a table of index = requests a second")
    limits: dict[str, float] = {}
    for api, rate in value.items():
        if api not in SOURCES or not isinstance(rate, int | float) or rate <= 0:
            raise ConfigError(
                f"{where}: rate-limits.{api} = {rate!r}; use an index of {', '.join(SOURCES)} "
                "and a number of requests a second above 0"
            )
        limits[api] = float(rate)
    return limits


def _allowed(value: Any, where: str) -> tuple[Allowed, ...]:
    if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
        raise ConfigError(
            f'{where}: `allow` must be a list of tables: [[allow]] key = "…" reason = "…"'
        )
    accepted = []
    for item in value:
        key, doi, reason = (str(item.get(name, "")).strip() for name in ("key", "doi", "reason"))
        if not (key or doi) or not reason:
            raise ConfigError(f"{where}: each [[allow]] needs a key or a doi, and a reason")
        accepted.append(Allowed(key=key, doi=doi.lower(), reason=reason))
    return tuple(accepted)


def _show(value: Any) -> str:
    if isinstance(value, tuple) and value and isinstance(value[0], Allowed):
        return "[" + ", ".join(_show_allowed(item) for item in value) + "]"
    if isinstance(value, Mapping):
        inner = ", ".join(f"{k} = {_show(v)}" for k, v in value.items())
        return "{" + inner + "}"
    if isinstance(value, tuple):
        return "[" + ", ".join(_show(item) for item in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return '"off"'
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return str(value)


def _show_allowed(item: Allowed) -> str:
    named = f'key = "{item.key}"' if item.key else f'doi = "{item.doi}"'
    return "{" + named + f", reason = {_show(item.reason)}" + "}"


def _strings(table: Mapping[str, Any], key: str, path: Path) -> tuple[str, ...]:
    value = table.get(key, ())
    if isinstance(value, str):
        return (value,)
    if isinstance(value, list | tuple) and all(isinstance(item, str) for item in value):
        return tuple(value)
    raise ConfigError(f"{path}: `{key}` must be a string or a list of strings, got {value!r}")


def _severities(value: Any, path: Path) -> dict[str, Severity | None]:
    if not isinstance(value, Mapping):
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
