"""Lone UTF-16 surrogates out of what a reader returns: no encoder takes one, so a single
`"\\ud800"` in a CSL file would fail every later stage that hashes or writes text."""

from __future__ import annotations

import re

_SURROGATE = re.compile("[\ud800-\udfff]")
# A JSON or YAML escape of a surrogate: the only way one gets into parsed data from a file.
_ESCAPED = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


def without_surrogates(text: str) -> str:
    """The text with each surrogate code point made U+FFFD; the length is kept, so offsets
    into the text still hold."""
    return _SURROGATE.sub("\ufffd", text) if _SURROGATE.search(text) else text


def escapes_surrogates(text: str) -> bool:
    """Whether a JSON or YAML text writes a surrogate as an escape."""
    return _ESCAPED.search(text) is not None


def whole_values(value: object) -> object:
    """Parsed JSON or YAML with every string's surrogate pairs joined (YAML leaves
    `"\\ud83d\\ude00"` apart) and the lone ones made U+FFFD."""
    if isinstance(value, str):
        return _whole(value)
    if isinstance(value, list):
        return [whole_values(item) for item in value]
    if isinstance(value, dict):
        return {whole_values(key): whole_values(item) for key, item in value.items()}
    return value


def _whole(text: str) -> str:
    if not _SURROGATE.search(text):
        return text
    return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")
