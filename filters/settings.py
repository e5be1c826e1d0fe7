"""The filter's settings, read from the document's metadata: bad values stop the build early."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from cite_sentinel.core import ConfigError
from cite_sentinel.core.styles import (
    DEFAULT_MARKING,
    MARK_SYMBOL,
    MARK_WORDS,
    MARKED_BY_DEFAULT,
    Marking,
)

Lookup = Callable[[str], object]  # a metadata key to its value as panflute gives it, None if unset

PREFIX = "cite-sentinel-"
FAIL_ON_CHOICES = MARK_WORDS  # the verdict words, and retracted
ASCII_MARK = "[!]"  # the default mark where ⚠ may not typeset
# Writers whose output goes through TeX or troff: pdflatex cannot typeset ⚠ and TeX's
# default fonts lack it, so the mark is ASCII there; TeX's own writers raise it.
_RAISED_MARK = frozenset({"latex", "beamer", "context"})
_ASCII_ONLY = _RAISED_MARK | {"ms", "man", "texinfo"}
_TRUE = frozenset({"true", "yes", "on", "1"})
_FALSE = frozenset({"false", "no", "off", "0", ""})


class Style(StrEnum):
    """How citations and the reference list are written."""

    NUMBERED = "numbered"
    HTML = "html"
    APA = "apa"
    NONE = "none"  # citations are left to --citeproc and only marked


class MetadataError(ConfigError):
    """A cite-sentinel-* metadata value the filter cannot use, said naming the key."""


@dataclass(frozen=True, slots=True, kw_only=True)
class FilterSettings:
    """What the metadata asks of this build."""

    style: Style
    fail_on: frozenset[str] | None = None  # None: the metadata names none; the config's apply
    marking: Marking = DEFAULT_MARKING
    report: bool = False
    correct: bool = False
    groundedness: bool = False
    offline: bool = False
    link_citations: bool = False  # pandoc's own `link-citations`
    suppress_bibliography: bool = False  # pandoc's own `suppress-bibliography`


def read_settings(lookup: Lookup, output_format: str, *, offline: bool = False) -> FilterSettings:
    """Settings from `cite-sentinel-*` keys; defaults: html style for HTML output, else numbered."""
    return FilterSettings(
        style=_style(lookup(PREFIX + "style"), output_format),
        fail_on=_fail_on(lookup(PREFIX + "fail-on")),
        marking=_marking(lookup, output_format),
        report=_flag(lookup, "report"),
        correct=_flag(lookup, "correct"),
        groundedness=_flag(lookup, "groundedness"),
        offline=_flag(lookup, "offline") or offline,
        link_citations=_pandoc_flag(lookup("link-citations")),
        suppress_bibliography=_pandoc_flag(lookup("suppress-bibliography")),
    )


def is_html(output_format: str) -> bool:
    """Whether pandoc writes HTML for this output format (html, html5, revealjs, epub, …)."""
    base = base_format(output_format)
    return base.startswith("html") or base in {
        "revealjs",
        "slidy",
        "slideous",
        "s5",
        "dzslides",
        "epub",
        "epub2",
        "epub3",
        "chunkedhtml",
    }


def ascii_only(output_format: str) -> bool:
    """Whether the writer's output goes through TeX or troff, where ⚠ or ↩ may not typeset."""
    return base_format(output_format) in _ASCII_ONLY


def base_format(output_format: str) -> str:
    """The writer's name without extensions: `markdown+smart` is `markdown`."""
    return re.split(r"[+-]", output_format, maxsplit=1)[0].lower()


def _style(value: object, output_format: str) -> Style:
    if value is None:
        return Style.HTML if is_html(output_format) else Style.NUMBERED
    text = _text(value, "style").strip().lower()
    try:
        return Style(text)
    except ValueError:
        choices = ", ".join(style.value for style in Style)
        raise MetadataError(
            f"{PREFIX}style: unknown style {text!r}; use one of {choices}"
        ) from None


def _marking(lookup: Lookup, output_format: str) -> Marking:
    """`cite-sentinel-mark` and `cite-sentinel-mark-on`; the default mark suits the writer."""
    base = base_format(output_format)
    value = lookup(PREFIX + "mark")
    symbol = ASCII_MARK if base in _ASCII_ONLY else MARK_SYMBOL
    if value is not None:
        symbol = _text(value, "mark").strip()
        if not symbol:
            raise MetadataError(
                f"{PREFIX}mark: the mark is empty; give the text to put after a failed "
                f"citation, or set {PREFIX}mark-on: none to mark nothing"
            )
    marked = _verdict_words(lookup(PREFIX + "mark-on"), "mark-on", MARKED_BY_DEFAULT)
    return Marking(symbol=symbol, marked=marked, superscript=base in _RAISED_MARK)


def _fail_on(value: object) -> frozenset[str] | None:
    """The verdicts `cite-sentinel-fail-on` names; None when it is not set (the configuration's
    `fail-on` applies then, as in `cite-sentinel check`)."""
    return None if value is None else _verdict_words(value, "fail-on", frozenset())


def _verdict_words(value: object, name: str, default: frozenset[str]) -> frozenset[str]:
    """A word, a comma list or a YAML list of verdict words; `none` for the empty set."""
    if value is None:
        return default
    items = value if isinstance(value, list) else [value]
    words = {
        word.strip().lower()
        for item in items
        for word in _text(item, name).split(",")
        if word.strip()
    }
    unknown = sorted(words - set(FAIL_ON_CHOICES) - {"none"})
    if unknown:
        raise MetadataError(
            f"{PREFIX}{name}: unknown verdict {', '.join(map(repr, unknown))}; "
            f"use {', '.join(FAIL_ON_CHOICES)} (or a list of them), or none"
        )
    return frozenset(words - {"none"})


def _flag(lookup: Lookup, name: str) -> bool:
    value = lookup(PREFIX + name)
    if value is None or isinstance(value, bool):
        return bool(value)
    text = _text(value, name).strip().lower()
    if text in _TRUE:
        return True
    if text in _FALSE:
        return False
    raise MetadataError(f"{PREFIX}{name}: expected true or false, got {text!r}")


def _pandoc_flag(value: object) -> bool:
    """A boolean of pandoc's own metadata: pandoc judges its values, so none is an error."""
    if isinstance(value, str | int | float):
        return str(value).strip().lower() in _TRUE
    return bool(value)


def _text(value: object, name: str) -> str:
    if isinstance(value, str | int | float):
        return str(value)
    raise MetadataError(f"{PREFIX}{name}: expected a word, got {type(value).__name__} {value!r}")
