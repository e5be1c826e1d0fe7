"""`cite-sentinel config`: the effective configuration, and where each value came from."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping

from cite_sentinel.config_file import config_for
from cite_sentinel.core import Severity, settings, with_environment
from cite_sentinel.core.report import finding_lines
from cite_sentinel.exit_codes import ExitCode


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of `config`."""
    parser.add_argument(
        "paths", nargs="*", metavar="PATH", help="where a check would start (default: here)"
    )
    parser.add_argument("--config", metavar="FILE", help="read settings from FILE")


def run_config(options: argparse.Namespace, environ: Mapping[str, str]) -> ExitCode:
    """Print `name = value  # origin` per setting, as TOML a configuration file could hold;
    the file's own findings (unknown settings) go to stderr as `check` reports them."""
    config = with_environment(config_for(options.paths or ["."], options.config), environ)
    rows = settings(config)
    width = max(len(f"{name} = {value}") for name, value, _ in rows)
    for name, value, origin in rows:
        print(f"{f'{name} = {value}':<{width}}  # {origin}")
    for notice in config.notices:
        print("\n".join(finding_lines(notice)), file=sys.stderr)
    serious = (Severity.ERROR, Severity.WARNING)
    return (
        ExitCode.FINDINGS if any(n.severity in serious for n in config.notices) else ExitCode.CLEAN
    )
