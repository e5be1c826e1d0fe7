"""An `[[allow]]` table for .cite-sentinel.toml, its strings escaped as TOML requires."""

from __future__ import annotations

import re

# TOML basic strings: a quote, a backslash and control characters must be escaped.
_ESCAPES = {
    '"': '\\"',
    "\\": "\\\\",
    "\b": "\\b",
    "\t": "\\t",
    "\n": "\\n",
    "\f": "\\f",
    "\r": "\\r",
}
_NEEDS_ESCAPE = re.compile(r'["\\\x00-\x1f\x7f]')


def allow_table(key: str, reason: str, newline: str = "\n") -> str:
    """`[[allow]]` accepting `key` with `reason`, each line ended with the file's `newline`."""
    lines = ("[[allow]]", f"key = {toml_string(key)}", f"reason = {toml_string(reason)}")
    return "".join(line + newline for line in lines)


def toml_string(value: str) -> str:
    """A TOML basic string that reads back as `value`."""
    return '"' + _NEEDS_ESCAPE.sub(_escaped, value) + '"'


def _escaped(match: re.Match[str]) -> str:
    char = match.group(0)
    return _ESCAPES.get(char) or f"\\u{ord(char):04X}"
