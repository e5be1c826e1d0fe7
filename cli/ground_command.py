"""`cite-sentinel ground FILE|-`: score claim–evidence pairs given as JSON lines, for evaluation."""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Mapping
from pathlib import Path

from cite_sentinel.config_file import config_for
from cite_sentinel.core import SCORERS, InputError
from cite_sentinel.core.ground import judgement_line, read_pairs, scorer_for
from cite_sentinel.exit_codes import ExitCode


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of `ground`."""
    parser.add_argument(
        "input",
        metavar="FILE",
        help='JSON lines {"id", "claim", "evidence": text or [sentences], "title"?}; - for stdin',
    )
    parser.add_argument(
        "--scorer",
        choices=SCORERS,
        help="who judges (default: [ground] scorer of the configuration, else local, offline)",
    )
    parser.add_argument(
        "--embeddings",
        action="store_true",
        help="add sentence-embedding similarity to the local relevance (slower; needs the "
        "optional extra: pip install 'cite-sentinel[embeddings]')",
    )
    parser.add_argument(
        "--format", choices=("jsonl",), default="jsonl", help="output format (default: jsonl)"
    )


def run_ground(options: argparse.Namespace, environ: Mapping[str, str]) -> ExitCode:
    """Score every readable line; unreadable ones are reported on stderr and make exit 2."""
    name = "<stdin>" if options.input == "-" else options.input
    lines = _stdin() if options.input == "-" else _read(Path(options.input))
    located, errors = read_pairs(lines)
    for error in errors:
        print(
            f"{name}:{error.line}:1: error: {error.message}; fix or remove the line",
            file=sys.stderr,
        )
    config = config_for([] if options.input == "-" else [options.input], None)
    scorer = scorer_for(
        options.scorer or config.scorer,
        environ,
        embeddings=options.embeddings or config.embeddings,
    )
    judgements = asyncio.run(scorer.score([line.pair for line in located]))
    for line, judgement in zip(located, judgements, strict=True):
        sys.stdout.write(judgement_line(line, judgement) + "\n")
    sys.stdout.flush()
    return ExitCode.INPUT if errors else ExitCode.CLEAN


def _stdin() -> list[bytes]:
    """Standard input as lines of bytes, decoded line by line (a stray byte spoils one line)."""
    stream = getattr(sys.stdin, "buffer", None)
    if stream is not None:
        return bytes(stream.read()).splitlines()
    return sys.stdin.read().encode("utf-8", "surrogateescape").splitlines()


def _read(path: Path) -> list[bytes]:
    try:
        return path.read_bytes().splitlines()
    except FileNotFoundError as error:
        raise InputError(f"{path}: no such file; give a JSON-lines file or - for stdin") from error
    except OSError as error:
        raise InputError(
            f"{path}: cannot be read ({error.strerror or error}); give a UTF-8 JSON-lines file"
        ) from error
