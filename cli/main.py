"""The `cite-sentinel` command: dispatches to a subcommand, or to filter mode under pandoc."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script."""
    args = list(sys.argv[1:] if argv is None else argv)
    if _is_filter_mode(args):
        from cite_sentinel.filter_mode import run_filter

        return run_filter(args)
    from cite_sentinel.commands import run_command

    return run_command(args)


def _is_filter_mode(args: Sequence[str]) -> bool:
    """pandoc runs a filter as `cite-sentinel FORMAT` with PANDOC_VERSION set."""
    return (
        "PANDOC_VERSION" in os.environ
        and len(args) <= 1
        and not (args and args[0].startswith("-"))
        and (not args or args[0] not in _SUBCOMMANDS)
    )


_SUBCOMMANDS = frozenset(
    {
        "check",
        "fix",
        "format",
        "parse",
        "lsp",
        "mcp",
        "ground",
        "config",
        "cache",
        "catalog",
        "batch",
        "serve",
    }
)

if __name__ == "__main__":
    sys.exit(main())
