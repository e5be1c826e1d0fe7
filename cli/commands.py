"""The command line: parse arguments, dispatch to a subcommand, turn errors into exit codes."""

from __future__ import annotations

import argparse
import os
import sys
import textwrap
import traceback
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import NoReturn

from cite_sentinel import __version__
from cite_sentinel.core import ConfigError, InputError
from cite_sentinel.exit_codes import EXIT_CODES, ExitCode

BUG_REPORT = (
    "this is a bug in cite-sentinel; please report it at "
    "https://github.com/cite-sentinel/cite-sentinel/issues with the command and the traceback above"
)


@dataclass(frozen=True, slots=True)
class Command:
    """A subcommand: its options and what runs it (its help line is in _HELP)."""

    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace, Mapping[str, str]], ExitCode]


def run_command(args: Sequence[str], environ: Mapping[str, str] | None = None) -> int:
    """Run the command line `args` (without the program name); the exit status."""
    environ = os.environ if environ is None else environ
    try:
        options = _parser(_selected(args)).parse_args(list(args))
        return int(_COMMANDS[options.command]().run(options, environ))
    except _Usage as usage:
        print(f"cite-sentinel: {usage}", file=sys.stderr)
        return ExitCode.INPUT
    except (ConfigError, InputError) as error:
        print(f"cite-sentinel: {error}", file=sys.stderr)
        return ExitCode.INPUT
    except BrokenPipeError:
        # The reader of stdout went away (`| head`): silence the rest, as a pipeline expects.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return ExitCode.INTERRUPTED
    except KeyboardInterrupt:
        print("cite-sentinel: interrupted", file=sys.stderr)
        return ExitCode.INTERRUPTED
    except Exception:
        traceback.print_exc()
        print(f"cite-sentinel: {BUG_REPORT}", file=sys.stderr)
        return ExitCode.INTERNAL


class _Usage(Exception):
    """A usage mistake, already phrased for a person."""


class _Parser(argparse.ArgumentParser):
    """argparse that raises a one-sentence usage error instead of printing usage and exiting."""

    def error(self, message: str) -> NoReturn:
        raise _Usage(f"{message} (see `{self.prog} --help`)")


def _check() -> Command:
    from cite_sentinel.check_command import UsageError, add_arguments, run_check

    return Command(
        add_arguments,
        _usage_errors(run_check, UsageError),
    )


def _usage_errors(
    run: Callable[[argparse.Namespace, Mapping[str, str]], ExitCode], kind: type[Exception]
) -> Callable[[argparse.Namespace, Mapping[str, str]], ExitCode]:
    """A subcommand's own usage errors become the parser's."""

    def guarded(options: argparse.Namespace, environ: Mapping[str, str]) -> ExitCode:
        try:
            return run(options, environ)
        except kind as error:
            raise _Usage(f"{error} (see `cite-sentinel {options.command} --help`)") from error

    return guarded


def _ground() -> Command:
    from cite_sentinel.ground_command import add_arguments, run_ground

    return Command(add_arguments, run_ground)


def _fix() -> Command:
    from cite_sentinel.fix_command import UsageError, add_arguments, run_fix

    return Command(
        add_arguments,
        _usage_errors(run_fix, UsageError),
    )


def _format() -> Command:
    from cite_sentinel.format_command import add_arguments, run_format

    return Command(add_arguments, run_format)


def _parse() -> Command:
    from cite_sentinel.parse_command import add_arguments, run_parse

    return Command(add_arguments, run_parse)


def _config() -> Command:
    from cite_sentinel.config_command import add_arguments, run_config

    return Command(
        add_arguments,
        run_config,
    )


def _lsp() -> Command:
    from cite_sentinel.lsp.server import add_arguments, run_lsp

    return Command(add_arguments, run_lsp)


def _mcp() -> Command:
    from cite_sentinel.mcp_command import add_arguments, run_mcp

    return Command(add_arguments, run_mcp)


def _batch() -> Command:
    from cite_sentinel.batch_command import add_arguments, run_batch

    return Command(add_arguments, run_batch)


def _serve() -> Command:
    from cite_sentinel.serve_command import add_arguments, run_serve

    return Command(add_arguments, run_serve)


def _catalog() -> Command:
    from cite_sentinel.catalog_command import add_arguments, run_catalog

    return Command(add_arguments, run_catalog)


_COMMANDS: dict[str, Callable[[], Command]] = {
    "check": _check,
    "fix": _fix,
    "format": _format,
    "parse": _parse,
    "ground": _ground,
    "lsp": _lsp,
    "mcp": _mcp,
    "config": _config,
    "catalog": _catalog,
    "batch": _batch,
    "serve": _serve,
}


# Help lines, so `--help` and the parser of one subcommand import no other subcommand.
_HELP = {
    "check": "check references in manuscripts and bibliographies",
    "fix": "repair a .bib or CSL-JSON file from verified metadata (shows a diff first)",
    "format": "print a bibliography as a reference list (numbered, html, apa)",
    "parse": "read a printed reference list (text or PDF) into BibTeX or CSL-JSON",
    "ground": "score how cited works bear on claims (JSON lines)",
    "lsp": "run the language server on stdio",
    "mcp": "run the MCP server for AI assistants (stdio, or --http PORT on localhost)",
    "config": "print the effective configuration and where each value came from",
    "catalog": "build and search the local catalog of works (import, status, search, drop)",
    "batch": "screen many manuscripts with worker processes, one report each and a summary",
    "serve": "serve a web page to check manuscripts in a browser (http://127.0.0.1:8000)",
}


def _selected(args: Sequence[str]) -> str | None:
    """The subcommand named on the command line, if any: only its module is imported."""
    return next((arg for arg in args if not arg.startswith("-")), None)


def _parser(selected: str | None = None) -> argparse.ArgumentParser:
    parser = _Parser(
        prog="cite-sentinel",
        description="Catch fabricated and miscited references in manuscripts.",
        epilog="each command's exit codes: cite-sentinel COMMAND --help",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"cite-sentinel {__version__}")
    subcommands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name, make in _COMMANDS.items():
        sub = subcommands.add_parser(
            name,
            help=_HELP[name],
            description=_HELP[name],
            epilog=_exit_codes(name),
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        if name == selected:
            make().add_arguments(sub)
    return parser


def _exit_codes(command: str) -> str:
    """The table of a command's own exit codes, for its `--help`."""
    rows = (
        textwrap.fill(
            description, width=79, initial_indent=f"  {int(code):<4} ", subsequent_indent=" " * 7
        )
        for code, description in EXIT_CODES[command].items()
    )
    return "exit codes:\n" + "\n".join(rows)
