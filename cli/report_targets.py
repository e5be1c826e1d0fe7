"""Which reports a check writes where: `--format F [--output FILE]` pairs, in command-line order."""

from __future__ import annotations

import argparse
import glob
import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cite_sentinel import __version__
from cite_sentinel.core import CheckResult
from cite_sentinel.core.report import render_summary_csv, render_summary_markdown, render_text
from cite_sentinel.report_output import is_report_or_absent


# Formats a machine reads; `text` is the person's and takes colour separately. Each gets the
# environment, where CI services say which folder is the repository's root. Each renderer's
# module loads only when its format is asked for: a plain `check` starts faster.
def _json(result: CheckResult, _: Mapping[str, str]) -> str:
    from cite_sentinel.core.report import render_json

    return render_json(result)


def _markdown(result: CheckResult, _: Mapping[str, str]) -> str:
    from cite_sentinel.core.report import render_markdown

    return render_markdown(result)


def _sarif(result: CheckResult, environ: Mapping[str, str]) -> str:
    from cite_sentinel.core.report import render_sarif

    return render_sarif(result, version=__version__, root=_root(environ, "GITHUB_WORKSPACE"))


def _github(result: CheckResult, environ: Mapping[str, str]) -> str:
    from cite_sentinel.core.report import render_github

    return render_github(result, root=_root(environ, "GITHUB_WORKSPACE"))


def _junit(result: CheckResult, _: Mapping[str, str]) -> str:
    from cite_sentinel.core.report import render_junit

    return render_junit(result)


def _gitlab(result: CheckResult, environ: Mapping[str, str]) -> str:
    from cite_sentinel.core.report import render_gitlab

    return render_gitlab(result, root=_root(environ, "CI_PROJECT_DIR"))


def _summary(result: CheckResult, _: Mapping[str, str]) -> str:
    return render_summary_markdown(result)


def _csv(result: CheckResult, _: Mapping[str, str]) -> str:
    return render_summary_csv(result)


RENDERERS: dict[str, Callable[[CheckResult, Mapping[str, str]], str]] = {
    "json": _json,
    "markdown": _markdown,
    "sarif": _sarif,
    "github": _github,
    "junit": _junit,
    "gitlab": _gitlab,
    "summary": _summary,
    "csv": _csv,
}
FORMATS = ("text", *RENDERERS)
TARGETS = "targets"


@dataclass(frozen=True, slots=True)
class Target:
    """One report: its format and its file (None: stdout)."""

    format: str
    output: str | None


class TargetAction(argparse.Action):
    """`--format` and `--output` fill pairs: each fills the last pair's empty slot or starts one."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | Sequence[Any] | None,
        option_string: str | None = None,
    ) -> None:
        pairs: list[list[str | None]] = list(getattr(namespace, TARGETS, None) or [])
        slot = 0 if self.dest == "format" else 1
        if pairs and pairs[-1][slot] is None:
            pairs[-1][slot] = str(values)
        else:
            pair: list[str | None] = [None, None]
            pair[slot] = str(values)
            pairs.append(pair)
        setattr(namespace, TARGETS, pairs)
        setattr(namespace, self.dest, values)


def targets(options: argparse.Namespace) -> tuple[Target, ...]:
    """The reports asked for; text to stdout when none was. Raises ValueError for two stdouts."""
    pairs = getattr(options, TARGETS, None) or [[None, None]]
    chosen = tuple(_target(fmt, out) for fmt, out in pairs)
    if sum(1 for target in chosen if target.output is None) > 1:
        named = ", ".join(t.format for t in chosen if t.output is None)
        raise ValueError(f"several reports ({named}) would go to stdout; give each an --output")
    files = [_normal(t.output) for t in chosen if t.output is not None]
    twice = [t.output for t in chosen if t.output and files.count(_normal(t.output)) > 1]
    if twice:
        raise ValueError(
            f"two reports would overwrite each other in {twice[0]}; give each its own file"
        )
    return chosen


# What an --output without a --format holds, by its suffix: writing the terminal text into
# `report.sarif` would only fail later, in the reader.
_SUFFIX_FORMATS = {
    ".sarif": "sarif",
    ".json": "json",
    ".xml": "junit",
    ".md": "markdown",
    ".csv": "csv",
}


def _target(fmt: str | None, output: str | None) -> Target:
    output = None if output == "-" else output  # "-": stdout, as usual
    return Target(fmt or _format_of(output), output)


def _normal(output: str) -> str:
    return os.path.normpath(Path(output).absolute())


def _format_of(output: str | None) -> str:
    if output is None:
        return "text"
    return _SUFFIX_FORMATS.get(Path(output).suffix.lower(), "text")


def report_exclusions(chosen: tuple[Target, ...]) -> tuple[str, ...]:
    """Exclude patterns for this run's report files, when they hold no more than an earlier
    report: one left in a checked folder names titles and authors, and would be read as a
    CSL-JSON bibliography. A file that is a manuscript or a bibliography stays in."""
    patterns: list[str] = []
    for target in chosen:
        if target.output is not None and is_report_or_absent(Path(target.output)):
            whole = Path(os.path.normpath(Path(target.output).absolute()))
            # Walked paths start as the PATH given: absolute, or relative to the working folder.
            for where in (whole, Path(os.path.relpath(whole))):
                patterns.append(glob.escape(where.as_posix()))
    return tuple(patterns)


def replaced_input(chosen: tuple[Target, ...], files: Sequence[str]) -> str | None:
    """The first report file that is one of the files the check read (none may replace it)."""
    read = {os.path.normcase(os.path.realpath(name)) for name in files}
    for target in chosen:
        if target.output and os.path.normcase(os.path.realpath(target.output)) in read:
            return target.output
    return None


def render_parts(
    target: Target, result: CheckResult, *, color: bool, environ: Mapping[str, str] | None = None
) -> Iterable[str]:
    """The text of one report in parts to write as they come: the JSON report of a large
    bibliography is never whole in memory."""
    if target.format == "json":
        from cite_sentinel.core.report import json_parts

        return json_parts(result)
    return (render(target, result, color=color, environ=environ),)


def render(
    target: Target, result: CheckResult, *, color: bool, environ: Mapping[str, str] | None = None
) -> str:
    """The text of one report."""
    if target.format == "text":
        return render_text(result, color=color)
    return RENDERERS[target.format](result, environ or {})


def append_step_summary(result: CheckResult, environ: Mapping[str, str]) -> str:
    """Append the Markdown summary to $GITHUB_STEP_SUMMARY when a GitHub job set it.

    The trouble in a sentence when it cannot (the reports are written already: no reason to
    fail the run), else "".
    """
    name = environ.get("GITHUB_STEP_SUMMARY", "").strip()
    if not name:
        return ""
    try:
        from cite_sentinel.core.report import render_step_summary

        with Path(name).open("a", encoding="utf-8") as stream:
            stream.write(render_step_summary(result) + "\n")
    except OSError as error:
        return f"cannot append the summary to {name} ($GITHUB_STEP_SUMMARY): {error.strerror}"
    return ""


def _root(environ: Mapping[str, str], name: str) -> Path | None:
    """The repository folder a CI service names (None: the working folder)."""
    value = environ.get(name, "").strip()
    return Path(value) if value else None
